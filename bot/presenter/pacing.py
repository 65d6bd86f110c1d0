"""Keeping under Discord's rate limits before they bite.

discord.py learns each route's bucket from the response headers and waits on its own, but it only
learns about the global limit (50 requests a second per bot) from a 429: a hundred tables dealing
at once meant hundreds of them. ``GlobalPacer`` lets at most ``requests`` bot-token REST calls
start in any ``period`` (a sliding window, under Discord's 50/s).

Within a bucket (a route and its channel), discord.py sends several requests at once when its copy
of the window says so; one still travelling when Discord's window turns over counts in the new
window, which discord.py already refilled: a 429. So ``pace`` also keeps one request in flight per
bucket: they are at most a few a second per channel anyway, and each waits only for the previous
answer.

Interaction responses and followups go through discord.py's webhook adapter, not
``HTTPClient.request``, and Discord exempts them from the global limit, so answering a click never
waits here.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

import discord

GLOBAL_REQUESTS = 40  # per PERIOD: Discord allows 50 a second; the margin absorbs requests that
# reach Discord later than they left the pacer (a busy loop, a full connection pool)
PERIOD = 1.0


class GlobalPacer:
    def __init__(self, requests: int = GLOBAL_REQUESTS, period: float = PERIOD) -> None:
        self.requests = requests
        self.period = period
        self._started: collections.deque[float] = collections.deque()
        self._lock = asyncio.Lock()
        self.waits = 0  # requests that had to wait (for benchmarks)

    async def acquire(self) -> None:
        """Wait until a request may start without passing ``requests`` in the last ``period``."""
        async with self._lock:  # first come, first served
            loop = asyncio.get_running_loop()
            while True:
                now = loop.time()
                while self._started and now - self._started[0] >= self.period:
                    self._started.popleft()
                if len(self._started) < self.requests:
                    self._started.append(now)
                    return
                self.waits += 1
                await asyncio.sleep(self.period - (now - self._started[0]))


class InFlight:
    """One request at a time per key; the locks of idle keys are dropped."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: collections.Counter[str] = collections.Counter()

    @contextlib.asynccontextmanager
    async def one(self, key: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] += 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key], self._locks[key]


def pace(client: discord.Client, pacer: GlobalPacer | None = None) -> GlobalPacer:
    """Route every REST call of ``client`` through one-per-bucket and a ``GlobalPacer``."""
    pacer = pacer or GlobalPacer()
    request = client.http.request
    in_flight = InFlight()

    @functools.wraps(request)
    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        async with in_flight.one(f"{route.key}:{route.major_parameters}"):
            await pacer.acquire()
            return await request(route, **kwargs)

    client.http.request = paced  # type: ignore[method-assign]
    return pacer
