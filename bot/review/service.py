"""The review service: finds a finished hand for a reader (refusing what they may not see), and
runs, saves and reads the coach's reviews.

The coach runs in the background at low priority (``ComputerPool.background``: live tables'
computer turns go first), one decision per job, within a time budget per review; the result is
saved (``bot.storage.reviews``), so a second look is instant. Two requests for the same review share
one run. No Discord here: the review extension (``cogs.review``) words and draws what it returns.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any, Final

from bot.review.coach import MARGIN, CoachReport, Decision, positions, rate_decision
from bot.review.history import HandRecord, TableHistory, table_history
from bot.storage import Database, StorageUnavailable
from bot.storage.events import unfinished_event_of
from bot.storage.reviews import saved_review
from bot.storage.writes import ReviewWrite
from bot.tables.clock import Clock
from bot.tables.computers import ComputerPool
from bot.tables.replay import ReplayError

log = logging.getLogger(__name__)

CACHED_TABLES: Final = 64


class ReviewProblem(Enum):
    """Why a hand can't be shown (each has its sentence in the catalogues: ``review.problem.*``)."""

    NO_TABLE = "no_table"
    OTHER_SERVER = "other_server"
    NOT_STARTED = "not_started"
    HAND_IN_PLAY = "hand_in_play"  # that hand is still being played: nobody may see it yet
    NO_SUCH_HAND = "no_such_hand"
    GAME_NOT_OVER = "game_not_over"  # a public replay waits for the end of the game
    DAMAGED = "damaged"  # the table's log can't be replayed
    # A table of a server event still running: the other tables of its round play the same cards
    # (bot.events), so its hands stay hidden from everyone until the event is over.
    EVENT_NOT_OVER = "event_not_over"
    # A daily challenge's table while its day is open: every attempt of the day plays the same
    # deals (bot.daily), so its hands stay hidden from everyone until nobody can play them.
    DAILY_NOT_OVER = "daily_not_over"


class ReviewRefused(Exception):
    def __init__(self, problem: ReviewProblem, **params: Any) -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.params = params


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    budget: float = 8.0  # seconds of search per review (shared by its decisions)
    deals: int | None = None  # a fixed number of deals per decision instead (tests: replayable)


DealsPublicAt = Callable[[int], Awaitable[float | None]]
"""When a table's deals may be shown to anyone (None: whenever its hands are over); ``ValueError``
if that can't be read. The daily's (``bot.daily.service.deals_public_at``), given by the extension:
the review knows nothing of the daily."""


