"""The database: the public face of storage, the same on both backends (``bot.storage.backend``).

SQLite (one file, the embedded default) or PostgreSQL (a server, for a bot that runs several
processes) is chosen by what ``Database.open`` is given: a path or ``sqlite:///…``, or a
``postgresql://…`` URL. Every write goes through one group-commit writer (``bot.storage.writer``): a
table's state row and its action-log row are always in the same transaction; a group that fails
because of one bad write is retried write by write; a database that can't be written at all fails the
whole group with ``StorageUnavailable`` and nothing is changed: the table service refuses or retries.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from bot.storage import budget, migrations, writes
from bot.storage.backend import Backend, Dialect, Target, Tx
from bot.storage.errors import CorruptRow, StaleTable, StorageError, StorageUnavailable
from bot.storage.faults import Crash, CrashPoint, StorageFaults
from bot.storage.lease import LeaseHolder, LeaseRow
from bot.storage.records import (
    PAGE_NOTICE,
    PREFERENCES_NOTICE,
    ActionRow,
    DamagedRow,
    Notice,
    OwedRow,
    PageNotice,
    PreferencesChanged,
    RatingChange,
    StoredTable,
    TableSaved,
    TableWrite,
)
from bot.storage.writer import GroupWriter

log = logging.getLogger(__name__)
T = TypeVar("T")

BUSY_TIMEOUT = 3.0  # seconds a write waits for another process's lock before it is refused


async def open_backend(target: Target, busy_timeout: float = BUSY_TIMEOUT) -> Backend:
    """The backend's connections to ``target``, schema not checked (``Database.open`` migrates)."""
    if target.dialect is Dialect.POSTGRESQL:
        from bot.storage.postgres import PostgresBackend

        return await PostgresBackend.open(target, busy_timeout)
    from bot.storage.sqlite import SqliteBackend

    return await SqliteBackend.open(target, busy_timeout)


