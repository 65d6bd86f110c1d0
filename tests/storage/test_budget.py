"""One bot's global budget divided among its processes through their database: the division, and the
shares as processes come, ask for more, go quiet and die (time passed in by the test, the leases'
too: nothing reads the real clock)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.storage import Database
from bot.storage.budget import MIN_SHARE, SILENT, divide
from bot.storage.lease import LeaseHolder, shard_lease

LIMIT = 40
HOLD = 1.25  # a window and a report
NOW = 1_750_000_000.0  # the test's time (epoch seconds): leases and reports are stamped with it


def test_the_division_follows_demand_and_spreads_what_nobody_asks_for() -> None:
    assert divide(LIMIT, {"a": 100}) == {"a": 40}
    assert divide(LIMIT, {"a": 100, "b": 100}) == {"a": 20, "b": 20}
    assert divide(LIMIT, {"a": 100, "b": 5}) == {"a": 35, "b": 5}
    assert divide(LIMIT, {"a": 100, "b": 0, "c": 0}) == {"a": 36, "b": MIN_SHARE, "c": MIN_SHARE}
    assert divide(LIMIT, {"a": 4, "b": 6}) == {"a": 19, "b": 21}  # 30 left over, 15 each
    assert divide(LIMIT, {"a": 30, "b": 30, "c": 30}) == {"a": 13, "b": 13, "c": 14}


@given(st.integers(1, 60), st.dictionaries(st.text(min_size=1, max_size=3), st.integers(0, 80), min_size=1))
def test_the_parts_sum_to_the_limit_fairly(limit: int, demands: dict[str, int]) -> None:
    parts = divide(limit, demands)
    assert sum(parts.values()) == limit and set(parts) == set(demands)
    floor = min(MIN_SHARE, limit // len(demands))
    assert all(part >= floor for part in parts.values())
    short = [h for h in demands if parts[h] < demands[h]]
    if short:  # someone got less than they asked: nobody got more, and the short ones alike
        assert all(part <= max(demands[h], floor) for h, part in parts.items())
        assert max(parts[h] for h in short) - min(parts[h] for h in short) <= 1
    assert parts == divide(limit, dict(reversed(list(demands.items()))))  # order does not matter


async def test_processes_share_the_limit_and_never_hold_more_than_it(db_url: str) -> None:
    db = await Database.open(db_url)
    try:
        a, b, c = [await _process(db, shard) for shard in range(3)]
        shares: dict[str, int] = {}

        async def report(who: LeaseHolder, demand: int, at: float) -> int:
            shares[who.holder] = await db.take_share(who.holder, demand, LIMIT, HOLD, lambda: at)
            assert sum(shares.values()) <= LIMIT, shares
            return shares[who.holder]

        assert await report(a, 100, NOW) == LIMIT  # alone: the whole limit, as a single process has
        assert await report(b, 100, NOW) == 0  # a newcomer waits until a gives some up ...
        assert await report(a, 100, NOW + 0.25) == 20  # ... which it does at its next report ...
        assert await report(b, 100, NOW + 0.5) == 0  # ... keeping it reserved for a window and a report
        assert await report(b, 100, NOW + 0.25 + HOLD) == 20
        assert await report(c, 0, NOW + 2.0) == 0  # a quiet third process
        assert await report(a, 100, NOW + 2.25) == 19  # 40 = 19 + 19 + 2
        assert await report(b, 100, NOW + 2.25) == 19
        assert await report(c, 0, NOW + 2.25 + HOLD) == MIN_SHARE
        assert await report(b, 0, NOW + 3.0) == MIN_SHARE  # b goes quiet and gives its part up ...
        assert await report(a, 100, NOW + 3.0) == 19  # ... which a gets once b's reservation ends
        assert await report(a, 100, NOW + 3.0 + HOLD) == LIMIT - 2 * MIN_SHARE
    finally:
        await db.close()


async def test_a_dead_process_gives_its_share_back_when_its_lease_expires(db_url: str) -> None:
    db = await Database.open(db_url)
    try:
        a = await _process(db, 0)
        dead = await _process(db, 1, ttl=2.0)  # its lease runs out at NOW + 2: it stopped renewing
        assert await db.take_share(dead.holder, 100, LIMIT, HOLD, lambda: NOW) == LIMIT
        assert (
            await db.take_share(a.holder, 100, LIMIT, HOLD, lambda: NOW + 1.0) == 0
        )  # the other holds it all
        at, share = NOW + 1.0, 0
        while at < NOW + SILENT + 1.0:  # a reports on; the other's lease is gone, and its voice
            at += 0.5
            share = await db.take_share(a.holder, 100, LIMIT, HOLD, lambda t=at: t)
        assert share == LIMIT  # silent for SILENT seconds meanwhile: dead, all free
        await db.drop_share(a.holder)  # a stopping process gives its share back at once
        c = await _process(db, 2)
        assert await db.take_share(c.holder, 100, LIMIT, HOLD, lambda: at) == LIMIT
    finally:
        await db.close()


async def test_after_an_outage_longer_than_a_lease_the_processes_still_share_the_limit(db_url: str) -> None:
    """The database was out for longer than a lease: every lease looks gone when it is back, before
    the processes renew them. Those that report again are alive: shared, never more than the limit
    together (each one's report dropped the others' rows and its own, and each took it all)."""
    db = await Database.open(db_url)
    try:
        processes = [await _process(db, shard, ttl=30.0) for shard in range(3)]
        shares = {p.holder: 0 for p in processes}
        at = NOW
        for _ in range(8):  # shared out before the outage
            for p in processes:
                at += 0.1
                shares[p.holder] = await db.take_share(p.holder, 100, LIMIT, HOLD, lambda t=at: t)
        at += 35.0  # the outage: no report, and every lease has run out meanwhile
        for _ in range(8):
            for p in processes:
                at += 0.1
                shares[p.holder] = await db.take_share(p.holder, 100, LIMIT, HOLD, lambda t=at: t)
                assert sum(shares.values()) <= LIMIT, shares
    finally:
        await db.close()


async def _process(db: Database, shard: int, ttl: float = 3600.0) -> LeaseHolder:
    """One bot process holding shard ``shard`` of 3 (its lease is what keeps its share alive),
    taken at ``NOW`` of the test's time."""
    me = LeaseHolder(f"run-{shard}", 1000 + shard, "elsewhere", NOW)
    assert await db.acquire_lease(shard_lease(3, [shard]), me, ttl, clock=lambda: NOW) is None
    return me
