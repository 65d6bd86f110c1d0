"""The textbook play: a second style ``hard`` can find in another seat's plays (``inference``).

Many Hearts programs start from it, and many casual players play this way: lead the lowest card;
follow with the highest card that stays under the winning one, else the lowest; when void, the Q♠
first, then the highest heart, then the highest card. No card counting, no moon play. A seat whose
plays this explains better than the ``normal`` policy is played this way in ``hard``'s playouts:
against players of this style the right model was worth 1.6 points a hand (docs/BENCHMARKS.md).
Compiled with mypyc where a compiler is present (``setup.py``): the playouts call it per card.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.consts import Consts
from bot.engine.cards import HEARTS, SUIT_MASKS
from bot.engine.tricks import winning_index


def textbook_card(k: Consts, legal: int, trick: Sequence[int]) -> int:
    """The textbook card among ``legal`` (at least one) with ``trick`` on the table."""
    if not trick:
        return _by_rank(legal, False)
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        under = follow & ((1 << trick[winning_index(trick)]) - 1)
        if under:
            return under.bit_length() - 1
        return (follow & -follow).bit_length() - 1
    if legal & k.queen_bit:
        return k.queen
    if legal & HEARTS:
        return (legal & HEARTS).bit_length() - 1
    return _by_rank(legal, True)


def _by_rank(cards: int, highest: bool) -> int:
    """The card of lowest rank in ``cards`` (the lower suit on a tie), or of highest rank (the
    higher suit on a tie)."""
    best = -1
    for s in range(4):
        mine = cards & SUIT_MASKS[s]
        if not mine:
            continue
        c = mine.bit_length() - 1 if highest else (mine & -mine).bit_length() - 1
        if best < 0 or (c % 13 >= best % 13 if highest else c % 13 < best % 13):
            best = c
    return best
