"""Duplicate play (RULES.md §3a): boards from a seed, matchpoints, places; properties over any
number of boards, seats and people."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.cards import FULL_DECK
from bot.engine.duplicate import (
    Percentiles,
    Score,
    board,
    board_matchpoints,
    boards,
    event_places,
    matchpoints,
    percentile,
    places,
)
from bot.engine.game import Game, Occupant
from bot.engine.rules import PassDirection, RuleSet

DAILY = RuleSet(target_score=None, fixed_hands=4)


def test_boards_are_what_a_game_with_the_seed_deals() -> None:
    game = Game(DAILY, "day-secret", [Occupant.computer()] * 4)
    assert board(DAILY, "day-secret", 1).hands == game.hand.dealt
    assert [b.direction for b in boards(DAILY, "day-secret", 4)] == [
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    ]


@given(st.text(max_size=20), st.integers(1, 8), st.integers(3, 7))
def test_boards_are_deterministic_full_deals(seed: str, count: int, players: int) -> None:
    rules = RuleSet(players=players)
    first, again = boards(rules, seed, count), boards(rules, seed, count)
    assert first == again
    for b in first:
        union = 0
        for h in b.hands:
            assert union & h == 0
            union |= h
        assert union == rules.deck and union & ~FULL_DECK == 0
        assert b.direction is rules.pass_direction(b.number)


def test_board_numbers_start_at_one() -> None:
    with pytest.raises(ValueError):
        board(DAILY, "s", 0)


def test_matchpoints_of_one_board() -> None:
    # 3 people: 5 points beats both (2), the two 9s tie (½) and beat nobody.
    assert board_matchpoints([5, 9, 9]) == [Fraction(2), Fraction(1, 2), Fraction(1, 2)]
    assert board_matchpoints([7]) == [Fraction(0)]


def test_matchpoints_compare_only_the_same_board_and_seat() -> None:
    scores = [
        Score("ann", 1, 0, 0),
        Score("bob", 1, 0, 13),
        Score("cid", 1, 1, 26),  # alone on seat 1: no one to compare with
        Score("ann", 2, 0, 10),
        Score("bob", 2, 0, 10),
    ]
    result = matchpoints(scores)
    assert result["ann"].points == Fraction(3, 2) and result["ann"].top == 2
    assert result["bob"].points == Fraction(1, 2) and result["ann"].percentage == 75.0
    assert result["cid"].top == 0 and result["cid"].percentage is None


def test_a_person_twice_on_the_same_cards_is_refused() -> None:
    with pytest.raises(ValueError):
        matchpoints([Score("ann", 1, 0, 0), Score("ann", 1, 0, 3)])


scores_strategy = st.lists(
    st.tuples(st.integers(0, 9), st.integers(1, 4), st.integers(0, 6), st.integers(0, 52)),
    max_size=60,
    unique_by=lambda t: (t[0], t[1], t[2]),
)


@given(scores_strategy)
def test_matchpoints_properties(rows: list[tuple[int, int, int, int]]) -> None:
    scores = [Score(f"p{p}", b, s, pts) for p, b, s, pts in rows]
    result = matchpoints(scores)
    assert set(result) == {s.person for s in scores}
    groups: dict[tuple[int, int], list[Score]] = {}
    for s in scores:
        groups.setdefault((s.board, s.seat), []).append(s)
    # Each pair of people on the same cards shares exactly 1 matchpoint.
    total_pairs = sum(len(g) * (len(g) - 1) // 2 for g in groups.values())
    assert sum(r.points for r in result.values()) == total_pairs
    for r in result.values():
        assert 0 <= r.points <= r.top
        if r.percentage is not None:
            assert 0.0 <= r.percentage <= 100.0
    # Taking fewer points on a board never earns fewer matchpoints there.
    for g in groups.values():
        mps = board_matchpoints([s.points for s in g])
        for a, ma in zip(g, mps, strict=True):
            for b, mb in zip(g, mps, strict=True):
                if a.points < b.points:
                    assert ma > mb
                if a.points == b.points:
                    assert ma == mb


@given(st.dictionaries(st.text(max_size=4), st.integers(0, 104), max_size=30))
def test_places_share_ties(totals: dict[str, int]) -> None:
    result = places(totals)
    for p, place in result.items():
        assert place == 1 + sum(1 for q in totals if totals[q] < totals[p])
        for q in totals:
            assert (totals[p] == totals[q]) == (place == result[q])
    if totals:
        assert min(result.values()) == 1


@given(st.lists(st.integers(0, 104), min_size=1, max_size=40))
def test_percentile_bounds(everyone: list[int]) -> None:
    best, worst = min(everyone), max(everyone)
    assert percentile(best, everyone) == 100.0
    assert 0.0 < percentile(worst, everyone) <= 100.0
    for a in everyone:
        for b in everyone:
            if a <= b:
                assert percentile(a, everyone) >= percentile(b, everyone)


def test_event_places_break_ties_by_points_then_share() -> None:
    result = matchpoints([Score("a", 1, 0, 0), Score("b", 1, 0, 0), Score("c", 1, 0, 5), Score("d", 1, 1, 1)])
    totals = {"a": 0, "b": 0, "c": 5, "d": 1}
    # a and b: 50 % each and 0 points: share 1st; d has nobody to compare with (0 %), fewer points than c.
    assert event_places(result, totals) == {"a": 1, "b": 1, "c": 4, "d": 3}


@given(st.lists(st.integers(0, 104), min_size=1, max_size=40), st.integers(0, 104))
def test_percentiles_by_bisection_are_the_definition(everyone: list[int], total: int) -> None:
    expected = 100.0 * sum(1 for other in everyone if other >= total) / len(everyone)
    assert Percentiles(everyone).of(total) == expected == percentile(total, everyone)
