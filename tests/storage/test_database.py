"""The database on both backends: schema versions, migrations, ratings, a writer stopped mid-commit;
and SQLite's own file (WAL, a closed connection never keeps the write lock)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database, SchemaError, StorageUnavailable, WriteFault
from bot.storage import daily as daily_store
from bot.storage import events as events_store
from bot.storage.backend import Dialect, Target
from bot.storage.database import open_backend
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION, apply
from bot.storage.ratings import rate
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.storage.targets import RawDatabase

TABLES = {
    "tables", "actions", "games", "game_players", "ratings", "server_settings", "meta", "presenter_data",
    "player_preferences", "leases", "budget_shares",
}  # fmt: skip


async def test_migrations_run_once(db_url: str, raw: RawDatabase) -> None:
    db = await Database.open(db_url)
    assert await db.schema_version() == SCHEMA_VERSION
    await db.set_meta("kept", "1")
    await db.close()
    db = await Database.open(db_url)  # again: nothing to do, nothing lost
    assert await db.schema_version() == SCHEMA_VERSION
    assert await db.get_meta("kept") == "1"
    await db.close()
    if raw.postgres:
        names = await raw.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        # PostgreSQL's REAL is 4 bytes: the migrations' REAL columns must be 8-byte floats there
        types = dict(
            await raw.fetch(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = 'tables'"
            )
        )
        assert types["deadline"] == "double precision" and types["id"] == "bigint"
    else:
        names = await raw.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    assert {n for (n,) in names} >= TABLES


async def test_sqlite_runs_in_wal_mode(sqlite_path: Path) -> None:
    db = await Database.open(sqlite_path)
    await db.close()
    with sqlite3.connect(sqlite_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_newer_schema_is_refused_with_a_clear_error(db_url: str, raw: RawDatabase) -> None:
    await (await Database.open(db_url)).close()
    await raw.set_schema_version(SCHEMA_VERSION + 1)
    with pytest.raises(SchemaError, match="newer than this bot"):
        await Database.open(db_url)


def test_database_urls_choose_the_backend() -> None:
    assert Target.parse("sqlite:///data/h.db") == Target(Dialect.SQLITE, path=Path("data/h.db"))
    assert Target.parse("sqlite:////abs/h.db").path == Path("/abs/h.db")
    assert Target.parse(Path("x.db")).path == Path("x.db")
    pg = Target.parse("postgresql://bot:s3cret@db:5432/hearts")
    assert pg.dialect is Dialect.POSTGRESQL and pg.describe() == "postgresql://bot:***@db:5432/hearts"
    with pytest.raises(ValueError, match="unknown database URL"):
        Target.parse("mysql://u:p@h/d")


def test_rating_rewards_beating_stronger_players() -> None:
    strong, weak = (30.0, 3.0), (20.0, 3.0)
    beat_strong = rate([weak, strong], [1, 2])[0][0] - weak[0]
    beat_weak = rate([weak, (20.0, 3.0)], [1, 2])[0][0] - weak[0]
    assert beat_strong > beat_weak > 0
    assert rate([weak], [1]) == [weak]


async def schema_upto(raw: RawDatabase, version: int) -> None:
    """``raw``'s database as the bot of schema ``version`` left it (its migrations up to it)."""
    backend = await open_backend(raw.target)
    await apply(backend, upto=version)
    await backend.close()


async def test_an_older_database_is_migrated_and_keeps_its_data(db_url: str, raw: RawDatabase) -> None:
    assert len(MIGRATIONS) >= 2
    await schema_upto(raw, 1)  # a database from the first released schema
    await raw.execute("INSERT INTO meta (key, value) VALUES ('alive_at', '1.0')")
    db = await Database.open(db_url)
    assert await db.schema_version() == SCHEMA_VERSION
    assert await db.get_meta("alive_at") == "1.0"
    await db.set_presenter_data(7, "lobby_message", "123")
    await db.set_presenter_data(7, "table_message", "456")
    await db.set_presenter_data(7, "table_message", None)
    assert await db.presenter_data(7) == {"lobby_message": "123"}
    await db.close()


