"""Properties of every level across seeds and table options: only legal moves, replayable decisions,
deals sampled consistently with what the seat has seen."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import Level, decide
from bot.ai.inference import InferredSampler
from bot.ai.sampling import DealSampler
from bot.engine.hand import Hand, Phase
from bot.engine.moves import IllegalMove
from bot.engine.rules import InvalidRules, MoonScoring, Omnibus, PassRotation, RuleSet, Scoring
from bot.engine.view import seat_view

TINY = {"time_budget": 0.02, "deals": 3}  # hard: a few deals, a tight budget


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    while True:
        fixed = draw(st.booleans())
        try:
            return RuleSet(
                players=draw(st.integers(3, 7)),
                pass_rotation=draw(st.sampled_from(PassRotation)),
                moon=draw(st.sampled_from(MoonScoring)),
                all_tricks_bonus=draw(st.booleans()),
                target_score=None if fixed else draw(st.sampled_from([50, 100])),
                fixed_hands=draw(st.integers(1, 4)) if fixed else None,
                queen_breaks_hearts=draw(st.booleans()),
                omnibus=draw(st.sampled_from(Omnibus)),
                black_maria_less=draw(st.booleans()),
                scoring=draw(st.sampled_from(Scoring)),
            )
        except InvalidRules:
            continue


def play_hand(rules: RuleSet, seed: int, levels: list[Level], scores: tuple[int, ...]) -> Hand:
    """One whole hand where every seat moves by ``decide``; the engine validates every move."""
    hand = Hand.new(rules, seed, hand_number=1 + seed % 4)
    moves = 0
    while hand.phase is not Phase.SCORED:
        seat = hand.waiting_for()[0]
        view = seat_view(hand, seat, scores)
        move = decide(view, levels[seat], seed=seed + moves, **TINY)  # type: ignore[arg-type]
        assert move.seat == seat
        try:
            hand.apply(move)
        except IllegalMove as refused:  # pragma: no cover - the failure message
            raise AssertionError(f"{levels[seat]} made an illegal move {move}: {refused}") from None
        moves += 1
    return hand


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 10**6), data=st.data())
def test_no_level_ever_makes_an_illegal_move(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    levels = [data.draw(st.sampled_from(Level)) for _ in range(rules.players)]
    scores = tuple(data.draw(st.integers(0, 120)) for _ in range(rules.players))
    hand = play_hand(rules, seed, levels, scores)
    assert hand.result is not None


def test_every_level_plays_whole_hands_for_every_player_count() -> None:
    for players in range(3, 8):
        rules = RuleSet(players=players)
        for level in Level:
            hand = play_hand(rules, players, [level] * players, (0,) * players)
            assert sum(hand.tricks_won) == rules.cards_per_player


def _views(rules: RuleSet, seed: int) -> list:  # type: ignore[type-arg]
    """Views of the seats to move through one hand played by ``normal``."""
    hand = Hand.new(rules, seed, hand_number=1)
    views = []
    while hand.phase is not Phase.SCORED:
        seat = hand.waiting_for()[0]
        view = seat_view(hand, seat)
        views.append(view)
        hand.apply(decide(view, Level.NORMAL, seed=seed))
    return views


def test_decisions_are_deterministic_for_a_seed() -> None:
    rules = RuleSet()
    for view in _views(rules, 11)[::3]:
        for level in Level:
            first = decide(view, level, seed=7, time_budget=30.0, deals=4)
            again = decide(view, level, seed=7, time_budget=30.0, deals=4)
            assert first == again


def test_hard_without_time_falls_back_to_normal() -> None:
    for view in _views(RuleSet(), 12):
        if view.phase is Phase.PLAYING:
            assert decide(view, Level.HARD, seed=1, time_budget=0.0) == decide(view, Level.NORMAL, seed=1)


@settings(max_examples=30, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 10**6), inferred=st.booleans())
def test_sampled_deals_agree_with_what_the_seat_has_seen(rules: RuleSet, seed: int, inferred: bool) -> None:
    hand = Hand.new(rules, seed, hand_number=1)
    rng = random.Random(seed)
    while hand.phase is not Phase.SCORED:
        seat = hand.waiting_for()[0]
        view = seat_view(hand, seat)
        if view.phase is Phase.PLAYING and rng.random() < 0.3:
            sampler = InferredSampler(view) if inferred else DealSampler(view)
            for _ in range(3 if inferred else 0):
                sampler.sample(rng)  # the chain's later deals too
            deal = sampler.sample(rng)
            assert deal[seat] == view.hand
            for other in range(rules.players):
                assert deal[other].bit_count() == hand.hands[other].bit_count()
                for suit in range(4):
                    if view.voids[other] >> suit & 1:
                        assert not deal[other] & (0x1FFF << 13 * suit)
            if view.passed and view.pass_target is not None:
                assert deal[view.pass_target] & view.passed == view.passed & ~view.played
            assert sum(deal) == view.rules.deck & ~view.played
        hand.apply(decide(view, Level.NORMAL, seed=seed))
