"""The PostgreSQL backend (asyncpg), for a bot that outgrows one SQLite file: a connection pool; each
write group is one transaction on a connection from the pool, reads use any other.

Statements arrive with SQLite's ``?`` placeholders and are numbered here (``$1``, ``$2`` …). The
schema version is kept in the one-row table ``schema_version``; migrations take an advisory lock so
that processes starting together migrate once. ``busy_timeout`` becomes the server's ``lock_timeout``:
a write waiting longer than that for another session's lock is refused (``LockNotAvailableError``),
as SQLite's busy timeout refuses one. A database that holds tables but no schema version of the bot
(another application's) is refused in the first migration's transaction, which then leaves it as it
was (``ForeignDatabase``).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, TypeVar

import asyncpg

from bot.storage.backend import Dialect, Target, Tx
from bot.storage.errors import ForeignDatabase, StorageUnavailable
from bot.storage.faults import WriteFault

T = TypeVar("T")

POOL_SIZE: Final = (2, 8)  # connections: kept open, at most
CONNECT_TIMEOUT: Final = 10.0  # seconds to reach the server before the database counts as unavailable
MIGRATION_LOCK: Final = 0x4845415254  # pg_advisory_xact_lock key while migrating ("HEART")

# SQLSTATE classes and codes that mean "the database can't be used now", not "this write is bad":
# 08 connection, 40 serialization failure/deadlock, 53 insufficient resources (disk full), 57 operator
# intervention (shutdown, cancelled), 58 system (I/O); read-only transaction, lock not available.
_UNAVAILABLE_CLASSES: Final = frozenset({"08", "40", "53", "57", "58"})
_UNAVAILABLE_CODES: Final = frozenset({"25006", "55P03"})
# What the client raises when the server or the connection goes away. ``InternalClientError`` is
# asyncpg's protocol caught mid-operation by a connection the server terminated ("cannot switch to
# state …"), seen when a backend is killed between two writes.
_CONNECTION_ERRORS: Final = (
    TimeoutError,
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
)

_FAULTS: Final[dict[WriteFault, tuple[type[asyncpg.PostgresError], str]]] = {
    WriteFault.DISK_FULL: (
        asyncpg.exceptions.DiskFullError,
        "could not extend file: No space left on device",
    ),
    WriteFault.READ_ONLY: (
        asyncpg.exceptions.ReadOnlySQLTransactionError,
        "cannot execute INSERT in a read-only transaction",
    ),
    WriteFault.IO_ERROR: (asyncpg.exceptions.PostgresIOError, "could not write to file: I/O error"),
    WriteFault.LOCKED: (asyncpg.exceptions.LockNotAvailableError, "canceling statement due to lock timeout"),
}


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2`` … (a ``?`` inside a quoted literal stays)."""
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Conn:
    """A ``Tx`` on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection[Any] | asyncpg.pool.PoolConnectionProxy[Any]) -> None:
        self._c = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return _changed(await self._c.execute(numbered(sql), *args))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._c.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self._c.fetch(numbered(sql), *args))


class PostgresBackend:
    dialect = Dialect.POSTGRESQL

    def __init__(self, target: Target, pool: asyncpg.Pool[Any], busy_timeout: float, channel: str) -> None:
        self.target = target
        self.pool = pool
        self._busy_timeout = busy_timeout
        self.channel = channel  # NOTIFY's channel: one per schema (a server may hold several bots)
        self._listener: asyncpg.Connection[Any] | None = None

    @classmethod
    async def open(cls, target: Target, busy_timeout: float) -> PostgresBackend:
        assert target.url is not None
        try:
            pool = await asyncpg.create_pool(
                target.url,
                min_size=POOL_SIZE[0],
                max_size=POOL_SIZE[1],
                timeout=CONNECT_TIMEOUT,
                server_settings=_settings(busy_timeout),
            )
            schema = await pool.fetchval("SELECT current_schema()")
        except _CONNECTION_ERRORS as exc:
            raise StorageUnavailable(f"can't connect to {target.describe()}: {exc}") from exc
        return cls(target, pool, busy_timeout, f"hearts_tables_{schema}"[:63])

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await self.pool.close()

    async def notify(self, tx: Tx, message: str) -> None:
        await tx.fetch("SELECT pg_notify(?, ?)", (self.channel, message))

    async def listen(self, heard: Callable[[str], None]) -> None:
        """A connection of its own (outside the pool) that stays in LISTEN."""
        if self._listener is None:
            try:
                self._listener = await asyncpg.connect(self.target.url, timeout=CONNECT_TIMEOUT)
            except _CONNECTION_ERRORS as exc:
                raise StorageUnavailable(f"can't connect to {self.target.describe()}: {exc}") from exc
        await self._listener.add_listener(self.channel, lambda _c, _pid, _ch, payload: heard(payload))

    async def set_busy_timeout(self, seconds: float) -> None:
        self._busy_timeout = seconds
        self.pool.set_connect_args(
            self.target.url, timeout=CONNECT_TIMEOUT, server_settings=_settings(seconds)
        )
        await self.pool.expire_connections()  # the open ones reconnect with it when next released

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """One write group. On a lost connection it is refused whole (the caller's rollback), never
        retried here: whether the server committed before the connection went is unknown."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                return await body(_Conn(conn))
        except _CONNECTION_ERRORS as exc:
            await self._forget_connections(exc)
            raise

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """A read, tried again once on fresh connections when the first one had been lost (a server
        restart or a terminated backend drops every pooled connection at once)."""
        for last in (False, True):
            try:
                return list(await self.pool.fetch(numbered(sql), *args))
            except _CONNECTION_ERRORS as exc:
                if last or not await self._forget_connections(exc):
                    raise StorageUnavailable(f"reading failed: {exc}") from exc
        raise AssertionError("unreachable")

    async def _forget_connections(self, exc: BaseException) -> bool:
        """After a lost connection the pool's others are likely gone too (a failover, a restart):
        expire them all so each is reconnected when next acquired. True when ``exc`` was one."""
        if not _lost_connection(exc):
            return False
        await self.pool.expire_connections()
        return True

    async def lock(self, tx: Tx, keys: Sequence[tuple[int, int]]) -> None:
        for space, number in sorted(set(keys)):
            await tx.fetch("SELECT pg_advisory_xact_lock(?::integer, ?::integer)", (space, number))

    async def read_version(self, tx: Tx) -> int:
        await tx.fetch("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        rows = await tx.fetch("SELECT version FROM schema_version")
        version = int(rows[0][0]) if rows else 0
        if version == 0:
            others = await tx.fetch(_OTHER_TABLES)
            if others:  # raised inside the migration's transaction: schema_version is not kept
                raise ForeignDatabase(self.target.describe(), [str(r[0]) for r in others])
        return version

    async def write_version(self, tx: Tx, number: int) -> None:
        await tx.execute("DELETE FROM schema_version")
        await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    async def schema_version(self) -> int:
        rows = await self.fetch("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    def fault_error(self, fault: WriteFault) -> Exception:
        kind, message = _FAULTS[fault]
        error: Exception = kind(message)
        return error

    def unavailable(self, exc: BaseException) -> bool:
        if isinstance(exc, StorageUnavailable | asyncio.TimeoutError) or _lost_connection(exc):
            return True
        code = _sqlstate(exc)
        return code[:2] in _UNAVAILABLE_CLASSES or code in _UNAVAILABLE_CODES


# The tables (and views) of the bot's schema other than ``schema_version``: none before the first
# migration, unless the database is another application's.
_OTHER_TABLES: Final = (
    "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace "
    "AND relkind IN ('r', 'p', 'v', 'm', 'f') AND relname <> 'schema_version' ORDER BY relname"
)


async def stored_version(target: Target) -> int:
    """The bot's schema version in ``target`` (0: no bot database there), read without creating or
    changing anything; ``StorageUnavailable`` if the server can't be reached."""
    assert target.url is not None
    try:
        conn = await asyncpg.connect(target.url, timeout=CONNECT_TIMEOUT)
    except _CONNECTION_ERRORS as exc:
        raise StorageUnavailable(f"can't connect to {target.describe()}: {exc}") from exc
    try:
        found = await conn.fetchval("SELECT to_regclass(quote_ident(current_schema()) || '.schema_version')")
        if found is None:
            return 0
        return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
    finally:
        await conn.close()


def _sqlstate(exc: BaseException) -> str:
    """The server's SQLSTATE of a PostgreSQL error ('' for anything else)."""
    if not isinstance(exc, asyncpg.PostgresError):
        return ""
    return str(getattr(exc, "sqlstate", "") or "")


def _lost_connection(exc: BaseException) -> bool:
    """The connection itself is gone (not a refused statement or a lock wait)."""
    if isinstance(exc, asyncpg.PostgresError):
        return _sqlstate(exc)[:2] in {"08", "57"}
    return isinstance(exc, OSError | asyncpg.InterfaceError | asyncpg.InternalClientError)


def _settings(busy_timeout: float) -> dict[str, str]:
    return {"lock_timeout": str(max(1, int(busy_timeout * 1000)))}
