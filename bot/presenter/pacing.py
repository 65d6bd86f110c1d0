"""Keeping under Discord's global rate limit (50 requests a second per bot) before it bites.

discord.py learns each route's bucket from the response headers and waits on its own, but it only
learns about the global limit from a 429: a hundred tables dealing at once meant hundreds of them.
``GlobalPacer`` lets at most ``requests`` bot-token REST calls start in any ``period`` (a sliding
window, a little under Discord's 50/s). Interaction responses and followups go through discord.py's
webhook adapter, not ``HTTPClient.request``, and Discord exempts them from the global limit, so
answering a click never waits here.
"""

from __future__ import annotations

import asyncio
import collections
import functools
from typing import Any

import discord

GLOBAL_REQUESTS = 45  # per PERIOD: Discord allows 50 a second; the margin absorbs clock skew
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


def pace(client: discord.Client, pacer: GlobalPacer | None = None) -> GlobalPacer:
    """Route every REST call of ``client`` through a ``GlobalPacer``."""
    pacer = pacer or GlobalPacer()
    request = client.http.request

    @functools.wraps(request)
    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        await pacer.acquire()
        return await request(route, **kwargs)

    client.http.request = paced  # type: ignore[method-assign]
    return pacer
