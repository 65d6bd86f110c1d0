"""The presenter: whatever shows the table's events to people (the Discord layer; a recorder in
tests and benchmarks). The service calls it from one delivery task per table, in event order; a
slow or failing call delays only that table's later events, never another table or the game.

When ``present`` returns, the event is shown (on Discord): the service then marks it delivered in
the outbox. An event offered ``again`` was owed when the bot stopped, and may have been shown just
before: the presenter shows it only if it is not there yet, so that nothing is shown twice."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol, TypeVar

from bot.tables.events import TableEvent
from bot.tables.options import ServerSettings

E = TypeVar("E")


class NotDelivered(Exception):
    """A feature's presenter (the daily's result, an event's standings) could not show something
    just now, for a reason that may pass (Discord's 5xx, the network): it stays owed, and the
    feature tries it again a little later rather than at the next start."""


class Presenter(Protocol):
    async def present(self, event: TableEvent, *, again: bool = False) -> None: ...


class Observer(Protocol):
    """A service built on tables (bot.daily, bot.events) that watches their events after the
    presenter; it is told every event, also those offered again after a restart, and must take
    each in a way that a repeat changes nothing."""

    async def present(self, event: TableEvent) -> None: ...


class SettingsWatcher(Protocol):
    """A service told of every change of a server's settings a manager saves (bot.seasons: a
    change of the season's kind starts, reshapes or ends the running season at once)."""

    async def settings_changed(
        self, guild_id: str, before: ServerSettings, after: ServerSettings
    ) -> None: ...


class RecordingPresenter:
    """Keeps every event (tests, benchmarks). ``wait_for`` awaits a matching event, with a bound."""

    def __init__(self) -> None:
        self.events: list[TableEvent] = []
        self.again: list[TableEvent] = []  # the events offered again (owed at a restart)
        self._changed = asyncio.Condition()

    async def present(self, event: TableEvent, *, again: bool = False) -> None:
        self.events.append(event)
        if again:
            self.again.append(event)
        async with self._changed:
            self._changed.notify_all()

    def of(self, kind: type[E], table_id: int | None = None) -> list[E]:
        return [
            e for e in self.events if isinstance(e, kind) and (table_id is None or _table_id(e) == table_id)
        ]

    async def wait_for(
        self, kind: type[E], where: Callable[[E], bool] = lambda _e: True, timeout: float = 20.0
    ) -> E:
        def found() -> E | None:
            for e in self.events:
                if isinstance(e, kind) and where(e):
                    return e
            return None

        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(lambda: found() is not None)
        event = found()
        assert event is not None
        return event


def _table_id(event: TableEvent) -> int:
    table = getattr(event, "table", None)
    return table.table_id if table is not None else event.table_id  # type: ignore[union-attr]
