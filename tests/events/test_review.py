"""An event's games are looked back at (face up, through bot.review) only once the event is over:
before that, the other tables of the round play the same cards. Through the services on a real
database (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from bot.events import EventStatus
from bot.review.service import ReviewProblem, ReviewRefused, ReviewService, ReviewSettings
from bot.tables import ManualClock
from tests.events.test_service import ORGANISER, PEOPLE, events, options, settle
from tests.tables.helpers import GUILD, play_to_end


async def test_an_event_table_is_reviewed_only_once_the_event_is_over(db_url: str) -> None:
    e = await events(db_url, ManualClock())
    try:
        reviews = ReviewService(e.rig.db, e.rig.service.computers, e.rig.clock, ReviewSettings(deals=2))
        event = await e.service.new(ORGANISER, GUILD, "chan-1", "Winter Cup", options(rounds=1))
        for p in PEOPLE[:8]:
            await e.service.join(p, GUILD, event.event_id)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        await settle(e)
        ((_rnd, (first, second)),) = e.shown.rounds
        actors = {p.user_id: p for p in PEOPLE}
        player = next(s.player_id for s in e.rig.service.snapshot(first).seats if s.player_id)
        await play_to_end(e.rig.service, first, actors, seed=1)
        await settle(e)

        # The first table is over, the second still plays the same cards: nobody sees them.
        for reader in (player, None):
            with pytest.raises(ReviewRefused) as refused:
                await reviews.hand(first, 1, GUILD, reader=reader)
            assert refused.value.problem is ReviewProblem.EVENT_NOT_OVER
            assert refused.value.params == {"table": first, "name": "Winter Cup"}

        await play_to_end(e.rig.service, second, actors, seed=2)
        await settle(e)
        done = await e.service.event(GUILD, event.event_id)
        assert done.status is EventStatus.FINISHED
        assert await e.service.table_ids(done) == [[first, second]]
        for table_id in (first, second):  # now face up, for the players and in public
            record = await reviews.hand(table_id, 1, GUILD, reader=None)
            assert record.table_id == table_id and record.hand_number == 1
        assert (await reviews.hand(first, 2, GUILD, reader=player)).seat_of(player) is not None
    finally:
        await e.close()
