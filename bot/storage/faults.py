"""Storage failures on demand, for tests and the soak benchmark.

A ``Database`` checks its ``faults`` inside every write transaction, after ``BEGIN IMMEDIATE``: an
armed fault raises the same ``sqlite3.OperationalError`` SQLite itself raises when the disk is full,
the file became read-only, the disk failed or another process holds the lock, so every path that
handles a real failure (rollback, refusal, retry) runs exactly as it would in production.
"""

from __future__ import annotations

import sqlite3
from enum import Enum


class WriteFault(Enum):
    DISK_FULL = "database or disk is full"
    READ_ONLY = "attempt to write a readonly database"
    IO_ERROR = "disk I/O error"
    LOCKED = "database is locked"


class StorageFaults:
    """Makes the next writes fail: ``times`` of them, or all until ``clear``."""

    def __init__(self) -> None:
        self._fault: WriteFault | None = None
        self._remaining: int | None = None
        self.raised = 0  # how many writes were failed (tests check the fault really fired)

    def fail(self, fault: WriteFault, times: int | None = None) -> None:
        self._fault = fault
        self._remaining = times

    def clear(self) -> None:
        self._fault = None
        self._remaining = None

    @property
    def active(self) -> bool:
        return self._fault is not None

    def check(self) -> None:
        """Raise the armed fault (called inside a write transaction)."""
        fault = self._fault
        if fault is None:
            return
        if self._remaining is not None:
            self._remaining -= 1
            if self._remaining <= 0:
                self.clear()
        self.raised += 1
        raise sqlite3.OperationalError(fault.value)
