"""Coalescing the table message's redraws, and pacing them behind what players wait for.

While one edit is in flight, later events only replace the snapshot to draw next, so a burst of
computer moves costs one edit, not one per card. Redraws are the bot's background work: under the
global rate limit they wait behind the requests players need (their hand, their controls, a ping;
see ``bot.client.pacing``), and while such requests are queued even a taken trick waits for the
redraw interval (only a new hand's message and the end go out at once). The interval is measured on
the table service's clock (``bot.tables.clock``), so a test moves it by hand instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.client.pacing import GlobalPacer, Priority, background
from bot.tables import Clock, TableSnapshot
from bot.tables.background import Background
from bot.tables.table import TableStatus

log = logging.getLogger(__name__)


class _Redraw:
    __slots__ = ("last", "pending", "task", "urgent", "wake")

    def __init__(self) -> None:
        self.pending: TableSnapshot | None = None
        self.task: asyncio.Task[None] | None = None
        self.urgent = False
        self.wake = asyncio.Event()
        self.last = float("-inf")  # when the last drawing ended (the clock's time)


class Redraws:
    """``draw(table_id, snap)`` draws a table's message; ``hand_shown(table_id)`` says which hand
    the message shows now (a new hand's message is never held back)."""

    def __init__(
        self,
        draw: Callable[[int, TableSnapshot], Awaitable[None]],
        hand_shown: Callable[[int], Awaitable[int | None]],
        interval: float,
        pacer: GlobalPacer | None,
        tasks: Background,
        clock: Clock,
    ) -> None:
        self._draw = draw
        self._hand_shown = hand_shown
        self.interval = interval
        self.pacer = pacer  # whose backlog says when the bot is short of requests
        self._tasks = tasks
        self.clock = clock
        self._redraws: dict[int, _Redraw] = {}

    def request(self, snap: TableSnapshot, *, urgent: bool = True) -> None:
        """Redraw the table message with ``snap`` (or a newer snapshot). Urgent redraws (a trick
        taken, a new hand, a seat changing hands, the end) go out at once; a card played within a
        trick waits until ``interval`` has passed since the last drawing, and whatever happens
        meanwhile is drawn in the same edit. The player to move already sees the trick so far in
        their hand message, so nobody waits for the picture to act; so while players' requests
        queue for the global limit, a taken trick waits the interval too."""
        redraw = self._redraws.setdefault(snap.table_id, _Redraw())
        redraw.pending = snap
        if urgent:
            redraw.urgent = True
            redraw.wake.set()
        if redraw.task is None or redraw.task.done():
            redraw.task = self._tasks.spawn(self._loop(snap.table_id, redraw))

    async def drawn(self, table_id: int) -> None:
        """Wait until the table message shows the last snapshot requested (the end of a game is
        delivered only once no control is left on it)."""
        redraw = self._redraws.get(table_id)
        while redraw is not None and redraw.task is not None and not redraw.task.done():
            await asyncio.shield(redraw.task)

    async def _loop(self, table_id: int, redraw: _Redraw) -> None:
        while redraw.pending is not None:
            while (wait := redraw.last + self.interval - self.clock.now()) > 0 and not self._draw_now(
                await self._hand_shown(table_id), redraw
            ):
                redraw.wake.clear()  # set by an urgent request, or by the clock when the interval ends
                timer = self.clock.call_at(self.clock.now() + wait, redraw.wake.set)
                try:
                    await redraw.wake.wait()
                finally:
                    timer.cancel()
            snap, redraw.pending, redraw.urgent = redraw.pending, None, False
            if snap is None:
                continue
            try:
                with background():  # behind every request a player is waiting for
                    await self._draw(table_id, snap)
            except discord.HTTPException as exc:
                log.warning("table %s: table message not updated: %s", table_id, exc)
            finally:
                redraw.last = self.clock.now()

    def _draw_now(self, hand_shown: int | None, redraw: _Redraw) -> bool:
        """Whether an urgent redraw skips the rest of the interval: always, unless players'
        requests are queued for the global limit; then only a new hand's message and the end."""
        snap = redraw.pending
        if not redraw.urgent or snap is None:
            return False
        if self.pacer is None or not self.pacer.backlog(Priority.PLAYER):
            return True
        return snap.status is not TableStatus.PLAYING or snap.hand_number != hand_shown
