"""The table service: lobby, turns, timers, computer turns and persistence for many tables at once.

asyncio code that knows nothing of Discord. The Discord layer calls the operations with an ``Actor``
and plain ids, and shows the events this service sends to the ``Presenter`` attached to it. Refusals
are ``Refused`` exceptions carrying codes. Built in layers, one job per module: ``service_base``
(state, queries, saving and rollback, event delivery), ``turns`` (moves, timers, computer turns),
``lobby_actions`` (seats, start, cancel, server settings) and this module: the lifecycle (restoring
every unfinished table at start, the heartbeat, stopping) and the supervisor, which looks at every
table regularly and re-arms whatever should move it on, so no table waits forever.

At start, what the tables still owe the players (the outbox: events saved with their action but not
marked delivered, finished and cancelled tables included) is offered to the presenter ``again``,
in order and before anything new of the table; delivered rows are pruned on the heartbeat.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable
from typing import Any

from bot.storage.errors import StorageUnavailable
from bot.storage.records import DamagedRow, OwedRow
from bot.tables import event_codec
from bot.tables import events as ev
from bot.tables.options import TableOptions
from bot.tables.presenter import Presenter
from bot.tables.refusals import Refused
from bot.tables.service_base import (
    ALIVE_KEY,
    REPORTED_PREFIX,
    Phase,
    Queued,
    with_changes,
)
from bot.tables.sharing import Sharing
from bot.tables.snapshot import (
    table_snapshot,
)
from bot.tables.table import Table, TableStatus

log = logging.getLogger(__name__)


class TableService(Sharing):
    # == lifecycle ==========================================================================

    def attach(self, presenter: Presenter) -> None:
        """Show this service's events through ``presenter`` (before ``start``: restoring tables
        emits events)."""
        self.presenter = presenter

    async def start(self) -> list[int]:
        """Restore every unfinished table (deadlines moved by the downtime) and start the timers.
        Returns the ids of the tables restored; unreadable ones are reported as ``TableBroken``."""
        self._next_id = await self.db.next_table_id()
        self._reported = await self.db.meta_keys(REPORTED_PREFIX)
        now = self.clock.now()
        downtime = await self._downtime(now)
        owed = await self._owed()
        restored: list[int] = []
        saves: list[Awaitable[Any]] = []
        for row in await self.db.open_tables():
            if not self.owns(row.guild_id):
                continue  # another process's (bot.tables.sharing)
            try:
                table = Table.from_json(json.loads(row.state))
                if table.table_id != row.table_id:
                    raise ValueError(f"state is of table {table.table_id}")
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"
                self._broken[row.table_id] = reason
                if self._first_report("tables", str(row.table_id), reason):
                    self._emit_detached(ev.TableBroken(row.table_id, row.guild_id, row.channel_id, reason))
                continue
            table.saved_state = row.state
            if table.deadline is not None:
                table.deadline += downtime
            self._tables[table.table_id] = table
            restored.append(table.table_id)
            if table.status is TableStatus.PLAYING:
                saves.append(self._save_restored(table, downtime))
        self._phase = Phase.RUNNING
        for result in await asyncio.gather(*saves, return_exceptions=True):
            if isinstance(result, BaseException):
                log.error("saving a restored table failed", exc_info=result)
        for table_id, items in owed.items():
            if table_id not in self._tables:  # finished, cancelled or broken: delivered all the same
                self._queue(Table(table_id, "", "", "", TableOptions(), 0, 0.0), items)
        for table_id in restored:
            table = self._tables[table_id]
            self._queue(table, owed.get(table_id, []))  # first what it owed, then the restart
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [ev.TableRestored(snap, downtime)]
            game = table.game
            if table.status is TableStatus.PLAYING and game is not None and not game.over:
                # Everyone who must act gets working controls again (the presenter skips those it
                # already sent for this move before the restart).
                events.append(self._turn(table, snap))
            self._emit(table, events)
            self._schedule(table)
        await self._note_alive()
        await self.db.listen(self._heard)  # other processes' saves of this one's tables
        self._beat()
        self._supervise_later()
        return restored

    async def _owed(self) -> dict[int, list[Queued]]:
        """This process's tables' outbox rows still owed, as events to offer ``again``, by table.
        A row that can't be read is reported and set aside (marked delivered)."""
        owed: dict[int, list[Queued]] = {}
        for row in await self.db.owed_events():
            if not self.owns(row.guild_id):
                continue  # another process's (bot.tables.sharing)
            try:
                events = await self._owed_events(row)
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"
                self._damaged(DamagedRow("outbox", f"{row.table_id}/{row.seq}", row.guild_id, reason))
                self._mark(row.table_id, row.seq, row.shown, row.shown)
                continue
            n = len(events)
            owed.setdefault(row.table_id, []).extend(
                Queued(e, row.seq, i, n, again=True) for i, e in enumerate(events) if i >= row.shown
            )
        return owed

    async def _owed_events(self, row: OwedRow) -> list[ev.TableEvent]:
        events = event_codec.decode(row.events)
        if any(isinstance(e, ev.GameOver) for e in events):
            return with_changes(events, await self.db.rating_changes(row.table_id))
        return events

    async def _downtime(self, now: float) -> float:
        """Seconds this process was down (since its last heartbeat): added to every deadline of
        its tables. A shard range's first start measures from the database's heartbeat of before
        (every process wrote that one)."""
        key = self.alive_key
        alive = await self.db.get_meta(key)
        if alive is None and key != ALIVE_KEY:
            key, alive = ALIVE_KEY, await self.db.get_meta(ALIVE_KEY)
        if alive is None:
            return 0.0
        try:
            return max(0.0, now - float(alive))
        except ValueError as exc:
            self._first_report("meta", key, str(exc))
            return 0.0

    async def _save_restored(self, table: Table, downtime: float) -> None:
        """Log the restart for this table (with the downtime). If the database refuses, the table
        still goes on with its deadline moved (the next save writes it)."""
        deadline = table.deadline
        try:
            await self._save(table, None, "restored", {"downtime": downtime})
        except Refused:
            table.deadline = deadline

    async def _prune(self) -> None:
        """Delete the outbox rows delivered long enough ago (kept a while for whoever looks)."""
        try:
            await self.db.prune_outbox(self.clock.now() - self.settings.outbox_keep)
        except StorageUnavailable as exc:
            log.warning("delivered outbox rows not pruned (next heartbeat): %s", exc)

    async def _note_alive(self) -> None:
        try:
            await self.db.set_meta(self.alive_key, repr(self.clock.now()))
        except StorageUnavailable as exc:
            log.warning("heartbeat not written: %s", exc)

    async def stop(self) -> None:
        """Stop timers and background work, and note the time (the next start measures downtime)."""
        if self.running:
            await self._pages_gone()
        self._phase = Phase.STOPPED
        for handle in (self._heartbeat, self._supervisor):
            if handle is not None:
                handle.cancel()
        for table in self._tables.values():
            table.cancel_timers()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._note_alive()
        if self._own_pool:
            self.computers.close()

    @property
    def idle(self) -> bool:
        """No background work running (computer turns, deliveries): what ``settle`` waits for."""
        return not self._tasks

    async def settle(self) -> None:
        """Wait until no background work is left (computer turns, deliveries). For tests/benchmarks."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _beat(self) -> None:
        def beat() -> None:
            if self.running:
                self._spawn_alone("note alive", self._note_alive)
                self._spawn_alone("prune", self._prune)
                self._pages_beat()
                self._beat()

        self._heartbeat = self.clock.call_at(self.clock.now() + self.settings.heartbeat_interval, beat)

    # == the supervisor =======================================================================

    def _supervise_later(self) -> None:
        def run() -> None:
            if self.running:
                self.supervise()
                self._supervise_later()

        self._supervisor = self.clock.call_at(self.clock.now() + self.settings.supervise_interval, run)

    def supervise(self) -> int:
        """Find the tables where nobody can move (a computer turn or a deadline timer was lost, e.g.
        to a failure) and set them moving again. Returns how many were repaired."""
        self._poll_saved()
        repaired = 0
        now = self.clock.now()
        for table in list(self._tables.values()):
            if self._stuck(table, now):
                log.warning(
                    "table %d was stuck at move %d: re-arming its turn", table.table_id, table.move_number
                )
                self._schedule(table)
                repaired += 1
        self.repairs += repaired
        return repaired

    def _stuck(self, table: Table, now: float) -> bool:
        game = table.game
        if table.status is not TableStatus.PLAYING or game is None or game.over or table.lock.locked():
            return False
        if table.retry_at is not None and table.retry_at >= now - self.settings.supervise_interval:
            return False  # a retry is pending (its timer's own; the others a failure may have lost)
        for seat in game.hand.waiting_for():
            if game.seats[seat].is_computer:
                if (seat, table.move_number) not in table.thinking:
                    return True
            elif (
                table.deadline is not None
                and table.deadline < now - self.settings.supervise_interval
                and table.timing_out != table.move_number
            ):
                return True  # the deadline passed long ago, and no timeout is under way: its timer was lost
        return False
