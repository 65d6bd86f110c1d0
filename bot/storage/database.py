"""The database: one SQLite file in WAL mode, a writer connection and a reader connection.

Every write goes through one writer task that commits in groups: the saves that arrive while a commit
is running share the next transaction, so a thousand busy tables cost a few commits a second, not a
thousand. A table's state row and its action-log row are always in the same transaction. If a group
fails because of one bad write, each write is retried alone, so it never loses another table's; if
it fails because the database can't be written at all (locked by another process, disk full,
read-only, I/O error), every write of the group fails at once with ``StorageUnavailable`` and nothing
is changed: the table service refuses or retries.

The file and its WAL journal are created readable by their owner only (SQLite gives the ``-wal`` and
``-shm`` files the database file's permissions).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import ratings
from bot.storage.errors import CorruptRow, SchemaError, StorageUnavailable, unavailable
from bot.storage.faults import StorageFaults
from bot.storage.lease import LeaseHolder, LeaseRow
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.records import ActionRow, DamagedRow, GameRecord, RatingChange, StoredTable, TableWrite

log = logging.getLogger(__name__)

BUSY_TIMEOUT = 3.0  # seconds a write waits for another process's lock before it is refused
FILE_MODE = 0o600


@dataclass(frozen=True, slots=True)
class _SettingsWrite:
    guild_id: str
    data: str
    at: float


@dataclass(frozen=True, slots=True)
class _MetaWrite:
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class _PresenterWrite:
    table_id: int
    key: str
    value: str | None  # None deletes


@dataclass(frozen=True, slots=True)
class _PreferencesWrite:
    player_id: str
    data: str
    at: float


@dataclass(frozen=True, slots=True)
class _LeaseWrite:
    op: str  # "acquire" (→ the other holder's LeaseRow, or None), "renew" (→ still held), "release"
    name: str
    me: LeaseHolder
    now: float
    ttl: float


_Write = TableWrite | _SettingsWrite | _MetaWrite | _PresenterWrite | _PreferencesWrite | _LeaseWrite

_UPSERT_TABLE = """
INSERT INTO tables (id, guild_id, channel_id, host_id, status, move, deadline, state, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET
    host_id = excluded.host_id, status = excluded.status, move = excluded.move,
    deadline = excluded.deadline, state = excluded.state, updated_at = excluded.updated_at
"""
_INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, at, move, actor, kind, payload) VALUES (?, ?, ?, ?, ?, ?, ?)"
)


class Database:
    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.path = path
        self._w = writer
        self._r = reader
        self._pending: list[tuple[_Write, asyncio.Future[Any]]] = []
        self._writer_task: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed by the writer (benchmarks)
        self.faults = StorageFaults()  # tests and benchmarks make writes fail through this
        self.on_damage: Callable[[DamagedRow], None] = _log_damage  # the service reports them

    # -- opening ----------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout: float = BUSY_TIMEOUT) -> Database:
        """Open (creating if needed, owner-only) the file, switch to WAL and bring the schema up to
        date. ``busy_timeout``: how long a statement waits for another process's lock."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        _create_private(path)
        ms = int(busy_timeout * 1000)
        writer = await aiosqlite.connect(path, isolation_level=None)
        try:
            await writer.execute("PRAGMA journal_mode=WAL")
            await writer.execute("PRAGMA synchronous=NORMAL")  # durable at each checkpoint; safe in WAL
            await writer.execute("PRAGMA foreign_keys=ON")
            await writer.execute(f"PRAGMA busy_timeout={ms}")
            await _migrate(writer)
            reader = await aiosqlite.connect(path, isolation_level=None)
            await reader.execute(f"PRAGMA busy_timeout={ms}")
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        """Close after the writes in flight; a transaction a cancelled writer left open is rolled
        back first. (Closed inside a transaction while a statement is still referenced, SQLite keeps
        the connection as a "zombie" holding the write lock until that statement is freed: every
        other connection's writes then wait out their busy timeout.)"""
        while self._writer_task is not None and not self._writer_task.done():
            await asyncio.shield(self._writer_task)
        await self._end_transaction()
        await self._r.close()
        await self._w.close()

    async def set_busy_timeout(self, seconds: float) -> None:
        """How long a statement waits for another process's lock (tests shorten it)."""
        for conn in (self._w, self._r):
            await conn.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")

    def report_damage(self, damage: DamagedRow) -> None:
        self.on_damage(damage)

    # -- the lease (bot.storage.lease) ------------------------------------------------------------

    async def acquire_lease(self, name: str, me: LeaseHolder, ttl: float) -> LeaseRow | None:
        """Take the lease ``name`` for ``ttl`` seconds; returns None, or the row of the live holder
        that keeps it."""
        return await self._submit(_LeaseWrite("acquire", name, me, time.time(), ttl))  # type: ignore[no-any-return]

    def renew_lease(self, name: str, me: LeaseHolder, ttl: float) -> asyncio.Future[bool]:
        """Push the lease's expiry on; resolves to False if another process holds it now."""
        return self._submit(_LeaseWrite("renew", name, me, time.time(), ttl))

    async def release_lease(self, name: str, me: LeaseHolder) -> None:
        await self._submit(_LeaseWrite("release", name, me, time.time(), 0.0))

    async def schema_version(self) -> int:
        async with self._r.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # -- writing ------------------------------------------------------------------------------

    async def save_table(self, write: TableWrite) -> tuple[RatingChange, ...]:
        """Save a table's state with its action-log row (and results, if the game ended)."""
        return await self._submit(write)  # type: ignore[no-any-return]

    async def save_server_settings(self, guild_id: str, data: dict[str, Any], at: float) -> None:
        await self._submit(_SettingsWrite(guild_id, json.dumps(data, sort_keys=True), at))

    async def set_meta(self, key: str, value: str) -> None:
        await self._submit(_MetaWrite(key, value))

    async def set_presenter_data(self, table_id: int, key: str, value: str | None) -> None:
        """Remember (or with None, forget) a value for the presenter, e.g. a message id."""
        await self._submit(_PresenterWrite(table_id, key, value))

    async def set_player_preferences(self, player_id: str, data: dict[str, Any]) -> None:
        await self._submit(_PreferencesWrite(player_id, json.dumps(data), time.time()))

    async def player_preferences(self, player_id: str) -> dict[str, Any] | None:
        row = await self._one("SELECT data FROM player_preferences WHERE player_id = ?", (player_id,))
        if row is None:
            return None
        try:
            data = _json_object(row[0])
        except (TypeError, ValueError) as exc:
            # the defaults serve, the next save repairs it
            self.report_damage(DamagedRow("player_preferences", player_id, None, str(exc)))
            return None
        return data

    async def presenter_data(self, table_id: int) -> dict[str, str]:
        rows = await self.rows("SELECT key, value FROM presenter_data WHERE table_id = ?", (table_id,))
        return {str(k): str(v) for k, v in rows}

    async def rows(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        """Run a read on the reader connection; a database that can't be read is unavailable."""
        try:
            async with self._r.execute(sql, tuple(args)) as cur:
                return list(await cur.fetchall())
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"reading failed: {exc}") from exc

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self.rows(sql, args)
        return rows[0] if rows else None

    def _submit(self, write: _Write) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        if self._writer_task is None or self._writer_task.done():
            self._writer_task = asyncio.create_task(self._write_loop(), name="db-writer")
        return future

    async def _write_loop(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                results = await self._commit([w for w, _ in batch])
            except asyncio.CancelledError:
                # Stopped mid-transaction (shutdown): nothing of the group was written, and its
                # writers must hear so rather than wait forever.
                for _, future in batch:
                    if not future.done():
                        future.set_exception(StorageUnavailable("the database writer was stopped"))
                raise
            except Exception as exc:
                if unavailable(exc):
                    log.warning("the database can't be written (%d writes refused): %s", len(batch), exc)
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(_as_unavailable(exc))
                    continue
                log.exception("group commit of %d writes failed; retrying each alone", len(batch))
                for write, future in batch:
                    try:
                        (result,) = await self._commit([write])
                    except Exception as exc:
                        if not future.done():
                            future.set_exception(_as_unavailable(exc) if unavailable(exc) else exc)
                    else:
                        if not future.done():
                            future.set_result(result)
                continue
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)

    async def _end_transaction(self) -> None:
        """Roll back whatever transaction the writer connection is still in (none, normally)."""
        w = self._w
        if w._connection is not None and w.in_transaction:  # not after close
            with contextlib.suppress(Exception):
                await w.execute("ROLLBACK")

    async def _commit(self, writes: Sequence[_Write]) -> list[Any]:
        """One transaction for ``writes``: committed whole, or (whatever stops it, a failed
        statement or a cancellation) rolled back whole, so the write lock is never kept."""
        await self._end_transaction()  # a writer cancelled during a rollback leaves one open
        await self._w.execute("BEGIN IMMEDIATE")
        try:
            results = await self._statements(writes)
            await self._w.execute("COMMIT")
        except BaseException:
            await self._end_transaction()
            raise
        self.commits += 1
        return results

    async def _statements(self, writes: Sequence[_Write]) -> list[Any]:
        w = self._w
        self.faults.check()
        tables = [x for x in writes if isinstance(x, TableWrite)]
        if tables:
            await w.executemany(
                _UPSERT_TABLE,
                [
                    (
                        t.table_id,
                        t.guild_id,
                        t.channel_id,
                        t.host_id,
                        t.status,
                        t.move,
                        t.deadline,
                        t.state,
                        t.created_at,
                        t.updated_at,
                    )
                    for t in tables
                ],
            )
            await w.executemany(
                _INSERT_ACTION,
                [
                    (t.table_id, a.seq, a.at, a.move, a.actor, a.kind, a.payload)
                    for t in tables
                    for a in (t.action,)
                ],
            )
        results: list[Any] = []
        for x in writes:
            if isinstance(x, TableWrite):
                game = x.game
                results.append(() if game is None else await _record_game(w, game, self.report_damage))
            elif isinstance(x, _LeaseWrite):
                results.append(await _lease(w, x))
            elif isinstance(x, _SettingsWrite):
                await w.execute(
                    "INSERT INTO server_settings (guild_id, data, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(guild_id) DO UPDATE SET data = excluded.data, "
                    "updated_at = excluded.updated_at",
                    (x.guild_id, x.data, x.at),
                )
                results.append(None)
            elif isinstance(x, _PreferencesWrite):
                await w.execute(
                    "INSERT INTO player_preferences (player_id, data, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(player_id) DO UPDATE SET data = excluded.data, "
                    "updated_at = excluded.updated_at",
                    (x.player_id, x.data, x.at),
                )
                results.append(None)
            elif isinstance(x, _PresenterWrite):
                if x.value is None:
                    await w.execute(
                        "DELETE FROM presenter_data WHERE table_id = ? AND key = ?", (x.table_id, x.key)
                    )
                else:
                    await w.execute(
                        "INSERT INTO presenter_data (table_id, key, value) VALUES (?, ?, ?) "
                        "ON CONFLICT(table_id, key) DO UPDATE SET value = excluded.value",
                        (x.table_id, x.key, x.value),
                    )
                results.append(None)
            else:
                await w.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    (x.key, x.value),
                )
                results.append(None)
        return results

    # -- reading ------------------------------------------------------------------------------

    async def next_table_id(self) -> int:
        row = await self._one("SELECT COALESCE(MAX(id), 0) + 1 FROM tables")
        assert row is not None
        return int(row[0])

    async def open_tables(self) -> list[StoredTable]:
        """Every table not finished or cancelled, oldest first."""
        rows = await self.rows(
            "SELECT id, guild_id, channel_id, status, state FROM tables "
            "WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        return [StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        r = await self._one(
            "SELECT id, guild_id, channel_id, status, state FROM tables WHERE id = ?", (table_id,)
        )
        return None if r is None else StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]))

    async def actions(self, table_id: int) -> list[ActionRow]:
        """The table's action log, in order. A row that can't be read is reported and left out
        (the log is for audits and replays; the bot never needs it to run)."""
        rows = await self.rows(
            "SELECT seq, at, move, actor, kind, payload FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        )
        out: list[ActionRow] = []
        for r in rows:
            try:
                out.append(ActionRow(int(r[0]), float(r[1]), int(r[2]), r[3], str(r[4]), str(r[5])))
            except (TypeError, ValueError) as exc:
                self.report_damage(DamagedRow("actions", f"{table_id}/{r[0]}", None, str(exc)))
        return out

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def meta_keys(self, prefix: str) -> set[str]:
        rows = await self.rows("SELECT key FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        return {str(r[0]) for r in rows}

    async def server_settings(self, guild_id: str) -> dict[str, Any] | None:
        """The server's settings as stored; ``CorruptRow`` if the row can't be read."""
        row = await self._one("SELECT data FROM server_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return None
        try:
            data = _json_object(row[0])
        except (TypeError, ValueError) as exc:
            raise CorruptRow("server_settings", guild_id, str(exc)) from None
        return data

    @property
    def reader(self) -> aiosqlite.Connection:
        return self._r


async def _migrate(conn: aiosqlite.Connection) -> None:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > SCHEMA_VERSION:
        raise SchemaError(
            f"the database is at schema version {version}, newer than this bot's {SCHEMA_VERSION}; "
            "run a newer version of the bot or use another DATABASE_PATH"
        )
    for number in range(version + 1, SCHEMA_VERSION + 1):
        script = MIGRATIONS[number - 1]
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(script):
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {number}")
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        log.info("database migrated to schema version %d", number)


def _statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit on its own)."""
    out: list[str] = []
    current: list[str] = []
    for line in script.splitlines():
        code = line.split("--", 1)[0]
        current.append(code)
        if code.rstrip().endswith(";"):
            out.append("\n".join(current).strip())
            current = []
    tail = "\n".join(current).strip()
    if tail:
        out.append(tail)
    return [s for s in out if s.strip(" ;\n")]


async def _record_game(
    conn: aiosqlite.Connection, game: GameRecord, report: Callable[[DamagedRow], None]
) -> tuple[RatingChange, ...]:
    """Results per person, then the rating update, inside the caller's transaction. A rating row
    that can't be read counts as a new player's rating (and is overwritten): it never stops a game
    from ending."""
    await conn.execute(
        "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game.table_id, game.guild_id, game.finished_at, game.end_reason, game.hands, game.options),
    )
    await conn.executemany(
        "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, ranking_points, hands, "
        "hand_points, moons, timeouts, quit, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.table_id,
                game.guild_id,
                p.player_id,
                p.seat,
                p.place,
                p.total,
                p.ranking_points,
                p.hands,
                p.hand_points,
                p.moons,
                p.timeouts,
                int(p.quit),
                int(p.place == 1 and not p.quit),
            )
            for p in game.players
        ],
    )
    ids = [pid for pid, _ in game.ranks]
    before: dict[str, tuple[float, float]] = {}
    if ids:
        marks = ",".join("?" * len(ids))
        async with conn.execute(
            f"SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND player_id IN ({marks})",
            (game.guild_id, *ids),
        ) as cur:
            for pid, mu, sigma in await cur.fetchall():
                try:
                    before[str(pid)] = ratings.checked(float(mu), float(sigma))
                except (TypeError, ValueError) as exc:
                    report(DamagedRow("ratings", f"{game.guild_id}/{pid}", game.guild_id, str(exc)))
    old = [before.get(pid, ratings.default_rating()) for pid in ids]
    new = ratings.rate(old, [rank for _, rank in game.ranks])
    await conn.executemany(
        "INSERT INTO ratings (guild_id, player_id, mu, sigma) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(guild_id, player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
        [(game.guild_id, pid, mu, sigma) for pid, (mu, sigma) in zip(ids, new, strict=True)],
    )
    changes = []
    by_id = dict(zip(ids, zip(old, new, strict=True), strict=True))
    for p in game.players:
        async with conn.execute(
            "SELECT COALESCE(SUM(ranking_points), 0) FROM game_players WHERE guild_id = ? AND player_id = ?",
            (game.guild_id, p.player_id),
        ) as cur:
            row = await cur.fetchone()
        (mu0, s0), (mu1, s1) = by_id.get(p.player_id, (ratings.default_rating(), ratings.default_rating()))
        changes.append(
            RatingChange(
                p.player_id,
                p.ranking_points,
                int(row[0]) if row else 0,
                ratings.skill(mu0, s0),
                ratings.skill(mu1, s1),
            )
        )
    return tuple(changes)


async def _lease(conn: aiosqlite.Connection, x: _LeaseWrite) -> Any:
    """One lease operation inside the writer's transaction (see ``bot.storage.lease``)."""
    me = x.me
    if x.op == "renew":
        cur = await conn.execute(
            "UPDATE leases SET heartbeat_at = ?, expires_at = ? WHERE name = ? AND holder = ?",
            (x.now, x.now + x.ttl, x.name, me.holder),
        )
        return cur.rowcount > 0
    if x.op == "release":
        await conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (x.name, me.holder))
        return None
    async with conn.execute(
        "SELECT holder, pid, host, started_at, heartbeat_at, expires_at FROM leases WHERE name = ?",
        (x.name,),
    ) as cur:
        row = await cur.fetchone()
    if row is not None:
        try:
            who = LeaseHolder(str(row[0]), int(row[1]), str(row[2]), float(row[3]))
            other = LeaseRow(who, float(row[4]), float(row[5]))
        except (TypeError, ValueError) as exc:
            log.error("the lease row %r can't be read (%s): taking it over", x.name, exc)
        else:
            if not other.free_for(me, x.now):
                return other
            if other.who.holder != me.holder:
                log.warning("taking over the database lease from %s (it is gone)", other.who.describe())
    await conn.execute(
        "INSERT INTO leases (name, holder, pid, host, started_at, heartbeat_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, "
        "pid = excluded.pid, host = excluded.host, started_at = excluded.started_at, "
        "heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at",
        (x.name, me.holder, me.pid, me.host, me.started_at, x.now, x.now + x.ttl),
    )
    return None


def _create_private(path: Path) -> None:
    """Create the database file readable by its owner only (SQLite gives its journal files the
    same permissions). An existing file is left as the operator set it."""
    if str(path) == ":memory:" or path.exists():
        return
    fd = os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE)
    os.close(fd)
    os.chmod(path, FILE_MODE)  # whatever the umask


def _as_unavailable(exc: BaseException) -> StorageUnavailable:
    if isinstance(exc, StorageUnavailable):
        return exc
    out = StorageUnavailable(str(exc))
    out.__cause__ = exc
    return out


def _log_damage(damage: DamagedRow) -> None:
    log.error("%s row %s can't be read: %s", damage.table, damage.key, damage.reason)


def _json_object(text: Any) -> dict[str, Any]:
    """A stored JSON object; ``ValueError``/``TypeError`` when the row holds anything else."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data
