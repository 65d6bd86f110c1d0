"""Table-message redraws: urgent ones at once, cards within a trick coalesced into one edit, and
fewer of them while players' requests queue for Discord's global limit."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.client.pacing import GlobalPacer
from bot.tables.table import TableStatus
from cogs.hearts._presenter import DiscordPresenter
from cogs.hearts._state import TableMessages
from tests.cogs.hearts.test_pacing import until


class RecordingPresenter(DiscordPresenter):
    def __init__(self, interval: float, pacer: GlobalPacer | None = None) -> None:
        super().__init__(client=None, db=None, saved=None, redraw_interval=interval, pacer=pacer)  # type: ignore[arg-type]
        self.drawn: list[tuple[int, float]] = []
        self.table = TableMessages(7)

    async def state(self, table_id: int) -> TableMessages:
        return self.table

    async def _draw_table(self, state: TableMessages, snap: Any) -> None:
        self.drawn.append((snap.move, asyncio.get_running_loop().time()))
        state.table_hand = snap.hand_number


def snap(move: int, hand: int = 1, status: TableStatus = TableStatus.PLAYING) -> Any:
    return SimpleNamespace(table_id=7, move=move, hand_number=hand, status=status)


async def test_urgent_redraws_go_out_at_once_and_cards_in_a_trick_share_an_edit() -> None:
    presenter = RecordingPresenter(interval=0.3)
    presenter._redraw(snap(0))  # a trick taken: at once
    await presenter.settle()
    presenter._redraw(snap(1), urgent=False)  # cards played: wait for the interval ...
    presenter._redraw(snap(2), urgent=False)  # ... and draw only the newest
    await presenter.settle()
    presenter._redraw(snap(3), urgent=False)
    presenter._redraw(snap(4))  # an urgent one cuts the wait short and carries the newest state
    await presenter.settle()
    moves = [m for m, _at in presenter.drawn]
    assert moves == [0, 2, 4]
    (_, first), (_, second), (_, third) = presenter.drawn
    assert second - first >= 0.29  # the interval was kept
    assert third - second < 0.29  # the urgent redraw did not wait


async def test_without_an_interval_every_redraw_is_immediate() -> None:
    presenter = RecordingPresenter(interval=0.0)
    for move in range(3):
        presenter._redraw(snap(move), urgent=False)
        await presenter.settle()
    assert [m for m, _at in presenter.drawn] == [0, 1, 2]


async def test_while_players_wait_only_a_new_hand_and_the_end_skip_the_interval() -> None:
    pacer = GlobalPacer(requests=1, period=60.0)
    await pacer.acquire()  # the window is full ...
    dm = asyncio.create_task(pacer.acquire())  # ... and a player's DM waits for it
    await until(lambda: pacer.backlog() == 1)
    presenter = RecordingPresenter(interval=0.3, pacer=pacer)
    presenter._redraw(snap(0, hand=1))  # a new hand's message: at once
    await presenter.settle()
    presenter._redraw(snap(1))  # a trick taken: urgent, but it waits the interval now ...
    presenter._redraw(snap(2), urgent=False)  # ... and shares its edit with the next card
    await presenter.settle()
    presenter._redraw(snap(3, hand=2))  # the next hand: at once again
    await presenter.settle()
    presenter._redraw(snap(4, hand=2, status=TableStatus.FINISHED))  # so is the end
    await presenter.settle()
    dm.cancel()
    moves = [m for m, _at in presenter.drawn]
    assert moves == [0, 2, 3, 4]
    (_, first), (_, second), (_, third), (_, fourth) = presenter.drawn
    assert second - first >= 0.29  # the taken trick kept the interval
    assert third - second < 0.29 and fourth - third < 0.29


async def test_without_a_backlog_a_taken_trick_is_drawn_at_once() -> None:
    pacer = GlobalPacer(requests=5, period=60.0)
    presenter = RecordingPresenter(interval=0.3, pacer=pacer)
    presenter._redraw(snap(0))
    await presenter.settle()
    presenter._redraw(snap(1))
    await presenter.settle()
    (_, first), (_, second) = presenter.drawn
    assert second - first < 0.29
