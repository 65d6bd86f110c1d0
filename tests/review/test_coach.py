"""The coach flags plainly costly decisions on hand-made positions, and rates a whole hand from the
seat's knowledge only."""

from __future__ import annotations

import pytest

from bot.ai import Level, decide
from bot.engine.cards import parse_card
from bot.engine.game import Occupant
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.rules import RuleSet
from bot.engine.view import seat_view
from bot.review.coach import MARGIN, DecisionKind, Pattern, Position, coach_hand, positions, rate_decision
from bot.review.history import HandRecord, record_of, steps
from tests.ai.positions import position

DEALS = 60


def _completed(view_trick: str, leader: int, mine: str, players: int = 4) -> Trick:
    cards = tuple(parse_card(c) for c in [*view_trick.split(), mine])
    led = cards[0] // 13
    best = max(range(len(cards)), key=lambda i: cards[i] if cards[i] // 13 == led else -1)
    return Trick(leader, cards, (leader + best) % players)


@pytest.mark.parametrize(("played", "costly"), [("AS", True), ("2S", False)])
def test_taking_the_queen_with_the_ace_when_a_low_spade_follows_safely_is_flagged(
    played: str, costly: bool
) -> None:
    # Seat 3 plays last to a spade trick that holds the Q♠: the A♠ takes 13 points, the 2♠ none.
    view = position(
        "AS 2S 3C 4C 5C 6D 7D 8D 9H TH JH",
        seat=3,
        tricks=((0, "2C KC AC QC"), (2, "3D 4D 5D 2D")),
        trick="5S QS 6S",
        leader=0,
    )
    card = parse_card(played)
    decided = rate_decision(
        Position(view, 1 << card, _completed("5S QS 6S", 0, played)), seed=1, budget=1.0, deals=DEALS
    )
    assert decided is not None and decided.kind is DecisionKind.CARD
    if costly:
        assert decided.loss > 10
        assert decided.best == 1 << parse_card("2S")
        assert decided.pattern is Pattern.QUEEN_TAKEN
    else:
        assert decided.loss <= MARGIN and decided.best == decided.chosen
        assert decided.pattern is None


def _played_hand(seed: str) -> HandRecord:
    """A hand played to the end by the ``normal`` policy, as the history would record it."""
    hand = Hand.new(RuleSet(), seed, 1)
    while hand.phase is not Phase.SCORED:
        hand.apply(decide(seat_view(hand, hand.waiting_for()[0]), Level.NORMAL, seed=0))
    seats = tuple(Occupant.person(str(s)) for s in range(4))
    return record_of(1, "g", hand, seats, (0, 0, 0, 0))


def test_a_whole_hand_rates_the_pass_and_every_card_with_a_choice() -> None:
    record = _played_hand("coach:1")
    found = list(positions(record, 0))
    assert found[0].trick is None and found[0].chosen == record.passed[0]
    report = coach_hand(record, 0, budget=5.0, seed=3, deals=8)
    assert len(report.decisions) == len(found)
    assert report.decisions[0].kind is DecisionKind.PASS
    assert all(d.kind is DecisionKind.CARD for d in report.decisions[1:])
    assert report.accuracy is not None and 0.0 <= report.accuracy <= 1.0


def test_the_coach_sees_only_what_the_seat_knew() -> None:
    record = _played_hand("coach:2")
    for found in positions(record, 2):
        view = found.view
        # the other seats' hands are not in the view: only the seat's own cards and those played
        assert view.hand & view.played == 0
        held_by_others = sum(record.after_pass()) & ~view.hand & ~view.played
        assert view.unseen == held_by_others


def test_the_replay_steps_go_trick_by_trick_to_empty_hands_and_every_point() -> None:
    record = _played_hand("coach:3")
    found = steps(record)
    assert len(found) == 14 and found[0].held == record.dealt and found[0].trick is None
    for k, step in enumerate(found[1:], start=1):
        assert step.trick == record.tricks[k - 1]
        assert all(held.bit_count() == 13 - k for held in step.held)
    assert sum(found[-1].taken_points) == 26  # the raw card points (a moon is scored after)