async def test_player_preferences_round_trip_and_survive_a_damaged_row(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    from bot.tables import PlayerPreferences

    logged = error_log.allow("player_preferences row u1 can't be read", logger="bot.storage")

    db = await Database.open(db_url)
    try:
        assert PlayerPreferences.from_json(await db.player_preferences("u1")) == PlayerPreferences()
        await db.set_player_preferences("u1", PlayerPreferences(four_colour=True).to_json())
        assert PlayerPreferences.from_json(await db.player_preferences("u1")).four_colour is True
    finally:
        await db.close()
    await raw.execute("UPDATE player_preferences SET data = '{broken' WHERE player_id = 'u1'")
    db = await Database.open(db_url)
    try:
        assert PlayerPreferences.from_json(await db.player_preferences("u1")) == PlayerPreferences()
        assert PlayerPreferences.from_json({"four_colour": "yes"}) == PlayerPreferences()
    finally:
        await db.close()
    assert logged.seen == 1


async def test_closing_mid_transaction_releases_the_write_lock(sqlite_path: Path) -> None:
    """A writer stopped inside a transaction with a statement still alive: closing the database
    must not leave SQLite a "zombie" connection that keeps the write lock (the soak's stall: every
    later commit of the next instance waited out its busy timeout)."""
    db = await Database.open(sqlite_path)
    await db.set_meta("before", "1")
    w = db.backend.writer  # type: ignore[attr-defined]
    await w.execute("BEGIN IMMEDIATE")
    await w.execute("INSERT INTO meta (key, value) VALUES ('half', '1')")
    statement = await w.execute("SELECT key FROM meta")  # still referenced, not finished
    await statement.fetchone()
    await db.close()
    raw = RawDatabase(f"sqlite:///{sqlite_path}")
    assert await raw.write_lock_is_free()
    assert dict(await raw.fetch("SELECT key, value FROM meta WHERE key IN ('before', 'half')")) == {
        "before": "1"
    }
    del statement


async def test_a_writer_cancelled_mid_commit_rolls_back_and_answers_its_writers(
    db_url: str, raw: RawDatabase
) -> None:
    db = await Database.open(db_url)
    inside = asyncio.Event()
    statements = db._statements

    async def then_stuck(tx: Any, writes: Any) -> Any:  # the writer stops mid-transaction, statements run
        await statements(tx, writes)
        inside.set()
        await asyncio.Event().wait()

    db._statements = then_stuck  # type: ignore[method-assign,assignment]
    pending = asyncio.ensure_future(db.set_meta("cancelled", "1"))
    await asyncio.wait_for(inside.wait(), 5)
    db._statements = statements  # type: ignore[method-assign]
    assert not await raw.write_lock_is_free()  # the transaction is open
    writer = db._writer_task
    assert writer is not None
    writer.cancel()
    with pytest.raises(StorageUnavailable):
        await asyncio.wait_for(pending, 5)  # told, not left waiting
    assert writer.cancelled()
    assert await raw.write_lock_is_free()
    await db.set_meta("after", "1")  # the next write goes through
    assert await db.get_meta("after") == "1"
    assert await db.get_meta("cancelled") is None  # nothing half-applied
    await db.close()


async def test_an_unreachable_postgresql_server_is_unavailable_not_a_crash() -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StorageUnavailable, match="can't connect to postgresql://bot:\\*\\*\\*@"):
        await Database.open(f"postgresql://bot:secret@127.0.0.1:{port}/hearts")


async def test_connections_dropped_by_the_postgresql_server_refuse_a_write_then_writes_go_on(
    db_url: str, raw: RawDatabase
) -> None:
    if not raw.postgres:
        pytest.skip("PostgreSQL's server dropping the bot's connections")
    db = await Database.open(db_url)
    await db.set_meta("before", "1")
    await raw.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'"
    )
    assert await db.get_meta("before") == "1"  # a read is tried again on a fresh connection
    try:  # a write on a dropped connection is refused whole (or, reconnected already, goes through)
        await db.set_meta("during", "1")
        during = "1"
    except StorageUnavailable:
        during = None
    assert await db.get_meta("during") == during
    await db.set_meta("after", "1")  # the pool reconnects
    assert (await db.get_meta("before"), await db.get_meta("after")) == ("1", "1")
    await db.close()


