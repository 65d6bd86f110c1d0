"""The database file: schema versions, WAL, ratings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database, SchemaError
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
