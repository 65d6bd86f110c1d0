"""Latin-American Spanish is Spain's catalogue with overrides: each override must replace a real
Spanish key with different words, and the words Latin-American players avoid must not slip through
from Spain's text."""

from __future__ import annotations

import re

from bot.text import CATALOGUES, es, es_419, t

SPAIN_ONLY = re.compile(
    r"\b(ordenador\w*|vosotros|podéis|pulsad|pulsa|uniros|coger|gestor\w*|ajustes|asist\w+)\b", re.I
)
"""Words of Spain's Spanish that read foreign (or rude: *coger*) in Latin America."""


def test_every_override_replaces_a_spanish_key_with_other_words() -> None:
    assert set(es_419.OVERRIDES) <= set(es.MESSAGES)
    assert not [key for key, text in es_419.OVERRIDES.items() if es.MESSAGES[key] == text]


def test_no_spain_only_word_reaches_latin_american_readers() -> None:
    found = {key: text for key, text in CATALOGUES["es-419"].items() if SPAIN_ONLY.search(text)}
    assert not found, found


def test_discord_locales_pick_their_spanish() -> None:
    assert t("hand.played", "es-419", card="Q♠") == "Jugaste Q♠."
    assert t("hand.played", "es-ES", card="Q♠") == "Has jugado Q♠."
    assert t("card.full.Q", "es-419", suit="picas") == "reina de picas"
