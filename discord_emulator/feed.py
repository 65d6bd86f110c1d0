"""Waiting for things to happen, without sleeping.

Every change in the emulator (a request recorded, a message created or edited, a callback) calls
`ChangeFeed.changed()`, which bumps a counter and wakes the waiters; a waiter re-checks its
condition and goes back to sleep until the next change or its deadline. A failure reported
elsewhere (an unimplemented endpoint, an ERROR log) ends every wait at once. Conditions on the
bot's side (its own state, which the emulator cannot see change) are re-checked every 50 ms too.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Literal, Protocol, TypeVar

from .errors import EmulatorFailure, EmulatorTimeout

T = TypeVar("T")
RECHECK_INTERVAL = 0.05
# The default bound of a wait: generous, since a wait ends as soon as its condition holds, and a
# loaded machine (2 cores shared by several test runs) can take seconds where an idle one takes ms.
WAIT_TIMEOUT = 20.0


class HasSeq(Protocol):
    seq: int


Since = int | HasSeq


def mark_of(since: Since) -> int:
    """A `since=` argument as a change-feed number: a mark, or anything with `.seq` (an interaction)."""
    return since if isinstance(since, int) else since.seq


class ChangeFeed:
    def __init__(self) -> None:
        self._event = asyncio.Event()
        self.counter = 0
        self.failures: list[str] = []

    def changed(self) -> int:
        """Record one change; returns its sequence number."""
        self.counter += 1
        self._event.set()
        self._event = asyncio.Event()
        return self.counter

    def fail(self, description: str) -> None:
        """Report a failure: every current and future wait raises `EmulatorFailure`."""
        self.failures.append(description)
        self.changed()

    def raise_failures(self) -> None:
        if self.failures:
            raise EmulatorFailure("the emulator saw failures:\n" + "\n".join(self.failures))

    async def wait_until(
        self,
        check: Callable[[], T | Literal[False] | None],
        *,
        timeout: float,
        what: str,
        context: Callable[[], str] | None = None,
    ) -> T:
        """Return the first truthy `check()`; raise `EmulatorTimeout` after `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.raise_failures()
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                detail = f"\n{context()}" if context else ""
                raise EmulatorTimeout(f"timed out after {timeout:g}s waiting for {what}{detail}")
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, RECHECK_INTERVAL))
