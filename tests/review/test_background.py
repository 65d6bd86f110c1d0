"""The coach's low-priority lane of the computer pool: background work never starts while a live
table's computer turn waits for a worker; the review ids round-trip within Discord's limit."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from bot.ai import Level
from bot.engine.hand import Hand
from bot.engine.rules import RuleSet
from bot.engine.view import seat_view
from bot.review.ids import TEMPLATE, ReviewAt, ReviewControl, parse_review_id, review_id
from bot.tables import ComputerPool, ComputerSettings, PoolKind


async def _until(check: Callable[[], bool], what: str, turns: int = 10_000) -> None:
    """Give the event loop turns until ``check()`` holds (bounded: no clock is involved)."""
    for _ in range(turns):
        if check():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never {what}")


async def test_background_work_waits_while_a_computer_turn_is_queued() -> None:
    pool = ComputerPool(ComputerSettings(kind=PoolKind.INLINE, workers=1))
    queued_when_run: list[int] = []
    await pool._slots.acquire()  # the only worker is busy with a live decision
    hand = Hand.new(RuleSet(), "background", 1)
    turn = asyncio.create_task(pool.decide(seat_view(hand, 0), Level.NORMAL, seed=1))
    await _until(lambda: pool._queued == 1, "the computer turn queued")
    # The job notes how many turns wait for a worker when it runs: it must be none. The review
    # holds the lane once it asked for it; until then, or until it is done, nothing is decided.
    review = asyncio.create_task(pool.background(lambda: queued_when_run.append(pool._queued)))
    await _until(lambda: pool._background_slot.locked() or review.done(), "the review asked for")
    assert queued_when_run == [] and not review.done()  # asked, held back by the queued turn
    pool._slots.release()
    await turn
    await review
    assert queued_when_run == [0]
    pool.close()


def test_review_ids_round_trip_within_discords_limit() -> None:
    for control in ReviewControl:
        at = ReviewAt(control, 10**17, 9999, 13)
        custom_id = review_id(at)
        assert len(custom_id) <= 100
        match = re.fullmatch(TEMPLATE, custom_id)
        assert match is not None and parse_review_id(match) == at
