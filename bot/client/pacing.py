"""Keeping under Discord's rate limits before they bite.

discord.py learns each route's bucket from the response headers and waits on its own, but it only
learns about the global limit (50 requests a second per bot) from a 429: a hundred tables dealing
at once meant hundreds of them. ``GlobalPacer`` lets at most ``requests`` bot-token REST calls
start in any ``period`` (a sliding window, under Discord's 50/s). When a burst fills the window
(a hundred tables dealing at once), the requests someone needs to act go first: a request made
inside ``background()`` (the table message's picture) waits behind every other one (for at most
``PATIENCE``), and the presenter draws fewer of them while players' requests are queued.

Within a bucket (a route and its channel), discord.py sends several requests at once when its copy
of the window says so; one still travelling when Discord's window turns over counts in the new
window, which discord.py already refilled: a 429. So ``pace`` also keeps one request in flight per
bucket of a channel (or guild, or webhook): they are at most a few a second per channel anyway, and
each waits only for the previous answer. Routes without such a parameter (opening a DM above all)
are not serialized: Discord gives them no small window, and one at a time made every one of them
wait out the whole global queue in turn (four hundred DM channels opened for a hundred tables
held their deals past the table service's time limit).

Several processes of one bot share Discord's one global limit: each paces itself to its ``share``
of it, which ``bot.client.budget`` keeps in step with the others through their database. Time comes
from an injectable clock (``bot.tables.clock``), so the tests drive the window by hand.

Interaction responses and followups go through discord.py's webhook adapter, not
``HTTPClient.request``, and Discord exempts them from the global limit, so answering a click never
waits here.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import enum
import functools
import math
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord

from bot.tables.clock import Clock, SystemClock, TimerHandle
from bot.tables.in_flight import InFlight
from bot.telemetry import BudgetUse

GLOBAL_REQUESTS = 40  # per PERIOD: Discord allows 50 a second; the margin absorbs the requests of
# another process of the bot as its share changes. A request counts from when it leaves until a
# PERIOD after its answer, so one that reaches Discord late (a busy loop, a full connection pool)
# still lands inside the window that counted it.
PERIOD = 1.0
BURST = 10  # at most this many start within any ``PERIOD * BURST / GLOBAL_REQUESTS`` (a quarter second):
# a window let go all at once reached Discord spread over the next one when the loop was busy
PATIENCE = 5.0  # seconds a background request waits at most behind players' newer ones: with a
# hundred busy tables players' requests alone filled the window, and table messages froze for a hand


class Priority(enum.IntEnum):
    """Who waits for a request: lower goes first when the global window is full."""

    PLAYER = 0  # someone needs it to act: their hand and controls, a turn ping, an announcement
    BACKGROUND = 1  # the table message's picture: the player to move sees the trick in their DM


_priority: contextvars.ContextVar[Priority] = contextvars.ContextVar(
    "pacing_priority", default=Priority.PLAYER
)


@contextlib.contextmanager
def background() -> Iterator[None]:
    """REST calls made inside (in this task) wait behind every player's request in ``pace``."""
    token = _priority.set(Priority.BACKGROUND)
    try:
        yield
    finally:
        _priority.reset(token)


