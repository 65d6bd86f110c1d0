"""Computer players' decisions, off the event loop, in a bounded worker pool.

The ``hard`` level is CPU-heavy pure Python, so production uses a process pool (no GIL contention
with the event loop); tests use threads or run inline. At most ``workers`` decisions run at once,
first come first served. ``hard`` searches until its budget is spent, so the pool shares the CPU
by sizing each budget when the decision gets a worker: its fair share when decisions queue up (the
budget divided by how many wait per worker), and never more than what is left of ``hard_budget``
since the decision was asked for. So every table still moves within about
``hard_budget`` of asking, however many tables need a move at once (down to ``min_budget`` each).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from functools import partial

from bot import telemetry
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

    async def decide(self, view: SeatView, level: Level, seed: int) -> Move:
        asked = time.perf_counter()
        self._queued += 1
        try:
            await self._slots.acquire()
        finally:
            self._queued -= 1
        try:
            budget = self.budget(level, time.perf_counter() - asked)
            if budget is not None:
                self.budgets = [*self.budgets[-99:], budget]
            if self._executor is None:
                move = decide(view, level, seed=seed, time_budget=budget)
            else:
                loop = asyncio.get_running_loop()
                job = partial(decide, view, level, seed=seed, time_budget=budget)
                move = await loop.run_in_executor(self._executor, job)
            took = time.perf_counter() - asked
            self.timings.append((level, took))
            telemetry.COMPUTER_DECISION.labels(level.value).observe(took)
            return move
        finally:
            self._slots.release()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
