"""Server events (RULES.md "Events"): duplicate tournaments over rounds, every table of a round
dealt the same boards.

An event table is an ordinary table of the table service (``TableOptions.event_id`` links it back)
seeded with the round's seed, so that the same cards reach the same seat at every table; turn
timers, computers, saving, restarts and several processes are the table service's own. This
service keeps what is the event's: entrants, each round's seating (stored with the round's claim),
the people's points per board when a table's game ends, and the round's scoring and the next
round's seating once every table is done. The database decides what happens once: a round is
seated by whoever inserts its row, scored by whoever sets its ``scored_at``, and the event moves
on by a compare-and-set of its status and round, so a restart or a second process never plays or
scores anything twice. It runs the events of the servers this process owns.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.events import seating
from bot.events.board import BoardLine, board
from bot.events.model import (
    MAX_START_AHEAD,
    MAX_TABLES,
    Event,
    EventOptions,
    EventRefusal,
    EventRefused,
    EventStatus,
)
from bot.events.standings import PointsOnBoard, Standing, standings
from bot.storage import StorageUnavailable
from bot.storage import events as store
from bot.storage.database import Database
from bot.tables import events as ev
from bot.tables.background import Background
from bot.tables.clock import Later, TimerHandle
from bot.tables.permissions import Actor, may_organise_events
from bot.tables.presenter import NotDelivered
from bot.tables.refusals import Refused, TableRefusal, storage_unavailable
from bot.tables.service import TableService
from bot.tables.snapshot import TableSnapshot
from bot.tables.table import TableStatus

log = logging.getLogger(__name__)

CARRY_ON_RETRY = 60.0
"""Seconds until the start-up's carrying on is tried again when the database could not be read:
until it is done, the running events' deadlines are not armed and owed standings wait."""


class EventPresenter(Protocol):
    """The Discord side: a round's tables are open; the standings after a round (or final)."""

    async def ready(self) -> None:
        """Return once anything can be shown (the app started, its tables restored, connected):
        what a start owes waits for it, since the bot starts the service before it connects."""

    async def round_started(
        self, event: Event, rnd: int, table_ids: list[int], *, again: bool = False
    ) -> bool:
        """Announce the round's tables: whether it was shown (else it stays owed, offered again
        at the next start); ``NotDelivered`` as for ``standings``. ``again``: as for
        ``standings``."""

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        """Whether they were shown (else they stay owed, offered again at the next start);
        ``NotDelivered`` if they may be shown a little later (tried again ``CARRY_ON_RETRY``
        seconds later). ``again``: owed since a restart or a failed try, and maybe posted just
        before it (post it unless it is there already)."""


class _Unattached:
    async def ready(self) -> None:
        return None

    async def round_started(
        self, event: Event, rnd: int, table_ids: list[int], *, again: bool = False
    ) -> bool:
        log.info("event %d round %d started, not announced (no presenter)", event.event_id, rnd)
        return False

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        log.info("event %d standings after round %d not posted (no presenter)", event.event_id, rnd)
        return False


@dataclass(frozen=True, slots=True)
class Entrant:
    player_id: str
    status: str  # in, removed, withdrew

    @property
    def playing(self) -> bool:
        return self.status == "in"


@dataclass(frozen=True, slots=True)
class Left:
    """A Leave done: ``event`` as ``leave`` found it; ``withdrew`` if the person withdrew (seated
    once it had started: a computer plays their seat, their results so far stay), else they are
    out as in sign-up (never seated: they may join again while it takes entries)."""

    event: Event
    withdrew: bool


def _event(row: store.EventRow) -> Event:
    return Event(
        event_id=row.event_id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        organiser_id=row.organiser_id,
        name=row.name,
        options=EventOptions.from_json(row.options),
        seed=row.seed,
        status=EventStatus(row.status),
        round=row.round,
        message_id=row.message_id,
        thread_id=row.thread_id,
    )