async def test_the_ranked_migration_marks_games_alone_and_recounts_the_running_seasons(
    db_url: str, raw: RawDatabase
) -> None:
    """Migration 15: a game with one person's row is unranked; a running season's totals are
    counted again from its window's ranked games (a solo game leaves them, a game finished before
    the season's row was opened joins them); a closed season's board stays as it stood."""
    await schema_upto(raw, 14)
    players = {1: ("alice",), 2: ("alice", "bob"), 3: ("alice", "bob")}  # game 1: alice alone
    for table_id, people in players.items():
        await raw.execute(
            "INSERT INTO games VALUES (?, 'g1', ?, 'target', 3, '{}')", (table_id, 100.0 + table_id)
        )
        for seat, who in enumerate(people):
            await raw.execute(
                "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, "
                "ranking_points, hands, hand_points, moons, timeouts, quit, won) "
                "VALUES (?, 'g1', ?, ?, ?, 0, ?, 3, 9, 0, 0, 0, ?)",
                (table_id, who, seat, seat + 1, 130 - 30 * seat, int(seat == 0)),
            )
    await raw.execute(
        "INSERT INTO seasons (guild_id, number, kind, starts_at, ends_at, closed_at) "
        "VALUES ('g1', 1, 'monthly', 0, 100, 160), ('g1', 2, 'monthly', 100, 200, NULL)"
    )
    await raw.execute("INSERT INTO season_totals VALUES ('g1', 2, 'alice', 0, 1, 1, 3, 9)")  # the solo game
    await raw.execute("INSERT INTO season_board VALUES ('g1', 1, 'carol', 1, 120, 1, 1, 3, 9, 25.0)")
    db = await Database.open(db_url)
    try:
        ranked = await db.rows("SELECT table_id, ranked FROM games ORDER BY table_id")
        assert [tuple(r) for r in ranked] == [(1, 0), (2, 1), (3, 1)]
        totals = await db.rows(
            "SELECT number, player_id, ranking_points, games, wins FROM season_totals "
            "ORDER BY number, player_id"
        )
        assert [tuple(r) for r in totals] == [(2, "alice", 260, 2, 2), (2, "bob", 200, 2, 0)]
        board = await db.rows("SELECT number, player_id FROM season_board")
        assert [tuple(r) for r in board] == [(1, "carol")]
    finally:
        await db.close()


async def test_the_owed_results_migration_owes_none_of_the_results_before_it(
    db_url: str, raw: RawDatabase
) -> None:
    """Migration 16: the daily results recorded before it went out (or were lost) long ago: none is
    owed, so an upgrade sends no old result again; a result recorded after it is owed until shown."""
    await schema_upto(raw, 15)
    await raw.execute(
        "INSERT INTO daily_attempts (day, player_id, guild_id, channel_id, locale, table_id, started_at, "
        "total, hands, finished_at) VALUES ('2026-11-01', 'ann', 'g1', 'c1', 'en', 1, 10.0, 5, '[5]', 20.0), "
        "('2026-11-02', 'ann', 'g1', 'c1', 'en', 2, 30.0, NULL, NULL, NULL)"
    )
    db = await Database.open(db_url)
    try:
        assert await daily_store.owed_results(db) == []
        assert await daily_store.finish_attempt(db, "2026-11-02", "ann", (3, 4), 40.0)
        assert await daily_store.owed_results(db) == [daily_store.OwedResult("2026-11-02", "ann", "g1")]
        await daily_store.result_shown(db, "2026-11-02", "ann")
        assert await daily_store.owed_results(db) == []
    finally:
        await db.close()


async def test_the_announced_rounds_migration_owes_none_of_the_rounds_before_it(
    db_url: str, raw: RawDatabase
) -> None:
    """Migration 17: the event rounds seated before it were announced (or lost) long ago: none is
    owed, so an upgrade announces no old round again; a round seated after it is owed until shown."""
    await schema_upto(raw, 16)
    await raw.execute("INSERT INTO event_rounds (event_id, round, seated_at) VALUES (1, 1, 10.0)")
    db = await Database.open(db_url)
    try:
        assert await events_store.announced(db, 1, 1)
        assert await events_store.claim_round(db, 1, 2, [], 20.0)
        assert not await events_store.announced(db, 1, 2)
        await events_store.round_announced(db, 1, 2, 30.0)
        assert await events_store.announced(db, 1, 2)
    finally:
        await db.close()


