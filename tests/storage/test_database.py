"""The database file: schema versions, WAL, ratings."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database, SchemaError, StorageUnavailable
from bot.storage.migrations import SCHEMA_VERSION
from bot.storage.ratings import rate


async def test_migrations_run_once_and_wal_is_on(db_path: Path) -> None:
    db = await Database.open(db_path)
    assert await db.schema_version() == SCHEMA_VERSION
    await db.close()
    db = await Database.open(db_path)  # again: nothing to do, nothing lost
    assert await db.schema_version() == SCHEMA_VERSION
    await db.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"tables", "actions", "games", "game_players", "ratings", "server_settings", "meta"} <= names


async def test_a_newer_schema_is_refused_with_a_clear_error(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaError, match="newer than this bot"):
        await Database.open(db_path)


def test_rating_rewards_beating_stronger_players() -> None:
    strong, weak = (30.0, 3.0), (20.0, 3.0)
    beat_strong = rate([weak, strong], [1, 2])[0][0] - weak[0]
    beat_weak = rate([weak, (20.0, 3.0)], [1, 2])[0][0] - weak[0]
    assert beat_strong > beat_weak > 0
    assert rate([weak], [1]) == [weak]


async def test_an_older_database_is_migrated_and_keeps_its_data(db_path: Path) -> None:
    from bot.storage.migrations import MIGRATIONS

    with sqlite3.connect(db_path) as raw:  # a file from the first released schema
        raw.executescript(MIGRATIONS[0])
        raw.execute("PRAGMA user_version = 1")
        raw.execute("INSERT INTO meta (key, value) VALUES ('alive_at', '1.0')")
    db = await Database.open(db_path)
    assert await db.schema_version() == SCHEMA_VERSION >= 2
    assert await db.get_meta("alive_at") == "1.0"
    await db.set_presenter_data(7, "lobby_message", "123")
    await db.set_presenter_data(7, "table_message", "456")
    await db.set_presenter_data(7, "table_message", None)
    assert await db.presenter_data(7) == {"lobby_message": "123"}
    await db.close()


async def test_player_preferences_round_trip_and_survive_a_damaged_row(db_path: Path) -> None:
    from bot.tables import PlayerPreferences

    db = await Database.open(db_path)
    try:
        assert PlayerPreferences.from_json(await db.player_preferences("u1")) == PlayerPreferences()
        await db.set_player_preferences("u1", PlayerPreferences(four_colour=True).to_json())
        assert PlayerPreferences.from_json(await db.player_preferences("u1")).four_colour is True
    finally:
        await db.close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE player_preferences SET data = '{broken' WHERE player_id = 'u1'")
    db = await Database.open(db_path)
    try:
        assert PlayerPreferences.from_json(await db.player_preferences("u1")) == PlayerPreferences()
        assert PlayerPreferences.from_json({"four_colour": "yes"}) == PlayerPreferences()
    finally:
        await db.close()


def _write_lock_is_free(path: Path) -> bool:
    """Whether another connection can take the write lock at once."""
    raw = sqlite3.connect(path, timeout=0.2, isolation_level=None)
    try:
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        raw.close()


async def test_closing_mid_transaction_releases_the_write_lock(db_path: Path) -> None:
    """A writer stopped inside a transaction with a statement still alive: closing the database
    must not leave SQLite a "zombie" connection that keeps the write lock (the soak's stall: every
    later commit of the next instance waited out its busy timeout)."""
    db = await Database.open(db_path)
    await db.set_meta("before", "1")
    await db._w.execute("BEGIN IMMEDIATE")
    await db._w.execute("INSERT INTO meta (key, value) VALUES ('half', '1')")
    statement = await db._w.execute("SELECT key FROM meta")  # still referenced, not finished
    await statement.fetchone()
    await db.close()
    assert _write_lock_is_free(db_path)
    with sqlite3.connect(db_path) as raw:
        assert dict(raw.execute("SELECT key, value FROM meta WHERE key IN ('before', 'half')")) == {
            "before": "1"
        }
    del statement


async def test_a_writer_cancelled_mid_commit_rolls_back_and_answers_its_writers(db_path: Path) -> None:
    db = await Database.open(db_path)
    inside = asyncio.Event()
    statements = db._statements

    async def then_stuck(writes: Any) -> Any:  # the writer stops mid-transaction, statements run
        await statements(writes)
        inside.set()
        await asyncio.Event().wait()

    db._statements = then_stuck  # type: ignore[method-assign]
    pending = asyncio.ensure_future(db.set_meta("cancelled", "1"))
    await asyncio.wait_for(inside.wait(), 5)
    db._statements = statements  # type: ignore[method-assign]
    assert db._w.in_transaction
    writer = db._writer_task
    assert writer is not None
    writer.cancel()
    with pytest.raises(StorageUnavailable):
        await asyncio.wait_for(pending, 5)  # told, not left waiting
    assert writer.cancelled()
    assert not db._w.in_transaction
    assert _write_lock_is_free(db_path)
    await db.set_meta("after", "1")  # the next write goes through
    assert await db.get_meta("after") == "1"
    assert await db.get_meta("cancelled") is None  # nothing half-applied
    await db.close()
