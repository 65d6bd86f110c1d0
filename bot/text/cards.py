"""Cards and suits named in a player's language.

The engine names cards by code (``QS``) and symbol (``Q♠``) only; how a player says a card is a
matter of language, so it lives in the catalogues: ``card.short`` orders rank and suit symbol
(``Q♠``, Japanese ``♠Q``), ``rank.short.*`` gives the letters printed on face cards in that
language (German ``D`` for Dame), and ``card.full.<rank>`` says the whole name with the grammar
of each rank (Hindi ``हुकुम की बेगम`` but ``हुकुम का बादशाह``: the rank's gender picks the
postposition).
"""

from __future__ import annotations

from bot.engine.cards import RANK_LABELS, Card, CardSet, Suit, cards_of, rank_of, suit_of
from bot.text.catalogue import t

FACE_LABELS = ("J", "Q", "K", "A")


def rank_label(card: Card, locale: str | None = None) -> str:
    label = RANK_LABELS[rank_of(card)]
    return t(f"rank.short.{label}", locale) if label in FACE_LABELS else label


def card_name(card: Card, locale: str | None = None) -> str:
    """The short name players write, with the suit symbol: ``Q♠``, ``D♠``, ``♠Q``."""
    return t("card.short", locale, rank=rank_label(card, locale), suit=suit_of(card).symbol)


def card_full_name(card: Card, locale: str | None = None) -> str:
    """The name players say: ``queen of spades``, ``Pik-Dame``, ``ratu sekop``, ``スペードのクイーン``."""
    return t(f"card.full.{RANK_LABELS[rank_of(card)]}", locale, suit=suit_name(suit_of(card), locale))


def suit_name(suit: Suit | int, locale: str | None = None) -> str:
    return t(f"suit.{Suit(suit).name.lower()}", locale)


def card_list(cards: CardSet, locale: str | None = None) -> str:
    """Cards in hand order by their short names, separated as the language lists them."""
    return t("card.separator", locale).join(card_name(c, locale) for c in cards_of(cards))
