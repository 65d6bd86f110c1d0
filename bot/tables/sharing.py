"""Tables shared by several bot processes on one database (PostgreSQL; SQLite runs one process, and
nothing here ever happens there).

Each process owns the tables of the servers on its shards (``owns``): it alone restores them, times
them, plays their computers and presents their events. Discord delivers every DM click on shard 0,
so a person's move can reach a process that does not own the table. That process loads the table
from the database, applies the move and saves it with the usual move-number check; the save is a
compare-and-set under the table's lock in the database (``bot.storage.writes``), so of two processes
saving moves computed from the same state, one is refused (``StaleTable``) and tries again on the
newer state: no move is applied twice or lost. The save notifies the owner (NOTIFY, at commit),
which catches up: it replays the new actions from the log through its own code path, so its
presenter shows exactly what it would have shown for a move made on it, then schedules the next
turn. An owner whose own save is refused as stale catches up the same way, then its computer turn or
timer runs again on the new state. Should a notification be lost, the supervisor's poll of the saved
action numbers finds the table.

The Activity's socket for a table can land on any process, too: a person's live page served here
for another process's table is announced to its owner (``PageNotice``: at its opening and closing,
and again at every heartbeat), which holds their DMs back while it hears of it (``LivePages``) and
offers their turn again when it is closed or not announced again within ``PAGE_HEARD_FOR``
heartbeats (the process serving it stopped).

What a process keeps of other processes' tables (the copy last loaded for a move or a page, the last
save heard) is forgotten at the supervisor's poll once the table is no longer open.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, Final

from bot.storage.backend import Dialect
from bot.storage.errors import StaleTable, StorageUnavailable
from bot.storage.records import Notice, PageNotice, PreferencesChanged, RatingChange, TableSaved
from bot.tables import events as ev
from bot.tables.lobby_actions import LobbyActions
from bot.tables.permissions import Actor
from bot.tables.refusals import Behind, Refused, TableRefusal, or_busy
from bot.tables.replay import move_from_json
from bot.tables.snapshot import TableSnapshot, table_snapshot
from bot.tables.table import Table, TableStatus

log = logging.getLogger(__name__)

ATTEMPTS: Final = 5  # a move refused as stale is tried again on the newer state this many times
PAGE_HEARD_FOR: Final = 3  # heartbeats an announced page counts without being announced again


class IdTaken(Exception):
    """A new table's id was taken by another process's table meanwhile."""


class Sharing(LobbyActions):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._foreign: dict[int, Table] = {}  # other processes' tables, as last loaded for a move
        self._heard_elsewhere: dict[int, int] = {}  # other processes' tables: the last save heard
        self._run = secrets.token_hex(8)  # this process's run, in the pages it announces
        self._notices = itertools.count()
        self._closes_owed: set[tuple[int, str]] = set()  # closings not announced (storage failed)

    # == another process's tables ===============================================================

    async def visit(self, table_id: int) -> None:
        """Load a table another process owns (fresh from the database) so that this process can
        answer a click on it: e.g. a DM click, which reaches shard 0's process whoever owns it."""
        if table_id not in self._tables:
            with contextlib.suppress(Refused):  # the click's own handling says why
                await self._elsewhere(table_id)

    async def channel_tables(self, guild_id: str, channel_id: str) -> list[TableSnapshot]:
        """The open tables of a channel, oldest first: this process's and, on a shared database,
        the other processes' too (loaded fresh), since an Activity's socket may land on any
        process, not only on the one whose shards have the channel's server."""
        if not self._shared:
            return self.tables(guild_id, channel_id)
        try:
            ids = await self.db.open_table_ids(guild_id, channel_id)
        except StorageUnavailable:
            raise Refused(TableRefusal.STORAGE_BUSY) from None
        found: list[TableSnapshot] = []
        for table_id in ids:
            await self.visit(table_id)
            with contextlib.suppress(Refused):  # closed or unreadable since the query: not open here
                found.append(self.snapshot(table_id))
        return found

    @property
    def _shared(self) -> bool:
        """Whether other processes may use the database (PostgreSQL; SQLite: this one alone)."""
        return self.db.dialect is Dialect.POSTGRESQL

    async def _elsewhere(self, table_id: int) -> Table | None:
        """The table fresh from the database if another process owns it (None if this one does)."""
        if not self._shared:
            return None
        try:
            stored = await self.db.load_table(table_id)
        except StorageUnavailable:
            raise Refused(TableRefusal.STORAGE_BUSY) from None
        if stored is None or self.owns(stored.guild_id):
            return None
        self._foreign.pop(table_id, None)
        if stored.status not in (TableStatus.LOBBY.value, TableStatus.PLAYING.value):
            raise Refused(TableRefusal.TABLE_CLOSED)
        try:
            table = Table.from_json(json.loads(stored.state))
        except Exception as exc:
            raise Refused(TableRefusal.TABLE_BROKEN, error=str(exc)) from None
        table.saved_state = stored.state
        table.foreign = True
        self._foreign[table_id] = table
        return table

    def _notifies(self, table: Table) -> bool:
        """On a shared database every save tells the other processes: the owner catches up on a
        move made elsewhere, and a process with an Activity socket on another's table sends it the
        new state (``_heard``)."""
        return self._shared

    def _table(self, table_id: int) -> Table:
        foreign = self._foreign.get(table_id)
        if foreign is not None and table_id not in self._tables:
            return foreign
        return super()._table(table_id)

    async def _person_move(self, actor: Actor, table_id: int, move_number: int, make: Any) -> TableSnapshot:
        """A person's move on a table of this process, or of another (loaded fresh each attempt);
        refused as stale, it is tried again on the newer state (the move number still decides)."""
        for _ in range(ATTEMPTS):
            if table_id not in self._tables:
                await self._elsewhere(table_id)
            try:
                return await super()._person_move(actor, table_id, move_number, make)
            except Behind:
                continue
        raise Refused(TableRefusal.STORAGE_BUSY)

    async def create_table(self, *args: Any, **kwargs: Any) -> TableSnapshot:
        """A new table. With other processes on the database, its id is claimed in the database
        first; should another table of this process take it meanwhile, the next one is claimed."""
        for _ in range(ATTEMPTS):
            if self._shared:  # an id no other process is given
                self._next_id = await or_busy(self.db.claim_table_id())
            try:
                return await super().create_table(*args, **kwargs)
            except IdTaken:
                continue
        raise Refused(TableRefusal.STORAGE_BUSY)

    def _emit(self, table: Table, events: list[ev.TableEvent], *, saved: bool = False) -> None:
        if not table.foreign:  # the owner presents another process's table (its outbox rows too)
            super()._emit(table, events, saved=saved)
        else:  # but whatever shows it live here (the Activity's sockets on this process) is told
            self._changed(table.table_id)

    def _schedule(self, table: Table, *, retrying: bool = False) -> None:
        if not table.foreign and table.replaying is None:  # caught up: scheduled once, at the end
            super()._schedule(table, retrying=retrying)

    def _close(self, table: Table) -> None:
        self._foreign.pop(table.table_id, None)
        super()._close(table)

    # == saving: stale saves, catching up ========================================================

    async def _save(
        self,
        table: Table,
        actor_id: str | None,
        kind: str,
        payload: dict[str, Any],
        events: Sequence[ev.TableEvent] = (),
    ) -> tuple[RatingChange, ...]:
        row = table.replaying
        if (
            row is not None
        ):  # another process saved this action (its outbox row too): take its number and results
            table.seq = row.seq
            if table.status is TableStatus.FINISHED:
                return await self.db.rating_changes(table.table_id)
            return ()
        try:
            return await super()._save(table, actor_id, kind, payload, events)
        except StaleTable as exc:
            if table.saved_state is None:
                raise IdTaken from None
            log.info("table %d moved on in another process: %s", table.table_id, exc)
            if not table.foreign:
                await self._catch_up(table)
            raise Behind from None

    # == live pages (the Activity) of other processes' tables =====================================

    def _elsewhere_page(self, table_id: int) -> bool:
        """Whether a page of this table is told to its owner: another process's table (or none)."""
        return table_id not in self._tables and self._shared

    def _page_changed(self, table_id: int, player_id: str, shown: bool) -> None:
        if table_id in self._tables:
            super()._page_changed(table_id, player_id, shown)
        elif self.running and self._elsewhere_page(table_id):
            self._closes_owed.discard((table_id, player_id))
            self._spawn(self._announce(table_id, player_id, shown))

    async def _announce(self, table_id: int, player_id: str, shown: bool) -> None:
        """Tell the owner; what storage refuses is told at the next heartbeat (an opening, as
        every page still open; a closing, as owed)."""
        notice = PageNotice(table_id, player_id, self._run, shown, next(self._notices))
        try:
            await self.db.announce(notice)
        except StorageUnavailable as exc:
            log.info("a live page of table %d not announced: %s", table_id, exc)
            if not shown and not self.live.watching(table_id, player_id):
                self._closes_owed.add((table_id, player_id))

    def _page_heard(self, notice: PageNotice) -> None:
        if notice.holder == self._run or notice.table_id not in self._tables:
            return  # its own, or not this process's table
        lasts = PAGE_HEARD_FOR * self.settings.heartbeat_interval
        until = self.clock.now() + lasts if notice.shown else None
        if self.live.heard(notice.table_id, notice.player_id, notice.holder, until):
            self._page_closed(notice.table_id, notice.player_id)

    async def _pages_gone(self) -> None:
        """(Stopping.) Tell the owners that the pages this process serves of their tables are gone
        (their sockets close with it), so that the turns held back come by DM at once rather than
        when the announcements expire (one commit for them all)."""
        await asyncio.gather(
            *(self._announce(t, p, False) for t, p in self.live.own() if self._elsewhere_page(t))
        )

    def _pages_beat(self) -> None:
        """(At every heartbeat.) Announce this process's pages of other processes' open tables
        again (as loaded for the pages: a finished one is dropped then); forget those announced
        to this one and not again in time."""
        for table_id, player_id in self.live.own():
            if table_id in self._foreign and table_id not in self._tables:
                self._spawn(self._announce(table_id, player_id, True))
        owed, self._closes_owed = self._closes_owed, set()
        for table_id, player_id in owed:
            self._spawn(self._announce(table_id, player_id, False))
        for table_id, player_id in self.live.expire(self.clock.now()):
            self._page_closed(table_id, player_id)

    # == saves by other processes ===============================================================

    def _heard(self, saved: Notice) -> None:
        if isinstance(saved, PageNotice):
            self._page_heard(saved)
            return
        if isinstance(saved, PreferencesChanged):
            self.known_preferences.forget(saved.player_id)
            return
        table = self._tables.get(saved.table_id)
        if table is not None and saved.seq > table.seq:
            self._spawn(self._catch_up_locked(table))
        elif table is None and saved.seq > self._heard_elsewhere.get(saved.table_id, -1):
            # Another process's table moved: what shows it live here (the Activity) reads it afresh.
            self._heard_elsewhere[saved.table_id] = saved.seq
            self._changed(saved.table_id)

    async def _catch_up_locked(self, table: Table) -> None:
        async with table.lock:
            if self._tables.get(table.table_id) is table:
                await self._catch_up(table)

    async def _catch_up(self, table: Table) -> None:
        """(Lock held.) Bring an owned table up to the database: every action another process
        saved since this one's last is replayed through the service's own steps (events included,
        nothing written), then the table is the stored row and its next turn is scheduled. An
        action that can't be replayed so: the stored row, redrawn as after a restart."""
        try:
            rows = await self.db.actions(table.table_id, after=table.seq)
            stored = await self.db.load_table(table.table_id)
        except StorageUnavailable as exc:
            log.warning("table %d not caught up (the supervisor tries again): %s", table.table_id, exc)
            return
        if stored is None or not rows:
            return
        try:
            for row in rows:
                if row.kind != "move" or row.seq != table.seq + 1 or row.actor is None:
                    raise ValueError(f"action {row.seq} ({row.kind}) is not one person's move")
                table.replaying = row
                await self._apply(table, move_from_json(json.loads(row.payload)["move"]), row.actor)
        except Exception as exc:
            log.warning("table %d: redrawn from the database (%s)", table.table_id, exc)
            table.replaying = None
            self._redraw(table, stored.state)
            return
        finally:
            table.replaying = None
        if self._tables.get(table.table_id) is not table:
            return  # the game ended
        if json.loads(stored.state).get("seq") == table.seq:
            table.restore(stored.state)  # the deadline as the mover's process set it
        self._schedule(table)

    def _redraw(self, table: Table, state: str) -> None:
        table.restore(state)
        snap = table_snapshot(table)
        events: list[ev.TableEvent] = [ev.TableRestored(snap, 0.0)]
        game = table.game
        if table.status is TableStatus.PLAYING and game is not None and not game.over:
            events.append(self._turn(table, snap))
        if not table.status.open:
            self._close(table)
        self._emit(table, events)
        self._schedule(table)

    def _poll_saved(self) -> None:
        """(From the supervisor.) Catch up the tables another process saved without this one
        hearing of it (a lost notification)."""
        if self._shared:
            self._spawn_alone("poll saved", self._poll)

    async def _poll(self) -> None:
        known = self._foreign.keys() | self._heard_elsewhere.keys()  # before the query: tables it finds
        try:
            saved = await self.db.saved_at()
        except StorageUnavailable:
            return
        for table_id, seq in saved.items():
            self._heard(TableSaved(table_id, seq))
        self._forget_closed(known - saved.keys())

    def _forget_closed(self, closed: Iterable[int]) -> None:
        """(At the poll.) Forget the tables of other processes that are no longer open (known here
        before the poll read every open table, and not among them): the copy last loaded for a
        move or a page and the last save heard. A game that ends in its owner (or a table whose
        last save this process heard of its own) stays in no other process's memory; a visit
        finds it closed in the database."""
        for table_id in closed:
            self._foreign.pop(table_id, None)
            self._heard_elsewhere.pop(table_id, None)
