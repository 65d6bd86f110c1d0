"""Several bot processes on one database (PostgreSQL; SQLite's single process must see no change):
a table's save applied only on top of the row it was computed from, per-server rating updates that
lose nothing to a concurrent writer, one lease holder per shard range, and NOTIFY to the owner."""

from __future__ import annotations

import asyncio
import json
import os
import time
from dataclasses import replace

import pytest

from bot.storage import Database
from bot.storage.errors import StaleTable
from bot.storage.lease import ALL_SHARDS, LeaseHolder, overlapping, refusal_message, shard_lease
from bot.storage.ratings import default_rating, rate
from bot.storage.records import ActionRow, GameRecord, PlayerRecord, TableSaved, TableWrite
from tests.storage.targets import RawDatabase

AT = 1_767_225_600.0  # when the saves are made: a fixed instant (1 January 2026, 00:00 UTC), not the clock


def write(table_id: int, seq: int, *, guild: str = "g1", game: GameRecord | None = None) -> TableWrite:
    state = json.dumps({"seq": seq})
    action = ActionRow(seq, AT, seq, None, "move", "{}")
    return TableWrite(table_id, guild, "c1", "host", "playing", seq, None, state, 0.0, AT, action, game)


def won(table_id: int, guild: str, player: str) -> GameRecord:
    """A ranked game ``player`` won (its other people's rows left out), with three computers."""
    me = PlayerRecord(player, 0, 1, 10, 2, 1, 10, 0, 0, False)
    ranks = ((player, 1), ("computer:a", 2), ("computer:b", 3), ("computer:c", 4))
    return GameRecord(table_id, guild, AT, "score", 1, "{}", (me,), ranks, ranked=True)


async def test_a_save_computed_from_an_older_row_is_refused_and_writes_nothing(
    db_url: str, raw: RawDatabase
) -> None:
    mine, other = await Database.open(db_url), await Database.open(db_url)
    await mine.save_table(write(1, 1))
    await other.save_table(write(1, 2))  # the other process moved the table on
    with pytest.raises(StaleTable) as refused:
        await mine.save_table(write(1, 2))  # computed from action 1, as this process had it
    assert (refused.value.expected, refused.value.stored) == (1, 2)
    assert await raw.fetch("SELECT seq FROM actions WHERE table_id = 1 ORDER BY seq") == [(1,), (2,)]
    assert await mine.save_table(write(1, 3)) == ()  # on top of the stored row: applied
    # A table created by two processes with the same id: the second creation is refused.
    await other.save_table(write(2, 1))
    with pytest.raises(StaleTable):
        await mine.save_table(write(2, 1))
    await mine.close()
    await other.close()


async def test_racing_saves_of_one_table_apply_exactly_one_per_action(db_url: str, raw: RawDatabase) -> None:
    processes = [await Database.open(db_url) for _ in range(3)]
    await processes[0].save_table(write(7, 1))
    for seq in range(2, 12):
        outcomes = await asyncio.gather(
            *(db.save_table(write(7, seq)) for db in processes), return_exceptions=True
        )
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
        assert all(isinstance(o, StaleTable) for o in outcomes if isinstance(o, BaseException))
    assert await raw.fetch("SELECT seq FROM actions WHERE table_id = 7 ORDER BY seq") == [
        (s,) for s in range(1, 12)
    ]
    for db in processes:
        await db.close()


async def test_ratings_updated_by_concurrent_processes_lose_no_game(db_url: str, raw: RawDatabase) -> None:
    processes = [await Database.open(db_url) for _ in range(3)]
    games = 9
    await asyncio.gather(
        *(
            processes[n % 3].save_table(write(100 + n, 1, guild="g9", game=won(100 + n, "g9", "ann")))
            for n in range(games)
        )
    )
    # Every game the same: the order does not matter, only that each was counted on the last.
    expected = [default_rating()] * 4
    for _ in range(games):
        expected = rate(expected, [1, 2, 3, 4])
    ((mu, sigma),) = await raw.fetch(
        "SELECT mu, sigma FROM ratings WHERE guild_id = 'g9' AND player_id = 'ann'"
    )
    assert (mu, sigma) == pytest.approx(expected[0])
    assert await raw.fetch("SELECT COUNT(*) FROM game_players WHERE guild_id = 'g9'") == [(games,)]
    for db in processes:
        await db.close()


