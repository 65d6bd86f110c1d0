"""The days of the daily challenge: which day it is (UTC), which days are open, a day's number and
its seed. Pure: the clock's reading and the stored secret come in as arguments."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from dataclasses import dataclass
from enum import Enum
from typing import Final

from bot.engine.rules import PassRotation, RuleSet

HANDS: Final = 4
# RULES.md §3a: the standard game, 4 hands (left, right, across, hold), "others +26".
RULES: Final = RuleSet(target_score=None, fixed_hands=HANDS, pass_rotation=PassRotation.STANDARD)
DAY_SECONDS: Final = 86_400


def today(now: float) -> dt.date:
    """The day (UTC) at epoch seconds ``now``."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date()


def day_start(day: dt.date) -> float:
    """Epoch seconds of the day's 00:00 UTC."""
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def closes_at(day: dt.date) -> float:
    """A day's challenge can be finished until the following day ends: then the day closes."""
    return day_start(day) + 2 * DAY_SECONDS


def is_open(day: dt.date, now: float) -> bool:
    return day_start(day) <= now < closes_at(day)


def number(day: dt.date, first: dt.date) -> int:
    """The day's number: 1 for the first day the bot kept dailies."""
    return (day - first).days + 1


def seed(secret: str, day: dt.date) -> int:
    """The day's deal seed: the same for everyone, unknowable without the stored secret."""
    digest = hmac.new(secret.encode(), day.isoformat().encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits, as a table's seed


class DayProblem(Enum):
    MALFORMED = "malformed"
    FUTURE = "future"
    BEFORE_FIRST = "before_first"


@dataclass(frozen=True, slots=True)
class BadDay(Exception):
    problem: DayProblem


def parse_day(text: str | None, now: float, first: dt.date) -> dt.date:
    """A day named by a person: ``YYYY-MM-DD``, or the day's number (``#12`` or ``12``); None or
    empty: today. ``BadDay`` if it is malformed, in the future or before the first day."""
    current = today(now)
    if text is None or not text.strip():
        return current
    raw = text.strip().lstrip("#")
    try:
        day = first + dt.timedelta(days=int(raw) - 1) if raw.isdigit() else dt.date.fromisoformat(raw)
    except (ValueError, OverflowError):
        raise BadDay(DayProblem.MALFORMED) from None
    if day > current:
        raise BadDay(DayProblem.FUTURE)
    if day < first:
        raise BadDay(DayProblem.BEFORE_FIRST)
    return day
