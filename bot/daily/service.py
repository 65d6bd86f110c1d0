"""The daily challenge (RULES.md §3a): everyone plays the same 4 deals each day (UTC) against the
same computers, at their own pace, once.

An attempt is an ordinary table of the table service with ``TableOptions.daily`` set (one person
in seat 0, three ``normal`` computers, no turn timer, seeded with the day's seed): saving with the
action log, restoring after a restart and moving on another process are the table service's own.
This service keeps what is the daily's: the secret the days' seeds come from (created at the
first start, kept in the database), one attempt per person and day, the results when an
attempt's game ends (it watches the table events), par (hard in the person's seat, computed in
the background once, when the day is first played) and each server's summary of a closed day, posted once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Protocol

from bot.daily import days
from bot.daily.par import PERSON_SEAT, par_hands
from bot.daily.results import DailyResult, DailyStats, DayBoard, DaySummary, daily_stats, day_board
from bot.engine.duplicate import Board, boards
from bot.storage import daily as store
from bot.storage.claims import Unreleased
from bot.storage.daily import DayResult
from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.tables import events as ev
from bot.tables.background import Background
from bot.tables.clock import Later
from bot.tables.in_flight import InFlight
from bot.tables.options import TableOptions
from bot.tables.permissions import Actor
from bot.tables.presenter import NotDelivered
from bot.tables.refusals import Refused, TableRefusal, storage_unavailable
from bot.tables.service import TableService
from bot.tables.snapshot import TableSnapshot
from bot.tables.table import TableStatus

log = logging.getLogger(__name__)

CLOSER = Actor("daily", is_moderator=True)  # the service itself, ending attempts of closed days
CLOSED_DAYS_CHECKED = 7  # after a long downtime, summaries of days closed this many days back still go out
SUMMARY_RETRY = 3600.0  # seconds until summaries that failed are tried again (and at each midnight)
RECORD_RETRY = 60.0  # seconds until the ends of games not recorded (the disk full) are recorded


class DailyRefusal(Enum):
    PLAYED = "played"  # one attempt per person and day, already finished
    NOT_STARTED = "not_started"  # the service is not running (yet)
    NOBODY = "nobody"  # a board of a day nobody on this server finished
    EARLIER = "earlier"  # one daily game at a time: an earlier day's attempt is unfinished and open
    OVER = "over"  # that earlier attempt is over (finished, given up or closed): a stale choice
    GAVE_UP = "gave_up"  # the earlier attempt was given up, but today's could not start just now


@dataclass(frozen=True, slots=True)
class Pending:
    """A person's unfinished attempt of an earlier day that can still be finished (the day before
    today: a day closes when the following one ends). Until they finish or give it up, it is their
    daily game: one at a time."""

    day: dt.date
    number: int
    closes: float  # epoch seconds
    table_id: int | None  # None: claimed, but the table was never saved (a crash in between)


class DailyRefused(Exception):
    def __init__(self, code: DailyRefusal, pending: Pending | None = None) -> None:
        super().__init__(code.value)
        self.code = code
        self.pending = pending  # EARLIER: the attempt to go on with or give up


@dataclass(frozen=True, slots=True)
class LateFinish:
    """A person's attempt was not finished when its day closed: played to its end after the close,
    or still unfinished when the close ended it. It has no result (the day's deals are public by
    then), and they are told so instead of a result."""

    day: dt.date
    number: int
    player_id: str


class DailyPresenter(Protocol):
    """The Discord side: tells a person their result (or that a finish came too late), posts a
    closed day's summary."""

    async def finished(self, result: DailyResult) -> None: ...

    async def too_late(self, late: LateFinish) -> None: ...

    async def summary(self, summary: DaySummary) -> None: ...


class _Unattached:
    async def finished(self, result: DailyResult) -> None:
        log.info("daily result of %s not shown (no presenter)", result.player_id)

    async def too_late(self, late: LateFinish) -> None:
        log.info("daily late finish of %s not shown (no presenter)", late.player_id)

    async def summary(self, summary: DaySummary) -> None:
        log.info("daily summary for server %s not posted (no presenter)", summary.guild_id)


