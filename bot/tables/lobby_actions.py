"""The lobby and the table's people: open a table, take and leave seats, computers, start, cancel,
rejoin; and a server's settings (defaults and allowed channels)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.engine.game import Game, Occupant, QuitReason
from bot.storage.errors import CorruptRow, StorageUnavailable
from bot.storage.records import DamagedRow
from bot.tables import events as ev
from bot.tables import lobby
from bot.tables.options import ServerSettings, TableOptions
from bot.tables.permissions import Actor, require_manager, require_seat, require_server_manager
from bot.tables.preferences import PlayerPreferences
from bot.tables.refusals import Refused, TableRefusal, or_busy
from bot.tables.requests import PreferencesRequest, SettingsRequest, TableRequest
from bot.tables.service_base import (
    REPORTED_PREFIX,
    seat_changed,
)
from bot.tables.snapshot import (
    TableSnapshot,
    table_snapshot,
)
from bot.tables.table import Table, TableStatus
from bot.tables.turns import Turns

log = logging.getLogger(__name__)


class LobbyActions(Turns):
    async def server_settings(self, guild_id: str, channel_id: str | None = None) -> ServerSettings:
        """The server's settings; the defaults if none were saved, or if the saved row can't be read
        (reported once) or the database can't be read now: for what only words depend on (the
        language of a post). ``channel_id``: where the request came from (the damage report goes
        there)."""
        try:
            return await self.chosen_server_settings(guild_id, channel_id)
        except StorageUnavailable as exc:
            log.warning("settings of server %s not read (%s): the defaults serve", guild_id, exc)
            return ServerSettings()

    async def chosen_server_settings(self, guild_id: str, channel_id: str | None = None) -> ServerSettings:
        """As ``server_settings``, but ``StorageUnavailable`` if the database can't be read now: for
        what must follow the server's choice (a table's channel and options, a closed season's
        successor, where a summary goes, who may run an event, what the settings are shown to be),
        carried on later or answered "busy" rather than decided by the defaults."""
        try:
            data = await self.db.server_settings(guild_id)
        except CorruptRow as exc:
            self._damaged(DamagedRow("server_settings", guild_id, guild_id, str(exc)), channel_id)
            return ServerSettings()
        except StorageUnavailable:
            raise
        except Exception as exc:  # the connection closed under a stopping bot: not damage either
            raise StorageUnavailable(str(exc)) from exc
        if data is None:
            return ServerSettings()
        try:
            return ServerSettings.from_json(data)
        except Exception as exc:  # stored, but not settings this version can read
            self._damaged(DamagedRow("server_settings", guild_id, guild_id, str(exc)), channel_id)
            return ServerSettings()

    def settings_change(self, guild_id: str) -> AbstractAsyncContextManager[None]:
        """Held while a server's settings change, with its watchers' work (one at a time): work
        that follows the settings later (a season catching up) holds it too."""
        return self._settings_changes.one(guild_id)

    def settings_damaged(self, guild_id: str) -> bool:
        """Whether this server's stored settings can't be read (the defaults are in use)."""
        return f"{REPORTED_PREFIX}server_settings:{guild_id}" in self._reported

    async def set_server_settings(self, actor: Actor, guild_id: str, settings: ServerSettings) -> None:
        require_server_manager(actor)
        settings.defaults.checked()
        await or_busy(self.db.save_server_settings(guild_id, settings.to_json(), self.clock.now()))
        self._reported.discard(f"{REPORTED_PREFIX}server_settings:{guild_id}")  # repaired by this save

    async def change_server_settings(
        self, actor: Actor, guild_id: str, channel_id: str, request: SettingsRequest
    ) -> ServerSettings:
        """The server's settings with ``request`` applied, checked and saved (managers only); as
        they are when nothing was asked. One change of a server's at a time (with its watchers'
        work): two managers' changes at once both hold, each applied to the other's."""
        if not request.given:
            return await or_busy(self.chosen_server_settings(guild_id, channel_id))
        require_server_manager(actor)
        async with self.settings_change(guild_id):
            # (never the defaults saved over what the database holds)
            current = await or_busy(self.chosen_server_settings(guild_id, channel_id))
            changed = request.applied_to(current, self.settings.languages)
            await self.set_server_settings(actor, guild_id, changed)
            for watcher in self.settings_watchers:  # e.g. the seasons: a change of kind acts at once
                await watcher.settings_changed(guild_id, current, changed)
        return changed

    async def requested_options(self, guild_id: str, channel_id: str, request: TableRequest) -> TableOptions:
        """The options of a new table: the server's defaults with ``request`` applied, checked."""
        settings = await self.chosen_server_settings(guild_id, channel_id)
        return request.applied_to(settings.defaults)

    def preferences_with(self, current: PlayerPreferences, request: PreferencesRequest) -> PlayerPreferences:
        """A person's preferences with ``request`` applied, checked (the caller saves them)."""
        return request.applied_to(current, self.settings.languages)

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
        # A daily attempt is played privately (its channel is a DM), wherever tables may be opened;
        # an event's tables where it was announced, though tables were limited to others since.
        if options is None or not (options.daily or options.event_id is not None):
            settings = await self.chosen_server_settings(guild_id, channel_id)
            options = options or settings.defaults
            if not settings.allows(channel_id, parent_channel_id):
                raise Refused(TableRefusal.CHANNEL_NOT_ALLOWED)
        options = options.checked()
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
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [ev.TableCreated(snap)]
            await self._save(table, actor.user_id, "create", created, events)
            self._tables[table_id] = table
            self._emit(table, events, saved=True)
        return snap

    async def join(
        self, actor: Actor, table_id: int, seat: int | None = None, *, for_event: bool = False
    ) -> TableSnapshot:
        """Take a seat in the lobby (``for_event``: seated by the table's event, the only way into
        an event's table)."""

        async def change(table: Table) -> list[ev.TableEvent]:
            if table.seat_of(actor.user_id) is not None:
                raise Refused(TableRefusal.ALREADY_SEATED)
            s = lobby.seat_for_joiner(table.lobby, seat)
            table.lobby[s] = Occupant.person(actor.user_id)
            events: list[ev.TableEvent] = [
                ev.SeatChanged(table_snapshot(table), s, ev.SeatChange.JOINED, actor.user_id)
            ]
            await self._save(table, actor.user_id, "join", {"seat": s}, events)
            return events

        return await self._lobby_action(table_id, change, for_event=for_event)

    async def add_computer(self, actor: Actor, table_id: int, seat: int | None = None) -> TableSnapshot:
        async def change(table: Table) -> list[ev.TableEvent]:
            require_manager(actor, table)
            s = lobby.empty_seat(table.lobby, seat)
            table.lobby[s] = Occupant.computer()
            events: list[ev.TableEvent] = [
                ev.SeatChanged(table_snapshot(table), s, ev.SeatChange.COMPUTER_ADDED, None)
            ]
            await self._save(table, actor.user_id, "add_computer", {"seat": s}, events)
            return events

        return await self._lobby_action(table_id, change)

    async def _lobby_action(
        self,
        table_id: int,
        change: Callable[[Table], Coroutine[Any, Any, list[ev.TableEvent]]],
        *,
        for_event: bool = False,
    ) -> TableSnapshot:
        """A change of the lobby (``_require_event``)."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
            _require_event(table, for_event)
            events = await change(table)  # saved with the change
            self._emit(table, events, saved=True)
            return table_snapshot(table)

    async def leave(
        self, actor: Actor, table_id: int, *, from_lobby: bool = False, removed: bool = False
    ) -> TableSnapshot:
        """Leave the lobby (the host passes to the next person; the last person out closes the
        table), or quit a running game: a computer takes the seat and the quit is recorded.
        ``from_lobby``: asked by the lobby's button, which means the lobby only (a click on the
        lobby as it was before Start must not quit the game it started). ``removed``: asked by
        the table's event, whose organiser removed the person: the quit is recorded as a removal
        (``QuitReason.REMOVED``, in the log too), which costs them nothing."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_open(table)
            if from_lobby:
                self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
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
                snap = table_snapshot(table)
                events.append(ev.SeatChanged(snap, seat, ev.SeatChange.LEFT, actor.user_id))
                if table.status is TableStatus.CANCELLED:
                    events.append(ev.TableCancelled(snap, None))
                await self._save(table, actor.user_id, "leave", {"seat": seat}, events)
                if table.status is TableStatus.CANCELLED:
                    self._close(table)
                self._emit(table, events, saved=True)
                return snap
            game = self._game(table)
            reason = QuitReason.REMOVED if removed else QuitReason.LEFT
            engine_events = game.quit(seat, reason)
            lead = [seat_changed(seat, ev.SeatChange.QUIT, actor.user_id)]
            payload: dict[str, Any] = {"seat": seat}
            if removed:  # a plain quit's row as it always was (one without a reason replays as LEFT)
                payload["reason"] = reason.value
            return await self._after_moves(table, actor.user_id, "quit", payload, engine_events, False, lead)

    async def rejoin(self, actor: Actor, table_id: int) -> TableSnapshot:
        """A person who quit takes their seat back from the computer (if the table allows it)."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.PLAYING, TableRefusal.NOT_PLAYING)
            if not table.options.rejoin_allowed:
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
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [ev.SeatChanged(snap, seat, ev.SeatChange.REJOINED, actor.user_id)]
            if waiting:
                events.append(self._turn(table, snap, (seat,)))
            await self._save(table, actor.user_id, "rejoin", {"seat": seat}, events)
            self._emit(table, events, saved=True)
            self._schedule(table)
            return snap

    async def start_game(self, actor: Actor, table_id: int, *, for_event: bool = False) -> TableSnapshot:
        """Deal the first hand. Empty seats are filled with computer players (a table of computers
        only is allowed: a demonstration; it records no results). ``for_event``: by the table's
        event, the only one that starts an event's table."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
            _require_event(table, for_event)
            require_manager(actor, table)
            filled = [s for s, o in enumerate(table.lobby) if o is None]
            seats = [Occupant.computer() if o is None else o for o in table.lobby]
            table.lobby = list(seats)
            table.game = Game(table.options.rules, table.seed, list(seats), duplicate=table.options.duplicate)
            table.status = TableStatus.PLAYING
            table.move_number = 1
            table.deadline = table.options.deadline(self.clock.now())
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [
                ev.SeatChanged(snap, s, ev.SeatChange.FILLED, None) for s in filled
            ]
            events.append(ev.GameStarted(snap))
            events.append(self._dealt(table, snap))
            events.append(self._turn(table, snap))
            await self._save(table, actor.user_id, "start", {"filled": filled}, events)
            self._emit(table, events, saved=True)
            self._schedule(table)
            return snap

    async def cancel(
        self, actor: Actor, table_id: int, *, from_lobby: bool = False, for_event: bool = False
    ) -> TableSnapshot:
        """Close the table without results (lobby or running game); ``from_lobby`` as for
        ``leave``: the lobby's Cancel closes a lobby, never the game started since; ``for_event``
        as for ``start_game``."""
        self._require_running()
        table = self._table(table_id)
        async with table.lock:
            self._require_open(table)
            if from_lobby:
                self._require_status(table, TableStatus.LOBBY, TableRefusal.NOT_IN_LOBBY)
            if table.status is TableStatus.LOBBY:
                _require_event(table, for_event)
            require_manager(actor, table)
            table.status = TableStatus.CANCELLED
            table.deadline = None
            snap = table_snapshot(table)
            events: list[ev.TableEvent] = [ev.TableCancelled(snap, actor.user_id)]
            await self._save(table, actor.user_id, "cancel", {}, events)
            self._close(table)
            self._emit(table, events, saved=True)
            return snap


def _require_event(table: Table, for_event: bool) -> None:
    """An event's table is in its lobby only while its event seats it (a stop can hold it there
    until the next start): nobody else seats, starts or cancels it; to them it has started."""
    if table.options.event_id is not None and not for_event:
        raise Refused(TableRefusal.NOT_IN_LOBBY)
