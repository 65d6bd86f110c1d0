"""The emulator's notion of "now", which tests can move forward.

Discord's deadlines (3 s for an interaction's first response, 15 min for its token) are checked
against this clock, so a test reaches "16 minutes later" with `clock.advance(16 * 60)` instead of
waiting. Snowflakes and message timestamps use it too, so ids stay consistent with deadlines.
"""

from __future__ import annotations

import time


class Clock:
    """Wall-clock time plus an offset that only grows."""

    def __init__(self) -> None:
        self._offset = 0.0

    def time(self) -> float:
        """Seconds since the Unix epoch, as the emulator sees it."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        """Jump forward: every deadline that falls within `seconds` passes at once."""
        if seconds < 0:
            raise ValueError("the emulator clock never goes back")
        self._offset += seconds

    @property
    def offset(self) -> float:
        return self._offset
