"""Processes of one bot keeping their pacers at their shares of its one global budget, through one
PostgreSQL database (the reports driven one by one, time on a manual clock)."""

from __future__ import annotations

import asyncio

from bot.client.budget import BudgetKeeper
from bot.client.pacing import GlobalPacer
from bot.storage import Database
from bot.storage.budget import MIN_SHARE, SILENT
from bot.storage.lease import LeaseHolder, shard_lease
from bot.tables.clock import ManualClock
from tests.cogs.hearts.test_pacing import turns

LIMIT = 40
NOW = 1_750_000_000.0  # the test's time (epoch seconds): leases and reports are stamped with it


async def test_a_busy_newcomer_gets_its_part_as_the_first_process_gives_it_up(postgres_url: str) -> None:
    db = await Database.open(postgres_url)
    try:
        clock = ManualClock(NOW)
        first, newcomer = [await _process(db, clock, shard) for shard in (0, 1)]
        await first.report()
        assert first.pacer.share == LIMIT  # alone: the whole limit
        newcomer.pacer.share = MIN_SHARE  # as the app starts it, until its first report
        waiting = [asyncio.create_task(newcomer.pacer.acquire()) for _ in range(3 * LIMIT)]
        await turns()
        await newcomer.report()
        assert newcomer.pacer.share == 0  # the first holds it all (its two went out before)
        seen = []
        for _ in range(8):  # two seconds of reports, a quarter second apart
            clock.advance(0.25)
            await first.report()
            await newcomer.report()
            seen.append((first.pacer.share, newcomer.pacer.share))
            assert first.pacer.share + newcomer.pacer.share <= LIMIT
        assert seen[0] == (MIN_SHARE, 0)  # the first gives its part up at once (nothing to do) ...
        assert seen[-1] == (MIN_SHARE, LIMIT - MIN_SHARE)  # ... and the newcomer has it a window later
        assert 1.0 <= seen.index(seen[-1]) * 0.25 + 0.25 <= 1.5  # re-balanced within a second or so
        await newcomer.stop()  # it stops: its share is free at once
        await first.report()
        assert first.pacer.share == LIMIT
        for task in waiting:
            task.cancel()
    finally:
        await db.close()


async def test_a_smaller_share_is_applied_before_it_is_written(postgres_url: str) -> None:
    db = await Database.open(postgres_url)
    try:
        clock = ManualClock(NOW)
        first, second = [await _process(db, clock, shard) for shard in (0, 1)]
        await first.report()
        second.pacer.demand = lambda: 100  # type: ignore[method-assign]
        await second.report()  # a busy second process: the first is to give its part up
        lowered: list[int] = []
        share = await db.take_share(first.holder, 0, LIMIT, 1.25, clock.now, lowered.append)
        assert lowered == [share] == [MIN_SHARE]
    finally:
        await db.close()


async def test_a_process_whose_reports_keep_failing_keeps_only_the_least(postgres_url: str) -> None:
    """Its database connection is gone for longer than ``SILENT``: the others may take it for dead
    and its share up, so it keeps ``MIN_SHARE`` until it reports again (it kept its share for ever,
    the others' too: more than the limit together)."""
    db = await Database.open(postgres_url)
    clock = ManualClock(NOW)
    keeper = await _process(db, clock, 0)
    await keeper.tick()
    assert keeper.pacer.share == LIMIT
    await db.close()  # every report fails from now on
    seen = []
    for _ in range(int(SILENT / 0.25) + 1):
        clock.advance(0.25)
        await keeper.tick()
        seen.append(keeper.pacer.share)
    assert seen[0] == LIMIT and seen[-1] == MIN_SHARE  # kept a while, then the least


async def _process(db: Database, clock: ManualClock, shard: int) -> BudgetKeeper:
    """A bot process holding shard ``shard`` of 3 and its pacer."""
    me = LeaseHolder(f"run-{shard}", 1000 + shard, "elsewhere", clock.now())
    assert await db.acquire_lease(shard_lease(3, [shard]), me, 3600.0, clock=clock.now) is None
    return BudgetKeeper(GlobalPacer(requests=LIMIT, clock=clock), db, me.holder)
