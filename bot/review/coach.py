"""The coach: ``hard``'s search rating one seat's decisions of a finished hand, each from what that
seat knew at that moment.

For every decision with a choice (the pass, then each card with more than one legal card) the hand
is rebuilt through the engine up to that moment and the seat's ``SeatView`` is all the search gets
(its own cards, what it passed and received, the cards played): the other hands are sampled as the
``hard`` player samples them, never read from the record. Each alternative's expected value comes
from the search (``bot.ai.search.rate_cards`` / ``rate_passes``), so the coach and the computer
player can never disagree on what a card is worth. A decision's loss is the best alternative's value
minus the chosen one's, in the objective's points (the other seats' mean minus one's own); a few
plain patterns name the usual reason. Pure CPU work: run it off the event loop
(``bot.review.service``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from bot.ai.search import rate_cards, rate_passes
from bot.engine.cards import QUEEN_OF_SPADES, SPADES, SUIT_MASKS, Card, CardSet, cardset
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.scoring import trick_points
from bot.engine.view import SeatView, seat_view
from bot.review.history import HandRecord

MARGIN: Final = 0.5
"""A decision within this many expected points of the best counts as accurate (search noise and
near-equal cards are not mistakes)."""
SHOWN: Final = 3
"""The costliest decisions a review lists."""
COVER: Final = 3
"""Spades below the Q♠ that make keeping it safe: with fewer, it is "kept without cover"."""


class DecisionKind(Enum):
    PASS = "pass"
    CARD = "card"


class Pattern(Enum):
    """A plain reason a costly decision is costly, when one of these explains it."""

    QUEEN_TAKEN = "queen_taken"  # won the Q♠ with a higher spade while a lower one was legal
    TOOK_POINTS = "took_points"  # won a trick with points when a lower card of the suit ducked it
    LED_INTO_VOID = "led_into_void"  # led a suit a seat had shown out of, and points were thrown on it
    KEPT_QUEEN = "kept_queen"  # kept the Q♠ with too few spades to cover it


@dataclass(frozen=True, slots=True)
class Decision:
    kind: DecisionKind
    trick: int  # 0 for the pass, else the trick's number (1-based)
    chosen: CardSet  # the card (one bit) or the cards passed
    best: CardSet  # what ``hard`` prefers
    loss: float  # expected points the choice gave away (≥ 0)
    pattern: Pattern | None = None

    def to_json(self) -> list[Any]:
        return [
            self.kind.value,
            self.trick,
            self.chosen,
            self.best,
            round(self.loss, 3),
            None if self.pattern is None else self.pattern.value,
        ]

    @classmethod
    def from_json(cls, data: list[Any]) -> Decision:
        kind, trick, chosen, best, loss, pattern = data
        return cls(
            DecisionKind(kind),
            int(trick),
            int(chosen),
            int(best),
            float(loss),
            None if pattern is None else Pattern(pattern),
        )


@dataclass(frozen=True, slots=True)
class CoachReport:
    """The coach's review of one seat's hand."""

    table_id: int
    hand_number: int
    seat: int
    decisions: tuple[Decision, ...]  # every rated decision, in play order

    @property
    def accuracy(self) -> float | None:
        """The share of decisions within ``MARGIN`` of the best (None: nothing to rate)."""
        if not self.decisions:
            return None
        return sum(1 for d in self.decisions if d.loss <= MARGIN) / len(self.decisions)

    @property
    def lost(self) -> float:
        """Expected points given away over the hand."""
        return sum(d.loss for d in self.decisions)

    def costliest(self, count: int = SHOWN) -> tuple[Decision, ...]:
        """The costly decisions (beyond ``MARGIN``), costliest first."""
        costly = sorted((d for d in self.decisions if d.loss > MARGIN), key=lambda d: -d.loss)
        return tuple(costly[:count])

    def to_json(self) -> dict[str, Any]:
        return {"decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, table_id: int, hand_number: int, seat: int, data: dict[str, Any]) -> CoachReport:
        decisions = tuple(Decision.from_json(d) for d in data["decisions"])
        return cls(table_id, hand_number, seat, decisions)


@dataclass(frozen=True, slots=True)
class Position:
    """One decision of a seat: what it saw then, what it chose, and (for a card) the trick that
    card went into once complete. Picklable: rated in a worker process."""

    view: SeatView
    chosen: CardSet
    trick: Trick | None


def positions(record: HandRecord, seat: int) -> Iterator[Position]:
    """Each decision of ``seat``'s person in the hand that had a choice, in play order: the hand
    rebuilt through the engine to that moment, and only that seat's view of it kept. A move made
    for them (by the computer that took the seat when they left, or at random when their time ran
    out) was not their decision: it is not rated."""
    hand = Hand(record.rules, list(record.dealt), record.hand_number)
    if hand.phase is Phase.PASSING:
        chosen = record.passed[seat]
        if chosen is not None and record.chosen_by_person(seat, chosen):
            yield Position(seat_view(hand, seat, record.totals_before), chosen, None)
        for s, cards in enumerate(record.passed):
            assert cards is not None
            hand.pass_cards(s, cards)
    for trick in record.tricks:
        for i, card in enumerate(trick.cards):
            mover = trick.seat_of(i, record.players)
            if mover == seat and record.chosen_by_person(seat, 1 << card):
                legal = hand.legal_plays()
                if legal & (legal - 1):
                    yield Position(seat_view(hand, seat, record.totals_before), 1 << card, trick)
            hand.play(mover, card)


def coach_hand(
    record: HandRecord, seat: int, *, budget: float, seed: int, deals: int | None = None
) -> CoachReport:
    """Rate every decision of ``seat`` in ``record`` within ``budget`` seconds in all (shared evenly;
    ``deals`` fixes the deals per decision instead, for replayable tests), in this process (the
    benchmarks; the bot rates one decision per background job, ``bot.review.service``)."""
    found = list(positions(record, seat))
    each = budget / max(1, len(found))
    decisions: list[Decision] = []
    for i, position in enumerate(found):
        decided = rate_decision(position, seed=seed * 131 + i, budget=each, deals=deals)
        if decided is not None:
            decisions.append(decided)
    return CoachReport(record.table_id, record.hand_number, seat, tuple(decisions))


def rate_decision(
    position: Position, *, seed: int, budget: float, deals: int | None = None
) -> Decision | None:
    """The coach's rating of one decision (None: no time for even one deal, nothing honest to say)."""
    view, chosen, trick = position.view, position.chosen, position.trick
    if trick is None:
        values = rate_passes(view, chosen, seed=seed, time_budget=budget, deals=deals)
        kind = DecisionKind.PASS
    else:
        cards = rate_cards(view, seed=seed, time_budget=budget, deals=deals)
        values = {1 << card: value for card, value in cards.items()}
        kind = DecisionKind.CARD
    if not values:
        return None
    best = max(values, key=lambda option: values[option])
    loss = max(0.0, values[best] - values[chosen])
    if loss <= MARGIN:
        best = chosen  # as good as the best: no other choice to recommend
    number = 0 if trick is None else len(view.tricks) + 1
    pattern = _pattern(view, chosen, best, trick) if loss > MARGIN else None
    return Decision(kind, number, chosen, best, loss, pattern)


