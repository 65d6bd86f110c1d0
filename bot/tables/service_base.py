"""The table service's common ground: its state, the queries, saving (with rollback) and event
delivery, the damage reports, and the lookups every part uses. ``turns``, ``lobby_actions`` and
``service`` build on it, one job each (see ``bot.tables.service``).

Concurrency: one ``asyncio.Lock`` per table. Every action takes the lock, checks the move number it
was made for, applies the move through the engine, saves the state with an action-log row and its
events (the outbox) in one transaction, then queues the events for delivery; once an action's events
are shown, its outbox row is marked delivered (``bot.tables.service`` offers the rest again at the
next start). Each table has its own delivery task, so a slow presenter never holds up another table
(or the table's own game).

Failures: the database is the truth. If a save fails, the table goes back to its last saved state
(nothing half-applied) and the action is refused (``STORAGE_BUSY``) or, for the service's own actions
(computer turns, timeouts), retried with backoff.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypeVar

from bot.engine.game import Game
from bot.engine.moves import Move, PassCards, PlayCard
from bot.storage.database import Database
from bot.storage.errors import StaleTable, StorageUnavailable
from bot.storage.faults import CrashPoint
from bot.storage.lease import ALL_SHARDS
from bot.storage.records import ActionRow, DamagedRow, Owed, RatingChange, TableWrite
from bot.tables import event_codec
from bot.tables import events as ev
from bot.tables.clock import Clock, SystemClock
from bot.tables.computers import ComputerPool, ComputerSettings
from bot.tables.in_flight import InFlight
from bot.tables.options import TableOptions
from bot.tables.permissions import Actor, require_seat
from bot.tables.preferences import KnownPreferences
from bot.tables.presence import LivePages
from bot.tables.presenter import NotDelivered, Observer, Presenter, SettingsWatcher
from bot.tables.refusals import Refused, TableRefusal, or_busy
from bot.tables.results import game_record
from bot.tables.snapshot import (
    PrivateHand,
    ScoreSheet,
    TableSnapshot,
    private_hand,
    score_sheet,
    table_snapshot,
)
from bot.tables.table import Table, TableStatus

log = logging.getLogger(__name__)


class Phase(Enum):
    """Where the service is in its life. Before the start, what a restored table owes Discord is
    delivered already; after ``stop`` nothing is (the next start offers it again)."""

    NEW = "new"
    RUNNING = "running"
    STOPPED = "stopped"


T = TypeVar("T")

ALIVE_KEY = "alive_at"


def alive_key(lease: str) -> str:
    """The meta key of a process's heartbeat (``bot.storage.lease``'s name for what it holds):
    one per shard range, so that a process on a database it shares measures its own downtime,
    not the time since another process last beat (``alive_at`` alone for the whole database)."""
    return ALIVE_KEY if lease == ALL_SHARDS else f"{ALIVE_KEY}:{lease}"


REPORTED_PREFIX = "reported:"  # meta keys of damaged rows already reported (once, not at every start)


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    computer_pause: float = 1.0  # seconds before a computer moves, so people can follow the trick
    heartbeat_interval: float = 10.0  # how often "the bot is up" is written (downtime measurement)
    presenter_timeout: float = 30.0  # a presenter call taking longer is abandoned (and logged)
    delivery_retry: float = 10.0  # seconds until an event Discord could not take now is offered again
    supervise_interval: float = 5.0  # how often every table is checked for "nobody can move"
    retry_base: float = 0.5  # first retry of a failed computer turn or timeout; doubles each time
    retry_max: float = 4.0  # longest wait between retries (the table resumes within this)
    languages: tuple[str, ...] = ()
    """The languages a person or server may choose (the catalogues', given by the app: the service
    does not depend on the text); none: only "automatic"."""
    outbox_keep: float = 3600.0  # delivered outbox rows are pruned after this many seconds

    @staticmethod
    def warning_lead(time_limit: float) -> float:
        """How long before the deadline the timeout warning goes out: a third of the time limit,
        at least 5 s and at most an hour."""
        return min(max(time_limit / 3.0, 5.0), 3600.0, time_limit)


@dataclass(frozen=True, slots=True)
class Queued:
    """An event waiting for the presenter. ``seq``: the action whose outbox row keeps it (None for
    what is not kept: a warning, a restart's redraw), ``index`` its place among that row's
    ``count`` events. ``again``: it was owed when the bot stopped, so it may be on Discord already."""

    event: ev.TableEvent
    seq: int | None = None
    index: int = 0
    count: int = 1
    again: bool = False


class ServiceBase:
    """State and shared steps of the table service (``TableService`` is the whole)."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        computers: ComputerPool | None = None,
        settings: ServiceSettings | None = None,
    ) -> None:
        self.db = db
        self.presenter: Presenter = _Unattached()
        # Services built on tables (bot.daily) watch the events too, after the presenter.
        self.observers: list[Observer] = []
        # ... and server settings saved by a manager (bot.seasons), after the save.
        self.settings_watchers: list[SettingsWatcher] = []
        self._settings_changes = InFlight()  # a server's settings changed one at a time
        self.known_preferences = KnownPreferences(db)  # people's, as kept (the presenter's too)
        # Told at once of every table whose events are emitted (its id), before the presenter
        # shows them: what shows a table live (the Activity) reads the table then, not a Discord
        # message later. Called synchronously: a watcher schedules its own work.
        self.watchers: list[Callable[[int], None]] = []
        # Who has a table open live (the Activity): the presenter holds back their DMs meanwhile.
        self.live = LivePages(self._page_changed)
        self.clock: Clock = clock or SystemClock()
        self._own_pool = computers is None
        self.computers = computers or ComputerPool(ComputerSettings())
        self.settings = settings or ServiceSettings()
        self._tables: dict[int, Table] = {}
        self._broken: dict[int, str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._alone: set[str] = set()  # the periodic work under way (``_spawn_alone``)
        self._next_id = 1
        self._phase = Phase.NEW
        self._heartbeat: Any = None
        self._supervisor: Any = None
        self._reported: set[str] = set()
        self.repairs = 0  # tables the supervisor found stuck and set moving again (benchmarks)
        db.on_damage = self._damaged
        self._detached: Table | None = None  # outbox for events of tables that are not loaded
        # Whether this process owns a server's tables (several processes: bot.tables.sharing).
        self.owns: Callable[[str], bool] = _every_server
        self.alive_key = ALIVE_KEY  # where its heartbeat goes: ``alive_key`` of its lease

    # == damaged rows =========================================================================

    def _damaged(self, damage: DamagedRow, channel_id: str | None = None) -> None:
        if self._first_report(damage.table, damage.key, damage.reason) and damage.guild_id is not None:
            self._emit_detached(
                ev.DataDamaged(damage.guild_id, channel_id, damage.table, damage.key, damage.reason)
            )

    def _first_report(self, what: str, key: str, reason: str) -> bool:
        """Log a damaged row; True the first time ever (remembered in the database), when the
        server's admins should be told."""
        mark = f"{REPORTED_PREFIX}{what}:{key}"
        if mark in self._reported:
            log.warning("%s row %s is still damaged (reported before): %s", what, key, reason)
            return False
        log.error("%s row %s can't be read: %s", what, key, reason)
        self._reported.add(mark)
        self._spawn(self._remember_report(mark))
        return True

    async def _remember_report(self, mark: str) -> None:
        try:
            await self.db.set_meta(mark, repr(self.clock.now()))
        except StorageUnavailable:
            self._reported.discard(mark)  # not remembered: reported again next time

    # == queries ==============================================================================

    def snapshot(self, table_id: int) -> TableSnapshot:
        return table_snapshot(self._table(table_id))

    async def table_snapshot(self, table_id: int) -> TableSnapshot:
        """Like ``snapshot``, but also for finished or cancelled tables (read from the database)."""
        return table_snapshot(await self._any_table(table_id))

    async def score_sheet(self, table_id: int) -> ScoreSheet:
        """Every hand's points and the running totals; also after the game is over."""
        return score_sheet(await self._any_table(table_id))

    def private_hand(self, actor: Actor, table_id: int) -> PrivateHand:
        """ "Show my hand": the actor's own cards and what they may do now."""
        table = self._table(table_id)
        seat = require_seat(actor, table)
        if table.game is None or table.status is not TableStatus.PLAYING:
            raise Refused(TableRefusal.NOT_PLAYING)
        return private_hand(table, seat)

    def tables(self, guild_id: str, channel_id: str | None = None) -> list[TableSnapshot]:
        """The open tables of a server (or of one channel or thread), oldest first."""
        return [
            table_snapshot(t)
            for t in sorted(self._tables.values(), key=lambda t: t.table_id)
            if t.guild_id == guild_id and (channel_id is None or t.channel_id == channel_id)
        ]

    def tables_of(self, player_id: str, guild_id: str | None = None) -> list[TableSnapshot]:
        """The open tables where this person sits (e.g. for /hearts hand without a table id)."""
        return [
            table_snapshot(t)
            for t in sorted(self._tables.values(), key=lambda t: t.table_id)
            if (guild_id is None or t.guild_id == guild_id) and t.seat_of(player_id) is not None
        ]

    def open_counts(self) -> dict[TableStatus, int]:
        """How many of this process's tables are open in each open status, for the metrics (another
        process's table, loaded here for one move, is counted by its owner)."""
        counts = dict.fromkeys((s for s in TableStatus if s.open), 0)
        for t in self._tables.values():
            if t.status.open:
                counts[t.status] += 1
        return counts

    # == persistence ==========================================================================

    async def _save(
        self,
        table: Table,
        actor_id: str | None,
        kind: str,
        payload: dict[str, Any],
        events: Sequence[ev.TableEvent] = (),
    ) -> tuple[RatingChange, ...]:
        """Write the table's state, one action-log row and the action's ``events`` (the outbox: what
        it owes the players, delivered from there should the bot stop before they are shown) in one
        transaction. On failure the table is reloaded from its last saved state and the action is
        refused."""
        table.seq += 1
        now = self.clock.now()
        record = None
        if table.status is TableStatus.FINISHED and table.game is not None and not table.options.daily:
            record = game_record(table, now)  # the daily keeps its own board (bot.daily)
        write = TableWrite(
            table_id=table.table_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            host_id=table.host_id,
            status=table.status.value,
            move_number=table.move_number,
            deadline=table.deadline,
            state=json.dumps(table.to_json(), separators=(",", ":")),
            created_at=table.created_at,
            updated_at=now,
            action=ActionRow(table.seq, now, table.move_number, actor_id, kind, json.dumps(payload)),
            game=record,
            notify=self._notifies(table),
            owed=Owed(event_codec.encode(list(events)), tuple(type(e).__name__ for e in events))
            if events
            else None,
        )
        try:
            changes = await self.db.save_table(write)
        except BaseException as exc:
            self._roll_back(table)
            if isinstance(exc, StorageUnavailable):
                log.warning("table %d not saved (%s): back to its last saved state", table.table_id, exc)
                raise Refused(TableRefusal.STORAGE_BUSY) from None
            if not isinstance(exc, asyncio.CancelledError | StaleTable):  # stale: see bot.tables.sharing
                log.exception("saving table %d failed: back to its last saved state", table.table_id)
            raise
        table.saved_state = write.state
        table.failures = 0
        self._crash_point(CrashPoint.COMMITTED, events)
        return changes

    def _crash_point(self, point: CrashPoint, events: Sequence[ev.TableEvent]) -> None:
        if self.db.crash is not None:
            self.db.crash.check(point, [type(e).__name__ for e in events])

    def _roll_back(self, table: Table) -> None:
        """Memory must never run ahead of the database: back to the last saved state. Whoever read
        the table while its save was under way (an Activity page is sent the table as it is at
        any change) is told it changed again, so nobody is left seeing a move that was undone."""
        if table.saved_state is None:  # never saved: it does not exist
            if self._tables.get(table.table_id) is table:
                self._tables.pop(table.table_id, None)
        else:
            table.restore(table.saved_state)
        self._changed(table.table_id)

    # == events ===============================================================================

    def _emit(self, table: Table, events: list[ev.TableEvent], *, saved: bool = False) -> None:
        """Queue events for the presenter. ``saved``: they are the outbox row of the action just
        saved (``table.seq``), marked delivered once shown."""
        n = len(events)
        self._changed(table.table_id)
        self._queue(table, [Queued(e, table.seq if saved else None, i, n) for i, e in enumerate(events)])

    def _notifies(self, table: Table) -> bool:
        """Whether this save tells the other processes (see ``bot.tables.sharing``)."""
        return table.foreign

    def _changed(self, table_id: int) -> None:
        if table_id:  # not the detached events' stand-in
            for watcher in self.watchers:
                watcher(table_id)

    def _queue(self, table: Table, items: list[Queued]) -> None:
        table.outbox.extend(items)
        # A change that was under way when the service stopped (another service's work: an event
        # seating its round) is saved with what it owes Discord: the next start delivers it.
        if not table.delivering and table.outbox and self._phase is not Phase.STOPPED:
            table.delivering = True
            self._spawn(self._deliver(table))

    def _emit_detached(self, event: ev.TableEvent) -> None:
        if self._detached is None:
            self._detached = Table(0, "", "", "", TableOptions(), 0, 0.0)
        self._emit(self._detached, [event])

    async def _deliver(self, table: Table) -> None:
        try:
            while table.outbox:
                item: Queued = table.outbox.popleft()
                event = item.event
                self._crash_point(CrashPoint.PRESENT, (event,))
                if item.again and isinstance(event, ev.TurnStarted):
                    # An owed turn's controls: the restart offers the current turn's (an older
                    # turn's would be stale), after everything owed.
                    self._delivered(table.table_id, item, table.outbox)
                    continue
                if not await self._show(
                    table.table_id, self.presenter.present(event, again=item.again), event
                ):
                    # Discord can't take it now (a 5xx, the network): it stays owed, first in line,
                    # offered again (as possibly shown) a little later; nothing after it goes first.
                    table.outbox.appendleft(replace(item, again=True))
                    self._deliver_later(table)
                    return
                for observer in self.observers:
                    await self._show(table.table_id, observer.present(event), event)
                self._crash_point(CrashPoint.PRESENTED, (event,))
                self._delivered(table.table_id, item, table.outbox)
        finally:
            table.delivering = False

    async def _show(self, table_id: int, shown: Awaitable[None], event: ev.TableEvent) -> bool:
        """One watcher's showing of an event, bounded by the presenter timeout; its failure is
        logged and delays nothing else. False: not shown for now (``NotDelivered``)."""
        try:
            async with asyncio.timeout(self.settings.presenter_timeout):
                await shown
        except asyncio.CancelledError:
            raise
        except NotDelivered as exc:
            log.warning("table %d: %s not shown yet (%s): offered again", table_id, type(event).__name__, exc)
            return False
        except Exception:
            log.exception("presenter failed on %s of table %d", type(event).__name__, table_id)
        return True

    def _deliver_later(self, table: Table) -> None:
        """Deliver the table's outbox again ``delivery_retry`` seconds from now (sooner if it gets
        a new event meanwhile)."""

        def again() -> None:
            table.redelivery = None
            if self.running and table.outbox and not table.delivering:
                table.delivering = True
                self._spawn(self._deliver(table))

        if table.redelivery is not None:
            table.redelivery.cancel()
        table.redelivery = self.clock.call_at(self.clock.now() + self.settings.delivery_retry, again)

    def _delivered(self, table_id: int, item: Queued, rest: deque[Queued]) -> None:
        """Note in the outbox how far an action's events were shown: once per action, when its last
        queued event was shown (a note lost to a crash only means they are offered again, as
        possibly shown)."""
        if item.seq is not None and (not rest or rest[0].seq != item.seq):
            self._mark(table_id, item.seq, item.index + 1, item.count)

    def _mark(self, table_id: int, seq: int, shown: int, count: int) -> None:
        done = self.clock.now() if shown >= count else None
        self.db.mark_shown(table_id, seq, shown, done).add_done_callback(_note_failed)

    def _dealt(self, table: Table, snap: TableSnapshot) -> ev.HandDealt:
        game = self._game(table)
        number = game.hand_number
        return ev.HandDealt(snap, number, game.rules.pass_direction(number), self._person_hands(table))

    def _turn(
        self, table: Table, snap: TableSnapshot, seats: tuple[int, ...] | None = None
    ) -> ev.TurnStarted:
        game = self._game(table)
        seats = tuple(game.hand.waiting_for()) if seats is None else seats
        hands = tuple(private_hand(table, s) for s in seats if not game.seats[s].is_computer)
        return ev.TurnStarted(snap, seats, table.move_number, table.deadline, hands)

    def _page_changed(self, table_id: int, player_id: str, shown: bool) -> None:
        """A person's first page of a table opened here, or their last one here closed (see
        ``Sharing``, which tells the table's owner when it is another process)."""
        if not shown and not self.live.watching(table_id, player_id):
            self._page_closed(table_id, player_id)

    def _page_closed(self, table_id: int, player_id: str) -> None:
        """A person has no live page of this table left: if they must act, their turn is
        offered again, so the presenter sends them by DM the controls it held back while the
        page showed them (it skips a seat already sent)."""
        self.offer_turn(table_id, player_id)

    def offer_turn(self, table_id: int, player_id: str) -> None:
        """If the person must act at this table, their turn is offered to the presenter again (not
        saved: it is the same turn), after anything queued: for controls it held back (their page
        showed them) or that Discord did not take (the presenter asks, as it can't tell whether
        the turn is still theirs)."""
        if self.running and table_id in self._tables:
            self._spawn(self._offer_turn(table_id, player_id))

    async def _offer_turn(self, table_id: int, player_id: str) -> None:
        """Under the table's lock: a move under way changes the table in memory before its save
        (and a failed save rolls it back), so the turn is read once the move is saved and its
        events queued, and offered after them."""
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            game = table.game
            if not self.running or self._tables.get(table_id) is not table or game is None or game.over:
                return
            seat = table.seat_of(player_id)
            if table.status is TableStatus.PLAYING and seat in game.hand.waiting_for():
                turn = self._turn(table, table_snapshot(table), (seat,))
                self._emit(table, [replace(turn, offered=True)])

    def _person_hands(self, table: Table) -> tuple[PrivateHand, ...]:
        game = self._game(table)
        return tuple(private_hand(table, s) for s in game.persons())

    # == helpers ==============================================================================

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _spawn_alone(self, name: str, work: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        """Periodic background work of which one run at a time is enough: a run still under way
        does what a second would. Without this, a slow database (or a loop held up, or a test's
        clock jumping a day) piles up one run per interval behind it."""
        if name in self._alone:
            return
        self._alone.add(name)

        async def run() -> None:
            try:
                await work()
            finally:
                self._alone.discard(name)

        self._spawn(run())

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            if not isinstance(exc, Refused):
                log.error("background task failed", exc_info=exc)

    def _table(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if table_id in self._broken:
            raise Refused(TableRefusal.TABLE_BROKEN, error=self._broken[table_id])
        if 0 < table_id < self._next_id:
            raise Refused(TableRefusal.TABLE_CLOSED)
        raise Refused(TableRefusal.NO_SUCH_TABLE)

    async def _any_table(self, table_id: int) -> Table:
        if table_id in self._tables or table_id in self._broken:
            return self._table(table_id)
        stored = await or_busy(self.db.load_table(table_id))
        if stored is None:
            raise Refused(TableRefusal.NO_SUCH_TABLE)
        try:
            return Table.from_json(json.loads(stored.state))
        except Exception as exc:
            raise Refused(TableRefusal.TABLE_BROKEN, error=str(exc)) from None

    def _close(self, table: Table) -> None:
        """A finished or cancelled table leaves memory (it stays in the database)."""
        table.cancel_timers()
        self._tables.pop(table.table_id, None)

    @property
    def running(self) -> bool:
        """Started and not stopping: work of another service that finds it not running was cut
        short by a stop (and is carried on at the next start), not broken."""
        return self._phase is Phase.RUNNING

    def _require_running(self) -> None:
        if not self.running:
            raise Refused(TableRefusal.BUSY)

    @staticmethod
    def _require_status(table: Table, status: TableStatus, refusal: TableRefusal) -> None:
        if table.status is not status:
            raise Refused(refusal if table.status.open else TableRefusal.TABLE_CLOSED)

    @staticmethod
    def _require_open(table: Table) -> None:
        if not table.status.open:
            raise Refused(TableRefusal.TABLE_CLOSED)

    @staticmethod
    def _game(table: Table) -> Game:
        if table.game is None:
            raise Refused(TableRefusal.NOT_PLAYING)
        return table.game


def _every_server(guild_id: str) -> bool:
    return True


def _note_failed(note: asyncio.Future[None]) -> None:
    if not note.cancelled() and note.exception() is not None:
        log.warning(
            "an outbox row not marked delivered (offered again at the next start): %s", note.exception()
        )


def with_changes(events: list[ev.TableEvent], changes: tuple[RatingChange, ...]) -> list[ev.TableEvent]:
    """The game's end with what it changed for each person, known once its transaction committed
    (the outbox keeps the event without them: see ``ServiceBase.owed``)."""
    if not changes:
        return events
    told = tuple(rating_change_event(c) for c in changes)
    return [replace(e, changes=told) if isinstance(e, ev.GameOver) else e for e in events]


class _Unattached:
    """The presenter of a service nobody attached one to: events are a programming error."""

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        raise RuntimeError(f"no presenter attached to the table service for {type(event).__name__}")


def move_json(move: Move) -> dict[str, Any]:
    if isinstance(move, PassCards):
        return {"type": "pass", "seat": move.seat, "cards": move.cards}
    if isinstance(move, PlayCard):
        return {"type": "play", "seat": move.seat, "card": move.card}
    return {"type": "moon", "seat": move.seat, "add_to_others": move.add_to_others}


def seat_changed(
    seat: int, change: ev.SeatChange, player_id: str
) -> Callable[[TableSnapshot], ev.TableEvent]:
    return lambda snap: ev.SeatChanged(snap, seat, change, player_id)


def timed_out_event(
    seat: int, player_id: str, made: Move | None = None
) -> Callable[[TableSnapshot], ev.TableEvent]:
    """A person's timeout: ``made``, the random move made for them (None: their second, a forfeit)."""
    played = made.card if isinstance(made, PlayCard) else None
    passed = made.cards if isinstance(made, PassCards) else 0
    return lambda snap: ev.TimedOut(snap, seat, player_id, made is None, played, passed)


def rating_change_event(c: RatingChange) -> ev.PlayerChange:
    return ev.PlayerChange(c.player_id, c.ranking_points, c.ranking_total, c.skill_before, c.skill_after)
