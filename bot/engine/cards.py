"""Cards and sets of cards.

A card is an int 0..51: ``suit * 13 + rank`` with rank 0 = deuce ... 12 = ace, so within a suit a
higher int is a higher card. A set of cards is an int bitmask (bit ``c`` set = card ``c`` present).
Computer players simulate many thousands of hands per decision; plain ints keep that fast
(``&``, ``|``, ``int.bit_count``) and make sets trivially hashable and serialisable.

Suit order (clubs, diamonds, spades, hearts) is also the display order of a sorted hand: it
alternates colours and puts the point cards at the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

Card = int
"""A card: ``suit * 13 + rank`` (0..51)."""
CardSet = int
"""A set of cards as a 52-bit mask."""


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def label(self) -> str:
        return RANK_LABELS[self]


SUIT_SYMBOLS: Final = ("♣", "♦", "♠", "♥")
SUIT_LETTERS: Final = ("C", "D", "S", "H")
RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

NUM_CARDS: Final = 52
FULL_DECK: Final[CardSet] = (1 << NUM_CARDS) - 1
SUIT_MASKS: Final[tuple[CardSet, CardSet, CardSet, CardSet]] = tuple(  # type: ignore[assignment]
    0x1FFF << (13 * s) for s in range(4)
)
CLUBS: Final = SUIT_MASKS[Suit.CLUBS]
DIAMONDS: Final = SUIT_MASKS[Suit.DIAMONDS]
SPADES: Final = SUIT_MASKS[Suit.SPADES]
HEARTS: Final = SUIT_MASKS[Suit.HEARTS]


def make_card(rank: Rank | int, suit: Suit | int) -> Card:
    return int(suit) * 13 + int(rank)


def suit_of(card: Card) -> Suit:
    return Suit(card // 13)


def rank_of(card: Card) -> Rank:
    return Rank(card % 13)


QUEEN_OF_SPADES: Final[Card] = make_card(Rank.QUEEN, Suit.SPADES)
TEN_OF_DIAMONDS: Final[Card] = make_card(Rank.TEN, Suit.DIAMONDS)
JACK_OF_DIAMONDS: Final[Card] = make_card(Rank.JACK, Suit.DIAMONDS)


def cardset(cards: Iterable[Card]) -> CardSet:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of ``mask`` in ascending order (clubs 2..A, diamonds, spades, hearts)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest(mask: CardSet) -> Card:
    """The lowest card of a non-empty set (lowest suit first, then rank)."""
    return (mask & -mask).bit_length() - 1


def nth_card(mask: CardSet, index: int) -> Card:
    """The ``index``-th card (0-based, ascending) of ``mask``: picks a random card in O(index)."""
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def card_name(card: Card) -> str:
    """Human short name with a suit symbol, e.g. ``Q♠``, ``10♥``."""
    return RANK_LABELS[card % 13] + SUIT_SYMBOLS[card // 13]


def card_code(card: Card) -> str:
    """ASCII code used in logs, custom_ids and tests, e.g. ``QS``, ``TH`` for ten of hearts."""
    label = RANK_LABELS[card % 13]
    return ("T" if label == "10" else label) + SUIT_LETTERS[card // 13]


_CODE_TO_CARD: Final = {card_code(c): c for c in range(NUM_CARDS)}


def parse_card(text: str) -> Card:
    """Parse ``QS``, ``qs``, ``10H``, ``TH`` or ``Q♠`` into a card; ValueError otherwise."""
    t = text.strip().upper()
    for sym, letter in zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=True):
        t = t.replace(sym, letter)
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _CODE_TO_CARD[t]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> CardSet:
    """Parse whitespace-separated card codes into a set (test and debugging convenience)."""
    return cardset(parse_card(tok) for tok in text.split())


def format_cards(mask: CardSet) -> str:
    return " ".join(card_code(c) for c in cards_of(mask))


def display_order(mask: CardSet) -> list[Card]:
    """Cards as a player sees a sorted hand: by suit (♣ ♦ ♠ ♥), low to high within a suit."""
    return cards_of(mask)
