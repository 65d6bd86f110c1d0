"""Uniformly random legal moves: the turn-timer's move for a player who ran out of time
(RULES.md section 3)."""

from __future__ import annotations

import random

from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.hand import Hand, Phase
from bot.engine.moves import ChooseMoon, Move, PassCards, PlayCard


def random_move(hand: Hand, seat: int, rng: random.Random) -> Move:
    """A random legal move for ``seat``, which must be one of ``hand.waiting_for()``."""
    if seat not in hand.waiting_for():
        raise ValueError(f"seat {seat} has no move to make")
    if hand.phase is Phase.PASSING:
        return PassCards(seat, cardset(rng.sample(cards_of(hand.hands[seat]), hand.rules.pass_count)))
    if hand.phase is Phase.MOON_CHOICE:
        return ChooseMoon(seat, rng.random() < 0.5)
    legal = hand.legal_plays()
    return PlayCard(seat, nth_card(legal, rng.randrange(legal.bit_count())))
