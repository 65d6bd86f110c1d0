"""The presenter's background work (redraws, DM channels opened ahead): tracked, so that a test can
wait for it to finish and the shutdown can stop it, and logged if it fails."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Background:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("presenter task failed", exc_info=task.exception())

    @property
    def idle(self) -> bool:
        """Nothing running: what ``settle`` waits for."""
        return not self._tasks

    async def settle(self) -> None:
        """Wait until every task (and any it started) has finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def cancel(self) -> None:
        """Drop whatever is still running (at shutdown), and whatever that starts as it ends: a
        task left would go on after the bot's HTTP session is closed."""
        while self._tasks:
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
