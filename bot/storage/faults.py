"""Storage failures on demand, for tests and the soak benchmark.

A ``Database`` checks its ``faults`` inside every write transaction, after it began: an armed fault
raises the error the database itself raises when the disk is full, the file became read-only, the
disk failed or another process holds the lock (SQLite's ``sqlite3.OperationalError``, PostgreSQL's
error of the same SQLSTATE: each backend's ``fault_error``), so every path that handles a real
failure (rollback, refusal, retry) runs exactly as it would in production.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum


class WriteFault(Enum):
    """A failure, with SQLite's message for it."""

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

    def check(self, error: Callable[[WriteFault], Exception]) -> None:
        """Raise the armed fault as ``error`` makes it (called inside a write transaction)."""
        fault = self._fault
        if fault is None:
            return
        if self._remaining is not None:
            self._remaining -= 1
            if self._remaining <= 0:
                self.clear()
        self.raised += 1
        raise error(fault)
