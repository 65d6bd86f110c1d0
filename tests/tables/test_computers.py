"""The computer players' worker pool: bounded, off the event loop, shrinking hard's budget."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor

from bot.ai import Level
from bot.engine import Game, Move, Occupant, RuleSet, SeatView
from bot.tables import ComputerPool, ComputerSettings, PoolKind


def test_hard_budget_shrinks_as_decisions_queue() -> None:
    pool = ComputerPool(ComputerSettings(kind=PoolKind.INLINE, workers=2, hard_budget=0.25, min_budget=0.02))
    assert pool.budget(Level.NORMAL) is None
    idle = pool.budget(Level.HARD)
    pool._queued = 6  # six decisions waiting for two workers
    busy = pool.budget(Level.HARD)
    pool._queued = 10_000
    assert idle == 0.25 - pool.settings.overhead and busy is not None and busy < idle
    assert pool.budget(Level.HARD) == 0.02


def test_hard_budget_ends_where_the_time_since_asking_does() -> None:
    """A decision that waited for a worker gets only what is left of the budget (never less than
    the minimum), so its table still moves about on time."""
    settings = ComputerSettings(kind=PoolKind.INLINE, workers=2, hard_budget=0.25, min_budget=0.02)
    pool = ComputerPool(settings)
    fresh = pool.budget(Level.HARD, waited=0.0)
    late = pool.budget(Level.HARD, waited=0.15)
    assert fresh is not None and late is not None
    assert fresh == 0.25 - settings.overhead
    assert late == 0.25 - 0.15 - settings.overhead
    assert pool.budget(Level.HARD, waited=1.0) == 0.02


async def _decide_counting_turns(
    pool: ComputerPool, view: SeatView, level: Level, seed: int
) -> tuple[Move, int]:
    """The pool's decision, and how many turns another task got on the event loop meanwhile: none
    if the decision ran on the loop itself (nothing in ``decide`` yields before it is made)."""
    turns = 0
    deciding = True

    async def count() -> None:
        nonlocal turns
        while deciding:
            turns += 1
            await asyncio.sleep(0)  # one turn of the loop, no time

    counter = asyncio.create_task(count())
    try:
        move = await pool.decide(view, level, seed=seed)
    finally:
        deciding = False
        await counter
    return move, turns


async def test_thread_pool_decides_off_the_loop() -> None:
    pool = ComputerPool(ComputerSettings(kind=PoolKind.THREAD, workers=1))
    game = Game(RuleSet(), 1, [Occupant.computer()] * 4)
    move, turns = await _decide_counting_turns(pool, game.view(0), Level.HARD, seed=3)
    assert turns > 0  # the loop went on while the thread decided
    assert game.hand.is_legal(move)
    assert len(pool.budgets) == 1 and 0.2 < pool.budgets[0] <= 0.25
    assert [level for level, _ in pool.timings] == [Level.HARD]
    pool.close()


async def test_process_pool_decides_in_another_process() -> None:
    """The production kind: the decision runs in a worker process (not this one), the loop goes on
    meanwhile, and the view and the move cross the process boundary intact."""
    pool = ComputerPool(ComputerSettings(kind=PoolKind.PROCESS, workers=1))
    try:
        game = Game(RuleSet(), 2, [Occupant.computer()] * 4)
        move, turns = await _decide_counting_turns(pool, game.view(1), Level.NORMAL, seed=5)
        assert turns > 0
        assert game.hand.is_legal(move) and move.seat == 1
        assert isinstance(pool._executor, ProcessPoolExecutor)
        workers = set(pool._executor._processes)  # started when the first job was handed over
        assert workers and os.getpid() not in workers
    finally:
        pool.close()


async def test_a_fixed_amount_of_work_reaches_the_worker() -> None:
    """``deals`` (the daily's par: no clock, no time budget) is what a worker's ``hard`` searches
    with, so a pool of any kind decides as the event loop would on the same seed."""
    game = Game(RuleSet(), 4, [Occupant.computer()] * 4)
    inline = ComputerPool(ComputerSettings(kind=PoolKind.INLINE))
    threads = ComputerPool(ComputerSettings(kind=PoolKind.THREAD, workers=1))
    try:
        for seed in range(6):
            view = game.view(0)
            expected = await inline.decide(view, Level.HARD, seed=seed, deals=3)
            assert await threads.decide(view, Level.HARD, seed=seed, deals=3) == expected
        assert threads.budgets == []  # no time budget was given
    finally:
        threads.close()
        assert threads.closed
