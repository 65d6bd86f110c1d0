"""Deals of the unseen cards consistent with what a seat has seen (the determinization of ``hard``).

Constraints, all from the ``SeatView``:
- each other seat holds exactly as many cards as it has not yet played;
- a seat that showed out of a suit holds none of it;
- the cards this seat passed are still held by the seat they went to, unless played since.

Cards are placed most-constrained first, each to a random seat that may hold it with probability
proportional to the room left there; a dead end (rare) restarts the deal. A deal where the
constraints cannot be met at all (they always can, for a real view) falls back to ignoring voids.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine.cards import CardSet, cards_of
from bot.engine.hand import Phase
from bot.engine.view import SeatView

_RETRIES = 30


class DealSampler:
    """Holds the constraints of one view; ``sample`` draws one deal (every seat's hand)."""

    def __init__(self, view: SeatView) -> None:
        n = view.players
        self.n = n
        self.seat = view.seat
        played_by = [0] * n
        for t in view.tricks:
            for i in range(len(t.cards)):
                played_by[t.seat_of(i, n)] += 1
        for i in range(len(view.trick)):
            played_by[(view.leader + i) % n] += 1
        per = view.rules.cards_per_player
        known = [0] * n
        target = view.pass_target
        if view.passed and target is not None and view.phase is not Phase.PASSING:
            known[target] = view.passed & ~view.played
        known[view.seat] = view.hand
        self.known = known
        self.room = [per - played_by[s] - known[s].bit_count() for s in range(n)]
        self.room[view.seat] = 0
        unknown = view.unseen & ~sum(known)
        self.unknown = unknown
        # Seats that may hold a card of each suit.
        allowed = []
        for s in range(4):
            allowed.append(
                [o for o in range(n) if o != view.seat and not view.voids[o] >> s & 1 and self.room[o] > 0]
            )
        cards = cards_of(unknown)
        cards.sort(key=lambda c: len(allowed[c // 13]))
        self.cards = cards
        self.allowed = allowed
        self.everyone = [o for o in range(n) if o != view.seat and self.room[o] > 0]

    def sample(self, rng: random.Random) -> list[CardSet]:
        rnd = rng.random
        for _ in range(_RETRIES):
            deal = self._try(rnd, self.allowed)
            if deal is not None:
                return deal
        deal = self._try(rnd, [self.everyone] * 4)
        assert deal is not None, "the hand sizes do not add up"
        return deal

    def _try(self, draw: Callable[[], float], allowed: list[list[int]]) -> list[CardSet] | None:
        room = self.room.copy()
        hands = self.known.copy()
        for c in self.cards:
            seats = allowed[c // 13]
            total = 0
            for o in seats:
                total += room[o]
            if not total:
                return None
            r = int(draw() * total)
            for o in seats:
                r -= room[o]
                if r < 0:
                    break
            room[o] -= 1
            hands[o] |= 1 << c
        return hands
