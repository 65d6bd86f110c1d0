"""Choosing the cards to pass (``normal`` and ``hard``): RULES.md section 4.

- The Q♠ goes when it has fewer than four other spades to hide behind; so do A♠ and K♠ (they catch
  the Q♠) unless there are enough low spades.
- A short side suit (clubs or diamonds) is passed whole to make a void for later discards.
- Otherwise the most dangerous cards go: high cards of short suits, high hearts. Low cards and the
  Omnibus bonus card (and the diamonds that protect it) stay.
"""

from __future__ import annotations

from bot.ai.consts import Consts
from bot.engine.cards import CLUBS, DIAMONDS, SUIT_MASKS, CardSet


def card_danger(k: Consts, hand: CardSet, card: int) -> float:
    """How much ``card`` hurts to keep in ``hand`` (higher: pass it first)."""
    s, rank = divmod(card, 13)
    held = (hand & SUIT_MASKS[s]).bit_count()
    low_spades = (hand & k.below_queen).bit_count()
    if card == k.bonus:
        return -20.0
    if card == k.queen:
        return 40.0 if low_spades < 4 else -5.0
    if s == 2 and k.queen_bit and card > k.queen:
        if hand & k.queen_bit:
            return 30.0 if low_spades < 4 else 2.0
        return 25.0 if low_spades < 4 else float(rank) - 6.0
    danger = float(rank)
    if rank <= 3:
        return danger - 10.0
    if s == 3:
        danger += 2.5
    elif s == 2 and k.queen_bit:
        danger -= 3.0  # low spades protect against the Q♠
    else:
        danger += max(0, 5 - held) * 0.8
    if k.bonus >= 0 and s == 1 and card > k.bonus and hand & k.bonus_bit:
        danger -= 8.0  # keeps the bonus card safe
    return danger


def choose_pass(k: Consts, hand: CardSet, count: int) -> CardSet:
    """The ``count`` cards to pass from ``hand``."""
    cards = sorted(
        (c for c in range(52) if hand >> c & 1), key=lambda c: card_danger(k, hand, c), reverse=True
    )
    chosen = 0
    # The cards that must go (Q♠ and its catchers) come first.
    for c in cards:
        if chosen.bit_count() < count and card_danger(k, hand, c) >= 25.0:
            chosen |= 1 << c
    slots = count - chosen.bit_count()
    if slots:
        best_void = 0
        for suit in (CLUBS, DIAMONDS):
            mine = hand & suit & ~chosen
            fits = mine and mine.bit_count() <= slots and not (mine & k.bonus_bit)
            if fits and (not best_void or mine.bit_count() < best_void.bit_count()):
                best_void = mine
        chosen |= best_void
    for c in cards:
        if chosen.bit_count() >= count:
            break
        chosen |= 1 << c
    return chosen
