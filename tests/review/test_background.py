"""The coach's low-priority lane of the computer pool: background work never starts while a live
table's computer turn waits for a worker; the review ids round-trip within Discord's limit."""

from __future__ import annotations

import asyncio
import re

from bot.ai import Level
from bot.engine.hand import Hand
from bot.engine.rules import RuleSet
from bot.engine.view import seat_view
from bot.review.ids import TEMPLATE, ReviewAt, ReviewControl, parse_review_id, review_id
from bot.tables import ComputerPool, ComputerSettings, PoolKind

YIELDS = 50  # event-loop turns given to a task that must not run (no clock is involved)


async def _turns(n: int = YIELDS) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_background_work_waits_while_a_computer_turn_is_queued() -> None:
    pool = ComputerPool(ComputerSettings(kind=PoolKind.INLINE, workers=1))
    ran: list[str] = []
    await pool._slots.acquire()  # the only worker is busy with a live decision
    hand = Hand.new(RuleSet(), "background", 1)
    turn = asyncio.create_task(pool.decide(seat_view(hand, 0), Level.NORMAL, seed=1))
    await _turns()
    review = asyncio.create_task(pool.background(lambda: ran.append("review")))
    await _turns()
    assert ran == [] and not turn.done()  # the queued computer turn holds the review back
    pool._slots.release()
    await turn
    await review
    assert ran == ["review"]
    pool.close()


def test_review_ids_round_trip_within_discords_limit() -> None:
    for control in ReviewControl:
        at = ReviewAt(control, 10**17, 9999, 13)
        custom_id = review_id(at)
        assert len(custom_id) <= 100
        match = re.fullmatch(TEMPLATE, custom_id)
        assert match is not None and parse_review_id(match) == at
