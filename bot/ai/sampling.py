"""Deals of the unseen cards consistent with what a seat has seen (the determinization of ``hard``).

Constraints, all from the ``SeatView``:
- each other seat holds exactly as many cards as it has not yet played;
- a seat that showed out of a suit holds none of it;
- the cards this seat passed are still held by the seat they went to, unless played since.

Cards are placed most-constrained first, each to a random seat that may hold it with probability
proportional to the room left there; a dead end (rare) restarts the deal. After repeated dead ends
a slower placement that checks, card by card, that the rest can still be placed takes over.
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

    def sample(self, rng: random.Random) -> list[CardSet]:
        rnd = rng.random
        for _ in range(_RETRIES):
            deal = self._try(rnd, self.allowed)
            if deal is not None:
                return deal
        return self._exact(rnd)

    def _exact(self, draw: Callable[[], float]) -> list[CardSet]:
        """A deal that always meets the constraints (they can always be met for a real view): each
        card goes to a random seat among those that leave the rest placeable. Slower than ``_try``,
        so only used when its random placement keeps running into dead ends (tight spots with many
        voids, e.g. six players late in a hand)."""
        room = self.room.copy()
        hands = self.known.copy()
        left = [0] * 4
        for c in self.cards:
            left[c // 13] += 1
        accepts = [0] * self.n  # bit s: the seat may hold suit s
        for s in range(4):
            for o in self.allowed[s]:
                accepts[o] |= 1 << s
        for c in self.cards:
            suit = c // 13
            left[suit] -= 1
            fits = []
            for o in self.allowed[suit]:
                if room[o]:
                    room[o] -= 1
                    if _placeable(left, room, accepts):
                        fits.append(o)
                    room[o] += 1
            assert fits, "the constraints of the view cannot be met"
            total = sum(room[o] for o in fits)
            r = int(draw() * total)
            for o in fits:
                r -= room[o]
                if r < 0:
                    break
            room[o] -= 1
            hands[o] |= 1 << c
        return hands

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


def _placeable(left: list[int], room: list[int], accepts: list[int]) -> bool:
    """Hall's condition: for every set of suits, the cards left in them fit in the room of the seats
    that may hold at least one of those suits."""
    for subset in range(1, 16):
        need = 0
        for s in range(4):
            if subset >> s & 1:
                need += left[s]
        if need and need > sum(r for r, a in zip(room, accepts, strict=True) if a & subset):
            return False
    return True
