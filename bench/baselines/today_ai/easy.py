"""The ``easy`` level: plausible play a beginner can beat.

It follows suit with its lowest card, throws its highest card when it cannot follow, leads its
lowest card, and passes its three highest cards; one move in three is simply a random legal card.
It never counts cards, never protects against a moon and ignores the bonus card.
"""

from __future__ import annotations

import random

from bot.engine.cards import CardSet, cards_of, nth_card
from bot.engine.view import SeatView

RANDOM_SHARE = 1 / 3


def easy_pass(view: SeatView, rng: random.Random) -> CardSet:
    ranked = sorted(cards_of(view.hand), key=lambda c: (c % 13, rng.random()), reverse=True)
    chosen = 0
    for c in ranked[: view.rules.pass_count]:
        chosen |= 1 << c
    return chosen


def easy_card(view: SeatView, rng: random.Random) -> int:
    legal = view.legal
    if rng.random() < RANDOM_SHARE:
        return nth_card(legal, rng.randrange(legal.bit_count()))
    cards = cards_of(legal)
    if view.trick and any(c // 13 == view.trick[0] // 13 for c in cards):
        return cards[0]  # following: lowest (legal cards are then all of the suit led)
    if view.trick:
        return max(cards, key=lambda c: c % 13)
    return min(cards, key=lambda c: (c % 13, rng.random()))