def _pattern(view: SeatView, chosen: CardSet, best: CardSet, trick: Trick | None) -> Pattern | None:
    """The plain reason for a costly decision, if one of the patterns fits."""
    queen = 1 << QUEEN_OF_SPADES
    if trick is None:
        kept = view.hand & queen and not chosen & queen and best & queen
        if kept and (view.hand & SPADES & (queen - 1)).bit_count() < COVER:
            return Pattern.KEPT_QUEEN
        return None
    card: Card = chosen.bit_length() - 1
    better: Card = best.bit_length() - 1
    won = trick.winner == view.seat
    points = trick_points(view.rules, trick.cards)
    same_suit_lower = better // 13 == card // 13 and better < card
    over_queen = card > QUEEN_OF_SPADES and card // 13 == QUEEN_OF_SPADES // 13
    lower_spade = view.legal & SPADES & (queen - 1)
    if won and over_queen and queen & cardset(trick.cards) and lower_spade:
        return Pattern.QUEEN_TAKEN
    if won and points and same_suit_lower:
        return Pattern.TOOK_POINTS
    if not view.trick and points:
        suit = card // 13
        others_void = any(view.voids[s] >> suit & 1 for s in range(view.players) if s != view.seat)
        if others_void and SUIT_MASKS[suit] & chosen:
            return Pattern.LED_INTO_VOID
    return None