class EventService:
    def __init__(
        self, tables: TableService, db: Database, *, owns: Callable[[str], bool] | None = None
    ) -> None:
        self.tables = tables
        self.db = db
        self.presenter: EventPresenter = _Unattached()
        self.owns = owns or tables.owns
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[tuple[int, int], TimerHandle] = {}  # (event, round): its deadline
        self._retry = Later(tables.clock, CARRY_ON_RETRY, lambda: self._spawn(self._carry_on_now))
        self._work = Background("event work", stopping=lambda: not self.tables.running)
        self._recording = asyncio.Lock()
        self._unscored: list[ev.HandScored] = []  # hands' points the database could not take yet
        # (what, event, round) being posted in this process: a round's announcement or standings
        self._posting: set[tuple[str, int, int]] = set()
        self._undiscarded: dict[int, Event] = {}  # new events to take back, the database failing

    # == lifecycle ============================================================================

    async def start(self) -> None:
        """Watch the tables now, and carry on the events of the servers this process owns in the
        background once the presenter is ready (``_carry_on``): the app starts this service
        before its tables are restored and before it connects to Discord."""
        if self not in self.tables.observers:
            self.tables.observers.append(self)
        self._work.spawn(self._carry_on())

    async def _carry_on(self) -> None:
        """Post the standings owed since the last stop, then carry on the running events (seat a
        round whose seating was interrupted, unseat those who withdrew, record tables whose game
        ended while the bot was down, score a round that is complete), unseat those who withdrew
        from a paused event, close the tables of a cancel cut short and arm the chosen start
        times."""
        await self.presenter.ready()
        await self._or_later(self._carry_on_now)

    def _spawn(self, make: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Start ``make()``'s work in the background (``_or_later``)."""
        self._work.spawn(self._or_later(make))

    async def _or_later(self, make: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Do ``make()``'s work now; if the database can't be used now (locked, full, read-only),
        carry the events on again ``CARRY_ON_RETRY`` seconds later, as a start does (``_carry_on``:
        from what the database says is done, it seats a round whose seating was cut short,
        unseats those who withdrew, plays out a deadline passed, records the tables that ended,
        scores and moves on, closes a cancelled event's tables, starts an event whose time came),
        and so on until it can: no event waits for a restart."""
        await self._retry.or_later(make(), "event work put off")

    async def _carry_on_now(self) -> None:
        for event in list(self._undiscarded.values()):
            await self.discard_new(event)
        await self._score_pending()
        for event_id, rnd in await store.owed_standings(self.db):
            row = await store.event(self.db, event_id)
            if row is not None and self.owns(row.guild_id):
                await self._apart(event_id, self._owed_standings(_event(row), rnd))
        for row in await store.events_in(self.db, "running"):
            if self.owns(row.guild_id):
                await self._apart(row.event_id, self._resume(_event(row)))
        for row in await store.events_in(self.db, "paused"):  # (their tables play on meanwhile)
            if self.owns(row.guild_id):
                await self._apart(row.event_id, self._unseat_gone(_event(row)))
        for row in await store.cancelled_with_open_tables(self.db):
            if self.owns(row.guild_id):
                await self._apart(row.event_id, self._close_tables(_event(row)))
        for row in await store.events_in(self.db, "signup"):
            if self.owns(row.guild_id):
                self._arm_start(_event(row))

    async def _apart(self, event_id: int, work: Coroutine[Any, Any, None]) -> None:
        """One event's share of carrying on. A failure that is a bug is logged, and the other events
        are carried on all the same: it held up every event after it until the next start. The
        database being unavailable is no bug: it ends the carrying on, tried again later as a whole
        (``_or_later``); nor is a stop, which ends it too (and ``_work`` logs it as the stop's)."""
        try:
            await work
        except Exception as exc:
            if storage_unavailable(exc) or not self.tables.running:
                raise
            log.exception("event %d not carried on (the other events are)", event_id)

    async def _owed_standings(self, event: Event, rnd: int) -> None:
        await self._post_standings(event, rnd, await self._last_round(event, rnd), again=True)

    async def stop(self) -> None:
        if self in self.tables.observers:
            self.tables.observers.remove(self)
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._retry.cancel()
        await self._work.cancel()

    async def settle(self) -> None:
        """Wait for the background work started so far: tables' news, deadlines (tests)."""
        await self._work.settle()

    def attach(self, presenter: EventPresenter) -> None:
        self.presenter = presenter

    def _lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    # == the organiser and the entrants =======================================================

    async def new(
        self,
        actor: Actor,
        guild_id: str,
        channel_id: str,
        name: str,
        options: EventOptions,
        message_id: str | None = None,
    ) -> Event:
        """A new event in sign-up, by someone with Manage Server or the server's event role
        (``message_id``: the message that is to show its sign-up, saved with it)."""
        options = await self.may_open(actor, guild_id, channel_id, options)
        event_id = await store.create_event(
            self.db,
            guild_id,
            channel_id,
            actor.user_id,
            name,
            options.to_json(),
            secrets.randbits(62),
            self.tables.clock.now(),
            message_id,
        )
        event = await self.event(guild_id, event_id)
        self._arm_start(event)
        return event

    async def discard_new(self, event: Event) -> bool:
        """Take back a new event whose sign-up could not be shown (so that "nothing was changed"
        is true): deleted unless somebody joined it meanwhile. True if it was, or will be: if
        the database can't take it now (the likeliest reason the sign-up wasn't shown), by the
        next carrying on, a minute later (kept in memory: a restart leaves the event in sign-up)."""
        self._cancel_timer(event.event_id, 0)
        try:
            discarded = await store.discard_new(self.db, event.event_id)
        except StorageUnavailable as exc:
            self._undiscarded[event.event_id] = event
            self._retry.put_off(f"new event {event.event_id} not taken back yet", exc)
            return True
        self._undiscarded.pop(event.event_id, None)
        if not discarded:
            self._arm_start(event)  # somebody joined: it stands, its start time too
        return discarded

    async def may_open(
        self, actor: Actor, guild_id: str, channel_id: str, options: EventOptions
    ) -> EventOptions:
        """``options`` checked for a new event by ``actor`` (refused as ``new`` would refuse them),
        without writing anything: the command answers a refusal at once, and acknowledges only
        what goes on to the writer (which another process's write may hold)."""
        await self._may_organise(actor, guild_id, channel_id)
        options = options.checked()
        now = self.tables.clock.now()
        if options.starts_at is not None and not now < options.starts_at <= now + MAX_START_AHEAD:
            raise EventRefused(EventRefusal.BAD_START, days=int(MAX_START_AHEAD // 86400))
        return options

    async def event(self, guild_id: str, event_id: int) -> Event:
        """The server's event ``event_id`` (refused if it is another server's or none)."""
        row = await store.event(self.db, event_id)
        if row is None or row.guild_id != guild_id:
            raise EventRefused(EventRefusal.NO_EVENT)
        return _event(row)

    async def events(self, guild_id: str) -> list[Event]:
        return [_event(r) for r in await store.events_of(self.db, guild_id)]

    async def entrants(self, event_id: int) -> list[Entrant]:
        return [Entrant(p, s) for p, s in await store.entrants(self.db, event_id)]

    async def table_ids(self, event: Event) -> list[list[int]]:
        """The tables of each round played so far (first round first), by table index: the games
        that can be looked back at once the event is over (bot.review refuses them before)."""
        return [
            [t.table_id for t in sorted(await store.tables(self.db, event.event_id, rnd), key=_index)]
            for rnd in range(1, event.round + 1)
        ]

    async def seated(self, event_id: int, rnd: int) -> dict[str, int]:
        """The table (its number) each person was seated at in round ``rnd``, as seated: also
        those who left it since and whose seat a computer plays."""
        numbers = {t.table_index: t.table_id for t in await store.tables(self.db, event_id, rnd)}
        return {
            s.player_id: numbers[s.table_index]
            for _r, s in await store.seats(self.db, event_id, rnd)
            if s.table_index in numbers
        }

    async def set_thread(self, event_id: int, thread_id: str) -> None:
        await store.set_thread(self.db, event_id, thread_id)

    async def join(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """Enter during sign-up, or late during round 1 (seated from round 2)."""
        event = await self.event(guild_id, event_id)
        if not event.open_for_entry:
            raise EventRefused(EventRefusal.ALREADY_STARTED)
        full, now, late = event.options.max_entrants, self.tables.clock.now(), event.options.rounds > 1
        if not await store.add_entrant(self.db, event_id, actor.user_id, now, full, late=late):
            status = {e.player_id: e.status for e in await self.entrants(event_id)}.get(actor.user_id)
            if status is not None:
                raise EventRefused(EventRefusal.ALREADY_ENTERED if status == "in" else EventRefusal.LEFT)
            if not await store.takes_entries(self.db, event_id, late=late):  # closed meanwhile
                raise EventRefused(EventRefusal.ALREADY_STARTED)
            raise EventRefused(EventRefusal.FULL, max=full, tables=MAX_TABLES)
        return event

    async def leave(self, actor: Actor, guild_id: str, event_id: int) -> Left:
        """Leave during sign-up; once it has started, withdraw (results so far stay, a computer
        plays the person's seat of the round), unless never seated (``_leave_under_way``)."""
        event = await self.event(guild_id, event_id)
        if event.under_way:
            return await self._leave_under_way(event, actor.user_id)
        if event.over:
            raise EventRefused(EventRefusal.OVER)
        if not await store.remove_entrant(self.db, event_id, actor.user_id):  # (in sign-up only)
            started = await self.event(guild_id, event_id)
            if started.under_way:  # started meanwhile: they may be seated
                return await self._leave_under_way(started, actor.user_id)
            raise EventRefused(EventRefusal.OVER if started.over else EventRefusal.NOT_ENTERED)
        return Left(event, withdrew=False)

    async def _leave_under_way(self, event: Event, player_id: str) -> Left:
        """A Leave once the event has started: one who was never seated in any round (who joined
        late, during round 1) is out as in sign-up, not marked as withdrawn (they have no seat
        for a computer to play, nor results); anyone else withdraws."""
        if await store.remove_unseated_entrant(self.db, event.event_id, player_id):
            # A round's seating under way may have planned them in just before: unseated after it
            self._spawn(lambda: self._unseat(event, {player_id}))
            return Left(event, withdrew=False)
        return Left(await self._drop(event, player_id, "withdrew"), withdrew=True)

    async def remove(self, actor: Actor, guild_id: str, event_id: int, player_id: str) -> Event:
        """The organiser removes an entrant: a computer plays their seat, marked in the standings."""
        event = await self._organised(actor, guild_id, event_id)
        if event.over:
            raise EventRefused(EventRefusal.OVER)
        return await self._drop(event, player_id, "removed")

    async def _drop(self, event: Event, player_id: str, status: str) -> Event:
        if not await store.drop_entrant(self.db, event.event_id, player_id, status):
            raise EventRefused(EventRefusal.NOT_ENTERED)
        # Dropped: unseated in the background (after a seating under way, which may be seating
        # them even in sign-up: the answer does not wait for it), or soon
        self._spawn(lambda: self._unseat(event, {player_id}))
        return event

    async def _unseat(self, event: Event, player_ids: set[str]) -> None:
        """The people of ``player_ids`` (no longer playing in the event) leave the tables of the
        round being played that they still sit at, and a computer plays on. After any seating
        under way (the event's lock), so none is seated behind it. It is a withdrawal's own work,
        and carrying on does it again for one the database cut short (``_unseat_gone``). One of
        them who is in the event again by then (left before being seated, and joined again) keeps
        their seat. One the organiser removed leaves as a removal, which costs them nothing on the
        leaderboard nor counts as a quit (RULES.md §3b); one who withdrew quits."""
        async with self._lock(event.event_id):
            status = dict(await store.entrants(self.db, event.event_id))
            player_ids = {p for p in player_ids if status.get(p) != "in"}
            row = await store.event(self.db, event.event_id)
            for t in await store.tables(self.db, event.event_id, event.round if row is None else row.round):
                snap = None if t.finished else await self._snapshot(event, t.table_id)
                people = () if snap is None or snap.status is not TableStatus.PLAYING else snap.seats
                for seat in people:
                    if seat.player_id not in player_ids or seat.is_computer:
                        continue
                    removed = status.get(seat.player_id) == "removed"
                    if not await self._quit(Actor(seat.player_id), t.table_id, removed=removed):
                        break

    async def _snapshot(self, event: Event, table_id: int) -> TableSnapshot | None:
        """The event's table; None for one whose saved game can't be read (the table service has
        told the server's admins): it ends for the event with the hands recorded so far, so that
        its round is scored instead of waiting for it for ever. A table is found broken as the bot
        starts (``TableService.start``): carrying the event on meets it then, and scores the round
        at its end (``_resume``)."""
        try:
            return await self.tables.table_snapshot(table_id)
        except Refused as exc:
            if exc.code is not TableRefusal.TABLE_BROKEN:
                raise
        log.warning("event %d: table %d can't be read: ends with its hands so far", event.event_id, table_id)
        await store.finish_table(self.db, event.event_id, table_id, [])
        return None

    async def _quit(self, person: Actor, table_id: int, *, removed: bool = False) -> bool:
        """The person quits the game (a computer takes the seat; ``removed``: as a removal by the
        organiser, not a quit of theirs). False where the game has ended:
        its last move, made by a computer since the caller's snapshot, can end it (an event's
        game is played to its last board: no quit ends it but the last person's, which abandons
        it); nobody is left to unseat at that table then. A person who has left it meanwhile has
        nothing to quit."""
        try:
            await self.tables.leave(person, table_id, removed=removed)
        except Refused as exc:
            if exc.code is TableRefusal.NOT_SEATED:
                return True
            if exc.code in (TableRefusal.TABLE_CLOSED, TableRefusal.NOT_PLAYING):
                return False
            raise
        return True

    async def cancel(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """The organiser cancels: the round's unfinished tables close without results."""
        event = await self._organised(actor, guild_id, event_id)
        while True:
            if event.over:
                raise EventRefused(EventRefusal.OVER)
            status = event.status.value
            if await store.move_on(self.db, event_id, status, event.round, "cancelled", event.round):
                break
            event = await self.event(guild_id, event_id)  # moved on meanwhile (started, paused,
            # a round on, over): cancelled as it is now
        self._cancel_timer(event_id, event.round)
        cancelled = replace(event, status=EventStatus.CANCELLED)  # as the row now says
        await self._or_later(lambda: self._close_tables(cancelled))  # cancelled: closed now or soon
        return cancelled

    async def _close_tables(self, event: Event) -> None:
        """A cancelled event's round: its tables still open close without results, and those that
        closed meanwhile are recorded. After any seating under way (the event's lock: it stops at
        the cancel, and every table it opened is closed here). It is the cancel's own work, and
        carrying on does it again for a cancel the database cut short
        (``store.cancelled_with_open_tables``)."""
        async with self._lock(event.event_id):
            for snap in await self._record_ended(event):
                try:
                    await self.tables.cancel(_host(event), snap.table_id, for_event=True)
                except Refused as exc:
                    if exc.code is not TableRefusal.TABLE_CLOSED:
                        raise
                    # its game ended since it was read: its end is recorded as it comes

    async def _record_ended(self, event: Event) -> list[TableSnapshot]:
        """Record the round's tables whose game ended (or that closed) without their end being
        recorded (its news lost to a stop or a failed write); the round's tables still open."""
        still_open = []
        for t in await store.tables(self.db, event.event_id, event.round):
            if t.finished:
                continue
            snap = await self._snapshot(event, t.table_id)
            if snap is None:
                continue
            if snap.status in (TableStatus.FINISHED, TableStatus.CANCELLED):
                await self._record(snap)
            else:
                still_open.append(snap)
        return still_open

    async def pause(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """The round's tables play on, but the round is not scored nor the next one seated, and
        its deadline stops, until ``resume``."""
        event = await self._organised(actor, guild_id, event_id)
        if not await store.pause(self.db, event_id, event.round, self.tables.clock.now()):
            raise EventRefused(EventRefusal.NOT_RUNNING)
        self._cancel_timer(event_id, event.round)
        return replace(event, status=EventStatus.PAUSED)  # as the row now says (not read again:
        # a read the database refused would answer "busy, nothing changed" to a pause that holds)

    async def resume(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """Carry on: the deadline moved on by the pause; a round whose tables all ended meanwhile
        is scored now."""
        event = await self._organised(actor, guild_id, event_id)
        if not await store.resume(self.db, event_id, event.round, self.tables.clock.now()):
            raise EventRefused(EventRefusal.NOT_RUNNING)
        resumed = replace(event, status=EventStatus.RUNNING)  # as the row now says
        await self._or_later(lambda: self._resume(resumed))  # resumed: carried on now or soon
        return resumed

    async def _may_organise(self, actor: Actor, guild_id: str, channel_id: str) -> None:
        """Refused unless ``actor`` may organise events on the server: a server manager may (the
        settings are not read: a database that can't be read now refuses nobody who needs none),
        else the holder of the server's event role."""
        if actor.manages_server:
            return
        if not may_organise_events(actor, await self.tables.chosen_server_settings(guild_id, channel_id)):
            raise EventRefused(EventRefusal.NOT_ORGANISER)

    async def _organised(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """The event, if ``actor`` may run it: its organiser, or anyone who may organise events on
        the server (so that an event goes on when its organiser has left)."""
        event = await self.event(guild_id, event_id)
        if actor.user_id != event.organiser_id:
            await self._may_organise(actor, guild_id, event.channel_id)
        return event

    async def begin(self, actor: Actor, guild_id: str, event_id: int) -> Event:
        """Start the event: round 1 seated at random (the organiser or a server manager)."""
        event = await self._organised(actor, guild_id, event_id)
        if event.status is not EventStatus.SIGNUP:
            raise EventRefused(EventRefusal.ALREADY_STARTED)
        if not [e for e in await self.entrants(event_id) if e.playing]:
            raise EventRefused(EventRefusal.NO_ENTRANTS)
        return await self._start(event)

    async def _start(self, event: Event) -> Event:
        if not await store.move_on(self.db, event.event_id, "signup", 0, "running", 1):
            raise EventRefused(EventRefusal.ALREADY_STARTED)  # a second start got there first
        self._cancel_timer(event.event_id, 0)
        started = replace(event, status=EventStatus.RUNNING, round=1)  # as the row now says
        await self._or_later(lambda: self._seat(started, 1))  # started: if not seated now, soon
        return started

    def _arm_start(self, event: Event) -> None:
        """The chosen start time's timer (the round-0 timer of ``_timers``): at it the event starts
        itself, once (the start is a compare-and-set of its status, whoever gets there first)."""
        at = event.options.starts_at
        if at is None or (event.event_id, 0) in self._timers:
            return
        if at <= self.tables.clock.now():  # passed while the bot was down
            self._spawn(lambda: self._start_on_time(event))
            return
        self._timers[event.event_id, 0] = self.tables.clock.call_at(
            at, lambda: self._spawn(lambda: self._start_on_time(event))
        )

    async def _start_on_time(self, event: Event) -> None:
        self._timers.pop((event.event_id, 0), None)
        current = await self.event(event.guild_id, event.event_id)
        if current.status is not EventStatus.SIGNUP:
            return  # started by hand, or cancelled
        if not [e for e in await self.entrants(event.event_id) if e.playing]:
            log.info("event %d: nobody joined by its start time; it waits in sign-up", event.event_id)
            return
        try:
            await self._start(current)
        except EventRefused:
            return  # another process (or the organiser) started it just now

    def _cancel_timer(self, event_id: int, rnd: int) -> None:
        timer = self._timers.pop((event_id, rnd), None)
        if timer is not None:
            timer.cancel()

    # == rounds ===============================================================================

    async def _plan(self, event: Event, rnd: int) -> list[seating.Placement]:
        people = [e.player_id for e in await self.entrants(event.event_id) if e.playing]
        players = event.options.table.seats
        if rnd == 1:
            return seating.first_round(people, players, random.Random(event.round_seed(rnd)))
        order = [s.person for s in await self.standings(event) if s.person in people]
        order += [p for p in people if p not in order]
        placed = [
            seating.Placement(s.player_id, s.table_index + 1000 * r, s.seat)
            for r, s in await store.seats(self.db, event.event_id)
        ]
        return seating.later_round(order, players, seating.pairs(placed))

    async def _seat(self, event: Event, rnd: int) -> None:
        """Seat round ``rnd``: claim it with its seating (or read the seating a claimant stored),
        then open the tables not opened yet, each with its people in their seats and computers
        filling the rest. Safe to repeat (a restart in the middle opens only the missing ones)."""
        async with self._lock(event.event_id):
            if not await self._seating(event, rnd):
                return  # cancelled (or moved on) before its turn came
            stored = [s for _r, s in await store.seats(self.db, event.event_id, rnd)]
            if not stored:  # not seated yet: a seating stored is never planned again (an entrant
                # who came meanwhile would be planned into a seat it gave someone else)
                plan = await self._plan(event, rnd)
                rows = [store.SeatRow(p.player_id, p.table_index, p.seat) for p in plan]
                await store.claim_round(self.db, event.event_id, rnd, rows, self.tables.clock.now())
                stored = [s for _r, s in await store.seats(self.db, event.event_id, rnd)]
            recorded = {t.table_index: t.table_id for t in await store.tables(self.db, event.event_id, rnd)}
            lobbies = await self._lobbies(event, set(recorded.values()))
            by_table: dict[int, list[store.SeatRow]] = {}
            for s in stored:
                by_table.setdefault(s.table_index, []).append(s)
            started = False
            for index in sorted(by_table):
                if not await self._seating(event, rnd):
                    return  # cancelled meanwhile: its tables are closed once this lets go
                table_id = recorded.get(index)
                if table_id is None:
                    made = await self._open_table(event, rnd, index)
                    table_id, lobbies[made.table_id] = made.table_id, made
                if table_id in lobbies:
                    await self._fill_and_start(event, lobbies[table_id], by_table[index])
                    started = True
            table_ids = [t.table_id for t in await store.tables(self.db, event.event_id, rnd)]
        await self._arm(event, rnd)
        if by_table:  # owed from its seating until shown (not started here: maybe shown before)
            await self._alone(
                ("round", event.event_id, rnd), self._announce(event, rnd, table_ids, not started)
            )
        if not by_table:  # nobody left to seat: no table will ever end the round, so it ends now
            await self.round_done(event, rnd)

    async def _seating(self, event: Event, rnd: int) -> bool:
        """Whether round ``rnd`` is still the event's round to seat (not cancelled, not over)."""
        row = await store.event(self.db, event.event_id)
        return row is not None and row.status in ("running", "paused") and row.round == rnd

    async def _arm(self, event: Event, rnd: int) -> None:
        """The round's deadline timer (from when it was seated, so a restart keeps the time)."""
        at = await self.closes_at(event, rnd)
        if at is None or (event.event_id, rnd) in self._timers:
            return
        self._timers[event.event_id, rnd] = self.tables.clock.call_at(
            at, lambda: self._spawn(lambda: self.deadline_passed(event, rnd))
        )

    async def deadline_passed(self, event: Event, rnd: int) -> None:
        """The round's deadline: its unfinished tables are played out by the usual timeout rule
        (``TableService.play_out``); the round is scored when the last of them ends. A timer armed
        before a pause moved the deadline on (the round seated as the pause came: its resume
        found the timer armed) finds it later, and is armed again for then."""
        self._timers.pop((event.event_id, rnd), None)
        current = await store.event(self.db, event.event_id)
        if current is None or current.status != "running" or await store.scored(self.db, event.event_id, rnd):
            return  # paused, cancelled, or the round is over
        closes = await self.closes_at(event, rnd)
        if closes is not None and self.tables.clock.now() < closes:
            await self._arm(event, rnd)
            return
        for t in await store.tables(self.db, event.event_id, rnd):
            if t.finished:
                continue
            if await self._snapshot(event, t.table_id) is None:
                continue
            try:
                await self.tables.play_out(t.table_id)
            except Refused as exc:  # closed since: its end is recorded as it comes
                log.warning("event %d: table %d not played out: %s", event.event_id, t.table_id, exc)

    async def _open_table(self, event: Event, rnd: int, index: int) -> TableSnapshot:
        """A new table for the round's table ``index``, recorded as that table at once: a stop
        while its people are seated finds it at the next start (``_fill_and_start``)."""
        options = replace(event.options.table, event_id=event.event_id)
        snap = await self.tables.create_table(
            _host(event),
            event.guild_id,
            event.channel_id,
            options,
            seed=event.round_seed(rnd),
            seat_host=False,
        )
        await store.add_table(self.db, event.event_id, rnd, index, snap.table_id)
        return snap

    async def _fill_and_start(self, event: Event, lobby: TableSnapshot, seated: list[store.SeatRow]) -> None:
        """Seat the people not seated yet at a table in its lobby and start it (computers fill
        the rest)."""
        for s in seated:
            if lobby.seats[s.seat].player_id != s.player_id:
                await self.tables.join(Actor(s.player_id), lobby.table_id, s.seat, for_event=True)
        await self.tables.start_game(_host(event), lobby.table_id, for_event=True)

    async def _lobbies(self, event: Event, recorded: set[int]) -> dict[int, TableSnapshot]:
        """The event's tables still in their lobby that a round records (a stop came while their
        people were seated: ``_fill_and_start`` finishes them). Those no round records were made
        just before a stop that came before they were recorded (``_open_table``): cancelled, as
        the round opens its own again."""
        lobbies: dict[int, TableSnapshot] = {}
        for snap in self.tables.tables(event.guild_id):
            if snap.options.event_id != event.event_id or snap.status is not TableStatus.LOBBY:
                continue
            if snap.table_id in recorded:
                lobbies[snap.table_id] = snap
            else:
                await self.tables.cancel(_host(event), snap.table_id, for_event=True)
        return lobbies

    # == results ==============================================================================

    async def present(self, event: ev.TableEvent) -> None:
        """Watching the table service: a hand of an event table was scored (the people who held
        its seats get their points on the board), or its game ended (or it was cancelled)."""
        if isinstance(event, ev.HandScored) and event.table.options.event_id is not None:
            self._spawn(lambda: self._in_order(self._hand_scored(event)))
        elif isinstance(event, ev.GameOver | ev.TableCancelled) and event.table.options.event_id is not None:
            self._spawn(lambda: self._in_order(self._record(event.table)))

    async def _in_order(self, work: Coroutine[Any, Any, None]) -> None:
        """The work a table's news starts runs in the background, not inside the table service's
        delivery (which is bounded by its presenter timeout: seating a round and posting the
        standings can take longer), one at a time in the order the news came (the lock is fair),
        so a hand's points are written before the game's end is judged."""
        async with self._recording:
            await work

    async def _hand_scored(self, scored: ev.HandScored) -> None:
        """A hand's points on the board. If the database can't take them now, they are kept and
        written first by the next carrying on (a minute later) or the table's end, whichever
        comes first: the end fills in only the hands of those still seated then, so a person who
        left the table since would lose them. (Kept in memory: a restart meanwhile loses them.)"""
        try:
            await self._score_hand(scored)
        except Exception as exc:
            if storage_unavailable(exc):
                self._unscored.append(scored)
            raise

    async def _score_pending(self) -> None:
        """The hands' points the database could not take when they were scored (it still can't:
        the rest wait for the next try; one that can't be written for good is reported, dropped)."""
        for scored in list(self._unscored):
            try:
                await self._score_hand(scored)
            except Exception as exc:
                if storage_unavailable(exc) or not self.tables.running:
                    raise
                log.exception(
                    "points of hand %d of table %d dropped", scored.hand_number, scored.table.table_id
                )
            if scored in self._unscored:
                self._unscored.remove(scored)

    async def _score_hand(self, scored: ev.HandScored) -> None:
        where = await store.table_of(self.db, scored.table.table_id)
        row = None if where is None else await store.event(self.db, where.event_id)
        if where is None or row is None or where.finished or not self.owns(row.guild_id):
            return
        board = (where.round - 1) * EventOptions.from_json(row.options).hands + scored.hand_number
        playing = await self._playing(row.event_id)  # (not one who withdrew but sits there still:
        # their unseating owed since the database cut it short)
        await store.add_scores(
            self.db,
            row.event_id,
            [
                store.ScoreRow(where.round, board, seat.player_id, seat.seat, scored.score.points[seat.seat])
                for seat in scored.table.seats
                if seat.player_id in playing and not seat.is_computer
            ],
        )

    async def _playing(self, event_id: int) -> set[str]:
        """The event's entrants still in: only their hands count (RULES.md §3b)."""
        return {p for p, status in await store.entrants(self.db, event_id) if status == "in"}

    async def _record(self, snap: TableSnapshot) -> None:
        await self._score_pending()
        where = await store.table_of(self.db, snap.table_id)
        if where is None:
            return
        row = await store.event(self.db, where.event_id)
        if row is None or not self.owns(row.guild_id):
            return
        event = _event(row)
        if not where.finished:
            scores = (
                await self._scores(event, where.round, snap) if snap.status is TableStatus.FINISHED else []
            )
            await store.finish_table(self.db, event.event_id, snap.table_id, scores)
        await self.round_done(event, where.round)

    async def _scores(self, event: Event, rnd: int, snap: TableSnapshot) -> list[store.ScoreRow]:
        """The points of each person who kept their seat to the end, per board: the hands already
        recorded as they were scored stay as they are; this fills any whose news was lost (a
        restart between the save and its delivery). A seat a computer took over adds nothing: the
        person did not play those cards; nor does one of a person who withdrew or was removed
        and sits there still (their unseating owed since the database cut it short)."""
        sheet = await self.tables.score_sheet(snap.table_id)
        first = (rnd - 1) * event.options.hands
        playing = await self._playing(event.event_id)
        return [
            store.ScoreRow(rnd, first + row.hand_number, seat.player_id, seat.seat, row.points[seat.seat])
            for seat in snap.seats
            if seat.player_id in playing and not seat.is_computer
            for row in sheet.rows
        ]

    async def round_done(self, event: Event, rnd: int) -> None:
        """After a table's result (or a restart, or a benchmark's results written straight to
        storage): score the round once every table of it is done (exactly once: the round's
        claim), post the standings and seat the next round or finish the event."""
        if event.status is not EventStatus.RUNNING:
            return  # cancelled: its tables' ends score nothing
        planned = {s.table_index for _r, s in await store.seats(self.db, event.event_id, rnd)}
        tables = await store.tables(self.db, event.event_id, rnd)
        if {t.table_index for t in tables} != planned or not all(t.finished for t in tables):
            return
        final = await self._last_round(event, rnd)
        # The last round's claim finishes the event (before the final standings go out, so that
        # they show it), unless a pause came first: the resume scores it (``claim_scoring``)
        if not await store.claim_scoring(self.db, event.event_id, rnd, self.tables.clock.now(), final=final):
            return
        await self._post_standings(event, rnd, final)
        if not final:
            await self._advance(event, rnd, final)

    async def _last_round(self, event: Event, rnd: int) -> bool:
        """Whether round ``rnd`` ends the event: its last round, or nobody is left to seat in the
        next (everyone withdrew or was removed), when it ends with the standings as they are."""
        if rnd >= event.options.rounds:
            return True
        return not any(e.playing for e in await self.entrants(event.event_id))

    async def _post_standings(self, event: Event, rnd: int, final: bool, *, again: bool = False) -> None:
        """The standings the round owes its thread since it was scored (the round's row says so
        until they are shown: a restart posts them then, ``again``)."""
        await self._alone(
            ("standings", event.event_id, rnd), self._post_standings_now(event, rnd, final, again)
        )

    async def _alone(self, key: tuple[str, int, int], work: Coroutine[Any, Any, None]) -> None:
        """``work``, unless another try in this process is posting the same (not twice)."""
        if key in self._posting:
            work.close()
            return
        self._posting.add(key)
        try:
            await work
        finally:
            self._posting.discard(key)

    async def _announce(self, event: Event, rnd: int, table_ids: list[int], again: bool) -> None:
        if await store.announced(self.db, event.event_id, rnd):
            return
        await self._shown_or_later(
            f"round {rnd} of event {event.event_id} not announced",
            self.presenter.round_started(event, rnd, table_ids, again=again),
            lambda now: store.round_announced(self.db, event.event_id, rnd, now),
        )

    async def _post_standings_now(self, event: Event, rnd: int, final: bool, again: bool) -> None:
        rows = await self.standings(event, through=rnd)
        await self._shown_or_later(
            f"standings of event {event.event_id} not posted",
            self.presenter.standings(event, rnd, rows, final, again=again),
            lambda now: store.standings_posted(self.db, event.event_id, rnd, now),
        )

    async def _shown_or_later(
        self,
        what: str,
        showing: Awaitable[bool],
        note: Callable[[float], Awaitable[None]],
    ) -> None:
        """What a round owes its thread, noted in its row once the presenter has shown it. One
        Discord does not take for now (``NotDelivered``) is shown by the next carrying on, a
        minute later; the round goes on meanwhile."""
        try:
            shown = await showing
        except NotDelivered as exc:
            self._retry.put_off(what, exc)
            return
        if shown:
            await note(self.tables.clock.now())

    async def _advance(self, event: Event, rnd: int, final: bool) -> None:
        if final:
            await store.move_on(self.db, event.event_id, "running", rnd, "finished", rnd)
        elif await store.move_on(self.db, event.event_id, "running", rnd, "running", rnd + 1):
            await self._seat(await self.event(event.guild_id, event.event_id), rnd + 1)

    async def _resume(self, event: Event) -> None:
        rnd = event.round
        await self._seat(event, rnd)
        await self._unseat_gone(event)
        closes = await self.closes_at(event, rnd)
        if closes is not None and self.tables.clock.now() >= closes:
            await self.deadline_passed(event, rnd)  # passed while the bot was down
        await self._record_ended(event)
        if await store.scored(self.db, event.event_id, rnd):
            # scored, but the bot stopped before moving on
            await self._advance(event, rnd, await self._last_round(event, rnd))
        else:
            await self.round_done(event, rnd)

    async def _unseat_gone(self, event: Event) -> None:
        """Those who withdrew or were removed leave the round's tables they still sit at: a
        withdrawal the database cut short is carried out by the next carrying on, the event
        running or paused (its tables play on meanwhile). Not its seating, nor its deadline: a
        paused round is seated and its deadline armed as it resumes (``_resume``)."""
        await self._unseat(event, {e.player_id for e in await self.entrants(event.event_id) if not e.playing})

    async def standings(self, event: Event, *, through: int | None = None) -> list[Standing]:
        """Everyone's standing over the boards played so far, or ``through`` round (the standings
        after a round leave out the hands of the next one already scored)."""
        entrants = await self.entrants(event.event_id)
        results = [
            PointsOnBoard(s.player_id, s.round, s.board, s.seat, s.points)
            for s in await store.scores(self.db, event.event_id)
            if through is None or s.round <= through
        ]
        removed = {e.player_id for e in entrants if not e.playing}
        return standings([e.player_id for e in entrants], results, removed)

    async def last_scored(self, event: Event) -> int:
        """The last round scored (0: none yet). Rounds are scored in order, and the event's round
        is the one being played, or its last once it is over."""
        if event.round and await store.scored(self.db, event.event_id, event.round):
            return event.round
        return max(event.round - 1, 0)

    async def closes_at(self, event: Event, rnd: int) -> float | None:
        """When round ``rnd``'s deadline plays out its unfinished tables: from when it was seated
        (moved on by a pause), as its timer; None if it is not seated."""
        seated = await store.seated_at(self.db, event.event_id, rnd)
        return None if seated is None else seated + event.options.deadline

    async def board(self, guild_id: str) -> list[BoardLine]:
        """The server's events board over its finished events (computed from their results)."""
        finished = [e for e in await self.events(guild_id) if e.status is EventStatus.FINISHED]
        return board([await self.standings(e) for e in finished])


def _index(table: store.TableRow) -> int:
    return table.table_index


def _host(event: Event) -> Actor:
    """Who opens, starts and cancels the event's tables: its organiser, as a moderator."""
    return Actor(event.organiser_id, is_moderator=True)
