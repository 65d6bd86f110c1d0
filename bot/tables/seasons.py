"""A server's season calendar (docs/RULES.md, "Seasons"): none, monthly or quarterly, in UTC.

Pure: the clock's reading comes in as an argument. It sits with the server settings (which name a
kind) so that both the settings and the season service (``bot.seasons``) read one calendar.
"""

from __future__ import annotations

import datetime as dt
from enum import Enum


class SeasonKind(Enum):
    OFF = "off"  # one everlasting board (the behaviour before seasons)
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"

    @property
    def months(self) -> int:
        return {SeasonKind.OFF: 0, SeasonKind.MONTHLY: 1, SeasonKind.QUARTERLY: 3}[self]


def period_end(kind: SeasonKind, at: float) -> float:
    """Epoch seconds at which the month or quarter (UTC) holding ``at`` ends: where a season of
    ``kind`` running at ``at`` closes. A season never ends in the same instant it starts."""
    if kind is SeasonKind.OFF:
        raise ValueError("a season needs a kind with periods")
    day = dt.datetime.fromtimestamp(at, dt.UTC)
    first = (day.month - 1) // kind.months * kind.months  # 0-based month the period starts at
    month = first + kind.months
    year = day.year + month // 12
    end = dt.datetime(year, month % 12 + 1, 1, tzinfo=dt.UTC)
    return end.timestamp()
