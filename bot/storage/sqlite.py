"""The embedded backend: one SQLite file in WAL mode (aiosqlite), a writer connection and a reader
connection. Readers are never blocked by the writer.

The file and its WAL journal are created readable by their owner only (SQLite gives the ``-wal`` and
``-shm`` files the database file's permissions). ``busy_timeout`` is how long a statement waits for
another process's lock (e.g. ``sqlite3`` in a shell) before it is refused.

A file that holds another application's tables (and no schema version of the bot's) is refused
before anything is changed in it (``ForeignDatabase``); a damaged file, or one that is no SQLite
database at all, is ``DatabaseDamaged`` (at opening, and at any read or write that meets the damage),
never "busy": retrying can't mend it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.backend import Dialect, Target, Tx
from bot.storage.errors import DatabaseDamaged, ForeignDatabase, StorageUnavailable, damaged, unavailable
from bot.storage.faults import WriteFault

T = TypeVar("T")
FILE_MODE = 0o600


class _Conn:
    """A ``Tx`` on one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._c = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        cur = await self._c.execute(sql, tuple(args))
        return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._c.executemany(sql, rows)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._c.execute(sql, tuple(args)) as cur:
            return list(await cur.fetchall())


class SqliteBackend:
    dialect = Dialect.SQLITE

    def __init__(self, target: Target, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.target = target
        self.writer = writer  # tests look at its transaction
        self._r = reader
        self._w = _Conn(writer)
        self._reads = _Conn(reader)

    @classmethod
    async def open(cls, target: Target, busy_timeout: float) -> SqliteBackend:
        path = target.path
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        _create_private(path)
        try:
            return await cls._connect(target, path, int(busy_timeout * 1000))
        except sqlite3.Error as exc:
            refusal = _refusal(exc, path)
            if refusal is exc:
                raise
            raise refusal from exc

    @classmethod
    async def _connect(cls, target: Target, path: Path, ms: int) -> SqliteBackend:
        writer = await aiosqlite.connect(path, isolation_level=None)
        try:
            await _refuse_foreign(writer, target)  # before WAL mode is set: that changes the file
            await writer.execute("PRAGMA journal_mode=WAL")
            await writer.execute("PRAGMA synchronous=NORMAL")  # durable at each checkpoint; safe in WAL
            await writer.execute("PRAGMA foreign_keys=ON")
            await writer.execute(f"PRAGMA busy_timeout={ms}")
            reader = await aiosqlite.connect(path, isolation_level=None)
            await reader.execute(f"PRAGMA busy_timeout={ms}")
        except BaseException:
            await writer.close()
            raise
        return cls(target, writer, reader)

    async def close(self) -> None:
        """A transaction a cancelled writer left open is rolled back first. (Closed inside a
        transaction while a statement is still referenced, SQLite keeps the connection as a "zombie"
        holding the write lock until that statement is freed: every other connection's writes then
        wait out their busy timeout.)"""
        await self._end_transaction()
        await self._r.close()
        await self.writer.close()

    async def set_busy_timeout(self, seconds: float) -> None:
        for conn in (self.writer, self._r):
            await conn.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        await self._end_transaction()  # a writer cancelled during a rollback leaves one open
        await self.writer.execute("BEGIN IMMEDIATE")
        try:
            result = await body(self._w)
            await self.writer.execute("COMMIT")
        except BaseException as exc:
            await self._end_transaction()
            if isinstance(exc, sqlite3.Error) and damaged(exc):
                raise _damage(exc, self.target.path) from exc
            raise
        return result

    async def _end_transaction(self) -> None:
        """Roll back whatever transaction the writer connection is still in (none, normally)."""
        w = self.writer
        if w._connection is not None and w.in_transaction:  # not after close
            with contextlib.suppress(Exception):
                await w.execute("ROLLBACK")

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]:
        try:
            return await self._reads.fetch(sql, args)
        except sqlite3.Error as exc:
            if damaged(exc):
                raise _damage(exc, self.target.path) from exc
            raise StorageUnavailable(f"reading failed: {exc}") from exc

    async def lock(self, tx: Tx, keys: Sequence[tuple[int, int]]) -> None:
        """``BEGIN IMMEDIATE`` already excludes every other writer."""

    async def notify(self, tx: Tx, message: str) -> None:
        """One process: nobody else to tell."""

    async def listen(self, heard: Callable[[str], None]) -> None:
        """One process: nothing is ever heard."""

    async def read_version(self, tx: Tx) -> int:
        rows = await tx.fetch("PRAGMA user_version")
        return int(rows[0][0]) if rows else 0

    async def write_version(self, tx: Tx, number: int) -> None:
        await tx.execute(f"PRAGMA user_version = {int(number)}")

    async def schema_version(self) -> int:
        return await self.read_version(self._reads)

    def fault_error(self, fault: WriteFault) -> Exception:
        return sqlite3.OperationalError(fault.value)

    def unavailable(self, exc: BaseException) -> bool:
        return unavailable(exc)


def _create_private(path: Path) -> None:
    """Create the database file readable by its owner only (SQLite gives its journal files the
    same permissions). An existing file is left as the operator set it."""
    if str(path) == ":memory:" or path.exists():
        return
    fd = os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE)
    os.close(fd)
    os.chmod(path, FILE_MODE)  # whatever the umask


async def _refuse_foreign(conn: aiosqlite.Connection, target: Target) -> None:
    """``ForeignDatabase`` if the file holds tables but no schema version of the bot (the bot's first
    migration sets the version in the transaction that creates its tables)."""
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    if row is not None and int(row[0]) > 0:
        return
    names = await _table_names(conn)
    if names:
        raise ForeignDatabase(target.describe(), names)


async def _table_names(conn: aiosqlite.Connection) -> list[str]:
    async with conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ) as cur:
        return [str(r[0]) for r in await cur.fetchall()]


def stored_version(path: Path) -> int:
    """The bot's schema version stored in the existing file ``path`` (0: no bot database), read
    without creating or changing anything; ``DatabaseDamaged`` if it is no SQLite database."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as exc:
        refusal = _refusal(exc, path)
        if refusal is exc:
            raise
        raise refusal from exc


def _damage(exc: sqlite3.Error, path: Path | None) -> DatabaseDamaged:
    return DatabaseDamaged(
        f"the database file {path.absolute() if path else path} is damaged or is no SQLite database "
        f"({exc}): stop the bot and restore it from a backup"
    )


def _refusal(exc: sqlite3.Error, path: Path) -> Exception:
    """What opening ``path`` failing with ``exc`` is, as the storage layer tells it (``exc`` itself
    when it is neither damage nor a database that can't be used now)."""
    if damaged(exc):
        return _damage(exc, path)
    if unavailable(exc):
        return StorageUnavailable(f"can't open {path.absolute()}: {exc}")
    return exc
