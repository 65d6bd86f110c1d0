"""The server's events board (RULES.md §3b): every finished event's final standings give each
placed person one ranking point for every placed person they finished ahead of (sharing a place
beats nobody in it); the board sums them over the server's events, with events played and won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.events.standings import Standing


@dataclass(frozen=True, slots=True)
class BoardLine:
    person: str
    points: int
    events: int
    wins: int


def event_points(final: Sequence[Standing]) -> dict[str, int]:
    """Ranking points of one event: for each placed person, how many placed people are behind."""
    places = [s.place for s in final if s.place is not None]
    return {s.person: sum(1 for p in places if p > s.place) for s in final if s.place is not None}


def board(events: Sequence[Sequence[Standing]]) -> list[BoardLine]:
    """The board over the finished events' final standings: most points first, then most events
    won, then most played."""
    points: dict[str, int] = {}
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    for final in events:
        for person, gained in event_points(final).items():
            points[person] = points.get(person, 0) + gained
            played[person] = played.get(person, 0) + 1
        for s in final:
            if s.place == 1:
                wins[s.person] = wins.get(s.person, 0) + 1
    lines = [BoardLine(p, points[p], played[p], wins.get(p, 0)) for p in points]
    return sorted(lines, key=lambda b: (-b.points, -b.wins, -b.events, b.person))
