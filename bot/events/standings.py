"""An event's standings from the people's points per board (RULES.md §3a): matchpoints against
everyone who held the same cards (``bot.engine.duplicate``, the one place they are computed),
ordered by percentage, then by total points taken; equal people share the place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.engine.duplicate import Score, event_places, matchpoints


@dataclass(frozen=True, slots=True)
class PointsOnBoard:
    """A person's points on one board of the event (boards are numbered through the event)."""

    person: str
    round: int
    board: int
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Standing:
    person: str
    place: int | None  # None: no board compared yet (nobody else held their cards, or no result)
    shared: bool
    matchpoints: Fraction
    top: int
    percentage: float | None
    total: int  # points taken over all their boards
    rounds: int  # rounds with a result
    removed: bool  # removed by the organiser or withdrew: a computer played on


def standings(
    entrants: Sequence[str], results: Sequence[PointsOnBoard], removed: Collection[str] = ()
) -> list[Standing]:
    """Everyone who entered or has a result, best first (those without a place last, in order of
    entry)."""
    mps = matchpoints([Score(r.person, r.board, r.seat, r.points) for r in results])
    totals: dict[str, int] = {}
    rounds: dict[str, set[int]] = {}
    for r in results:
        totals[r.person] = totals.get(r.person, 0) + r.points
        rounds.setdefault(r.person, set()).add(r.round)
    compared = {p: mp for p, mp in mps.items() if mp.top > 0}
    places = event_places(compared, totals)
    people = list(dict.fromkeys([*entrants, *mps]))
    sharing = Counter(places.values())
    entered = {p: i for i, p in enumerate(people)}
    rows = [
        Standing(
            person=p,
            place=places.get(p),
            shared=p in places and sharing[places[p]] > 1,
            matchpoints=mps[p].points if p in mps else Fraction(0),
            top=mps[p].top if p in mps else 0,
            percentage=mps[p].percentage if p in mps else None,
            total=totals.get(p, 0),
            rounds=len(rounds.get(p, ())),
            removed=p in removed,
        )
        for p in people
    ]
    unplaced = len(rows) + 1
    return sorted(rows, key=lambda s: (s.place or unplaced, entered[s.person]))
