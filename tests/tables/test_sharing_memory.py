"""What a process keeps of other processes' tables (PostgreSQL, several processes): shard 0 loads
every table a DM click or an Activity page reaches, and hears every save; once a table is no longer
open, its supervisor's poll forgets it, so a long-running process keeps only the open ones."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.tables import Actor, Refused
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, Rig, options, rig

ALICE = Actor("alice")


async def process(url: str, owns: Callable[[str], bool]) -> Rig:
    """A bot process's table service on the shared database, owning the servers ``owns`` says."""
    r = await rig(url, start=False)
    r.service.owns = owns
    await r.service.start()
    return r


async def heard(check: Callable[[], bool]) -> None:
    """Wait (bounded) until a process has heard what another saved: NOTIFY has no answer."""
    async with asyncio.timeout(20):
        while not check():
            await asyncio.sleep(0.01)


async def test_other_processes_tables_that_ended_are_forgotten_at_the_poll_the_open_ones_kept(
    postgres_url: str,
) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    raw = RawDatabase(postgres_url)
    try:
        tids = []
        for _ in range(4):
            tid = (
                await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1), seed=5)
            ).table_id
            await owner.service.start_game(ALICE, tid)
            await owner.service.settle()
            await shard0.service.visit(tid)  # a DM click on shard 0, or an Activity page's read
            assert tid in shard0.service._foreign
            tids.append(tid)
        ended, still_open = tids[:3], tids[3]
        for tid in ended:
            await owner.service.leave(ALICE, tid)  # the only person quits: the game ends in its owner
        await owner.service.settle()
        last = {int(i): int(seq) for i, seq in await raw.fetch("SELECT id, seq FROM tables", ())}
        await heard(lambda: all(shard0.service._heard_elsewhere.get(t) == last[t] for t in ended))
        shard0.clock.advance(shard0.service.settings.supervise_interval)  # the supervisor's poll
        await shard0.service.settle()
        assert not [t for t in ended if t in shard0.service._foreign]
        assert not [t for t in ended if t in shard0.service._heard_elsewhere]
        # the open table is kept as before, and heard as before
        assert still_open in shard0.service._foreign
        assert shard0.service._heard_elsewhere.get(still_open) == last[still_open]
        assert shard0.service.snapshot(still_open).table_id == still_open
        for tid in ended:  # read again, the database says closed (and nothing is kept of it)
            await shard0.service.visit(tid)
            assert tid not in shard0.service._foreign
            with pytest.raises(Refused):
                shard0.service.snapshot(tid)
    finally:
        await owner.close()
        await shard0.close()
