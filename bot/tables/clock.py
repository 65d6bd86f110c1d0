"""Time for the table service: the wall clock in production, a hand-driven clock in tests.

Deadlines are wall-clock seconds (epoch) because they are stored in SQLite and must mean the same
after a restart. Tests use ``ManualClock`` so that no test ever sleeps: they move time forward and the
timers that fall due run at once, in deadline order.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.tables.refusals import storage_unavailable

log = logging.getLogger(__name__)


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    def call_at(self, when: float, callback: Callable[[], object]) -> TimerHandle:
        """Run ``callback`` (a plain function, on the event loop; what it returns is dropped) at
        ``when`` or soon after."""
        ...


class Later:
    """One run of ``callback``, ``delay`` seconds after it is first asked for: asked again while it
    waits, it still runs once (the services' tries again of work the database put off)."""

    def __init__(self, clock: Clock, delay: float, callback: Callable[[], object]) -> None:
        self.clock = clock
        self.delay = delay
        self.callback = callback
        self._handle: TimerHandle | None = None

    def arm(self) -> None:
        if self._handle is None:
            self._handle = self.clock.call_at(self.clock.now() + self.delay, self._due)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    async def or_later(self, work: Awaitable[object], put_off: str) -> None:
        """``work`` now; if the database can't be used just then (the storage's word, or the table
        service's "busy"), no bug: logged as ``put_off`` and this later run armed."""
        try:
            await work
        except Exception as exc:
            if not storage_unavailable(exc):
                raise
            self.put_off(put_off, exc)

    def put_off(self, what: str, exc: BaseException) -> None:
        """``what`` could not be done now for a reason that may pass (``exc``): logged, and this
        later run armed."""
        log.warning("%s (%s): tried again in %.0f s", what, exc, self.delay)
        self.arm()

    def _due(self) -> None:
        self._handle = None
        self.callback()


class SystemClock:
    """The real clock; timers are the event loop's own."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], object]) -> TimerHandle:
        return asyncio.get_running_loop().call_later(max(0.0, when - time.time()), callback)


class _ManualHandle:
    __slots__ = ("callback", "cancelled", "when")

    def __init__(self, when: float, callback: Callable[[], object]) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that only moves when told to (tests)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._heap: list[tuple[float, int, _ManualHandle]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], object]) -> TimerHandle:
        handle = _ManualHandle(when, callback)
        heapq.heappush(self._heap, (when, next(self._order), handle))
        return handle

    def pending(self) -> list[float]:
        """When the timers still waiting will fire, earliest first."""
        return sorted(h.when for _, _, h in self._heap if not h.cancelled)

    def advance(self, seconds: float) -> int:
        """Move time forward, running every timer that falls due (in order); returns how many ran."""
        target = self._now + seconds
        ran = 0
        while self._heap and self._heap[0][0] <= target:
            when, _, handle = heapq.heappop(self._heap)
            if handle.cancelled:
                continue
            self._now = max(self._now, when)
            handle.callback()
            ran += 1
        self._now = target
        return ran

    def set(self, now: float) -> None:
        """Jump to ``now`` without running any timer (simulates time passing while the bot is down)."""
        self._now = now


async def sleep(clock: Clock, seconds: float) -> None:
    """Wait ``seconds`` on ``clock`` (a test's manual clock moves it)."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not done.done():
            done.set_result(None)

    handle = clock.call_at(clock.now() + seconds, wake)
    try:
        await done
    finally:
        handle.cancel()
