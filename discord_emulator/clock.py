"""The emulator's notion of "now", which tests can move forward.

Discord's deadlines (3 s for an interaction's first response, 15 min for its token) are checked
against this clock, so a test reaches "16 minutes later" with `clock.advance(16 * 60)` instead of
waiting. Snowflakes and message timestamps use it too, so ids stay consistent with deadlines.

It starts at a fixed instant, never at the wall clock's date: a test that ran at 23:59 UTC would
otherwise see other days than one run at noon. Time then passes as it really does (the monotonic
clock), so the ids still look real to discord.py and the deadlines still run out.
"""

from __future__ import annotations

import time
from typing import Final

DEFAULT_START: Final = 1_773_144_000.0  # 2026-03-10 12:00:00 UTC: a Tuesday noon, far from midnight


class Clock:
    """A fixed starting instant, plus the time passed since, plus an offset that only grows."""

    def __init__(self, start: float = DEFAULT_START) -> None:
        self._start = start
        self._began = time.monotonic()
        self._offset = 0.0

    def time(self) -> float:
        """Seconds since the Unix epoch, as the emulator sees it."""
        return self._start + (time.monotonic() - self._began) + self._offset

    def advance(self, seconds: float) -> None:
        """Jump forward: every deadline that falls within `seconds` passes at once."""
        if seconds < 0:
            raise ValueError("the emulator clock never goes back")
        self._offset += seconds

    def advance_to(self, when: float) -> None:
        """Jump forward to `when` (epoch seconds); `ValueError` if that is in the emulator's past."""
        self.advance(when - self.time())

    @property
    def offset(self) -> float:
        return self._offset
