"""Coalescing the table message's redraws, and pacing them behind what players wait for.

While one edit is in flight, later events only replace the snapshot to draw next, so a burst of
computer moves costs one edit, not one per card. Redraws are the bot's background work: under the
global rate limit they wait behind the requests players need (their hand, their controls, a ping;
see ``bot.client.pacing``), and while such requests are queued even a taken trick waits for the
redraw interval (only a new hand's message and the end go out at once). The interval is measured on
the table service's clock (``bot.tables.clock``), so a test moves it by hand instead of waiting.

A drawing that fails for a reason that may pass (Discord's 5xx, the network: ``UNDELIVERED``) is
tried again on that clock after a wait that doubles, a few times, unless a newer snapshot replaced it
meanwhile: the last drawing of a game (no controls left on the message) has no newer one to make up
for it, and the finished game's message kept "alice to play" and its buttons for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.client.once import UNDELIVERED
from bot.client.pacing import GlobalPacer, Priority, background
from bot.tables import Clock, TableSnapshot
from bot.tables.background import Background
from bot.tables.clock import TimerHandle
from bot.tables.table import TableStatus

log = logging.getLogger(__name__)

RETRY_FIRST = 2.0  # seconds before a failed drawing is tried again; the wait doubles at each failure
RETRIES = 4  # tries again of drawings that failed in a row, at most (2 + 4 + 8 + 16 s)


class _Redraw:
    __slots__ = ("failed", "last", "pending", "retry", "task", "urgent", "wake")

    def __init__(self) -> None:
        self.pending: TableSnapshot | None = None
        self.task: asyncio.Task[None] | None = None
        self.urgent = False
        self.wake = asyncio.Event()
        self.last = float("-inf")  # when the last drawing ended (the clock's time)
        self.failed = 0  # drawings that failed in a row for a reason that may pass
        self.retry: TimerHandle | None = None  # the next try of the drawing that failed last


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
        *,
        retry_first: float = RETRY_FIRST,
        retries: int = RETRIES,
    ) -> None:
        self._draw = draw
        self._hand_shown = hand_shown
        self.interval = interval
        self.pacer = pacer  # whose backlog says when the bot is short of requests
        self._tasks = tasks
        self.clock = clock
        self.retry_first = retry_first
        self.retries = retries
        self._redraws: dict[int, _Redraw] = {}
        self._closed = False

    def request(self, snap: TableSnapshot, *, urgent: bool = True) -> None:
        """Redraw the table message with ``snap`` (or a newer snapshot). Urgent redraws (a trick
        taken, a new hand, a seat changing hands, the end) go out at once; a card played within a
        trick waits until ``interval`` has passed since the last drawing, and whatever happens
        meanwhile is drawn in the same edit. The player to move already sees the trick so far in
        their hand message, so nobody waits for the picture to act; so while players' requests
        queue for the global limit, a taken trick waits the interval too."""
        redraw = self._redraws.setdefault(snap.table_id, _Redraw())
        redraw.pending = snap
        _disarm(redraw)  # a failed drawing is not tried again: this newer one is drawn instead
        if urgent:
            redraw.urgent = True
            redraw.wake.set()
        if redraw.task is None or redraw.task.done():
            redraw.task = self._tasks.spawn(self._loop(snap.table_id, redraw))

    async def drawn(self, table_id: int) -> None:
        """Wait until the table message shows the last snapshot requested (the end of a game is
        delivered only once no control is left on it), or its drawing failed: a failure that may
        pass is tried again later, on the clock, without holding up what waits here."""
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
            # A new hand's message is a player's request: its deal's DMs wait for it (they link it).
            first = snap.hand_number != await self._hand_shown(table_id)
            try:
                with contextlib.nullcontext() if first else background():  # else behind players' requests
                    await self._draw(table_id, snap)
            except UNDELIVERED as exc:  # (a 5xx before any other HTTPException: it may pass)
                self._failed(table_id, redraw, snap, exc)
            except discord.HTTPException as exc:
                log.warning("table %s: table message not updated: %s", table_id, exc)
            else:
                redraw.failed = 0
            finally:
                redraw.last = self.clock.now()

    def _failed(self, table_id: int, redraw: _Redraw, snap: TableSnapshot, exc: BaseException) -> None:
        """A drawing failed for a reason that may pass: tried again after a wait that doubles,
        unless a newer snapshot is drawn next anyway, at most ``retries`` times in a row."""
        redraw.failed += 1
        if redraw.pending is not None:  # drawn next instead, at once
            log.info("table %s: table message not updated, a newer drawing follows: %s", table_id, exc)
            return
        if redraw.failed > self.retries or self._closed:
            log.warning(
                "table %s: table message not updated after %d tries: %s", table_id, redraw.failed, exc
            )
            redraw.failed = 0
            return
        delay = self.retry_first * 2 ** (redraw.failed - 1)
        log.warning("table %s: table message not updated (tried again in %.0f s): %s", table_id, delay, exc)
        redraw.retry = self.clock.call_at(self.clock.now() + delay, lambda: self._again(redraw, snap))

    def _again(self, redraw: _Redraw, snap: TableSnapshot) -> None:
        redraw.retry = None
        if not self._closed:
            self.request(snap)

    def close(self) -> None:
        """At shutdown: no failed drawing is tried again (a restored table is redrawn at the next
        start)."""
        self._closed = True
        for redraw in self._redraws.values():
            _disarm(redraw)

    def _draw_now(self, hand_shown: int | None, redraw: _Redraw) -> bool:
        """Whether an urgent redraw skips the rest of the interval: always, unless players'
        requests are queued for the global limit; then only a new hand's message and the end."""
        snap = redraw.pending
        if not redraw.urgent or snap is None:
            return False
        if self.pacer is None or not self.pacer.backlog(Priority.PLAYER):
            return True
        return snap.status is not TableStatus.PLAYING or snap.hand_number != hand_shown


def _disarm(redraw: _Redraw) -> None:
    if redraw.retry is not None:
        redraw.retry.cancel()
        redraw.retry = None
