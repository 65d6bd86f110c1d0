"""One at a time per key (a Discord bucket, a person starting their daily game): callers with the
same key wait their turn, callers with different keys never wait for each other."""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import AsyncIterator


class InFlight:
    """One holder at a time per key; the locks of idle keys are dropped, so memory holds only
    the keys in use."""

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