class ReviewService:
    def __init__(
        self,
        db: Database,
        pool: ComputerPool,
        clock: Clock,
        settings: ReviewSettings | None = None,
        deals_public_at: DealsPublicAt | None = None,
    ) -> None:
        self.db = db
        self.pool = pool
        self.clock = clock
        self.settings = settings or ReviewSettings()
        self.deals_public_at = deals_public_at
        self._histories: OrderedDict[int, tuple[int, TableHistory]] = OrderedDict()
        self._running: dict[tuple[int, int, int], asyncio.Task[CoachReport]] = {}
        self.runs = 0  # coach runs started (observability: a saved review is never coached again)

    async def history(self, table_id: int, guild_id: str | None) -> TableHistory:
        """The finished hands of a table of server ``guild_id`` (None: any server, e.g. a DM)."""
        row = await self.db.load_table(table_id)
        if row is None:
            raise ReviewRefused(ReviewProblem.NO_TABLE, table=table_id)
        if guild_id is not None and row.guild_id != guild_id:
            raise ReviewRefused(ReviewProblem.OTHER_SERVER, table=table_id)
        actions = await self.db.actions(table_id)
        last = actions[-1].seq if actions else 0
        cached = self._histories.get(table_id)
        if cached is not None and cached[0] == last:
            self._histories.move_to_end(table_id)
            return cached[1]
        try:
            found = await asyncio.to_thread(table_history, table_id, row.guild_id, row.channel_id, actions)
        except ReplayError as exc:
            log.warning("table %d can't be reviewed: %s", table_id, exc)
            raise ReviewRefused(ReviewProblem.DAMAGED, table=table_id) from exc
        self._histories[table_id] = (last, found)
        while len(self._histories) > CACHED_TABLES:
            self._histories.popitem(last=False)
        return found

    async def hand(
        self,
        table_id: int,
        hand_number: int,
        guild_id: str | None,
        *,
        reader: str | None = None,
        asker: str | None = None,
        sees: Callable[[str], Awaitable[bool]] | None = None,
    ) -> HandRecord:
        """Hand ``hand_number`` of the table, if it is over; ``ReviewRefused`` saying why not.
        Someone who didn't play that hand (``reader`` not in it; None: a public replay) sees it
        only once the whole game is over (finished or cancelled). ``sees``: whether ``asker`` may
        see a channel (asked only of someone who did not play the table: it may ask Discord); a
        table played where they can't, and not by them, is to them no table at all."""
        found = await self.history(table_id, guild_id)
        if sees is not None and not found.played_by(asker) and not await sees(found.channel_id):
            raise ReviewRefused(ReviewProblem.NO_TABLE, table=table_id)
        await self._event_over(table_id)
        await self._deals_public(table_id)
        if found.hands_started == 0:
            raise ReviewRefused(ReviewProblem.NOT_STARTED, table=table_id)
        record = found.hand(hand_number)
        if record is None:
            if hand_number == found.hands_started and not found.game_over:
                raise ReviewRefused(ReviewProblem.HAND_IN_PLAY, table=table_id, hand=hand_number)
            raise ReviewRefused(
                ReviewProblem.NO_SUCH_HAND, table=table_id, hand=hand_number, count=len(found.hands)
            )
        played = reader is not None and record.seat_of(reader) is not None
        if not played and not found.game_over:
            raise ReviewRefused(ReviewProblem.GAME_NOT_OVER, table=table_id)
        return record

    async def _event_over(self, table_id: int) -> None:
        """Refuse a table of a server event that is still on: its deals are the deals of every
        table of its round, some of which may still be playing them (or, for a later round's
        table, about to be compared with them)."""
        row = await unfinished_event_of(self.db, table_id)
        if row is not None:
            raise ReviewRefused(ReviewProblem.EVENT_NOT_OVER, table=table_id, name=row.name)

    async def _deals_public(self, table_id: int) -> None:
        """Refuse a table whose deals others may still play (a daily challenge's, until its day
        closes), to everyone: its own player too, as a face-up hand shows the computers' cards."""
        if self.deals_public_at is None:
            return
        try:
            public_at = await self.deals_public_at(table_id)
        except ValueError as exc:
            log.warning("table %d can't be reviewed: its day can't be read: %s", table_id, exc)
            raise ReviewRefused(ReviewProblem.DAMAGED, table=table_id) from exc
        if public_at is not None and self.clock.now() < public_at:
            raise ReviewRefused(ReviewProblem.DAILY_NOT_OVER, table=table_id, closes=public_at)

    async def saved(self, record: HandRecord, seat: int) -> CoachReport | None:
        """The review saved for ``seat`` of ``record`` (None: not made yet)."""
        data = await saved_review(self.db, record.table_id, record.hand_number, seat)
        if data is None:
            return None
        try:
            return CoachReport.from_json(record.table_id, record.hand_number, seat, data)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning(
                "review of table %d hand %d seat %d unreadable: %s",
                record.table_id,
                record.hand_number,
                seat,
                exc,
            )
            return None

    def prepare(self, record: HandRecord, seat: int) -> asyncio.Task[CoachReport]:
        """The coach's review of ``seat`` in ``record``, started in the background if it is not
        running yet (every caller gets the same run); saved when done."""
        key = (record.table_id, record.hand_number, seat)
        task = self._running.get(key)
        if task is None:
            task = asyncio.create_task(self._coach(record, seat))
            self.runs += 1
            self._running[key] = task
            task.add_done_callback(lambda _: self._running.pop(key, None))
        return task

    async def _coach(self, record: HandRecord, seat: int) -> CoachReport:
        found = list(positions(record, seat))
        each = self.settings.budget / max(1, len(found))
        decisions: list[Decision] = []
        for i, position in enumerate(found):
            job = partial(
                rate_decision,
                position,
                seed=record.table_id * 1009 + record.hand_number * 31 + i,
                budget=each,
                deals=self.settings.deals,
            )
            decided = await self.pool.background(job)
            if decided is not None:
                decisions.append(decided)
        report = CoachReport(record.table_id, record.hand_number, seat, tuple(decisions))
        player = record.seats[seat].player_id
        if player is None:
            return report
        accurate = sum(1 for d in decisions if d.loss <= MARGIN)
        try:
            await self.db.save_review(
                ReviewWrite(
                    record.table_id,
                    record.hand_number,
                    seat,
                    player,
                    record.guild_id,
                    len(decisions),
                    accurate,
                    json.dumps(report.to_json()),
                    self.clock.now(),
                )
            )
        except StorageUnavailable as exc:  # shown all the same; made again when next asked for
            log.warning(
                "review of table %d hand %d seat %d not saved: %s",
                record.table_id,
                record.hand_number,
                seat,
                exc,
            )
        return report

    async def close(self) -> None:
        """Stop the reviews still running (they are made again when next asked for)."""
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
