"""Event standings and seating, pure: matchpoints computed by hand for a small case, places by
percentage then total points, and the seating's properties."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.events.board import board, event_points
from bot.events.seating import first_round, later_round, pairs, table_sizes
from bot.events.standings import PointsOnBoard, Standing, standings


def test_matchpoints_by_hand() -> None:
    # Board 1, seat 0: ann 5, bob 5, cid 13  -> ann 1 + ½ = 1½, bob 1½, cid 0 (of 2 each).
    # Board 1, seat 1: dan 0, eve 26         -> dan 1, eve 0 (of 1 each).
    # Board 2, seat 0: ann 13, bob 0         -> ann 0, bob 1 (of 1 each).
    results = [
        PointsOnBoard("ann", 1, 1, 0, 5),
        PointsOnBoard("bob", 1, 1, 0, 5),
        PointsOnBoard("cid", 1, 1, 0, 13),
        PointsOnBoard("dan", 1, 1, 1, 0),
        PointsOnBoard("eve", 1, 1, 1, 26),
        PointsOnBoard("ann", 1, 2, 0, 13),
        PointsOnBoard("bob", 1, 2, 0, 0),
    ]
    rows = {s.person: s for s in standings(["ann", "bob", "cid", "dan", "eve", "fay"], results, {"cid"})}
    assert rows["ann"].matchpoints == Fraction(3, 2) and rows["ann"].top == 3
    assert rows["bob"].matchpoints == Fraction(5, 2) and rows["bob"].top == 3
    assert rows["cid"].matchpoints == 0 and rows["cid"].top == 2 and rows["cid"].removed
    assert rows["dan"].percentage == 100.0 and rows["eve"].percentage == 0.0
    assert rows["ann"].percentage == 50.0
    # dan 100 %, bob 83⅓ %, ann 50 %, then cid and eve at 0 %: cid took 13 points, eve 26.
    order = [s.person for s in standings(["ann", "bob", "cid", "dan", "eve", "fay"], results)]
    assert order == ["dan", "bob", "ann", "cid", "eve", "fay"]
    assert rows["fay"].place is None and rows["fay"].rounds == 0  # entered, no result yet
    assert [rows[p].place for p in ("dan", "bob", "ann", "cid", "eve")] == [1, 2, 3, 4, 5]


def test_equal_people_share_the_place() -> None:
    results = [PointsOnBoard(p, 1, 1, 0, 5) for p in ("ann", "bob")]
    rows = standings(["ann", "bob"], results)
    assert [(s.place, s.shared) for s in rows] == [(1, True), (1, True)]


@given(st.integers(1, 60), st.integers(3, 7), st.integers(0, 2**32))
def test_seating_places_everyone_once_with_room_for_computers(people: int, players: int, seed: int) -> None:
    names = [f"p{i}" for i in range(people)]
    placed = first_round(names, players, random.Random(seed))
    assert sorted(p.player_id for p in placed) == sorted(names)
    sizes = table_sizes(people, players)
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= players
    seats = {(p.table_index, p.seat) for p in placed}
    assert len(seats) == people  # nobody shares a seat
    # later rounds too, whatever met before
    again = later_round(names, players, pairs(placed))
    assert sorted(p.player_id for p in again) == sorted(names)
    assert len({(p.table_index, p.seat) for p in again}) == people


def test_later_round_keeps_similar_results_together() -> None:
    standing = [f"p{i}" for i in range(8)]
    placed = later_round(standing, 4, set())
    assert {p.player_id for p in placed if p.table_index == 0} == {"p0", "p1", "p2", "p3"}


def test_events_board_points_by_hand() -> None:
    def final(*places: tuple[str, int | None]) -> list[Standing]:
        return [Standing(p, pl, False, Fraction(0), 1, 0.0, 0, 1, False) for p, pl in places]

    # Event 1: ann 1st, bob and cid share 2nd (nobody placed behind them), dan unplaced
    # -> ann 2, bob 0, cid 0.
    # Event 2: bob 1st, ann 2nd -> bob 1, ann 0.
    one = final(("ann", 1), ("bob", 2), ("cid", 2), ("dan", None))
    two = final(("bob", 1), ("ann", 2))
    assert event_points(one) == {"ann": 2, "bob": 0, "cid": 0}
    lines = board([one, two])
    assert [(b.person, b.points, b.events, b.wins) for b in lines] == [
        ("ann", 2, 2, 1),
        ("bob", 1, 2, 1),
        ("cid", 0, 1, 0),
    ]
