"""A database that is not the bot's, or is damaged, as the storage layer tells it: a database holding
another application's tables is refused before anything is created in it (both backends); a damaged
SQLite file is a permanent error (reported, never retried as "busy"), while a locked or full one is
still "unavailable" (refused now, retried later). Real files, damaged by hand."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database, SchemaError, StorageError, StorageUnavailable, errors
from bot.storage.database import open_backend
from bot.storage.migrations import SCHEMA_VERSION, apply
from bot.storage.sqlite import SqliteBackend
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.storage.targets import RawDatabase


async def _names(raw: RawDatabase) -> list[str]:
    if raw.postgres:
        rows = await raw.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    else:
        rows = await raw.fetch("SELECT name FROM sqlite_master")
    return sorted(str(n) for (n,) in rows)


async def test_a_database_of_another_application_is_refused_and_left_as_it_was(
    db_url: str, raw: RawDatabase
) -> None:
    if not raw.postgres:
        assert raw.target.path is not None
        raw.target.path.touch()
    await raw.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER NOT NULL)")
    await raw.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    await raw.execute("INSERT INTO invoices (id, total) VALUES (1, 100)")
    with pytest.raises(SchemaError, match="is not empty: it holds tables that are not the bot's") as refused:
        await Database.open(db_url)
    assert isinstance(refused.value, errors.ForeignDatabase)
    assert f"the database {raw.target.describe()} is not empty" in str(refused.value)
    assert refused.value.tables == ("customers", "invoices")
    assert await _names(raw) == ["customers", "invoices"]  # no table of the bot's, no schema version
    if not raw.postgres:
        assert await raw.fetch("PRAGMA journal_mode") == [("delete",)]  # not even switched to WAL
    assert await raw.fetch("SELECT id, total FROM invoices") == [(1, 100)]


async def test_an_empty_database_and_the_bots_own_are_still_opened(db_url: str, raw: RawDatabase) -> None:
    backend = await open_backend(raw.target)
    await apply(backend, upto=0)  # PostgreSQL: the version's table alone, at 0
    await backend.close()
    db = await Database.open(db_url)
    assert await db.schema_version() == SCHEMA_VERSION
    await db.set_meta("kept", "1")
    await db.close()
    db = await Database.open(db_url)
    assert await db.get_meta("kept") == "1"
    await db.close()


async def _damaged_meta(path: Path) -> None:
    """A bot's database whose ``meta`` table has a page of garbage (as a disk error leaves one)."""
    db = await Database.open(path)
    await db.execute(
        *(("INSERT INTO meta (key, value) VALUES (?, ?)", (f"k{i}", "v" * 200)) for i in range(200))
    )
    await db.close()
    assert not Path(f"{path}-wal").exists()  # all in the file itself
    with sqlite3.connect(path) as conn:
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'meta'").fetchone()
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(bytes(range(7, 256, 7)) * (page_size // 36 + 1))


async def test_a_damaged_page_is_a_damaged_database_not_a_busy_one(
    sqlite_path: Path, error_log: ErrorLogCollector
) -> None:
    await _damaged_meta(sqlite_path)
    db = await Database.open(sqlite_path)  # its first page (the schema) is whole
    try:
        with pytest.raises(StorageError) as read:
            await db.get_meta("k1")
        assert not isinstance(read.value, StorageUnavailable), read.value
        cause = read.value.__cause__
        assert isinstance(cause, sqlite3.DatabaseError) and cause.sqlite_errorname == "SQLITE_CORRUPT"
        assert not db.backend.unavailable(cause) and not errors.unavailable(cause)
        assert isinstance(read.value, errors.DatabaseDamaged)
        assert f"the database file {sqlite_path} is damaged" in str(read.value)
        # a write meeting the damage: reported (its traceback logged), not refused as "busy"
        logged = error_log.allow("group commit of 1 writes failed", logger="bot.storage.writer")
        with pytest.raises(errors.DatabaseDamaged, match="malformed"):
            await db.set_meta("k1", "new")
        assert logged.seen == 1
    finally:
        await db.close()


def test_damage_is_told_from_busy_by_sqlites_code_and_by_its_message_without_one() -> None:
    conn = sqlite3.connect(":memory:")
    with pytest.raises(sqlite3.OperationalError) as full:
        conn.execute("PRAGMA max_page_count = 1")
        conn.execute("CREATE TABLE big (x)")
        conn.execute("INSERT INTO big VALUES (zeroblob(100000))")
    conn.close()
    assert full.value.sqlite_errorname == "SQLITE_FULL" and errors.unavailable(full.value)
    # errors made by hand (bot.storage.faults) carry no code: their message decides
    assert errors.unavailable(sqlite3.OperationalError("database or disk is full"))
    assert errors.unavailable(sqlite3.OperationalError("disk I/O error"))
    assert not errors.unavailable(sqlite3.DatabaseError("database disk image is malformed"))
    assert not errors.unavailable(sqlite3.DatabaseError("file is not a database"))


async def test_a_file_that_is_no_database_is_refused_as_damaged_at_opening(tmp_path: Path) -> None:
    garbage = tmp_path / "hearts.sqlite3"
    garbage.write_bytes(b"a photo, perhaps " * 300)
    with pytest.raises(StorageError, match=f"the database file {garbage} is damaged") as refused:
        await Database.open(garbage)
    assert not isinstance(refused.value, StorageUnavailable)
    assert isinstance(refused.value, errors.DatabaseDamaged)
    assert garbage.read_bytes() == b"a photo, perhaps " * 300


async def test_a_locked_or_full_file_is_still_unavailable(sqlite_path: Path) -> None:
    db = await Database.open(sqlite_path, busy_timeout=0.1)
    raw = RawDatabase(f"sqlite:///{sqlite_path}")
    try:
        async with raw.write_lock():  # another process holds the write lock
            with pytest.raises(StorageUnavailable) as locked:
                await db.set_meta("during", "1")
        cause = locked.value.__cause__
        assert isinstance(cause, sqlite3.OperationalError) and cause.sqlite_errorname == "SQLITE_BUSY"
        assert isinstance(db.backend, SqliteBackend)
        (pages,) = await (await db.backend.writer.execute("PRAGMA page_count")).fetchall()
        await db.backend.writer.execute(f"PRAGMA max_page_count = {pages[0]}")  # the disk is full
        with pytest.raises(StorageUnavailable) as full:
            await db.set_meta("big", "x" * 100_000)
        cause = full.value.__cause__
        assert isinstance(cause, sqlite3.OperationalError) and cause.sqlite_errorname == "SQLITE_FULL"
        await db.backend.writer.execute("PRAGMA max_page_count = 1073741823")  # space again
        await db.set_meta("after", "1")
        assert (await db.get_meta("during"), await db.get_meta("after")) == (None, "1")
    finally:
        await db.close()
