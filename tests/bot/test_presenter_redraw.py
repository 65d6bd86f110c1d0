"""Table-message redraws: urgent ones at once, cards within a trick coalesced into one edit."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.presenter.discord_presenter import DiscordPresenter
from bot.presenter.state import TableMessages


class RecordingPresenter(DiscordPresenter):
    def __init__(self, interval: float) -> None:
        super().__init__(client=None, redraw_interval=interval)  # type: ignore[arg-type]
        self.drawn: list[tuple[int, float]] = []

    async def state(self, table_id: int) -> TableMessages:
        return TableMessages(table_id)

    async def _draw_table(self, state: TableMessages, snap: Any) -> None:
        self.drawn.append((snap.move, asyncio.get_running_loop().time()))


def snap(move: int) -> Any:
    return SimpleNamespace(table_id=7, move=move)


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
