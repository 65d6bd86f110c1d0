"""Computer players' decisions, off the event loop, in a bounded worker pool.

The ``hard`` level is CPU-heavy pure Python, so production uses a process pool (no GIL contention
with the event loop); tests use threads or run inline. At most ``workers`` decisions run at once,
first come first served. ``hard`` searches until its budget is spent, so the pool shares the CPU
by sizing each budget when the decision gets a worker: its fair share when decisions queue up (the
budget divided by how many wait per worker), and never more than what is left of ``hard_budget``
since the decision was asked for. So every table still moves within about
``hard_budget`` of asking, however many tables need a move at once (down to ``min_budget`` each).

Background work (the coach of ``bot.review``) goes through ``background``, at a lower priority: its
own single worker, at the operating system's lowest priority in production, and each job starts only
while no computer turn is waiting for a worker. So a live table's computer turn is never queued
behind it, and the CPU goes to the live tables first; jobs are short (one decision each), so the
next check comes soon.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import TypeVar

from bot import telemetry
from bot.ai import Level, decide
from bot.engine.moves import Move
from bot.engine.view import SeatView
from bot.processes import worker_pool

_T = TypeVar("_T")
LOWEST_PRIORITY = 19
"""The ``nice`` of the background worker process: it gets the CPU only when nothing else wants it."""


def _lowest_priority() -> None:
    """Background worker initializer: drop to the lowest scheduling priority."""
    os.nice(LOWEST_PRIORITY)


def computer_seed(table_seed: int, move_number: int, seat: int) -> int:
    """The seed of a computer's decision: from the table's seed, the move number and the seat only
    (never a clock), so the same cards and the same moves meet the same answers (the daily's
    fairness; its par replays the table's computers with it)."""
    return (table_seed * 1_000_003 + move_number * 101 + seat) & 0x7FFF_FFFF_FFFF


class PoolKind(Enum):
    PROCESS = "process"
    THREAD = "thread"
    INLINE = "inline"  # on the event loop: only for fast placeholder players in tests


@dataclass(frozen=True, slots=True)
class ComputerSettings:
    kind: PoolKind = PoolKind.PROCESS
    workers: int = 2
    hard_budget: float = 0.25  # seconds from asking to the move for `hard` (search time when idle)
    min_budget: float = 0.02  # never less than this under load
    overhead: float = 0.02  # kept back from the budget: hand-over to the worker and back


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
        self._no_queue = asyncio.Event()  # set while no decision waits for a worker
        self._no_queue.set()
        self.closed = False
        self._background: Executor | None = None  # made at the first background job
        self._background_slot = asyncio.Lock()
        self.budgets: list[float] = []  # recent `hard` budgets handed out (observability, tests)
        self.timings: deque[tuple[Level, float]] = deque(maxlen=10_000)
        """Recent decisions: level and seconds from asking to the move (observability, benchmarks)."""

    def budget(self, level: Level, waited: float = 0.0) -> float | None:
        """The search time for ``level`` now, after ``waited`` seconds in the queue: the fair share
        while decisions queue behind this one, within what is left of ``hard_budget``."""
        if level is not Level.HARD:
            return None
        s = self.settings
        share = s.hard_budget / (1.0 + self._queued / s.workers)
        left = s.hard_budget - waited - s.overhead
        return max(s.min_budget, min(share, left))

    async def decide(self, view: SeatView, level: Level, seed: int, *, deals: int | None = None) -> Move:
        """The move for ``view``. ``deals``: a fixed amount of work for ``hard`` instead of a time
        budget (deterministic from the seed: the daily's par)."""
        asked = time.perf_counter()
        self._queued += 1
        self._no_queue.clear()
        try:
            await self._slots.acquire()
        finally:
            self._queued -= 1
            if not self._queued:
                self._no_queue.set()
        try:
            budget = None if deals is not None else self.budget(level, time.perf_counter() - asked)
            if budget is not None:
                self.budgets = [*self.budgets[-99:], budget]
            if self._executor is None:
                move = decide(view, level, seed=seed, time_budget=budget, deals=deals)
            else:
                loop = asyncio.get_running_loop()
                job = partial(decide, view, level, seed=seed, time_budget=budget, deals=deals)
                move = await loop.run_in_executor(self._executor, job)
            took = time.perf_counter() - asked
            self.timings.append((level, took))
            telemetry.COMPUTER_DECISION.labels(level.value).observe(took)
            return move
        finally:
            self._slots.release()

    async def background(self, job: Callable[[], _T]) -> _T:
        """Run ``job`` (picklable, CPU-bound) at low priority: one at a time, in a worker of its
        own, started only while no computer turn waits for a worker (see the module's doc)."""
        async with self._background_slot:
            while not self._no_queue.is_set():
                await self._no_queue.wait()
            kind = self.settings.kind
            if kind is PoolKind.INLINE:
                return job()
            if self._background is None:
                if kind is PoolKind.PROCESS:
                    self._background = worker_pool(1, _lowest_priority)
                else:
                    self._background = ThreadPoolExecutor(1, thread_name_prefix="background")
            return await asyncio.get_running_loop().run_in_executor(self._background, job)

    def close(self) -> None:
        self.closed = True  # the bot is stopping: work refused from now on is no failure
        for executor in (self._executor, self._background):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