def test_shard_lease_names_and_overlaps() -> None:
    assert shard_lease(None) == ALL_SHARDS
    assert shard_lease(3, (0, 1)) == "shards:3/0-1"
    assert shard_lease(6, (0, 1, 2, 4)) == "shards:6/0-2,4"
    assert shard_lease(3) == "shards:3/0-2"
    assert not overlapping("shards:3/0", "shards:3/1-2")
    assert overlapping("shards:3/0-1", "shards:3/1-2")
    assert overlapping("shards:3/0", ALL_SHARDS)
    assert overlapping("shards:3/0", "shards:2/1")  # another split of the servers


async def test_one_holder_per_shard_range(db_url: str) -> None:
    db = await Database.open(db_url)
    parent = LeaseHolder("parent-run", os.getppid(), LeaseHolder.this_process().host, time.time() - 60)
    first, second = LeaseHolder.this_process(), LeaseHolder.this_process()
    assert await db.acquire_lease("shards:3/0", parent, 30.0) is None
    assert await db.acquire_lease("shards:3/1-2", first, 30.0) is None  # disjoint: both held
    for name in ("shards:3/0-1", ALL_SHARDS, "shards:2/1"):
        held = await db.acquire_lease(name, second, 30.0)
        assert held is not None and held.who == parent, name
        message = refusal_message(db.where, held, time.time())
        assert "for the shards 3/0" in message and f"process {os.getppid()}" in message
    # The holder of shard 0 dies: a replacement for the same range takes over once it expires.
    gone = LeaseHolder("gone-run", 1, "another-host", time.time())
    await db.release_lease("shards:3/0", parent)
    assert await db.acquire_lease("shards:3/0", gone, -1.0) is None
    assert await db.acquire_lease("shards:3/0", second, 30.0) is None
    assert await db.renew_lease("shards:3/0", gone, 30.0) is False
    await db.close()


async def test_a_save_with_notify_reaches_the_listening_process(db_url: str, raw: RawDatabase) -> None:
    owner, other = await Database.open(db_url), await Database.open(db_url)
    heard: list[TableSaved] = []
    arrived = asyncio.Event()

    def hear(saved: TableSaved) -> None:
        heard.append(saved)
        arrived.set()

    await owner.listen(hear)
    await other.save_table(write(3, 1))  # no notify asked
    await other.save_table(replace(write(3, 2), notify=True))
    if raw.postgres:
        await asyncio.wait_for(arrived.wait(), 5.0)
        assert heard == [TableSaved(3, 2)]
    else:
        await other.set_meta("x", "y")  # one process: nothing is ever heard
        assert heard == []
    await owner.close()
    await other.close()


async def test_another_process_reads_a_finished_games_rating_changes_as_its_saver_got_them(
    db_url: str,
) -> None:
    saver, owner = await Database.open(db_url), await Database.open(db_url)
    await saver.save_table(write(20, 1, guild="g2", game=won(20, "g2", "bea")))
    got = await saver.save_table(write(21, 1, guild="g2", game=won(21, "g2", "bea")))
    assert got[0].ranking_total == 4 and got[0].skill_after > got[0].skill_before
    assert await owner.rating_changes(21) == pytest.approx(got)
    assert await owner.rating_changes(22) == ()
    assert [a.seq for a in await owner.actions(21, after=0)] == [1]
    assert await owner.actions(21, after=1) == []
    assert (await owner.saved_at())[21] == 1
    await saver.close()
    await owner.close()


async def test_processes_claiming_table_ids_at_once_get_different_ones(db_url: str) -> None:
    processes = [await Database.open(db_url) for _ in range(3)]
    await processes[0].save_table(write(4, 1))
    claimed = await asyncio.gather(*(processes[n % 3].claim_table_id() for n in range(12)))
    assert sorted(claimed) == list(range(5, 17))
    for db in processes:
        await db.close()
