"""Storage failures on demand, for tests and the soak benchmark.

A ``Database`` checks its ``faults`` inside every write transaction, after it began: an armed fault
raises the error the database itself raises when the disk is full, the file became read-only, the
disk failed or another process holds the lock (SQLite's ``sqlite3.OperationalError``, PostgreSQL's
error of the same SQLSTATE: each backend's ``fault_error``), so every path that handles a real
failure (rollback, refusal, retry) runs exactly as it would in production.

``Crash`` is the harsher fault of the outbox's tests: the process killed at a named point of a move.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

log = logging.getLogger(__name__)


class WriteFault(Enum):
    """A failure, with SQLite's message for it."""

    DISK_FULL = "database or disk is full"
    READ_ONLY = "attempt to write a readonly database"
    IO_ERROR = "disk I/O error"
    LOCKED = "database is locked"


class StorageFaults:
    """Makes the next writes fail: ``times`` of them, or all until ``clear``; ``after`` more
    writes first go through (a command cut short after its first writes)."""

    def __init__(self) -> None:
        self._fault: WriteFault | None = None
        self._remaining: int | None = None
        self._after = 0
        self.raised = 0  # how many writes were failed (tests check the fault really fired)

    def fail(self, fault: WriteFault, times: int | None = None, *, after: int = 0) -> None:
        self._fault = fault
        self._remaining = times
        self._after = after

    def clear(self) -> None:
        self._fault = None
        self._remaining = None
        self._after = 0

    @property
    def active(self) -> bool:
        return self._fault is not None

    def check(self, error: Callable[[WriteFault], Exception]) -> None:
        """Raise the armed fault as ``error`` makes it (called inside a write transaction)."""
        fault = self._fault
        if fault is None:
            return
        if self._after > 0:
            self._after -= 1
            return
        if self._remaining is not None:
            self._remaining -= 1
            if self._remaining <= 0:
                self.clear()
        self.raised += 1
        raise error(fault)


CRASH_ENV = "HEARTS_CRASH_AT"  # e.g. "commit:GameOver": the test-only crash point of a bot process


class CrashPoint(Enum):
    """Where an action's way to Discord can be cut (the outbox's crash tests)."""

    COMMIT = "commit"  # inside the action's transaction, before its commit
    COMMITTED = "committed"  # after the commit, before its events are queued for the presenter
    PRESENT = "present"  # before the presenter is given the event (the earlier ones are shown)
    PRESENTED = "presented"  # after the presenter showed the event, before it is marked delivered


def _sigkill() -> None:
    log.warning("a test crash point was reached: killing this process")
    for handler in logging.getLogger().handlers:
        handler.flush()
    os.kill(os.getpid(), signal.SIGKILL)


@dataclass(frozen=True, slots=True)
class Crash:
    """A test-only fault: the process kills itself (SIGKILL: no cleanup, no flush, as a power cut
    or the OOM killer) the first time ``point`` is reached with an event of type ``kind`` (``*``:
    any). Read from ``HEARTS_CRASH_AT`` by the app (``point:Kind``), so that a test can stop a real
    bot process at an exact point of a move; never set in production. In-process tests give their
    own ``kill`` (which may let some points pass, and stops the database and the presenter)."""

    point: CrashPoint
    kind: str
    kill: Callable[[], None] = _sigkill

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Crash | None:
        spec = environ.get(CRASH_ENV, "")
        if not spec:
            return None
        point, _, kind = spec.partition(":")
        return cls(CrashPoint(point), kind)

    def check(self, point: CrashPoint, kinds: Iterable[str]) -> None:
        if point is self.point and any(self.kind in ("*", k) for k in kinds):
            self.kill()