@dataclass(frozen=True, slots=True)
class DailySettings:
    par_deals: int = 300  # hard's sampled deals per decision for par (fixed work: deterministic)


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a person started their attempt: the server (its board), the channel (Share posts
    there) and the language of their private daily messages."""

    guild_id: str
    channel_id: str
    locale: str


@dataclass(frozen=True, slots=True)
class Started:
    """A person's attempt: the table it is played at, and whether it was already going on."""

    day: dt.date
    number: int
    table: TableSnapshot
    resumed: bool


class DailyService:
    def __init__(
        self,
        tables: TableService,
        db: Database,
        settings: DailySettings | None = None,
        *,
        owns: Callable[[str], bool] | None = None,
    ) -> None:
        self.tables = tables
        self.db = db
        self.settings = settings or DailySettings()
        self.presenter: DailyPresenter = _Unattached()
        self.owns = owns or tables.owns
        self._secret: str | None = None
        self.first_day: dt.date | None = None
        self._holder = secrets.token_hex(8)  # this run: claims of summaries name it
        self._unreleased = Unreleased()
        # par cut short by a stop is worked out at the next start
        self._work = Background("daily background work", stopping=lambda: self.tables.computers.closed)
        self._timer: Any = None
        # the next try of summaries (and closed days' games) that failed, and of game ends not recorded
        self._retry = Later(
            tables.clock, SUMMARY_RETRY, lambda: self._work.spawn(self._close_days_or_later(again=True))
        )
        self._closing = asyncio.Lock()  # one run of close_days at a time
        self._closed_today: dt.date | None = None  # the day of the last midnight's run that ended
        self._record_retry = Later(
            tables.clock, RECORD_RETRY, lambda: self._work.spawn(self._or_record_later(self._record_ended()))
        )
        self._par_tasks: dict[dt.date, asyncio.Task[int]] = {}  # par being worked out
        # results being shown by this process now (owed ones are in the database: ``owed_results``)
        self._showing: set[tuple[dt.date, str]] = set()
        self._starting = InFlight()  # a person's start of a daily game, one at a time

    # == lifecycle ============================================================================

    async def start(self) -> None:
        """Keep (or on the very first start, create) the secret, watch the tables, record attempts
        whose game ended while the bot was down, and start the day's background work."""
        now = self.tables.clock.now()
        secret, first = await store.keep_secret(self.db, secrets.token_hex(32), days.today(now).isoformat())
        self._secret, self.first_day = secret, dt.date.fromisoformat(first)
        if self not in self.tables.observers:
            self.tables.observers.append(self)
        # in the background: its DMs (and a database that fails meanwhile) must not hold up the start
        self._work.spawn(self._or_record_later(self._record_ended()))
        self._day_began()

    async def _record_ended(self) -> None:
        """Record the attempts whose game ended without being recorded: while the bot was down, or
        when the disk was full as it ended; and first the results recorded but not shown."""
        await self._show_owed()
        for attempt in await store.ended_unrecorded(self.db):
            if attempt.table_id is not None and self.owns(attempt.guild_id):
                await self._record_table(attempt.table_id)

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._retry.cancel()
        self._record_retry.cancel()
        if self in self.tables.observers:
            self.tables.observers.remove(self)
        await self._work.cancel()

    def attach(self, presenter: DailyPresenter) -> None:
        self.presenter = presenter

    async def settle(self) -> None:
        """Wait for the background work started so far (tests, benchmarks)."""
        await self._work.settle()

    def _day_began(self) -> None:
        """Par for the open days someone has played (a start after a crash in the middle of one),
        the summaries of closed ones; again at the next midnight."""
        clock = self.tables.clock
        today = days.today(clock.now())
        for day in (today - dt.timedelta(days=1), today):
            if self.first_day is not None and day >= self.first_day:
                self._work.spawn(self._par_if_played(day))
        self._work.spawn(self._close_days_or_later())
        nxt = days.day_start(today) + days.DAY_SECONDS
        self._timer = clock.call_at(nxt, self._day_began)

    # == days =================================================================================

    def today(self) -> dt.date:
        """The day now (UTC). A command reads it once and hands it on: one that runs across
        midnight must not start one day's attempt and answer with the next day's number."""
        return days.today(self.tables.clock.now())

    def _require_started(self) -> tuple[str, dt.date]:
        if self._secret is None or self.first_day is None:
            raise DailyRefused(DailyRefusal.NOT_STARTED)
        return self._secret, self.first_day

    def parse_day(self, text: str | None, now: float) -> dt.date:
        """A day a person named (``BadDay`` if malformed, in the future or before the first), at
        the command's reading of the clock ``now``."""
        _secret, first = self._require_started()
        return days.parse_day(text, now, first)

    def number(self, day: dt.date) -> int:
        return days.number(day, self._require_started()[1])

    def seed(self, day: dt.date) -> int:
        return days.seed(self._require_started()[0], day)

    def deals(self, day: dt.date) -> tuple[Board, ...]:
        """The day's deals (to be shown only once it has closed: RULES.md §3a)."""
        return boards(days.RULES, self.seed(day), days.HANDS)

    # == playing ==============================================================================

    async def play(self, actor: Actor, start: Origin, dm_channel_id: str, today: dt.date) -> Started:
        """``today``'s attempt for ``actor`` (the day as the command read it), played in
        ``dm_channel_id`` (their DM channel): a new table, or the one they have not finished.
        Refused once they have finished the day, and (``EARLIER``, with the attempt) while an
        attempt of the day before is unfinished: one daily game at a time, and the person chooses
        (``go_on`` or ``give_up``)."""
        self._require_started()
        pending = await self.pending(actor.user_id, today)
        if pending is not None:
            raise DailyRefused(DailyRefusal.EARLIER, pending)
        return await self._play(actor, start, dm_channel_id, today)

    async def pending(self, player_id: str, today: dt.date) -> Pending | None:
        """The person's unfinished attempt of an earlier day that is still open on ``today``."""
        for attempt in await store.unfinished_of(self.db, player_id):
            day = dt.date.fromisoformat(attempt.day)
            if day < today and days.is_open(day, days.day_start(today)):
                return Pending(day, self.number(day), days.closes_at(day), attempt.table_id)
        return None

    async def go_on(
        self, actor: Actor, day: dt.date, start: Origin, dm_channel_id: str, today: dt.date
    ) -> Started:
        """Go on with the unfinished attempt of the earlier ``day``. ``OVER`` if it is not pending
        any more (finished, given up, or closed since the choice was offered): nothing changes."""
        await self._still_pending(actor.user_id, day, today)
        return await self._play(actor, start, dm_channel_id, day)

    async def give_up(
        self, actor: Actor, day: dt.date, start: Origin, dm_channel_id: str, today: dt.date
    ) -> Started:
        """Give up the unfinished attempt of the earlier ``day`` (it gets no result: its table is
        cancelled) and start ``today``'s. ``OVER`` if it is not pending any more: nothing changes
        (a second click, or a choice made stale by a finish or the day's close); ``EARLIER`` if
        its table can't be closed now: nothing changes, and the choice is offered again.
        ``GAVE_UP`` (with the attempt) when it was given up but today's can't start just now (the
        database busy, the bot stopping): the giving up stands, and ``play`` starts today's."""
        pending = await self._still_pending(actor.user_id, day, today)
        now = self.tables.clock.now()
        if pending.table_id is None:
            await store.finish_attempt(self.db, day.isoformat(), actor.user_id, None, now)
        elif not await self._end(pending.table_id):
            raise DailyRefused(DailyRefusal.EARLIER, pending)
        try:
            return await self._play(actor, start, dm_channel_id, today)
        except (Refused, StorageUnavailable) as exc:
            log.warning("daily #%d given up, today's not started: %s", pending.number, exc)
            raise DailyRefused(DailyRefusal.GAVE_UP, pending) from None

    async def _still_pending(self, player_id: str, day: dt.date, today: dt.date) -> Pending:
        pending = await self.pending(player_id, today)
        if pending is None or pending.day != day:
            raise DailyRefused(DailyRefusal.OVER)
        return pending

    async def _play(self, actor: Actor, start: Origin, dm_channel_id: str, day: dt.date) -> Started:
        # One start at a time per person in this process: a double click finds the first's table
        # (and ``_close_unlinked`` never closes a table another start is about to link).
        async with self._starting.one(actor.user_id):
            return await self._play_alone(actor, start, dm_channel_id, day)

    async def _play_alone(self, actor: Actor, start: Origin, dm_channel_id: str, day: dt.date) -> Started:
        key = day.isoformat()
        now = self.tables.clock.now()
        claimed = await store.claim_attempt(
            self.db, key, actor.user_id, start.guild_id, start.channel_id, start.locale, now
        )
        attempt = await store.attempt(self.db, key, actor.user_id)
        assert attempt is not None
        if attempt.finished:
            raise DailyRefused(DailyRefusal.PLAYED)
        if claimed:  # the day's first attempt starts its par (after a restart, ``_day_began`` does)
            self._work.spawn(self.compute_par(day))
        if attempt.table_id is None:  # new, or its table was never linked (a crash in between)
            snap = await self._open(actor, attempt, dm_channel_id, day)
        else:
            snap = await self.tables.table_snapshot(attempt.table_id)
        if snap.status is TableStatus.LOBBY:
            snap = await self.tables.start_game(actor, snap.table_id)
        return Started(day, self.number(day), snap, resumed=not claimed)

    async def _open(
        self, actor: Actor, attempt: store.Attempt, dm_channel_id: str, day: dt.date
    ) -> TableSnapshot:
        """A new table for the attempt, linked to it. A start in another process that linked its
        own table first wins: this one's is closed and theirs is played."""
        await self._close_unlinked(actor.user_id)
        options = TableOptions(rules=days.RULES, daily=True)
        snap = await self.tables.create_table(
            actor, attempt.guild_id, dm_channel_id, options, seed=self.seed(day)
        )
        if await store.set_attempt_table(self.db, attempt.day, actor.user_id, snap.table_id):
            return snap
        await self._close(snap.table_id)
        linked = await store.attempt(self.db, attempt.day, actor.user_id)
        assert linked is not None and linked.table_id is not None
        return await self.tables.table_snapshot(linked.table_id)

    async def _close_unlinked(self, player_id: str) -> None:
        """Close this person's daily tables that no attempt is linked to: a start cut short
        between opening its table and linking it (the disk failed in between) left it. Such a
        table never started, so nobody saw it: it closes without a word, and is not restored at
        every start for good."""
        for snap in self.tables.tables_of(player_id):
            unstarted = snap.options.daily and snap.status is TableStatus.LOBBY
            if unstarted and await store.attempt_at_table(self.db, snap.table_id) is None:
                await self._close(snap.table_id)

    async def attempt(self, player_id: str, day: dt.date) -> store.Attempt | None:
        """The person's attempt at ``day``, if they started one."""
        return await store.attempt(self.db, day.isoformat(), player_id)

    async def share_posted(self, player_id: str, day: dt.date, message_id: str) -> None:
        """The person's Share line of ``day`` is out, as ``message_id`` in their attempt's channel:
        noted with the attempt (``Attempt.share_message_id``), so that it is posted once."""
        await store.share_posted(self.db, day.isoformat(), player_id, message_id)

    # == results ==============================================================================

    async def present(self, event: ev.TableEvent) -> None:
        """Watching the table service: a daily table's game ended (or it was cancelled). If the
        database can't be written just then, the end is recorded ``RECORD_RETRY`` seconds later
        (and so on until it can): the event is shown once, and a result must not wait for the
        next start. The table service cuts its delivery short after its presenter timeout (a slow
        DM or writer can outlast it): the end, or its result, is then seen to by that retry."""
        if isinstance(event, ev.GameOver | ev.TableCancelled) and event.table.options.daily:
            try:
                await self._or_record_later(self._record(event.table))
            except asyncio.CancelledError:
                if self in self.tables.observers:  # (not stopping: ``stop`` leaves them first)
                    self._record_retry.arm()
                raise

    async def _or_record_later(self, recording: Awaitable[None]) -> None:
        """``recording``, or, if the database can't be used just then, every game end not yet
        recorded ``RECORD_RETRY`` seconds later (and so on until it can)."""
        await self._record_retry.or_later(recording, "daily game ends not recorded")

    async def _record_table(self, table_id: int) -> None:
        """Record the end of the game at ``table_id``; one whose stored state can't be read (an
        admin must look) ends its attempt without a result, instead of failing every try (the
        start's, the close's: the day's summaries would wait for it for ever)."""
        try:
            snap = await self.tables.table_snapshot(table_id)
        except Refused as exc:
            if exc.code is not TableRefusal.TABLE_BROKEN:
                raise
            await self._end_broken(table_id, exc)
            return
        await self._record(snap)

    async def _record(self, snap: TableSnapshot) -> None:
        attempt = await store.attempt_at_table(self.db, snap.table_id)
        if attempt is None or attempt.finished:
            return
        seat = snap.seats[PERSON_SEAT]
        kept = (
            snap.status is TableStatus.FINISHED
            and seat.player_id == attempt.player_id
            and not seat.is_computer
        )  # else given up: the person left the game (a computer finished it) or it was cancelled
        hands: tuple[int, ...] | None = None
        if kept:
            sheet = await self.tables.score_sheet(snap.table_id)
            hands = tuple(row.points[PERSON_SEAT] for row in sheet.rows)
        now = self.tables.clock.now()
        day = dt.date.fromisoformat(attempt.day)
        # Judged by when the game ended, not when it is recorded: the recording may come after
        # the close (the disk full, a stop, the close itself finding it ended unrecorded).
        ended = await store.closed_at(self.db, snap.table_id, "finished") if kept else None
        late = not days.is_open(day, now if ended is None else ended)
        if late:
            hands = None  # finished after the day closed (and its deals could be shown): no result
        if not await store.finish_attempt(self.db, attempt.day, attempt.player_id, hands, now):
            return  # recorded already (another process, or an earlier start)
        if hands is not None:  # owed from that write on: shown now, or at the next try or start
            await self._show_or_wait_for_par(day, attempt.player_id, again=False)
        elif late and (kept or await self._cancelled_after_close(snap, day)):
            # finished too late, or still unfinished when the day's close cancelled it: told why
            # there is no result (a give-up, made while the day was open, is told by its answer)
            await self.presenter.too_late(LateFinish(day, self.number(day), attempt.player_id))

    async def _cancelled_after_close(self, snap: TableSnapshot, day: dt.date) -> bool:
        """Whether the attempt's table was cancelled once its day had closed (the close ending an
        unfinished game), not before (a give-up, recorded late or not)."""
        if snap.status is not TableStatus.CANCELLED:
            return False  # (a person who left: a computer finished the game)
        cancelled = await store.closed_at(self.db, snap.table_id, "cancelled")
        return cancelled is not None and not days.is_open(day, cancelled)

    async def _show_owed(self) -> None:
        """Show the results recorded and not shown yet (``owed_results``), each once: the bot may
        have stopped, or the database failed, between a result's recording and its DM (its board
        and streak are read for it), and an end once recorded is not found again by
        ``_record_ended``. Shown ``again``: the DM may be out, its note not."""
        for owed in await store.owed_results(self.db):
            if self.owns(owed.guild_id):
                await self._show_or_wait_for_par(dt.date.fromisoformat(owed.day), owed.player_id, again=True)

    async def _show_or_wait_for_par(self, day: dt.date, player_id: str, *, again: bool) -> None:
        """A result is shown against par: at once if the day's par is known, else once it is. One
        showing at a time in this process (``_showing``, held from the first look until it is
        noted shown or put off): a retry and a game's end may both find it owed."""
        key = (day, player_id)
        if key in self._showing:
            return  # (being shown, or waiting for par)
        self._showing.add(key)
        handed_on = False
        try:
            if await store.par(self.db, day.isoformat()) is None:
                self._work.spawn(self._finished_after_par(day, player_id, again))
                handed_on = True  # the key is held by that task until it is done
            else:
                await self._show(day, player_id, again=again)
        finally:
            if not handed_on:
                self._showing.discard(key)

    async def _finished_after_par(self, day: dt.date, player_id: str, again: bool) -> None:
        """A result shown once the day's par is known (a game finished before par was worked out):
        against par, as every other result. If par can't be worked out, shown without it."""
        try:
            try:
                await self.compute_par(day)
            except Exception:  # its traceback is logged once, by the failed par's own task
                log.warning("daily par of %s failed: the result is shown without it", day.isoformat())
            await self._or_record_later(self._show(day, player_id, again=again))
        finally:
            self._showing.discard((day, player_id))

    async def _show(self, day: dt.date, player_id: str, *, again: bool) -> None:
        """Tell the person their result, if it is still owed, then note it shown (if the note
        fails, the next try shows it ``again``: the presenter looks for it first). One that can't
        be shown for good (its row damaged) is reported once and given up, not tried at every
        start. The caller holds its key in ``_showing``."""
        if not await store.result_owed(self.db, day.isoformat(), player_id):
            return  # (shown meanwhile, by a try that found it owed too)
        if await self._shown(day, player_id, again):
            await store.result_shown(self.db, day.isoformat(), player_id)

    async def _shown(self, day: dt.date, player_id: str, again: bool) -> bool:
        """The result shown (or given up for good); False if it may be sent later."""
        try:
            await self.presenter.finished(replace(await self.result(day, player_id), again=again))
        except NotDelivered as exc:
            self._record_retry.put_off(f"daily result of {player_id} not sent", exc)
            return False
        except Exception as exc:
            if storage_unavailable(exc):
                raise
            log.exception("daily result of %s on %s can't be shown: given up", player_id, day.isoformat())
        return True

    async def result(self, day: dt.date, player_id: str) -> DailyResult:
        attempt = await store.attempt(self.db, day.isoformat(), player_id)
        assert attempt is not None and attempt.total is not None
        board = await self.board(attempt.guild_id, day, latest=True)
        entry = next(e for e in board.entries if e.player_id == player_id)
        stats = daily_stats(await store.player_results(self.db, player_id, latest=True), day)
        return DailyResult(
            day=day,
            number=board.number,
            player_id=player_id,
            guild_id=attempt.guild_id,
            hands=attempt.hands,
            par=board.par,
            place=entry.place,
            players=board.players,
            percentile=entry.percentile,
            streak=stats.current_streak,
            par_hands=None if board.par is None else await store.par(self.db, day.isoformat()),
        )

    async def board(self, guild_id: str, day: dt.date, *, latest: bool = False) -> DayBoard:
        """The server's ranking for ``day``; ``DailyRefused(NOBODY)`` if nobody there finished it.
        ``latest``: with the result just recorded (a plain read may lag behind the writer)."""
        key = day.isoformat()
        everyone = await store.results(self.db, key, latest=latest)
        return self._board(guild_id, day, everyone, await store.par(self.db, key))

    def _board(
        self, guild_id: str, day: dt.date, everyone: list[DayResult], par: tuple[int, ...] | None
    ) -> DayBoard:
        server = [r for r in everyone if r.guild_id == guild_id]
        if not server:
            raise DailyRefused(DailyRefusal.NOBODY)
        return day_board(day, self.number(day), server, everyone, None if par is None else sum(par))

    async def stats(self, player_id: str) -> DailyStats:
        return await daily_figures(self.db, player_id, self.today())

    # == par and closing days =================================================================

    async def _par_if_played(self, day: dt.date) -> None:
        """Par for ``day`` once somebody has started it: a day nobody plays costs nothing."""
        if await store.attempted(self.db, day.isoformat()):
            await self.compute_par(day)

    async def compute_par(self, day: dt.date) -> int:
        """The day's par, worked out once: stored, so other processes and restarts reuse it, and
        shared by everyone in this process who asks while it is being worked out."""
        stored = await store.par(self.db, day.isoformat())
        if stored is not None:
            return sum(stored)
        task = self._par_tasks.get(day)
        if task is None:
            task = self._par_tasks[day] = self._work.spawn(self._work_out_par(day))
            task.add_done_callback(lambda _: self._par_tasks.pop(day, None))
        return await asyncio.shield(task)  # a caller given up on does not stop it for the others

    async def _work_out_par(self, day: dt.date) -> int:
        hands = await par_hands(self.tables.computers, self.seed(day), self.settings.par_deals)
        try:
            await store.save_par(self.db, day.isoformat(), hands)
        except StorageUnavailable as exc:  # this answer stands; the next to ask works it out again
            log.warning("daily par of %s computed, not saved: %s", day.isoformat(), exc)
        else:
            log.info("daily par of %s computed", day.isoformat())
        return sum(hands)

    async def close_days(self) -> int:
        """Post the summary of every recently closed day in the servers this process owns that
        chose a daily channel (each once: the claim in the database decides). One server's failure
        does not hold up the others': its summary is tried again later (``_retry``: one try for all
        of them; their claims were released, so the try takes them over and looks first).
        Returns how many were posted."""
        _secret, first = self._require_started()
        today = self.today()
        if not await self._end_unfinished():  # before any deal is shown, or any board posted
            log.warning("daily games of closed days not all ended: tried again in %.0f s", SUMMARY_RETRY)
            self._retry.arm()
            return 0
        posted = 0
        for back in range(2, 2 + CLOSED_DAYS_CHECKED):
            day = today - dt.timedelta(days=back)
            if day < first:
                break
            key = day.isoformat()
            claimed = await store.claimed_posts(self.db, key)
            waiting = sorted(await store.guilds_played(self.db, key) - claimed)
            if not waiting:
                continue
            # Everyone's results and par once for the day: each server's board is cut from them.
            everyone, par = await store.results(self.db, key), await store.par(self.db, key)
            for guild_id in waiting:
                if not self.owns(guild_id):
                    continue
                try:
                    if await self._summarise(guild_id, day, everyone, par):
                        posted += 1
                except Exception as exc:
                    if isinstance(exc, StorageUnavailable):  # no bug: the disk, for a while
                        log.warning("daily summary of %s for server %s put off: %s", key, guild_id, exc)
                    else:
                        log.exception(
                            "daily summary of %s for server %s failed: tried again later", key, guild_id
                        )
                    self._retry.arm()
        return posted

    async def _close_days_or_later(self, *, again: bool = False) -> None:
        """``close_days`` in the background: a database that can't be used now (it ends the closed
        days' unfinished games before any summary) is no bug, and the whole is tried again
        ``SUMMARY_RETRY`` seconds later (``again``), not at the next midnight."""
        await self._retry.or_later(self._close_days_in_turn(again), "daily days not closed")

    async def _close_days_in_turn(self, again: bool) -> int:
        """``close_days``, one run at a time; a midnight's run on a day a run has ended already is
        none. Two midnights passed at once (a clock jumping days, a loop held up) ran twice at
        once: one's failed summary released its claim, the other took it and posted at once what
        was to wait for the retry."""
        async with self._closing:
            today = self.today()
            if not again and self._closed_today == today:
                return 0
            posted = await self.close_days()
            self._closed_today = today
            return posted

    async def _end_unfinished(self) -> bool:
        """Attempts of closed days that nobody finished end without a result: their tables are
        cancelled (recorded as given up), so no move is made once the deals can be shown. False
        if a table could not be closed now (the database busy): tried again later."""
        now = self.tables.clock.now()
        for attempt in await self._closed_unfinished(now):
            assert attempt.table_id is not None
            await self._end(attempt.table_id)
        # Also False while an end is still to be recorded (put off): a game that ended in time
        # counts, so the day's summaries wait for it.
        return not await self._closed_unfinished(now)

    async def _closed_unfinished(self, now: float) -> list[store.Attempt]:
        """This process's attempts with a table, unfinished, whose day has closed by ``now``."""
        return [
            a
            for a in await store.unfinished_attempts(self.db)
            if a.table_id is not None
            and not days.is_open(dt.date.fromisoformat(a.day), now)
            and self.owns(a.guild_id)
        ]

    async def _end(self, table_id: int) -> bool:
        """End an attempt's game without a result: its table is cancelled, and recorded at once
        (as given up; a game that ended meanwhile is recorded as it ended), or ``RECORD_RETRY``
        seconds later if the database can't be used just then (the table is closed all the
        same). False if the table could not be closed now (nothing changed). A table whose stored
        state can't be read (an admin must look) can never be closed or played: its attempt ends
        without a result, and the table is left as it is."""
        try:
            closed = await self._close(table_id)
        except Refused as exc:  # broken (``_close``)
            await self._end_broken(table_id, exc)
            return True
        if not closed:
            return False
        await self._or_record_later(self._record_table(table_id))
        return True

    async def _end_broken(self, table_id: int, exc: Refused) -> None:
        attempt = await store.attempt_at_table(self.db, table_id)
        if attempt is not None and not attempt.finished:
            log.warning("daily table %d can't be read (%s): its attempt ends without a result", table_id, exc)
            now = self.tables.clock.now()
            await store.finish_attempt(self.db, attempt.day, attempt.player_id, None, now)

    async def _close(self, table_id: int) -> bool:
        """Cancel a daily table: True once it is closed (now, or before); the refusal raised if it
        is broken (it never will be)."""
        try:
            await self.tables.cancel(CLOSER, table_id)
        except Refused as exc:
            if exc.code is TableRefusal.TABLE_BROKEN:
                raise
            if exc.code not in (TableRefusal.TABLE_CLOSED, TableRefusal.NO_SUCH_TABLE):
                return False  # e.g. the table service not started yet: at the next close;
                # meanwhile a late finish records no result (``_record``)
        return True

    async def _summarise(
        self, guild_id: str, day: dt.date, everyone: list[DayResult], par: tuple[int, ...] | None
    ) -> bool:
        """The server's summary of ``day``, if it chose a channel and this run claims it: noted out
        only once the presenter has shown it (or told the admins it can't be); a failure gives the
        claim up, so that it is not lost until a restart."""
        settings = await self.tables.chosen_server_settings(guild_id)
        if settings.daily_channel is None:
            return False
        try:
            board = self._board(guild_id, day, everyone, par)
        except DailyRefused:  # its results unreadable (damaged rows): nothing to post
            return False
        key = (guild_id, day)
        claim = self._unreleased.retake(
            key, await store.claim_post(self.db, guild_id, day.isoformat(), self._holder)
        )
        if claim is store.PostClaim.NONE:
            return False
        deals = self.deals(day)
        again = claim is store.PostClaim.TAKEN_OVER
        try:
            await self.presenter.summary(DaySummary(guild_id, settings.daily_channel, board, deals, again))
            await store.mark_posted(self.db, guild_id, day.isoformat(), self.tables.clock.now())
        except Exception:  # not out, or not noted out: claimed by nobody, so a later try takes it over
            await self._unreleased.release(
                key, store.release_post(self.db, guild_id, day.isoformat(), self._holder)
            )
            raise
        return True


async def daily_figures(db: Database, player_id: str, today: dt.date) -> DailyStats:
    """A person's daily figures (days played, best, streaks, average difference to par): what
    /stats shows, read straight from storage."""
    return daily_stats(await store.player_results(db, player_id), today)


async def deals_public_at(db: Database, table_id: int) -> float | None:
    """When the deals played at ``table_id`` may be shown to anyone: its day's close, when nobody
    can play them any more (RULES.md §3a); None for a table that is no daily attempt. A day that
    can't be read is ``ValueError``: the caller shows nothing rather than a day still open."""
    day = await store.day_of_table(db, table_id)
    return None if day is None else days.closes_at(dt.date.fromisoformat(day))
