"""Display names as last seen (``bot.client.names``, ``bot.storage.names``): kept at once, saved
once per change, read back by another process or after a restart, on either backend; a nickname
names its member on its own server only; a failing disk costs the saved copy, never the name in
memory, and the next sighting saves it."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from bot.client import names as client_names
from bot.client.names import KnownNames
from bot.storage import Database, WriteFault
from bot.storage import names as stored
from bot.storage.database import open_backend
from bot.storage.migrations import apply
from tests.storage.targets import RawDatabase

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
        assert await db.rows("SELECT seen_at FROM seen_names WHERE player_id = '1'") == [(NOW + 2,)]
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
            await stored.remember_name(db, stored.GLOBAL, str(n), f"p{n}", NOW)
        assert await stored.display_names(db, "7", [str(n) for n in range(10)]) == {
            ("", str(n)): f"p{n}" for n in range(8)
        }
        await stored.remember_name(db, stored.GLOBAL, "9", "x" * 200, NOW)  # cut, not refused
        assert await stored.display_names(db, "7", ["9"]) == {("", "9"): "x" * stored.MAX_NAME}
    finally:
        await db.close()


async def test_a_nickname_names_its_member_on_its_own_server_only(db_url: str) -> None:
    """Ann is "Annie" on server 10 and has no nickname on 20: server 10 sees "Annie", server 20
    and anywhere else her own name, in this process and in another (or after a restart); a name
    seen in a DM afterwards changes her own name, not her nickname on 10."""
    db = await Database.open(db_url)
    try:
        names = KnownNames(db)
        names.learn("1", "Annie", "10")
        names.learn("1", "ann")
        names.learn("2", "bob")
        await names.settle()
        for known in (names, KnownNames(db)):
            assert await known.lookup(["1", "2"], "10") == {"1": "Annie", "2": "bob"}
            assert await known.lookup(["1", "2"], "20") == {"1": "ann", "2": "bob"}
            assert await known.lookup(["1"]) == {"1": "ann"}
        names.learn("1", "Ann B.")  # her own name, changed (seen in a DM)
        await names.settle()
        later = KnownNames(db)
        assert await later.lookup(["1"], "10") == {"1": "Annie"}
        assert await later.lookup(["1"], "20") == {"1": "Ann B."}
        assert later.get("1", "10") == "Annie" and later.get("1", "30") == "Ann B."
    finally:
        await db.close()


async def test_a_member_without_a_nickname_is_named_by_their_own_name_as_it_changes(db_url: str) -> None:
    """On a server where Ann has no nickname (``""``), her own name names her, also after it
    changed elsewhere; a nickname she drops stops naming her there, in every process."""
    db = await Database.open(db_url)
    try:
        names = KnownNames(db)
        names.learn("1", "", "10")
        names.learn("1", "ann")
        names.learn("1", "Annie", "20")
        await names.settle()
        names.learn("1", "Ann B.")  # seen in a DM, or on another server
        names.learn("1", "", "20")  # the nickname dropped
        await names.settle()
        for known in (names, KnownNames(db)):
            assert await known.lookup(["1"], "10") == {"1": "Ann B."}
            assert await known.lookup(["1"], "20") == {"1": "Ann B."}
    finally:
        await db.close()


async def test_the_database_is_asked_once_per_person_it_has(db_url: str) -> None:
    """Someone the database has is asked of it once by a process, not at every board or table
    drawn (someone seen only in DMs this run is still named by their nickname saved before);
    someone it has not is asked again, and found once another process has saved them."""
    db = await Database.open(db_url)
    try:
        await stored.remember_name(db, "10", "1", "Annie", NOW)
        names = KnownNames(db)
        names.learn("1", "ann")
        await names.settle()
        reads = Counting(db)
        assert await names.lookup(["1"], "10") == {"1": "Annie"}
        assert await names.lookup(["1"], "10") == {"1": "Annie"}
        assert await names.lookup(["1"]) == {"1": "ann"}
        assert await names.lookup(["1"], "30") == {"1": "ann"}  # no nickname saved there
        assert await names.lookup(["1"], "30") == {"1": "ann"}
        assert reads.calls == 2
        assert await names.lookup(["2"], "10") == {}
        await stored.remember_name(db, stored.GLOBAL, "2", "bob", NOW)  # by another process
        assert await names.lookup(["2"], "10") == {"2": "bob"}
        assert reads.calls == 4
    finally:
        await db.close()


class Counting:
    """Counts the reads of ``db`` (wrapping its ``rows``)."""

    def __init__(self, db: Database) -> None:
        self.calls = 0
        inner = db.rows

        async def rows(sql: str, args: Iterable[Any] = ()) -> list[Any]:
            self.calls += 1
            return await inner(sql, args)

        db.rows = rows  # type: ignore[method-assign]


async def test_without_a_database_names_are_kept_in_memory() -> None:
    names = KnownNames()
    names.learn("1", "ann")
    await names.settle()
    assert await names.lookup(["1", "2"]) == {"1": "ann"}


@pytest.fixture(autouse=True)
def _warnings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.client.names")


async def test_the_names_saved_before_they_were_kept_per_server_are_kept_as_the_global_ones(
    db_url: str, raw: RawDatabase
) -> None:
    """A database of schema 13 (one name per person) opened by this bot: each name is kept, as the
    person's own, and names them on every server."""
    backend = await open_backend(raw.target)
    await apply(backend, upto=13)
    await backend.close()
    await raw.execute("INSERT INTO display_names (player_id, name, seen_at) VALUES ('1', 'ann', 5.0)")
    db = await Database.open(db_url)
    try:
        assert await stored.display_names(db, "10", ["1"]) == {(stored.GLOBAL, "1"): "ann"}
        assert await KnownNames(db).lookup(["1"], "10") == {"1": "ann"}
    finally:
        await db.close()


async def test_past_the_names_kept_the_oldest_are_forgotten_and_read_again(db_url: str) -> None:
    """A big bot meets many people: past ``kept`` names, those learnt or read longest ago are
    forgotten (they were kept for the process's life), and read from the database when needed."""
    db = await Database.open(db_url)
    try:
        names = KnownNames(db, kept=3)
        for pid in "12345":
            names.learn(pid, f"name {pid}")
        names.learn("3", "name 3")  # seen again: the newest now
        await names.settle()
        assert [names.get(pid) for pid in "12345"] == [None, None, "name 3", "name 4", "name 5"]
        assert await names.lookup(["1"]) == {"1": "name 1"}  # read back from the database
        assert names.get("4") is None and names.get("1") == "name 1"  # "4" the oldest then
    finally:
        await db.close()
