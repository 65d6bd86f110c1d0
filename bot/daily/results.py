"""What the daily challenge shows: a person's result, a server's board for a day, a person's daily
figures for /stats, and a closed day's summary. Built from stored rows with the engine's duplicate
rules (places share ties, the percentile among everyone); no I/O here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.duplicate import Board, Percentiles, places
from bot.storage.daily import DayResult


@dataclass(frozen=True, slots=True)
class BoardEntry:
    player_id: str
    total: int
    place: int  # on this server; ties share it
    percentile: float  # among everyone who played the day, on every server
    to_par: int | None  # total minus par; negative is under par
    hands: tuple[int, ...] = ()  # points per hand


@dataclass(frozen=True, slots=True)
class DayBoard:
    day: dt.date
    number: int
    entries: tuple[BoardEntry, ...]  # best first
    everyone: int  # how many finished the day on every server
    par: int | None

    @property
    def players(self) -> int:
        return len(self.entries)


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A person's finished day, told privately when the 4th hand ends."""

    day: dt.date
    number: int
    player_id: str
    guild_id: str
    hands: tuple[int, ...]
    par: int | None  # None while the day's par is still being computed
    place: int  # on the server so far
    players: int  # finished on the server so far
    percentile: float
    streak: int  # days in a row, this one included
    par_hands: tuple[int, ...] | None = None  # par's points per hand, once computed
    again: bool = False  # owed from before (a restart, a failed try): the DM may be out already

    @property
    def total(self) -> int:
        return sum(self.hands)

    @property
    def to_par(self) -> int | None:
        return None if self.par is None else self.total - self.par

    @property
    def par_by_hand(self) -> tuple[int, ...] | None:
        """Par's points in each of the person's hands (None while par is worked out)."""
        if self.par_hands is None or len(self.par_hands) != len(self.hands):
            return None
        return self.par_hands


@dataclass(frozen=True, slots=True)
class DailyStats:
    """A person's daily figures for /stats."""

    days: int
    best: int | None
    current_streak: int
    longest_streak: int
    average_to_par: float | None  # over the days with a par


@dataclass(frozen=True, slots=True)
class DaySummary:
    """A closed day for one server: its board and, now that nobody can play it any more, the
    deals."""

    guild_id: str
    channel_id: str
    board: DayBoard
    deals: tuple[Board, ...]
    again: bool = False  # an earlier run may have posted it before it stopped: look first


def day_board(
    day: dt.date, number: int, server: Sequence[DayResult], everyone: Sequence[DayResult], par: int | None
) -> DayBoard:
    totals = {r.player_id: r.total for r in server}
    hands = {r.player_id: r.hands for r in server}
    placed = places(totals)
    all_totals = [r.total for r in everyone]
    percentile = Percentiles(all_totals).of
    entries = sorted(
        (
            BoardEntry(
                p,
                totals[p],
                placed[p],
                percentile(totals[p]),
                None if par is None else totals[p] - par,
                hands[p],
            )
            for p in totals
        ),
        key=lambda e: (e.place, e.player_id),
    )
    return DayBoard(day, number, tuple(entries), len(all_totals), par)


def streaks(days: Sequence[dt.date], current: dt.date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days among ``days`` (sorted, distinct) up to
    ``current``; the current run ends today or, while today is still to be played, yesterday.
    Days after ``current`` are not counted: a result shown late (its DM held up, a restart) once
    later days were played has the streak of its own day."""
    longest = run = 0
    previous: dt.date | None = None
    for d in days:
        if d > current:
            break  # a later day's game (``days`` is sorted)
        run = run + 1 if previous is not None and (d - previous).days == 1 else 1
        longest = max(longest, run)
        previous = d
    if previous is None or (current - previous).days > 1:
        return 0, longest
    return run, longest


def daily_stats(rows: Sequence[tuple[str, int, int | None]], current: dt.date) -> DailyStats:
    """From (day, total, par) rows, oldest first."""
    days = [dt.date.fromisoformat(d) for d, _t, _p in rows]
    now_run, longest = streaks(days, current)
    diffs = [t - p for _d, t, p in rows if p is not None]
    return DailyStats(
        days=len(rows),
        best=min((t for _d, t, _p in rows), default=None),
        current_streak=now_run,
        longest_streak=longest,
        average_to_par=sum(diffs) / len(diffs) if diffs else None,
    )