class Database:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.target = backend.target
        self.path = backend.target.path  # the SQLite file (None on PostgreSQL)
        self._writer: GroupWriter[writes.Write] = GroupWriter(self._commit, backend.unavailable)
        self.commits = 0  # transactions committed by the writer (benchmarks)
        self.faults = StorageFaults()  # tests and benchmarks make writes fail through this
        self.crash: Crash | None = None  # tests kill the process at a point of a move through this
        self.on_damage: Callable[[DamagedRow], None] = _log_damage  # the service reports them
        self._closed = False

    # -- opening ----------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        where: Path | str | Target,
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        upto: int = migrations.SCHEMA_VERSION,
    ) -> Database:
        """Open ``where`` (a SQLite file path or ``sqlite:///…``, created owner-only if needed; or a
        ``postgresql://…`` URL) and bring the schema up to date. ``busy_timeout``: how long a write
        waits for another process's lock. ``upto``: only that far (the bot takes its lease at
        ``migrations.LEASES``, then ``migrate``s: a second copy, refused, changes no schema under
        the one running)."""
        target = where if isinstance(where, Target) else Target.parse(where)
        backend = await open_backend(target, busy_timeout)
        try:
            await migrations.apply(backend, upto)
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    async def migrate(self) -> None:
        """Bring the schema up to date (opened with ``upto``)."""
        await migrations.apply(self.backend)

    @property
    def dialect(self) -> Dialect:
        return self.backend.dialect

    @property
    def where(self) -> str:
        """The database as operators' messages name it (a file, or a URL without its password)."""
        return self.target.describe()

    async def close(self) -> None:
        """Close after the writes in flight; writes asked for from now on are refused
        (``StorageUnavailable``), and so are reads once it is closed."""
        await self._writer.close()
        self._closed = True
        await self.backend.close()

    async def set_busy_timeout(self, seconds: float) -> None:
        """How long a statement waits for another process's lock (tests shorten it)."""
        await self.backend.set_busy_timeout(seconds)

    def report_damage(self, damage: DamagedRow) -> None:
        self.on_damage(damage)

    # -- the lease (bot.storage.lease) ------------------------------------------------------------

    async def acquire_lease(
        self, name: str, me: LeaseHolder, ttl: float, clock: Callable[[], float] = time.time
    ) -> LeaseRow | None:
        """Take the lease ``name`` for ``ttl`` seconds from ``clock()`` (epoch seconds; tests pass
        their own, as to ``take_share``); returns None, or the row of the live holder that keeps it."""
        return await self._submit(writes.LeaseWrite("acquire", name, me, clock(), ttl))  # type: ignore[no-any-return]

    def renew_lease(self, name: str, me: LeaseHolder, ttl: float) -> asyncio.Future[bool]:
        """Push the lease's expiry on; resolves to False if another process holds it now."""
        return self._submit(writes.LeaseWrite("renew", name, me, time.time(), ttl))

    async def release_lease(self, name: str, me: LeaseHolder) -> None:
        await self._submit(writes.LeaseWrite("release", name, me, time.time(), 0.0))

    # -- the bot's global budget (bot.storage.budget) ------------------------------------------

    async def take_share(
        self,
        me: str,
        demand: int,
        limit: int,
        hold: float,
        clock: Callable[[], float],
        lower: Callable[[int], None] = lambda share: None,
    ) -> int:
        """Report this process's demand (``me``: its lease's holder id) and return its share of the
        bot's ``limit``; a smaller share is passed to ``lower`` before it is written (see
        ``bot.storage.budget``). ``StorageUnavailable`` if the database can't be reached. Its own
        transaction, not the writer's group: it is small, frequent, and must not wait behind a burst
        of table saves."""
        return await self._alone(
            lambda tx: budget.take_share(tx, self.backend.lock, me, demand, limit, clock, hold, lower)
        )

    async def drop_share(self, me: str) -> None:
        await self._alone(lambda tx: budget.drop_share(tx, me))

    async def _alone(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """``body`` in a transaction of its own; a database that can't be used now is
        ``StorageUnavailable``, as for the writer's."""
        try:
            return await self.backend.transaction(body)
        except StorageError:
            raise
        except Exception as exc:
            if self.backend.unavailable(exc):
                raise StorageUnavailable(str(exc)) from exc
            raise

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    # -- other processes' saves ----------------------------------------------------------------

    async def listen(self, heard: Callable[[Notice], None]) -> None:
        """Call ``heard`` for every table another process saved with ``notify``, every live page
        and every change of a person's preferences one announced (PostgreSQL's LISTEN/NOTIFY,
        delivered at its commit; a process hears its own too). SQLite has one process: nothing
        is ever heard."""

        def parse(payload: str) -> None:
            notice: Notice
            try:
                if payload.startswith(PAGE_NOTICE + " "):
                    notice = PageNotice.parse(payload)
                elif payload.startswith(PREFERENCES_NOTICE + " "):
                    notice = PreferencesChanged.parse(payload)
                else:
                    table_id, seq = (int(part) for part in payload.split())
                    notice = TableSaved(table_id, seq)
            except ValueError:
                log.warning("a table notification that can't be read: %r", payload)
                return
            heard(notice)

        await self.backend.listen(parse)

    # -- writing ------------------------------------------------------------------------------

    async def save_table(self, write: TableWrite) -> tuple[RatingChange, ...]:
        """Save a table's state with its action-log row (and results, if the game ended).
        ``StaleTable`` if the stored row is no longer the one before this action (another process
        saved the table since): nothing is written."""
        result = await self._submit(write)
        if isinstance(result, writes.Stale):
            raise StaleTable(write.table_id, write.action.seq - 1, result.stored)
        return result  # type: ignore[no-any-return]

    def mark_shown(
        self, table_id: int, seq: int, shown: int, delivered_at: float | None
    ) -> asyncio.Future[None]:
        """Note how many of an outbox row's events were delivered (``delivered_at`` once all were:
        the events are dropped). Not awaited by the deliverer: a note lost to a crash only means the
        events are offered again, as possibly shown, at the next start."""
        return self._submit(writes.OutboxWrite(table_id, seq, shown, delivered_at))

    async def prune_outbox(self, before: float) -> int:
        """Delete the outbox rows delivered before ``before``; how many."""
        return await self._submit(writes.PruneOutbox(before))  # type: ignore[no-any-return]

    async def save_server_settings(self, guild_id: str, data: dict[str, Any], at: float) -> None:
        await self._submit(writes.SettingsWrite(guild_id, json.dumps(data, sort_keys=True), at))

    async def announce(self, notice: PageNotice | PreferencesChanged) -> None:
        """Tell the other processes (a live page, ``bot.tables.presence``; a person's preferences
        changed, ``bot.tables.preferences``)."""
        await self._submit(writes.Announce(notice.text()))

    async def set_meta(self, key: str, value: str) -> None:
        await self._submit(writes.MetaWrite(key, value))

    async def execute(
        self, *statements: tuple[str, tuple[Any, ...]], locks: Sequence[tuple[int, int]] = ()
    ) -> list[int]:
        """A feature's own statements, in one transaction through the writer (→ rows changed each);
        SQL both backends accept, written so that a conflict never fails (``ON CONFLICT``). ``locks``
        (``bot.storage.locks``) are held for the transaction: what another process writes under
        them is either seen whole by the statements or waits for their commit."""
        return await self._submit(writes.Statements(tuple(statements), locks=tuple(locks)))  # type: ignore[no-any-return]

    async def read_latest(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        """A read that sees every write submitted before it (it queues behind them in the writer):
        for a feature's read right after its own write. Plain reads (``rows``) may lag behind."""
        return await self._submit(writes.Statements(((sql, args),), fetch=True))  # type: ignore[no-any-return]

    async def set_presenter_data(self, table_id: int, key: str, value: str | None) -> None:
        """Remember (or with None, forget) a value for the presenter, e.g. a message id."""
        await self._submit(writes.PresenterWrite(table_id, key, value))

    async def save_review(self, review: writes.ReviewWrite) -> None:
        """Save a hand's review for one seat (a second save of the same one changes nothing)."""
        await self._submit(review)

    async def set_player_preferences(self, player_id: str, data: dict[str, Any]) -> None:
        await self._submit(writes.PreferencesWrite(player_id, json.dumps(data), time.time()))

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

    async def last_table_played_in(
        self, guild_id: str, channel_id: str, parent_id: str | None = None
    ) -> int | None:
        """The newest table of the server (open, finished or cancelled) opened in this channel, or
        opened in ``parent_id`` and played in this channel (its thread: the presenter's data
        ``play_channel``); None if none."""
        row = await self._one(
            "SELECT t.id FROM tables t "
            "LEFT JOIN presenter_data p ON p.table_id = t.id AND p.key = 'play_channel' "
            "WHERE t.guild_id = ? AND t.channel_id IN (?, ?) AND (t.channel_id = ? OR p.value = ?) "
            "ORDER BY t.id DESC LIMIT 1",
            (guild_id, channel_id, parent_id or channel_id, channel_id, channel_id),
        )
        return None if row is None else int(row[0])

    async def rows(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        """A read outside the writer (for ``bot.storage``'s own queries: SQL both backends accept,
        ``?`` placeholders); a database that can't be read is unavailable."""
        if self._closed:  # the drivers' own errors for a closed connection differ
            raise StorageUnavailable("the database is closed (the bot is stopping)")
        return await self.backend.fetch(sql, tuple(args))

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self.rows(sql, args)
        return rows[0] if rows else None

    def _submit(self, write: writes.Write) -> asyncio.Future[Any]:
        return self._writer.submit(write)

    @property
    def _writer_task(self) -> asyncio.Task[None] | None:
        return self._writer.task

    async def _commit(self, group: Sequence[writes.Write]) -> list[Any]:
        """One transaction for ``group``: committed whole, or rolled back whole."""
        results = await self.backend.transaction(lambda tx: self._statements(tx, group))
        self.commits += 1
        return results

    async def _statements(self, tx: Tx, group: Sequence[writes.Write]) -> list[Any]:
        self.faults.check(self.backend.fault_error)
        results = await writes.apply(tx, group, self.report_damage, self.backend.lock, self.backend.notify)
        if self.crash is not None:
            kinds = [k for w in group if isinstance(w, TableWrite) and w.owed for k in w.owed.kinds]
            self.crash.check(CrashPoint.COMMIT, kinds)
        return results

    # -- reading ------------------------------------------------------------------------------

    async def next_table_id(self) -> int:
        row = await self._one("SELECT COALESCE(MAX(id), 0) + 1 FROM tables")
        assert row is not None
        return int(row[0])

    async def claim_table_id(self) -> int:
        """A new table's id that no other process sharing the database is given (each claim is
        remembered, so a table not saved yet keeps its id too)."""
        return await self._submit(writes.ClaimTableId())  # type: ignore[no-any-return]

    async def open_tables(self) -> list[StoredTable]:
        """Every table not finished or cancelled, oldest first."""
        rows = await self.rows(
            "SELECT id, guild_id, channel_id, status, state FROM tables "
            "WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        return [StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]

    async def open_table_ids(self, guild_id: str, channel_id: str) -> list[int]:
        """The open tables of one channel, oldest first, whichever process owns them."""
        rows = await self.rows(
            "SELECT id FROM tables WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'playing') ORDER BY id",
            (guild_id, channel_id),
        )
        return [int(r[0]) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        if not 0 < table_id < 2**63:  # no such row, and past what the drivers bind (an old or odd id)
            return None
        r = await self._one(
            "SELECT id, guild_id, channel_id, status, state FROM tables WHERE id = ?", (table_id,)
        )
        return None if r is None else StoredTable(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]))

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        """The table's action log (from action ``after`` + 1), in order. A row that can't be read is
        reported and left out (the log is for audits and replays; the bot never needs it to run)."""
        rows = await self.rows(
            "SELECT seq, at, move, actor, kind, payload FROM actions WHERE table_id = ? AND seq > ? "
            "ORDER BY seq",
            (table_id, after),
        )
        out: list[ActionRow] = []
        for r in rows:
            try:
                out.append(ActionRow(int(r[0]), float(r[1]), int(r[2]), r[3], str(r[4]), str(r[5])))
            except (TypeError, ValueError) as exc:
                self.report_damage(DamagedRow("actions", f"{table_id}/{r[0]}", None, str(exc)))
        return out

    async def saved_at(self) -> dict[int, int]:
        """Every open table's last action number, by table id (to find the tables another process
        moved on, should a notification have been missed)."""
        rows = await self.rows("SELECT id, seq FROM tables WHERE status IN ('lobby', 'playing')")
        return {int(r[0]): int(r[1]) for r in rows}

    async def rating_changes(self, table_id: int) -> tuple[RatingChange, ...]:
        """What a finished game changed for each person (as ``save_table`` returned it to the process
        that saved it), in seat order; empty if the game recorded no results."""
        rows = await self.rows(
            "SELECT gp.player_id, gp.ranking_points, gp.skill_before, gp.skill_after, "
            "(SELECT COALESCE(SUM(o.ranking_points), 0) FROM game_players o JOIN games og "
            "ON og.table_id = o.table_id WHERE o.guild_id = gp.guild_id AND o.player_id = gp.player_id "
            "AND og.finished_at <= g.finished_at) "
            "FROM game_players gp JOIN games g ON g.table_id = gp.table_id WHERE gp.table_id = ? "
            "ORDER BY gp.seat",
            (table_id,),
        )
        return tuple(
            RatingChange(str(r[0]), int(r[1]), int(r[4]), float(r[2] or 0.0), float(r[3] or 0.0))
            for r in rows
        )

    async def owed_events(self) -> list[OwedRow]:
        """The outbox rows not yet delivered, per table in action order (tables in id order)."""
        rows = await self.rows(
            "SELECT o.table_id, t.guild_id, o.seq, o.events, o.shown FROM outbox o "
            "JOIN tables t ON t.id = o.table_id WHERE o.delivered_at IS NULL ORDER BY o.table_id, o.seq"
        )
        return [OwedRow(int(r[0]), str(r[1]), int(r[2]), str(r[3]), int(r[4])) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def meta_keys(self, prefix: str) -> set[str]:
        rows = await self.rows("SELECT key FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        return {str(r[0]) for r in rows}

    async def servers_with_settings(self) -> list[str]:
        """Every server that ever saved its settings."""
        return [str(r[0]) for r in await self.rows("SELECT guild_id FROM server_settings ORDER BY guild_id")]

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


def _log_damage(damage: DamagedRow) -> None:
    log.error("%s row %s can't be read: %s", damage.table, damage.key, damage.reason)


def _json_object(text: Any) -> dict[str, Any]:
    """A stored JSON object; ``ValueError``/``TypeError`` when the row holds anything else."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data
