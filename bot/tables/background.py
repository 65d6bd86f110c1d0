"""Background work a service starts on the event loop (the table service's neighbours, the Discord
presenter's redraws and DMs): kept so that a stop can end it and a test can wait for it
(``settle``), and a failure is logged, not lost with its task."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


class Background:
    """The tasks of one service, named ``what`` in the log. A task's exception is logged as an
    error, unless ``stopping()`` says the bot is stopping: then the work was cut short by the stop
    (and is carried on at the next start), not broken, and it is logged as information."""

    def __init__(self, what: str, stopping: Callable[[], bool] | None = None) -> None:
        self.what = what
        self._stopping = stopping
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Start ``coro``; the task is returned for a caller that also awaits the work (or shares
        it with others)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    @property
    def idle(self) -> bool:
        """Nothing running: what ``settle`` waits for."""
        return not self._tasks

    async def settle(self) -> None:
        """Wait for the work started so far, and for what it starts in turn."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def cancel(self) -> None:
        """End every task (a stop), and whatever they start as they end, and wait for them: a task
        left would go on after what it uses (the database, the HTTP session) is closed."""
        while self._tasks:
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled() or (exc := task.exception()) is None:
            return
        if self._stopping is not None and self._stopping():
            log.info("%s stopped with the bot: %s", self.what, exc)
        else:
            log.error("%s failed", self.what, exc_info=exc)
