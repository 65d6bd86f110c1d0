"""Computer players' decisions, off the event loop, in a bounded worker pool.

The ``hard`` level is CPU-heavy pure Python, so production uses a process pool (no GIL contention
with the event loop); tests use threads or run inline. At most ``workers`` decisions run at once; when
decisions queue up, the ``hard`` level's time budget shrinks in proportion instead of tables waiting.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from functools import partial

from bot.ai import Level, decide
from bot.engine.moves import Move
from bot.engine.view import SeatView
from bot.processes import worker_pool


class PoolKind(Enum):
    PROCESS = "process"
    THREAD = "thread"
    INLINE = "inline"  # on the event loop: only for fast placeholder players in tests


@dataclass(frozen=True, slots=True)
class ComputerSettings:
    kind: PoolKind = PoolKind.PROCESS
    workers: int = 2
    hard_budget: float = 0.25  # seconds of search for `hard` when nothing is queued
    min_budget: float = 0.02  # never less than this under load


class ComputerPool:
    def __init__(self, settings: ComputerSettings | None = None) -> None:
        self.settings = settings or ComputerSettings()
        self._executor: Executor | None = None
        if self.settings.kind is PoolKind.PROCESS:
            self._executor = worker_pool(self.settings.workers)  # workers exit if the bot dies
        elif self.settings.kind is PoolKind.THREAD:
            self._executor = ThreadPoolExecutor(self.settings.workers, thread_name_prefix="computer")
        self._slots = asyncio.Semaphore(self.settings.workers)
        self._queued = 0  # decisions waiting for a worker
        self.budgets: list[float] = []  # recent `hard` budgets handed out (observability, tests)

    def budget(self, level: Level) -> float | None:
        """The search time for ``level`` now; shrinks as decisions queue behind this one."""
        if level is not Level.HARD:
            return None
        s = self.settings
        load = self._queued / s.workers
        return max(s.min_budget, s.hard_budget / (1.0 + load))

    async def decide(self, view: SeatView, level: Level, seed: int) -> Move:
        self._queued += 1
        try:
            await self._slots.acquire()
        finally:
            self._queued -= 1
        try:
            budget = self.budget(level)
            if budget is not None:
                self.budgets = [*self.budgets[-99:], budget]
            if self._executor is None:
                return decide(view, level, seed=seed, time_budget=budget)
            loop = asyncio.get_running_loop()
            job = partial(decide, view, level, seed=seed, time_budget=budget)
            return await loop.run_in_executor(self._executor, job)
        finally:
            self._slots.release()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
