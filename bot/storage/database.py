"""The database: one SQLite file in WAL mode, a writer connection and a reader connection.

Every write goes through one writer task that commits in groups: the saves that arrive while a commit
is running share the next transaction, so a thousand busy tables cost a few commits a second, not a
thousand. A table's state row and its action-log row are always in the same transaction. If a group
fails, each of its writes is retried alone, so one bad write never loses another table's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import ratings
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.storage.records import ActionRow, GameRecord, RatingChange, StoredTable, TableWrite

log = logging.getLogger(__name__)


class SchemaError(RuntimeError):
    """The database file was written by a newer version of the bot (or is not ours)."""


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


_Write = TableWrite | _SettingsWrite | _MetaWrite | _PresenterWrite | _PreferencesWrite

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

    # -- opening ----------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open (creating if needed) the file, switch to WAL and bring the schema up to date."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(path, isolation_level=None)
        try:
            await writer.execute("PRAGMA journal_mode=WAL")
            await writer.execute("PRAGMA synchronous=NORMAL")  # durable at each checkpoint; safe in WAL
            await writer.execute("PRAGMA foreign_keys=ON")
            await writer.execute("PRAGMA busy_timeout=5000")
            await _migrate(writer)
            reader = await aiosqlite.connect(path, isolation_level=None)
            await reader.execute("PRAGMA busy_timeout=5000")
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        while self._writer_task is not None and not self._writer_task.done():
            await asyncio.shield(self._writer_task)
        await self._r.close()
        await self._w.close()

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
        async with self._r.execute(
            "SELECT data FROM player_preferences WHERE player_id = ?", (player_id,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except ValueError:
            return None  # a damaged row: the defaults serve, the next save repairs it
        return data if isinstance(data, dict) else None

    async def presenter_data(self, table_id: int) -> dict[str, str]:
        async with self._r.execute(
            "SELECT key, value FROM presenter_data WHERE table_id = ?", (table_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {str(k): str(v) for k, v in rows}

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
            except Exception:
                log.exception("group commit of %d writes failed; retrying each alone", len(batch))
                await self._rollback()
                for write, future in batch:
                    try:
                        (result,) = await self._commit([write])
                    except Exception as exc:
                        await self._rollback()
                        if not future.done():
                            future.set_exception(exc)
                    else:
                        if not future.done():
                            future.set_result(result)
                continue
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)

    async def _rollback(self) -> None:
        with contextlib.suppress(Exception):
            await self._w.execute("ROLLBACK")

    async def _commit(self, writes: Sequence[_Write]) -> list[Any]:
        w = self._w
        await w.execute("BEGIN IMMEDIATE")
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
                results.append(await _record_game(w, x.game) if x.game is not None else ())
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
        await w.execute("COMMIT")
        self.commits += 1
        return results

    # -- reading ------------------------------------------------------------------------------

    async def next_table_id(self) -> int:
        async with self._w.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tables") as cur:
            row = await cur.fetchone()
        assert row is not None
        return int(row[0])

    async def open_tables(self) -> list[StoredTable]:
        """Every table not finished or cancelled, oldest first."""
        async with self._r.execute(
            "SELECT id, guild_id, channel_id, status, state FROM tables "
            "WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        async with self._r.execute(
            "SELECT id, guild_id, channel_id, status, state FROM tables WHERE id = ?", (table_id,)
        ) as cur:
            r = await cur.fetchone()
        return None if r is None else StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]))

    async def tables_in(self, guild_id: str, channel_id: str | None = None) -> list[tuple[int, str, str]]:
        """(id, channel, status) of a server's open tables, optionally in one channel."""
        sql = (
            "SELECT id, channel_id, status FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing')"
        )
        args: tuple[Any, ...] = (guild_id,)
        if channel_id is not None:
            sql += " AND channel_id = ?"
            args += (channel_id,)
        async with self._r.execute(sql + " ORDER BY id", args) as cur:
            rows = await cur.fetchall()
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def actions(self, table_id: int) -> list[ActionRow]:
        async with self._r.execute(
            "SELECT seq, at, move, actor, kind, payload FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [ActionRow(int(r[0]), float(r[1]), int(r[2]), r[3], str(r[4]), str(r[5])) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        async with self._r.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def server_settings(self, guild_id: str) -> dict[str, Any] | None:
        async with self._r.execute("SELECT data FROM server_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else json.loads(row[0])

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


async def _record_game(conn: aiosqlite.Connection, game: GameRecord) -> tuple[RatingChange, ...]:
    """Results per person, then the rating update, inside the caller's transaction."""
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
                before[str(pid)] = (float(mu), float(sigma))
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
