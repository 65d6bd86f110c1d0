"""Latin-American Spanish is a catalogue of its own (es_419.po), made from Spain's with the words
Latin-American players use: the words they avoid must not slip through from Spain's text."""

from __future__ import annotations

import re

from bot.text import CATALOGUES, t

SPAIN_ONLY = re.compile(
    r"\b(ordenador\w*|vosotros|podéis|pulsad|pulsa|uniros|coger|gestor\w*|ajustes|asist\w+)\b", re.I
)
"""Words of Spain's Spanish that read foreign (or rude: *coger*) in Latin America."""


def test_latin_american_spanish_has_its_own_words_not_a_copy_of_spains() -> None:
    spain, latin_america = CATALOGUES["es"], CATALOGUES["es-419"]
    assert len([key for key in spain if spain[key] != latin_america.get(key)]) >= 100


def test_no_spain_only_word_reaches_latin_american_readers() -> None:
    found = {key: text for key, text in CATALOGUES["es-419"].items() if SPAIN_ONLY.search(text)}
    assert not found, found


def test_discord_locales_pick_their_spanish() -> None:
    assert t("hand.played", "es-419", card="Q♠") == "Jugaste Q♠."
    assert t("hand.played", "es-ES", card="Q♠") == "Has jugado Q♠."
    assert t("card.full.Q", "es-419", suit="picas") == "reina de picas"