async def test_the_share_migration_notes_no_share_before_it_and_keeps_the_ones_after(
    db_url: str, raw: RawDatabase
) -> None:
    """Migration 19: a daily result recorded before it has no Share message noted (a click finds a
    line shared then by its text, as before), and keeps its result; a Share noted after it is read
    back with the attempt, a Discord id whole (19 digits: kept as text, as the other ids)."""
    await schema_upto(raw, 18)
    await raw.execute(
        "INSERT INTO daily_attempts (day, player_id, guild_id, channel_id, locale, table_id, started_at, "
        "total, hands, finished_at, result_owed) "
        "VALUES ('2026-11-01', 'ann', 'g1', 'c1', 'en', 1, 10.0, 5, '[5]', 20.0, 0)"
    )
    db = await Database.open(db_url)
    try:
        before = await daily_store.attempt(db, "2026-11-01", "ann")
        assert before is not None and (before.total, before.hands, before.share_message_id) == (5, (5,), None)
        await daily_store.share_posted(db, "2026-11-01", "ann", "1480898022975082496")
        after = await daily_store.attempt(db, "2026-11-01", "ann")
        assert after is not None and after.share_message_id == "1480898022975082496"
        assert await daily_store.attempt(db, "2026-11-02", "ann") is None
        await daily_store.share_posted(db, "2026-11-01", "ann", "not an id")  # a damaged row
        damaged = await daily_store.attempt(db, "2026-11-01", "ann")
        assert damaged is not None and damaged.share_message_id is None  # found by its text instead
    finally:
        await db.close()


async def test_a_write_asked_for_while_the_database_closes_is_refused_not_logged_as_a_bad_write(
    db_url: str, error_log: ErrorLogCollector
) -> None:
    """At shutdown an interaction still being handled may write after the last writes were waited
    for: it is refused like any write while the database can't be written ("try again"), and the
    writes in flight when closing began are still committed. Reads after the close are refused
    the same way."""
    db = await Database.open(db_url)
    in_flight = asyncio.ensure_future(db.set_meta("in flight", "1"))
    closing = asyncio.ensure_future(db.close())
    await asyncio.sleep(0)  # one turn of the loop, no waiting: closing has begun, the write in flight commits
    with pytest.raises(StorageUnavailable):
        await db.set_meta("late", "1")
    await closing
    await in_flight
    with pytest.raises(StorageUnavailable):
        await db.set_meta("after", "1")
    with pytest.raises(StorageUnavailable):
        await db.get_meta("in flight")  # a read too
    assert error_log.errors == []  # the driver's "no active connection" was logged as a bad write
    db = await Database.open(db_url)
    assert await db.get_meta("in flight") == "1"
    assert await db.get_meta("late") is None
    await db.close()


async def test_a_fault_armed_after_n_writes_lets_them_through_then_fails_its_count(db_url: str) -> None:
    """``StorageFaults.fail(..., after=n)``: the tests' way of cutting a command short after its
    first writes. The first ``n`` writes land, the next ``times`` fail, and the rest land again."""
    db = await Database.open(db_url)
    try:
        db.faults.fail(WriteFault.DISK_FULL, 1, after=2)
        await db.set_meta("first", "1")
        await db.set_meta("second", "2")
        with pytest.raises(StorageUnavailable):
            await db.set_meta("third", "3")
        await db.set_meta("fourth", "4")
        assert [await db.get_meta(k) for k in ("first", "second", "third", "fourth")] == ["1", "2", None, "4"]
        assert db.faults.raised == 1 and not db.faults.active
    finally:
        await db.close()


async def test_a_table_number_no_database_can_hold_is_no_table(db_url: str) -> None:
    """An old control's table number past what the drivers bind (or none at all) finds no table,
    as a number that was never given does: no OverflowError from the driver."""
    db = await Database.open(db_url)
    try:
        for number in (10**30, 2**63, 0, -1, 999):
            assert await db.load_table(number) is None
    finally:
        await db.close()
