"""Where each card button of a hand goes: rows grouped by suit, within Discord's limits.

A message holds at most 5 action rows of at most 5 buttons. A hand has up to 17 cards (3 players),
and the controls may add a few buttons of their own (Pass these cards). Pure: the same hand always
gets the same rows, and a test tries every suit distribution of every hand size.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Final

from bot.engine.cards import Card, suit_of

MAX_ROWS: Final = 5
ROW_WIDTH: Final = 5


def _chunks(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [tuple(cards[i : i + ROW_WIDTH]) for i in range(0, len(cards), ROW_WIDTH)]


def extra_rows(extras: int) -> int:
    """The rows the controls' own buttons take, after the cards."""
    return -(-extras // ROW_WIDTH)


def card_rows(cards: Sequence[Card], extras: int = 0) -> list[tuple[Card, ...]]:
    """The rows of card buttons for ``cards`` (in hand order), leaving room for ``extras`` more
    buttons in the rows after them.

    Each suit starts a row of its own (a long suit takes two) where the rows allow; where they don't
    (e.g. 6-3-2-2 with a Pass button), the cards fill rows of five in hand order, suits still
    together and in order. Raises ``ValueError`` if the cards and extras can't fit at all.
    """
    rows_left = MAX_ROWS - extra_rows(extras)
    if len(cards) > rows_left * ROW_WIDTH:
        raise ValueError(f"{len(cards)} cards and {extras} buttons don't fit in a message")
    by_suit = [_chunks(list(group)) for _, group in groupby(cards, key=suit_of)]
    separate = [row for rows in by_suit for row in rows]
    if len(separate) <= rows_left:
        return separate
    return _chunks(list(cards))
