"""Table-message redraws: urgent ones at once, cards within a trick coalesced into one edit, and
fewer of them while players' requests queue for Discord's global limit. The interval runs on a
manual clock: the tests move it and see exactly when each drawing happens, whatever the machine's
load."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from bot.client.pacing import GlobalPacer, Priority
from bot.tables import ManualClock
from bot.tables.table import TableStatus
from cogs.hearts._presenter import DiscordPresenter
from cogs.hearts._state import TableMessages

INTERVAL = 0.3


class RecordingPresenter(DiscordPresenter):
    def __init__(self, interval: float, pacer: GlobalPacer | None = None) -> None:
        self.manual = ManualClock()
        super().__init__(
            client=None,  # type: ignore[arg-type]
            db=None,  # type: ignore[arg-type]
            saved=None,  # type: ignore[arg-type]
            redraw_interval=interval,
            pacer=pacer,
            clock=self.manual,
        )
        self.drawn: list[tuple[int, float]] = []  # move number, clock time
        self.table = TableMessages(7)
        self.start = self.manual.now()

    async def state(self, table_id: int) -> TableMessages:
        return self.table

    async def _draw_table(self, state: TableMessages, snap: Any) -> None:
        self.drawn.append((snap.move_number, round(self.manual.now() - self.start, 6)))
        state.table_hand = snap.hand_number

    async def waiting(self) -> None:
        """Let the redraw loop run until it waits for the clock (the interval's timer is set)."""
        await _until(lambda: bool(self.manual.pending()), "the redraw waiting for the interval")

    async def drawn_now(self) -> None:
        """Let the redraws finish without the clock moving (fails, rather than hangs, if one waits)."""
        await _until(lambda: self._tasks.idle, "the redraws done with the clock standing still")

    async def quiet(self) -> None:
        """Let every task run as far as it can without the clock moving."""
        for _ in range(50):
            await asyncio.sleep(0)


async def _until(condition: Callable[[], bool], what: str, bound: int = 200) -> None:
    """Give the loop turns (no time passes) until ``condition`` holds, at most ``bound`` of them."""
    for _ in range(bound):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never reached: {what}")


def snap(move: int, hand: int = 1, status: TableStatus = TableStatus.PLAYING) -> Any:
    return SimpleNamespace(table_id=7, move_number=move, hand_number=hand, status=status)


async def test_urgent_redraws_go_out_at_once_and_cards_in_a_trick_share_an_edit() -> None:
    presenter = RecordingPresenter(interval=INTERVAL)
    presenter._redraw(snap(0))  # a trick taken: at once
    await presenter.drawn_now()
    assert presenter.drawn == [(0, 0.0)]
    presenter._redraw(snap(1), urgent=False)  # cards played: wait for the interval ...
    presenter._redraw(snap(2), urgent=False)  # ... and draw only the newest
    await presenter.waiting()
    presenter.manual.advance(INTERVAL - 0.01)
    await presenter.quiet()
    assert presenter.drawn == [(0, 0.0)]  # not before the interval has passed
    presenter.manual.advance(0.01)
    await presenter.drawn_now()
    assert presenter.drawn == [(0, 0.0), (2, INTERVAL)]
    presenter._redraw(snap(3), urgent=False)
    await presenter.waiting()
    presenter._redraw(snap(4))  # an urgent one cuts the wait short and carries the newest state
    await presenter.drawn_now()
    assert presenter.drawn == [(0, 0.0), (2, INTERVAL), (4, INTERVAL)]
    assert presenter.manual.pending() == []  # the interval's timer went with the wait


async def test_without_an_interval_every_redraw_is_immediate() -> None:
    presenter = RecordingPresenter(interval=0.0)
    for move in range(3):
        presenter._redraw(snap(move), urgent=False)
        await presenter.drawn_now()
    assert presenter.drawn == [(0, 0.0), (1, 0.0), (2, 0.0)]


async def test_while_players_wait_only_a_new_hand_and_the_end_skip_the_interval() -> None:
    pacer = GlobalPacer(requests=1, period=60.0)
    await pacer.acquire()  # the window is full ...
    dm = asyncio.create_task(pacer.acquire())  # ... and a player's DM waits for it
    await _until(lambda: pacer.backlog() == 1, "the DM queued")
    presenter = RecordingPresenter(interval=INTERVAL, pacer=pacer)
    presenter._redraw(snap(0, hand=1))  # a new hand's message: at once
    await presenter.drawn_now()
    presenter._redraw(snap(1))  # a trick taken: urgent, but it waits the interval now ...
    presenter._redraw(snap(2), urgent=False)  # ... and shares its edit with the next card
    await presenter.waiting()
    await presenter.quiet()
    assert presenter.drawn == [(0, 0.0)]
    presenter.manual.advance(INTERVAL)
    await presenter.drawn_now()
    presenter._redraw(snap(3, hand=2))  # the next hand: at once again
    await presenter.drawn_now()
    presenter._redraw(snap(4, hand=2, status=TableStatus.FINISHED))  # so is the end
    await presenter.drawn_now()
    dm.cancel()
    assert presenter.drawn == [(0, 0.0), (2, INTERVAL), (3, INTERVAL), (4, INTERVAL)]


async def test_without_a_backlog_a_taken_trick_is_drawn_at_once() -> None:
    pacer = GlobalPacer(requests=5, period=60.0)
    presenter = RecordingPresenter(interval=INTERVAL, pacer=pacer)
    presenter._redraw(snap(0))
    await presenter.drawn_now()
    presenter._redraw(snap(1))
    await presenter.drawn_now()
    assert presenter.drawn == [(0, 0.0), (1, 0.0)]


class FailingPresenter(RecordingPresenter):
    """Its drawings of the moves in ``failing`` fail as a lost connection does (a reason that may
    pass), each time."""

    def __init__(self, failing: set[int]) -> None:
        super().__init__(interval=0.0)
        self.failing = failing
        self.tried: list[int] = []

    async def _draw_table(self, state: TableMessages, snap: Any) -> None:
        self.tried.append(snap.move_number)
        if snap.move_number in self.failing:
            raise ConnectionResetError("the connection was reset")
        await super()._draw_table(state, snap)


async def test_a_failed_drawing_is_tried_again_on_the_clock_unless_a_newer_one_replaced_it() -> None:
    presenter = FailingPresenter({1, 2})
    first = presenter.redraws.retry_first
    presenter._redraw(snap(1))
    await presenter.drawn_now()
    assert presenter.manual.pending() == [presenter.start + first]  # tried again later ...
    presenter.failing.clear()
    presenter.manual.advance(first)
    await presenter.drawn_now()
    assert presenter.drawn == [(1, first)]  # ... on the clock
    presenter.failing.add(2)
    presenter._redraw(snap(2))
    await presenter.drawn_now()
    presenter._redraw(snap(3))  # newer: drawn instead, and the failed one is not tried again
    await presenter.drawn_now()
    assert presenter.manual.pending() == []
    presenter.manual.advance(first * 2**presenter.redraws.retries)
    await presenter.drawn_now()
    assert presenter.tried == [1, 1, 2, 3] and presenter.drawn == [(1, first), (3, first)]


class PacedPresenter(RecordingPresenter):
    """Its drawings ask ``pacer`` for a request first, as the real one's REST calls do."""

    def __init__(self, pacer: GlobalPacer) -> None:
        super().__init__(interval=0.0, pacer=pacer)
        self.pacer = pacer

    async def _draw_table(self, state: TableMessages, snap: Any) -> None:
        await self.pacer.acquire()
        await super()._draw_table(state, snap)


async def test_a_new_hands_message_waits_as_a_players_request_and_the_others_behind_them() -> None:
    """A deal's DMs wait for their hand's table message (they link to it): while the window is
    full it waits as a player's request does, not behind them all; a redraw of a hand already
    shown waits behind them."""
    clock = ManualClock()
    pacer = GlobalPacer(requests=1, period=1.0, clock=clock)
    await pacer.acquire()  # the window is full
    presenter = PacedPresenter(pacer)
    presenter._redraw(snap(0, hand=1))
    await _until(lambda: pacer.backlog() == 1, "the new hand's drawing waiting as a player's")
    clock.advance(1.0)
    await presenter.drawn_now()
    presenter._redraw(snap(1, hand=1))
    await _until(lambda: pacer.backlog(Priority.BACKGROUND) == 1, "the redraw waiting")
    assert pacer.backlog() == 0  # behind every player's request
    clock.advance(1.0)
    await presenter.drawn_now()
    assert [move for move, _ in presenter.drawn] == [0, 1]
