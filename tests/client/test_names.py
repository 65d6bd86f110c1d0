"""Display names as last seen (``bot.client.names``, ``bot.storage.names``): kept at once, saved
once per change, read back by another process or after a restart, on either backend; a failing
disk costs the saved copy, never the name in memory, and the next sighting saves it."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from bot.client import names as client_names
from bot.client.names import KnownNames
from bot.storage import Database, WriteFault
from bot.storage import names as stored

NOW = 1_750_000_000.0


class Ticks:
    """The saves' clock: counts the saves (each asks the time once)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        return NOW + self.calls


async def test_a_name_is_saved_once_per_change_and_read_back_elsewhere(db_url: str) -> None:
    db = await Database.open(db_url)
    try:
        ticks = Ticks()
        names = KnownNames(db, ticks)
        for name in ("ann", "ann", "Ann B.", "Ann B."):
            names.learn("1", name)
            assert names.get("1") == name  # at once, before any save
            await names.settle()
        names.learn("2", "bob")
        await names.settle()
        assert ticks.calls == 3  # "ann", "Ann B.", "bob": a click with the same name saves nothing
        other = KnownNames(db)  # another process, or this one after a restart
        assert await other.lookup(["1", "2", "3"]) == {"1": "Ann B.", "2": "bob"}
        assert other.get("1") == "Ann B."  # kept once read
        other.learn("1", "Ann B.")  # already saved: nothing to do
        await other.settle()
        assert await db.rows("SELECT seen_at FROM display_names WHERE player_id = '1'") == [(NOW + 2,)]
    finally:
        await db.close()


async def test_a_failing_disk_keeps_the_name_in_memory_and_the_next_sighting_saves_it(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    db = await Database.open(db_url)
    try:
        names = KnownNames(db)
        db.faults.fail(WriteFault.DISK_FULL)
        names.learn("1", "ann")
        await names.settle()
        assert db.faults.raised >= 1
        assert "display name of 1 not saved (kept in memory)" in caplog.text
        assert names.get("1") == "ann" and await names.lookup(["1"]) == {"1": "ann"}
        assert await KnownNames(db).lookup(["1"]) == {}
        db.faults.clear()
        names.learn("1", "ann")
        await names.settle()
        assert await KnownNames(db).lookup(["1"]) == {"1": "ann"}
    finally:
        await db.close()


async def test_an_error_the_writer_passes_on_is_logged_and_retried_too(
    sqlite_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The writer calls only some failures unavailable (``StorageError``); the rest it passes on
    as they came (here a damaged file's): the name is kept and saved when next seen all the same."""
    db = await Database.open(f"sqlite:///{sqlite_path}")
    try:
        names = KnownNames(db)

        async def damaged(*_: object) -> None:
            raise sqlite3.DatabaseError("file is not a database")

        monkeypatch.setattr(client_names, "remember_name", damaged)
        names.learn("1", "ann")
        await names.settle()
        assert "display name of 1 not saved" in caplog.text and names.get("1") == "ann"
        monkeypatch.undo()
        names.learn("1", "ann")
        await names.settle()
        assert await KnownNames(db).lookup(["1"]) == {"1": "ann"}
    finally:
        await db.close()


async def test_many_people_are_read_in_chunks(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored, "CHUNK", 3)
    db = await Database.open(db_url)
    try:
        for n in range(8):
            await stored.remember_name(db, str(n), f"p{n}", NOW)
        assert await stored.display_names(db, [str(n) for n in range(10)]) == {
            str(n): f"p{n}" for n in range(8)
        }
        await stored.remember_name(db, "9", "x" * 200, NOW)  # cut, not refused
        assert await stored.display_names(db, ["9"]) == {"9": "x" * stored.MAX_NAME}
    finally:
        await db.close()


async def test_without_a_database_names_are_kept_in_memory() -> None:
    names = KnownNames()
    names.learn("1", "ann")
    await names.settle()
    assert await names.lookup(["1", "2"]) == {"1": "ann"}


@pytest.fixture(autouse=True)
def _warnings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.client.names")
