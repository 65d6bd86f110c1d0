"""The table service: lobby, turns, timers, computer turns and persistence for many tables at once.

asyncio code that knows nothing of Discord. The Discord layer calls the operations below with an
``Actor`` and plain ids, and shows the events this service sends to its ``Presenter``. Refusals are
``Refused`` exceptions carrying codes.

Concurrency: one ``asyncio.Lock`` per table. Every action takes the lock, checks the move number it
was made for, applies the move through the engine, saves the state with an action-log row in one
transaction, then queues its events for delivery. Each table has its own delivery task, so a slow
presenter never holds up another table (or the table's own game).

Failures: the database is the truth. If a save fails, the table goes back to its last saved state
(nothing half-applied) and the action is refused (``STORAGE_BUSY``) or, for the service's own actions
(computer turns, timeouts), retried with backoff. A supervisor looks at every table regularly and
re-arms whatever should move it on (a computer turn, a deadline timer), so no table waits forever.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine import game as g
from bot.engine.cards import Card, CardSet
from bot.engine.game import Game, Occupant, QuitReason
from bot.engine.moves import ChooseMoon, IllegalMove, Move, PassCards, PlayCard
from bot.engine.randomplay import random_move
from bot.storage.database import Database
from bot.storage.errors import StaleTable, StorageUnavailable
from bot.storage.leaderboard import LeaderboardPage, Order, PlayerStats, leaderboard, player_stats
from bot.storage.records import ActionRow, DamagedRow, RatingChange, TableWrite
from bot.tables import events as ev
from bot.tables import lobby
from bot.tables.clock import Clock, SystemClock
from bot.tables.computers import ComputerPool, ComputerSettings
from bot.tables.options import ServerSettings, TableOptions
from bot.tables.permissions import Actor, require_manager, require_seat, require_server_manager
from bot.tables.preferences import PlayerPreferences
from bot.tables.presenter import Presenter
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.results import game_record
from bot.tables.snapshot import (
    PrivateHand,
    ScoreSheet,
    TableSnapshot,
    private_hand,
    score_sheet,
    table_snapshot,
)
from bot.tables.table import Table, TableStatus, bumps_move

log = logging.getLogger(__name__)

T = TypeVar("T")

ALIVE_KEY = "alive_at"
REPORTED_PREFIX = "reported:"  # meta keys of damaged rows already reported (once, not at every start)


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    computer_pause: float = 1.0  # seconds before a computer moves, so people can follow the trick
    heartbeat_interval: float = 10.0  # how often "the bot is up" is written (downtime measurement)
    presenter_timeout: float = 30.0  # a presenter call taking longer is abandoned (and logged)
    supervise_interval: float = 5.0  # how often every table is checked for "nobody can move"
    retry_base: float = 0.5  # first retry of a failed computer turn or timeout; doubles each time
    retry_max: float = 4.0  # longest wait between retries (the table resumes within this)

    @staticmethod
    def warning_lead(time_limit: float) -> float:
        """How long before the deadline the timeout warning goes out: a third of the time limit,
        at least 5 s and at most an hour."""
        return min(max(time_limit / 3.0, 5.0), 3600.0, time_limit)


class TableService:
    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        *,
        clock: Clock | None = None,
        computers: ComputerPool | None = None,
        settings: ServiceSettings | None = None,
    ) -> None:
        self.db = db
        self.presenter = presenter
        self.clock: Clock = clock or SystemClock()
        self._own_pool = computers is None
        self.computers = computers or ComputerPool(ComputerSettings())
        self.settings = settings or ServiceSettings()
        self._tables: dict[int, Table] = {}
        self._broken: dict[int, str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._next_id = 1
        self._running = False
        self._heartbeat: Any = None
        self._supervisor: Any = None
        self._reported: set[str] = set()
        self._unremembered: dict[tuple[int, str], str | None] = {}  # presenter data not yet written
        self._remembering: asyncio.Task[None] | None = None
        self.repairs = 0  # tables the supervisor found stuck and set moving again (benchmarks)
        db.on_damage = self._damaged
        self._detached: Table | None = None  # outbox for events of tables that are not loaded
        # Whether this process owns a server's tables (several processes: bot.tables.sharing).
        self.owns: Callable[[str], bool] = _every_server

    # == lifecycle ==========================================================================

    async def start(self) -> list[int]:
        """Restore every unfinished table (deadlines moved by the downtime) and start the timers.
        Returns the ids of the tables restored; unreadable ones are reported as ``TableBroken``."""
        self._next_id = await self.db.next_table_id()
        self._reported = await self.db.meta_keys(REPORTED_PREFIX)
        now = self.clock.now()
        downtime = await self._downtime(now)
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
        self._running = True
        for result in await asyncio.gather(*saves, return_exceptions=True):
            if isinstance(result, BaseException):
                log.error("saving a restored table failed", exc_info=result)
        for table_id in restored:
            table = self._tables[table_id]
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
        self._beat()
        self._supervise_later()
        return restored

    async def _downtime(self, now: float) -> float:
        """Seconds the bot was down (since its last heartbeat): added to every deadline."""
        alive = await self.db.get_meta(ALIVE_KEY)
        if alive is None:
            return 0.0
        try:
            return max(0.0, now - float(alive))
        except ValueError as exc:
            self._first_report("meta", ALIVE_KEY, str(exc))
            return 0.0

    async def _save_restored(self, table: Table, downtime: float) -> None:
        """Log the restart for this table (with the downtime). If the database refuses, the table
        still goes on with its deadline moved (the next save writes it)."""
        deadline = table.deadline
        try:
            await self._save(table, None, "restored", {"downtime": downtime})
        except Refused:
            table.deadline = deadline

    async def _note_alive(self) -> None:
        try:
            await self.db.set_meta(ALIVE_KEY, repr(self.clock.now()))
        except StorageUnavailable as exc:
            log.warning("heartbeat not written: %s", exc)

    async def stop(self) -> None:
        """Stop timers and background work, and note the time (the next start measures downtime)."""
        self._running = False
        for handle in (self._heartbeat, self._supervisor):
            if handle is not None:
                handle.cancel()
        for table in self._tables.values():
            table.cancel_timers()
        tasks = list(self._tasks)
        if self._remembering is not None:
            tasks.append(self._remembering)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._note_alive()
        if self._own_pool:
            self.computers.close()

    async def settle(self) -> None:
        """Wait until no background work is left (computer turns, deliveries). For tests/benchmarks."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _beat(self) -> None:
        def beat() -> None:
            if self._running:
                self._spawn(self._note_alive())
                self._beat()

        self._heartbeat = self.clock.call_at(self.clock.now() + self.settings.heartbeat_interval, beat)

    # == the supervisor =======================================================================

    def _supervise_later(self) -> None:
        def run() -> None:
            if self._running:
                self.supervise()
                self._supervise_later()

        self._supervisor = self.clock.call_at(self.clock.now() + self.settings.supervise_interval, run)

    def supervise(self) -> int:
        """Find the tables where nobody can move (a computer turn or a deadline timer was lost, e.g.
        to a failure) and set them moving again. Returns how many were repaired."""
        repaired = 0
        now = self.clock.now()
        for table in list(self._tables.values()):
            if self._stuck(table, now):
                log.warning("table %d was stuck at move %d: re-arming its turn", table.table_id, table.move)
                self._schedule(table)
                repaired += 1
        self.repairs += repaired
        return repaired

    def _stuck(self, table: Table, now: float) -> bool:
        game = table.game
        if table.status is not TableStatus.PLAYING or game is None or game.over or table.lock.locked():
            return False
        if table.failures and table.timers:
            return False  # a retry is pending
        for seat in game.hand.waiting_for():
            if game.seats[seat].is_computer:
                if (seat, table.move) not in table.thinking:
                    return True
            elif table.deadline is not None and table.deadline < now - self.settings.supervise_interval:
                return True  # the deadline passed long ago: its timer was lost
        return False

    def _retry_later(self, table: Table) -> None:
        """A computer turn or a timeout could not be saved: try again after a backoff."""
        table.failures += 1
        delay = min(self.settings.retry_base * 2 ** (table.failures - 1), self.settings.retry_max)
        log.warning("table %d: turn retried in %.1f s (failure %d)", table.table_id, delay, table.failures)
        table.cancel_timers()

        def retry() -> None:
            table.failures = max(table.failures, 1)
            self._schedule(table, retrying=True)

        table.timers.append(self.clock.call_at(self.clock.now() + delay, retry))

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

    async def leaderboard(
        self, guild_id: str, order: Order = Order.POINTS, limit: int = 10, offset: int = 0
    ) -> LeaderboardPage:
        return await _or_busy(leaderboard(self.db, guild_id, order, limit, offset))

    async def player_stats(
        self, guild_id: str, player_id: str, order: Order = Order.POINTS
    ) -> PlayerStats | None:
        return await _or_busy(player_stats(self.db, guild_id, player_id, order))

    async def remember(self, table_id: int, key: str, value: str | None) -> None:
        """Presenter data that must survive a restart (e.g. the table's message ids); None forgets.
        If the database can't take it now, it is kept and written later (retried with backoff):
        the presenter's work (a DM sent, a message posted) is never undone by a failing disk."""
        if (table_id, key) in self._unremembered:
            self._unremembered[(table_id, key)] = value  # the retry writes the newest value
            return
        try:
            await self.db.set_presenter_data(table_id, key, value)
        except StorageUnavailable as exc:
            log.warning("presenter data %s of table %d kept for later: %s", key, table_id, exc)
            self._unremembered[(table_id, key)] = value
            if self._remembering is None or self._remembering.done():
                # Not one of ``_tasks``: it waits on the clock, and ``settle`` must not wait for it.
                self._remembering = asyncio.get_running_loop().create_task(self._remember_later())

    async def _remember_later(self) -> None:
        delay = self.settings.retry_base
        while self._unremembered:
            await self._sleep(delay)
            for (table_id, key), value in list(self._unremembered.items()):
                try:
                    await self.db.set_presenter_data(table_id, key, value)
                except StorageUnavailable:
                    delay = min(delay * 2, self.settings.retry_max)
                    break
                if self._unremembered.get((table_id, key), value) == value:
                    self._unremembered.pop((table_id, key), None)

    async def _sleep(self, seconds: float) -> None:
        """Wait on the service's clock (a test's manual clock moves it)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not done.done():
                done.set_result(None)

        handle = self.clock.call_at(self.clock.now() + seconds, wake)
        try:
            await done
        finally:
            handle.cancel()

    async def remembered(self, table_id: int) -> dict[str, str]:
        return await self.db.presenter_data(table_id)

    async def player_preferences(self, player_id: str) -> PlayerPreferences:
        try:
            return PlayerPreferences.from_json(await self.db.player_preferences(player_id))
        except StorageUnavailable as exc:
            log.warning("preferences of %s not read (%s): the defaults serve", player_id, exc)
            return PlayerPreferences()

    async def set_player_preferences(self, player_id: str, preferences: PlayerPreferences) -> None:
        await _or_busy(self.db.set_player_preferences(player_id, preferences.to_json()))

    async def server_settings(self, guild_id: str, channel_id: str | None = None) -> ServerSettings:
        """The server's settings; the defaults if none were saved, or if the saved row can't be read
        (reported once) or the database can't be read now. ``channel_id``: where the request came
        from (the damage report goes there)."""
        try:
            data = await self.db.server_settings(guild_id)
            return ServerSettings() if data is None else ServerSettings.from_json(data)
        except StorageUnavailable as exc:
            log.warning("settings of server %s not read (%s): the defaults serve", guild_id, exc)
        except Exception as exc:
            self._damaged(DamagedRow("server_settings", guild_id, guild_id, str(exc)), channel_id)
        return ServerSettings()

    def settings_damaged(self, guild_id: str) -> bool:
        """Whether this server's stored settings can't be read (the defaults are in use)."""
        return f"{REPORTED_PREFIX}server_settings:{guild_id}" in self._reported

    async def set_server_settings(self, actor: Actor, guild_id: str, settings: ServerSettings) -> None:
        require_server_manager(actor)
        settings.defaults.checked()
        await _or_busy(self.db.save_server_settings(guild_id, settings.to_json(), self.clock.now()))
        self._reported.discard(f"{REPORTED_PREFIX}server_settings:{guild_id}")  # repaired by this save

    # == lobby ================================================================================

    async def create_table(
        self,
        actor: Actor,
        guild_id: str,
        channel_id: str,
        options: TableOptions | None = None,
        *,
        parent_channel_id: str | None = None,
        seed: int | None = None,
        seat_host: bool = True,
    ) -> TableSnapshot:
        """Open a table in a channel (or thread, with its parent channel) with the host in seat 0
        (unless ``seat_host`` is False: a host who only manages). ``options`` default to the server's
        defaults; ``seed`` makes the deals reproducible (tests, replays)."""
        self._require_running()
        settings = await self.server_settings(guild_id, channel_id)
        if not settings.allows(channel_id, parent_channel_id):
            raise Refused(TableRefusal.CHANNEL_NOT_ALLOWED)
        options = (options or settings.defaults).checked()
        table_id = self._next_id
        self._next_id += 1
        table = Table(
            table_id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=actor.user_id,
            options=options,
            seed=secrets.randbits(62) if seed is None else seed,
            created_at=self.clock.now(),
            lobby=[Occupant.person(actor.user_id) if seat_host else None] + [None] * (options.seats - 1),
        )
        async with table.lock:
            # Seed and seating: enough for the log alone to replay the table (bot.tables.replay).
            created = {"options": options.to_json(), "seed": table.seed, "seat_host": seat_host}
            await self._save(table, actor.user_id, "create", created)
            self._tables[table_id] = table
            snap = table_snapshot(table)
            self._emit(table, [ev.TableCreated(snap)])
        return snap

    async def join(self, actor: Actor, table_id: int, seat: int | None = None) -> TableSnapshot:
        async def change(table: Table) -> list[ev.TableEvent]:
            if table.seat_of(actor.user_id) is not None:
                raise Refused(TableRefusal.ALREADY_SEATED)
            s = lobby.seat_for_joiner(table.lobby, seat)
            table.lobby[s] = Occupant.person(actor.user_id)
            await self._save(table, actor.user_id, "join", {"seat": s})
            return [ev.SeatChanged(table_snapshot(table), s, ev.SeatChange.JOINED, actor.user_id)]

        return await self._lobby_action(table_id, change)

    async def add_computer(self, actor: Actor, table_id: int, seat: int | None = None) -> TableSnapshot:
        async def change(table: Table) -> list[ev.TableEvent]:
            require_manager(actor, table)
            s = lobby.empty_seat(table.lobby, seat)
            table.lobby[s] = Occupant.computer()
            await self._save(table, actor.user_id, "add_computer", {"seat": s})
            return [ev.SeatChanged(table_snapshot(table), s, ev.SeatChange.COMPUTER_ADDED, None)]

        return await self._lobby_action(table_id, change)

    async def remove_computer(self, actor: Actor, table_id: int, seat: int) -> TableSnapshot:
        async def change(table: Table) -> list[ev.TableEvent]:
            require_manager(actor, table)
            if not 0 <= seat < table.seat_count:
                raise Refused(TableRefusal.NO_SUCH_SEAT, seat=seat)
            occupant = table.lobby[seat]
            if occupant is None or not occupant.is_computer:
                raise Refused(TableRefusal.NOT_A_COMPUTER, seat=seat)
            table.lobby[seat] = None
            await self._save(table, actor.user_id, "remove_computer", {"seat": seat})
            return [ev.SeatChanged(table_snapshot(table), seat, ev.SeatChange.COMPUTER_REMOVED, None)]

        return await self._lobby_action(table_id, change)

    async def change_options(self, actor: Actor, table_id: int, options: TableOptions) -> TableSnapshot:
        """Change the rules, seat count, time limit or computer level before the start."""

        async def change(table: Table) -> list[ev.TableEvent]:
            require_manager(actor, table)
            options.checked()
            seats = lobby.resized(table.lobby, options.seats)
            table.options = options
            table.lobby = seats
            await self._save(table, actor.user_id, "options", {"options": options.to_json()})
            return [ev.OptionsChanged(table_snapshot(table))]

        return await self._lobby_action(table_id, change)

    async def _lobby_action(
        self, table_id: int, change: Callable[[Table], Coroutine[Any, Any, list[ev.TableEvent]]]
    ) -> TableSnapshot:
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
            events = await change(table)
            self._emit(table, events)
            return table_snapshot(table)

    async def leave(self, actor: Actor, table_id: int) -> TableSnapshot:
        """Leave the lobby (the host passes to the next person; the last person out closes the
        table), or quit a running game: a computer takes the seat and the quit is recorded."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_open(table)
            seat = require_seat(actor, table)
            if table.status is TableStatus.LOBBY:
                table.lobby[seat] = None
                events: list[ev.TableEvent] = []
                nxt = lobby.first_person(table.lobby)
                if nxt is None:
                    table.status = TableStatus.CANCELLED
                elif table.host_id == actor.user_id:
                    assert nxt.player_id is not None
                    table.host_id = nxt.player_id
                await self._save(table, actor.user_id, "leave", {"seat": seat})
                snap = table_snapshot(table)
                events.append(ev.SeatChanged(snap, seat, ev.SeatChange.LEFT, actor.user_id))
                if table.status is TableStatus.CANCELLED:
                    events.append(ev.TableCancelled(snap, None))
                    self._close(table)
                self._emit(table, events)
                return snap
            game = self._game(table)
            engine_events = game.quit(seat, QuitReason.LEFT)
            lead = [_seat_changed(seat, ev.SeatChange.QUIT, actor.user_id)]
            return await self._after_moves(
                table, actor.user_id, "quit", {"seat": seat}, engine_events, False, lead
            )

    async def rejoin(self, actor: Actor, table_id: int) -> TableSnapshot:
        """A person who quit takes their seat back from the computer (if the table allows it)."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.PLAYING, TableRefusal.NOT_PLAYING)
            if not table.options.allow_rejoin:
                raise Refused(TableRefusal.CANNOT_REJOIN)
            game = self._game(table)
            try:
                seat = game.rejoin(actor.user_id)
            except ValueError:
                raise Refused(TableRefusal.CANNOT_REJOIN) from None
            waiting = seat in game.hand.waiting_for()
            if waiting and table.deadline is not None:
                # The computer was to move: give the person a whole turn's time.
                table.deadline = max(table.deadline, self.clock.now() + table.options.time_limit)
            await self._save(table, actor.user_id, "rejoin", {"seat": seat})
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [ev.SeatChanged(snap, seat, ev.SeatChange.REJOINED, actor.user_id)]
            if waiting:
                events.append(self._turn(table, snap, (seat,)))
            self._emit(table, events)
            self._schedule(table)
            return snap

    async def start_game(self, actor: Actor, table_id: int) -> TableSnapshot:
        """Deal the first hand. Empty seats are filled with computer players (a table of computers
        only is allowed: a demonstration; it records no results)."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
            require_manager(actor, table)
            filled = [s for s, o in enumerate(table.lobby) if o is None]
            seats = [Occupant.computer() if o is None else o for o in table.lobby]
            table.lobby = list(seats)
            table.game = Game(table.options.rules, table.seed, list(seats))
            table.status = TableStatus.PLAYING
            table.move = 1
            table.deadline = self.clock.now() + table.options.time_limit
            await self._save(table, actor.user_id, "start", {"filled": filled})
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [
                ev.SeatChanged(snap, s, ev.SeatChange.FILLED, None) for s in filled
            ]
            events.append(ev.GameStarted(snap))
            events.append(self._dealt(table, snap))
            events.append(self._turn(table, snap))
            self._emit(table, events)
            self._schedule(table)
            return snap

    async def cancel(self, actor: Actor, table_id: int) -> TableSnapshot:
        """Close the table without results (lobby or running game)."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_open(table)
            require_manager(actor, table)
            table.status = TableStatus.CANCELLED
            table.deadline = None
            await self._save(table, actor.user_id, "cancel", {})
            snap = table_snapshot(table)
            self._close(table)
            self._emit(table, [ev.TableCancelled(snap, actor.user_id)])
            return snap

    # == moves ===============================================================================

    async def pass_cards(self, actor: Actor, table_id: int, move: int, cards: CardSet) -> TableSnapshot:
        return await self._person_move(actor, table_id, move, lambda seat: PassCards(seat, cards))

    async def play_card(self, actor: Actor, table_id: int, move: int, card: Card) -> TableSnapshot:
        return await self._person_move(actor, table_id, move, lambda seat: PlayCard(seat, card))

    async def choose_moon(self, actor: Actor, table_id: int, move: int, add_to_others: bool) -> TableSnapshot:
        """Shooter-chooses moon scoring: True = everyone else +26, False = the shooter −26."""
        return await self._person_move(actor, table_id, move, lambda seat: ChooseMoon(seat, add_to_others))

    async def _person_move(
        self, actor: Actor, table_id: int, move: int, make: Callable[[int], Move]
    ) -> TableSnapshot:
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.PLAYING, TableRefusal.NOT_PLAYING)
            seat = require_seat(actor, table)
            if move != table.move:
                raise Refused(TableRefusal.STALE, move=move, current=table.move)
            return await self._apply(table, make(seat), actor.user_id)

    async def _apply(self, table: Table, move: Move, actor_id: str | None) -> TableSnapshot:
        """Apply one move (lock held): engine, move number, save, events, timers."""
        game = self._game(table)
        try:
            engine_events = game.apply(move)
        except IllegalMove as exc:
            raise Refused.from_illegal(exc) from None
        moved = self._advance(table, move)
        label = "computer" if actor_id is None else "move"
        return await self._after_moves(
            table, actor_id, label, {"move": _move_json(move)}, engine_events, moved
        )

    def _advance(self, table: Table, move: Move) -> bool:
        """Bump the move number unless this was one seat's pass while others still choose."""
        game = self._game(table)
        if not bumps_move(game, move):
            return False
        table.move += 1
        table.deadline = None if game.over else self.clock.now() + table.options.time_limit
        return True

    async def _after_moves(
        self,
        table: Table,
        actor_id: str | None,
        kind: str,
        payload: dict[str, Any],
        engine_events: list[g.GameEvent],
        moved: bool,
        lead: list[Callable[[TableSnapshot], ev.TableEvent]] | None = None,
        timed_out: tuple[int, ...] = (),
    ) -> TableSnapshot:
        """Save, then translate the engine's events into table events and queue them, after the
        ``lead`` events (seat changes, timeouts). A new move number announces the seats to act."""
        game = self._game(table)
        if game.over:
            table.status = TableStatus.FINISHED
            table.deadline = None
            if not moved:
                table.move += 1  # every control of the finished game is now stale
        changes = await self._save(table, actor_id, kind, payload)
        snap = table_snapshot(table)
        events: list[ev.TableEvent] = [make(snap) for make in lead or ()]
        for e in engine_events:
            if isinstance(e, g.HandStarted):
                events.append(self._dealt(table, snap))
            elif isinstance(e, g.PassChosen):
                events.append(ev.PassChosen(snap, e.seat))
            elif isinstance(e, g.PassesExchanged):
                events.append(ev.CardsPassed(snap, self._person_hands(table)))
            elif isinstance(e, g.CardPlayed):
                events.append(ev.CardPlayed(snap, e.seat, e.card, e.hearts_broken_now, e.seat in timed_out))
            elif isinstance(e, g.TrickTaken):
                events.append(ev.TrickWon(snap, e.trick, e.trick.winner, e.points))
            elif isinstance(e, g.HandScored):
                events.append(ev.HandScored(snap, e.hand_number, e.score, e.totals))
            elif isinstance(e, g.GameEnded):
                events.append(ev.GameOver(snap, e.result, tuple(_change(c) for c in changes)))
        if game.over:
            self._close(table)
        elif moved:
            events.append(self._turn(table, snap))
        self._emit(table, events)
        self._schedule(table)
        return snap

    # == timers and computer turns ============================================================

    def _schedule(self, table: Table, *, retrying: bool = False) -> None:
        """After any change: computer turns for waiting computers, deadline timers for persons.
        (``retrying``: after a failure, keep the failure count for the next backoff.)"""
        table.cancel_timers()
        if not retrying:
            table.failures = 0
        game = table.game
        if not self._running or table.status is not TableStatus.PLAYING or game is None or game.over:
            return
        move = table.move
        persons = False
        for seat in game.hand.waiting_for():
            if game.seats[seat].is_computer:
                if (seat, move) not in table.thinking:
                    table.thinking.add((seat, move))
                    self._computer_after_pause(table, seat, move)
            else:
                persons = True
        if persons and table.deadline is not None:
            now = self.clock.now()
            warn_at = table.deadline - self.settings.warning_lead(table.options.time_limit)
            if warn_at > now:
                table.timers.append(self.clock.call_at(warn_at, lambda: self._spawn(self._warn(table, move))))
            table.timers.append(
                self.clock.call_at(table.deadline, lambda: self._spawn(self._time_out(table, move)))
            )

    def _computer_after_pause(self, table: Table, seat: int, move: int) -> None:
        pause = self.settings.computer_pause
        if pause <= 0:
            self._spawn(self._computer_turn(table, seat, move))
        else:
            self.clock.call_at(
                self.clock.now() + pause, lambda: self._spawn(self._computer_turn(table, seat, move))
            )

    def _computer_due(self, table: Table, seat: int, move: int) -> bool:
        game = table.game
        return (
            self._running
            and self._tables.get(table.table_id) is table
            and table.status is TableStatus.PLAYING
            and game is not None
            and not game.over
            and table.move == move
            and game.seats[seat].is_computer
            and seat in game.hand.waiting_for()
        )

    async def _computer_turn(self, table: Table, seat: int, move: int) -> None:
        try:
            if not self._computer_due(table, seat, move):
                return
            game = self._game(table)
            view = game.view(seat)
            seed = (table.seed * 1_000_003 + move * 101 + seat) & 0x7FFF_FFFF_FFFF
            try:
                choice = await self.computers.decide(view, table.options.computer_level, seed)
            except Exception:
                log.exception("computer player failed at table %d; playing a random move", table.table_id)
                choice = random_move(game.hand, seat, random.Random(seed))
            async with table.lock:
                if not self._computer_due(table, seat, move):
                    return
                try:
                    await self._apply(table, choice, None)
                except Refused as exc:
                    if exc.code is not TableRefusal.STORAGE_BUSY:
                        raise
                    table.thinking.discard((seat, move))
                    self._retry_later(table)
        finally:
            table.thinking.discard((seat, move))

    async def _warn(self, table: Table, move: int) -> None:
        async with table.lock:
            game = table.game
            if table.move != move or game is None or game.over or table.deadline is None:
                return
            seats = tuple(s for s in game.hand.waiting_for() if not game.seats[s].is_computer)
            if seats:
                self._emit(table, [ev.TimeoutWarning(table_snapshot(table), seats, move, table.deadline)])

    async def _time_out(self, table: Table, move: int) -> None:
        """The deadline passed: a random legal move for each waiting person, or at their second
        timeout in this game, a forfeit (a computer takes the seat, the quit is recorded)."""
        async with table.lock:
            game = table.game
            if (
                self._tables.get(table.table_id) is not table
                or table.move != move
                or game is None
                or game.over
                or table.deadline is None
            ):
                return
            if self.clock.now() < table.deadline:  # the deadline moved (a rejoin): wait for the new one
                self._schedule(table)
                return
            engine_events: list[g.GameEvent] = []
            lead: list[Callable[[TableSnapshot], ev.TableEvent]] = []
            record: list[dict[str, Any]] = []
            timed_out: list[int] = []
            moved = False
            for seat in [s for s in game.hand.waiting_for() if not game.seats[s].is_computer]:
                if game.over or seat not in game.hand.waiting_for() or game.seats[seat].is_computer:
                    continue
                player_id = game.seats[seat].player_id
                assert player_id is not None
                if game.register_timeout(seat):
                    engine_events += game.quit(seat, QuitReason.TIMEOUTS)
                    lead.append(_timed_out(seat, player_id, True))
                    lead.append(_seat_changed(seat, ev.SeatChange.FORFEITED, player_id))
                    record.append({"seat": seat, "forfeit": True})
                else:
                    rng = random.Random(f"{table.seed}:{move}:{seat}")
                    m = random_move(game.hand, seat, rng)
                    engine_events += game.apply(m)
                    lead.append(_timed_out(seat, player_id, False))
                    record.append({"seat": seat, "move": _move_json(m)})
                    timed_out.append(seat)
                    moved = self._advance(table, m) or moved
            if not record:
                return
            try:
                await self._after_moves(
                    table, None, "timeout", {"timeouts": record}, engine_events, moved, lead, tuple(timed_out)
                )
            except Refused as exc:
                if exc.code is not TableRefusal.STORAGE_BUSY:
                    raise
                self._retry_later(table)

    # == persistence ==========================================================================

    async def _save(
        self, table: Table, actor_id: str | None, kind: str, payload: dict[str, Any]
    ) -> tuple[RatingChange, ...]:
        """Write the table's state and one action-log row in one transaction. On failure the table
        is reloaded from its last saved state and the action is refused."""
        table.seq += 1
        now = self.clock.now()
        record = None
        if table.status is TableStatus.FINISHED and table.game is not None:
            record = game_record(table, now)
        write = TableWrite(
            table_id=table.table_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            host_id=table.host_id,
            status=table.status.value,
            move=table.move,
            deadline=table.deadline,
            state=json.dumps(table.to_json(), separators=(",", ":")),
            created_at=table.created_at,
            updated_at=now,
            action=ActionRow(table.seq, now, table.move, actor_id, kind, json.dumps(payload)),
            game=record,
            notify=table.foreign,
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
        return changes

    def _roll_back(self, table: Table) -> None:
        """Memory must never run ahead of the database: back to the last saved state."""
        if table.saved_state is None:  # never saved: it does not exist
            if self._tables.get(table.table_id) is table:
                self._tables.pop(table.table_id, None)
            return
        table.restore(table.saved_state)

    # == events ===============================================================================

    def _emit(self, table: Table, events: list[ev.TableEvent]) -> None:
        table.outbox.extend(events)
        if not table.delivering and table.outbox:
            table.delivering = True
            self._spawn(self._deliver(table))

    def _emit_detached(self, event: ev.TableEvent) -> None:
        if self._detached is None:
            self._detached = Table(0, "", "", "", TableOptions(), 0, 0.0)
        self._emit(self._detached, [event])

    async def _deliver(self, table: Table) -> None:
        try:
            while table.outbox:
                event = table.outbox.popleft()
                try:
                    async with asyncio.timeout(self.settings.presenter_timeout):
                        await self.presenter.present(event)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("presenter failed on %s of table %d", type(event).__name__, table.table_id)
        finally:
            table.delivering = False

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
        return ev.TurnStarted(snap, seats, table.move, table.deadline, hands)

    def _person_hands(self, table: Table) -> tuple[PrivateHand, ...]:
        game = self._game(table)
        return tuple(private_hand(table, s) for s in game.persons())

    # == helpers ==============================================================================

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

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
        stored = await _or_busy(self.db.load_table(table_id))
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

    def _require_running(self) -> None:
        if not self._running:
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


async def _or_busy(work: Awaitable[T]) -> T:
    """A database that can't be used now becomes a refusal the person can read."""
    try:
        return await work
    except StorageUnavailable as exc:
        log.warning("database unavailable: %s", exc)
        raise Refused(TableRefusal.STORAGE_BUSY) from None


def _move_json(move: Move) -> dict[str, Any]:
    if isinstance(move, PassCards):
        return {"type": "pass", "seat": move.seat, "cards": move.cards}
    if isinstance(move, PlayCard):
        return {"type": "play", "seat": move.seat, "card": move.card}
    return {"type": "moon", "seat": move.seat, "add_to_others": move.add_to_others}


def _seat_changed(
    seat: int, change: ev.SeatChange, player_id: str
) -> Callable[[TableSnapshot], ev.TableEvent]:
    return lambda snap: ev.SeatChanged(snap, seat, change, player_id)


def _timed_out(seat: int, player_id: str, forfeited: bool) -> Callable[[TableSnapshot], ev.TableEvent]:
    return lambda snap: ev.TimedOut(snap, seat, player_id, forfeited)


def _change(c: RatingChange) -> ev.PlayerChange:
    return ev.PlayerChange(c.player_id, c.ranking_points, c.ranking_total, c.skill_before, c.skill_after)