class GlobalPacer:
    """At most ``share`` starts in any ``period``, and at most ``burst`` in any
    ``period * burst / share``. When the window is full, waiting requests go in order of
    priority, then of arrival; a background request that has waited ``patience`` seconds goes
    next whatever waits, so that a busy bot still redraws its tables now and then.

    ``limit`` is the whole bot's budget; ``share`` is this process's part of it, all of it for a
    process alone (``bot.client.budget`` moves it when several processes share one bot). Time comes
    from ``clock`` (tests drive a ``ManualClock``). ``share``, ``used``, ``started`` and ``waits`` are
    plain figures for monitoring."""

    def __init__(
        self,
        requests: int = GLOBAL_REQUESTS,
        period: float = PERIOD,
        burst: int = BURST,
        patience: float = PATIENCE,
        clock: Clock | None = None,
    ) -> None:
        self.limit = requests
        self.period = period
        self.patience = patience
        self.clock: Clock = clock or SystemClock()
        self._burst_ratio = min(burst, requests) / requests
        self._share = requests
        self.burst = min(burst, requests)
        self._started: collections.deque[float] = collections.deque()  # when each began (burst cap)
        self._counted: collections.deque[float] = collections.deque()  # when each began to count
        self._in_flight = 0  # requests sent and not answered yet: they count until answered
        self._waiting: dict[Priority, collections.deque[tuple[float, asyncio.Future[None], bool]]] = {
            p: collections.deque() for p in Priority
        }
        self._timer: TimerHandle | None = None
        self.started = 0  # requests let through since the start
        self.waits = 0  # requests that had to wait

    @property
    def share(self) -> int:
        """Requests this process may start in any ``period`` (0: none until it is given more)."""
        return self._share

    @share.setter
    def share(self, requests: int) -> None:
        """A new share applies at once: the starts of the last ``period`` count against it (a
        smaller one lets nothing through until they are old enough), and waiters go if it grew."""
        self._share = max(0, min(requests, self.limit))
        self.burst = max(1, round(self._share * self._burst_ratio))
        if any(self._waiting.values()):
            self._release()

    @property
    def used(self) -> int:
        """Requests in flight and answered in the last ``period``."""
        self._forget_old(self.clock.now())
        return self._in_flight + len(self._counted)

    def demand(self) -> int:
        """What this process would start in a ``period`` now: what it did in the last one and what
        waits."""
        return self.used + sum(1 for queue in self._waiting.values() for _at, f, _s in queue if not f.done())

    def use(self) -> BudgetUse:
        """The window now, for the metrics (``bot.telemetry.GlobalBudget``): what counts against this
        process's share of the bot's global limit."""
        return BudgetUse(
            started=self.used,
            limit=self.share,
            period=self.period,
            waiting={p.name.lower(): sum(not f.done() for _at, f, _s in q) for p, q in self._waiting.items()},
        )

    def backlog(self, priority: Priority = Priority.PLAYER) -> int:
        """Requests of ``priority`` or more urgent waiting for the window now."""
        return sum(
            1 for p, queue in self._waiting.items() if p <= priority for _at, f, _s in queue if not f.done()
        )

    async def acquire(self, priority: Priority | None = None) -> None:
        """Wait until a request may start without passing ``share`` in the last ``period``
        (``priority`` defaults to the caller's, see ``background``)."""
        await self._acquire(priority, sending=False)

    @contextlib.asynccontextmanager
    async def sending(self, priority: Priority | None = None) -> AsyncIterator[None]:
        """``acquire``, for a request that counts from when it starts until a ``period`` after its
        answer: Discord counts it when it arrives, at the latest when it is answered, so a request
        held up on its way (a busy loop, a full connection pool) can't land in the same second as
        the next window's."""
        await self._acquire(priority, sending=True)
        try:
            yield
        finally:
            self._answered()

    async def _acquire(self, priority: Priority | None, sending: bool) -> None:
        priority = _priority.get() if priority is None else priority
        now = self.clock.now()
        self._forget_old(now)
        if not any(self._waiting.values()) and self._room_at(now) <= now:
            self._start(now, sending)
            return
        self.waits += 1
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[priority].append((now, waiter, sending))
        self._release()
        try:
            await waiter  # cancelled while waiting: ``_release`` skips it
        except asyncio.CancelledError:
            if sending and waiter.done() and not waiter.cancelled():
                self._answered()  # let in, then cancelled before it was sent: nothing in flight
            raise

    def _start(self, now: float, sending: bool) -> None:
        self._started.append(now)
        if sending:
            self._in_flight += 1
        else:
            self._counted.append(now)
        self.started += 1

    def _answered(self) -> None:
        self._in_flight -= 1
        self._counted.append(self.clock.now())
        if any(self._waiting.values()):
            self._release()

    def _room_at(self, now: float) -> float:
        """When the next request may start (``now`` or earlier if it may start now; never while
        the share is 0, nor while requests in flight alone fill it)."""
        if self._share <= 0:
            return math.inf
        at = now
        held = self._in_flight + len(self._counted)
        if held >= self._share:
            oldest = held - self._share  # the answered request whose age makes room
            if oldest >= len(self._counted):
                return math.inf  # an answer will (``_answered``)
            at = max(at, self._counted[oldest] + self.period)
        if len(self._started) >= self.burst:
            at = max(at, self._started[-self.burst] + self.period * self.burst / self._share)
        return at

    def _forget_old(self, now: float) -> None:
        for times in (self._started, self._counted):
            while times and now - times[0] >= self.period:
                times.popleft()

    def _next(self, now: float) -> collections.deque[tuple[float, asyncio.Future[None], bool]] | None:
        """The queue whose head goes next: a background request past its patience, else the most
        urgent one (cancelled waiters are dropped on the way)."""
        for queue in self._waiting.values():
            while queue and queue[0][1].done():
                queue.popleft()
        late = self._waiting[Priority.BACKGROUND]
        if late and now - late[0][0] >= self.patience:
            return late
        return next((queue for queue in self._waiting.values() if queue), None)

    def _release(self) -> None:
        """Let in as many waiters as the window has room for, and come back when it has room
        again."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        now = self.clock.now()
        self._forget_old(now)
        while self._room_at(now) <= now and (queue := self._next(now)) is not None:
            _at, waiter, sending = queue.popleft()
            self._start(now, sending)
            waiter.set_result(None)
        at = self._room_at(now)
        if any(self._waiting.values()) and at < math.inf:
            self._timer = self.clock.call_at(at, self._release)


def pace(client: discord.Client, pacer: GlobalPacer | None = None) -> GlobalPacer:
    """Route every REST call of ``client`` through a ``GlobalPacer``, one at a time per channel's
    (guild's, webhook's) bucket."""
    pacer = pacer or GlobalPacer()
    request = client.http.request
    in_flight = InFlight()

    @functools.wraps(request)
    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        if not route.major_parameters:
            async with pacer.sending():
                return await request(route, **kwargs)
        async with in_flight.one(f"{route.key}:{route.major_parameters}"), pacer.sending():
            return await request(route, **kwargs)

    client.http.request = paced  # type: ignore[method-assign]
    return pacer
