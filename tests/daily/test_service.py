"""The daily challenge's service on a real database: same deals and same computer answers for
everyone, one attempt, resume after a restart, results, par, boards with shared places, the summary
claimed once, no turn timer and no ordinary records."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from bot.daily import (
    DailyRefusal,
    DailyRefused,
    DailyResult,
    DailyService,
    DailySettings,
    DaySummary,
    LateFinish,
    Origin,
    Pending,
    days,
)
from bot.daily import service as service_module
from bot.daily.results import day_board
from bot.daily.service import RECORD_RETRY, SUMMARY_RETRY
from bot.engine.duplicate import boards
from bot.storage import Database, StorageUnavailable, WriteFault
from bot.storage import daily as store
from bot.storage.daily import DayResult
from bot.tables import Actor, ManualClock, Refused, ServerSettings, TableOptions, TableRefusal, TableSnapshot
from bot.tables import events as ev
from bot.tables.presenter import NotDelivered
from bot.tables.table import TableStatus
from bot.text.daily import board_image, board_text, result_text
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.storage.targets import RawDatabase
from tests.tables.helpers import Rig, act_once, damage_logged, play_to_end, rig, settings_unreadable

ANN, BOB, CID = Actor("ann"), Actor("bob"), Actor("cid")
ADMIN = Actor("admin", is_moderator=True, manages_server=True)
DAY0 = 1_795_000_000.0  # 2026-11-18 some time after 07:00 UTC
PAR_DEALS = 1  # hard's fixed work: one deal per decision, the least that still searches


@dataclass
class Shown:
    results: list[DailyResult] = field(default_factory=list)
    summaries: list[DaySummary] = field(default_factory=list)
    late: list[LateFinish] = field(default_factory=list)
    undelivered: int = 0  # how many of the next results Discord does not take (a 5xx)
    held: dict[str, asyncio.Event] = field(default_factory=dict)  # a person's result waits for it

    async def finished(self, result: DailyResult) -> None:
        if result.player_id in self.held:
            await self.held.pop(result.player_id).wait()
        if self.undelivered:
            self.undelivered -= 1
            raise NotDelivered("503 Service Unavailable")
        self.results.append(result)

    async def too_late(self, late: LateFinish) -> None:
        self.late.append(late)

    async def summary(self, summary: DaySummary) -> None:
        self.summaries.append(summary)


@dataclass
class Daily:
    rig: Rig
    service: DailyService
    shown: Shown

    async def close(self) -> None:
        await self.service.settle()
        await self.service.stop()
        await self.rig.close()


async def daily(url: str, clock: ManualClock) -> Daily:
    r = await rig(url, clock)
    service = DailyService(r.service, r.db, DailySettings(par_deals=PAR_DEALS))
    shown = Shown()
    service.attach(shown)
    await service.start()
    return Daily(r, service, shown)


@pytest.fixture
async def d(db_url: str) -> Daily:
    the = await daily(db_url, ManualClock(DAY0))
    yield the  # type: ignore[misc]
    await the.close()


async def finish(d: Daily, actor: Actor, guild: str, rng_seed: int = 7) -> int:
    started = await d.service.play(
        actor, Origin(guild, f"c-{guild}", "en"), f"dm-{actor.user_id}", d.service.today()
    )
    await play_to_end(d.rig.service, started.table.table_id, {actor.user_id: actor}, rng_seed)
    await d.rig.service.settle()
    return started.table.table_id


async def test_two_people_on_two_servers_get_the_days_deals(d: Daily) -> None:
    a = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    b = await d.service.play(BOB, Origin("g2", "c-g2", "en"), "dm-bob", d.service.today())
    day = days.today(DAY0)
    first = boards(days.RULES, d.service.seed(day), days.HANDS)[0]
    assert d.rig.service.private_hand(ANN, a.table.table_id).cards == first.hands[0]
    assert d.rig.service.private_hand(BOB, b.table.table_id).cards == first.hands[0]
    assert a.table.options.daily and a.table.deadline is None  # no turn timer
    assert [s.is_computer for s in a.table.seats] == [False, True, True, True]
    assert a.number == 1 and not a.resumed


async def test_the_same_moves_meet_the_same_computer_answers(d: Daily) -> None:
    t1 = await finish(d, ANN, "g1", rng_seed=3)
    t2 = await finish(d, BOB, "g2", rng_seed=3)  # the same random person: the same moves
    t3 = await finish(d, CID, "g2", rng_seed=4)
    log1 = [(a.kind, a.payload) for a in await d.rig.db.actions(t1)][2:]  # after create/start
    log2 = [(a.kind, a.payload) for a in await d.rig.db.actions(t2)][2:]
    log3 = [(a.kind, a.payload) for a in await d.rig.db.actions(t3)][2:]
    assert log1 == log2
    assert log1 != log3
    sheets = [await d.rig.service.score_sheet(t) for t in (t1, t2)]
    assert sheets[0].rows == sheets[1].rows


async def test_one_attempt_per_person_and_day(d: Daily) -> None:
    first = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    again = await d.service.play(
        ANN, Origin("g2", "c-g2", "en"), "dm-ann", d.service.today()
    )  # before finishing: the same table goes on
    assert again.resumed and again.table.table_id == first.table.table_id
    assert await d.rig.db.rows("SELECT COUNT(*) FROM tables") == [(1,)]  # none opened to be closed
    await play_to_end(d.rig.service, first.table.table_id, {"ann": ANN})
    await d.rig.service.settle()
    with pytest.raises(DailyRefused) as refused:
        await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    assert refused.value.code is DailyRefusal.PLAYED
    assert len(d.shown.results) == 1 and d.shown.results[0].guild_id == "g1"
    # The next day is a new challenge.
    d.rig.clock.advance(days.DAY_SECONDS)
    nxt = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    assert nxt.number == 2 and not nxt.resumed


def open_tables_of(d: Daily, player_id: str) -> list[int]:
    return [t.table_id for t in d.rig.service.tables_of(player_id)]


async def test_a_double_click_starts_one_game(d: Daily) -> None:
    """Two starts of the day at once (a double click, or /daily twice): one game, both answers
    show it; no second table of the day's deals is left open beside it."""
    here = Origin("g1", "c-g1", "en")
    a, b = await asyncio.gather(*(d.service.play(ANN, here, "dm-ann", d.service.today()) for _ in range(2)))
    assert a.table.table_id == b.table.table_id and sorted([a.resumed, b.resumed]) == [False, True]
    assert open_tables_of(d, "ann") == [a.table.table_id]
    assert (await d.service.attempt("ann", d.service.today())).table_id == a.table.table_id  # type: ignore[union-attr]
    await d.rig.service.settle()
    assert open_tables_of(d, "ann") == [a.table.table_id]  # the other was closed, not played


async def test_a_second_start_waits_for_the_first_instead_of_closing_its_table(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second of two starts at once would find the first's table open and not linked yet,
    like a table a failed start left (``_close_unlinked``): it waits for the first instead of
    closing that table under it, then plays it."""
    link, holding, go_on, second_links = (
        store.set_attempt_table,
        asyncio.Event(),
        asyncio.Event(),
        asyncio.Event(),
    )
    first_linked = asyncio.Event()

    async def in_turn(*args: Any) -> bool:
        if not holding.is_set():  # the first start: held between its table and its link
            holding.set()
            await go_on.wait()
            linked = await link(*args)
            first_linked.set()
            return linked
        second_links.set()
        await first_linked.wait()  # a second link comes after the first
        return await link(*args)

    monkeypatch.setattr(store, "set_attempt_table", in_turn)
    here, today = Origin("g1", "c-g1", "en"), d.service.today()
    first = asyncio.create_task(d.service.play(ANN, here, "dm-ann", today))
    await asyncio.wait_for(holding.wait(), 10)
    second = asyncio.create_task(d.service.play(ANN, here, "dm-ann", today))
    starts = d.service._starting._users  # how many starts of hers hold or wait for her turn

    async def second_stopped() -> None:
        while not (second_links.is_set() or starts["ann"] == 2):
            await asyncio.sleep(0)

    await asyncio.wait_for(second_stopped(), 10)
    go_on.set()
    a, b = await asyncio.wait_for(asyncio.gather(first, second), 10)
    assert a.table.table_id == b.table.table_id and a.table.status is TableStatus.PLAYING
    assert open_tables_of(d, "ann") == [a.table.table_id]


async def test_a_start_cut_short_after_its_table_was_opened_is_finished_by_the_next(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills just after the attempt's table is saved, before the attempt is linked to
    it: the person is told the database is busy; their next /daily plays that table, and no
    unlinked table of the day's deals is left open (it would be restored at every start)."""
    here, today = Origin("g1", "c-g1", "en"), d.service.today()
    await d.service.play(BOB, here, "dm-bob", today)
    await d.service.settle()
    await d.rig.service.settle()  # par saved, the computers' passes made: no other write in flight
    link = store.set_attempt_table

    async def on_a_full_disk(*args: Any) -> None:
        d.rig.db.faults.fail(WriteFault.DISK_FULL, times=1)
        await link(*args)

    monkeypatch.setattr(store, "set_attempt_table", on_a_full_disk)
    with pytest.raises(StorageUnavailable):  # the command answers that the database is busy
        await d.service.play(ANN, here, "dm-ann", today)
    assert d.rig.db.faults.raised == 1
    monkeypatch.undo()
    again = await d.service.play(ANN, here, "dm-ann", today)
    assert again.table.status is TableStatus.PLAYING
    assert open_tables_of(d, "ann") == [again.table.table_id]
    assert (await d.service.attempt("ann", today)).table_id == again.table.table_id  # type: ignore[union-attr]


async def test_result_with_par_place_percentile_and_streak(d: Daily) -> None:
    day = days.today(DAY0)
    await finish(d, ANN, "g1", 1)
    await d.service.settle()  # par, started by the day's first attempt
    par = await store.par(d.rig.db, day.isoformat())
    assert par is not None and len(par) == days.HANDS
    result = d.shown.results[0]
    assert len(result.hands) == days.HANDS and result.par == sum(par)
    assert result.to_par == result.total - sum(par)
    assert (result.place, result.players, result.percentile, result.streak) == (1, 1, 100.0, 1)
    # Nothing of the ordinary games: no record, no ranking points.
    assert await d.rig.db.rows("SELECT COUNT(*) FROM game_players") == [(0,)]
    stats = await d.service.stats("ann")
    assert (stats.days, stats.best, stats.current_streak, stats.longest_streak) == (1, result.total, 1, 1)
    assert stats.average_to_par == result.to_par


async def test_a_game_that_ends_while_the_disk_is_full_is_recorded_a_minute_later(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills just as a daily game ends: its end can't be recorded when it is shown. That
    is no bug (nothing is logged as an error: the test fails on an error log), and the result
    does not wait for the next start: it is tried again a minute later, and again each minute
    while the disk is still full, until the end is recorded and the result shown."""
    record = d.service._record

    async def disk_full_once(snap: TableSnapshot) -> None:
        monkeypatch.setattr(d.service, "_record", record)
        d.rig.db.faults.fail(WriteFault.DISK_FULL)
        await record(snap)

    monkeypatch.setattr(d.service, "_record", disk_full_once)
    await finish(d, ANN, "g1")
    assert d.rig.db.faults.raised
    refused = d.rig.db.faults.raised
    d.rig.clock.advance(RECORD_RETRY)  # still full a minute later: the next minute's try is armed
    await d.service.settle()
    assert d.rig.db.faults.raised > refused
    d.rig.db.faults.clear()  # mended, but the next minute not gone by yet: not recorded
    day = days.today(DAY0)
    unrecorded = await d.service.attempt("ann", day)
    assert unrecorded is not None and not unrecorded.finished and d.shown.results == []
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    recorded = await d.service.attempt("ann", day)
    assert recorded is not None and recorded.finished and recorded.total is not None
    assert [(r.player_id, r.day) for r in d.shown.results] == [("ann", day)]


def unreadable_once(d: Daily, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The next table read from the database (not from memory: a table that has ended) fails as a
    locked database fails; the list returned counts it once it has."""
    load, failed = d.rig.db.load_table, []

    async def locked(*_: Any) -> Any:
        monkeypatch.setattr(d.rig.db, "load_table", load)
        failed.append(1)
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(d.rig.db, "load_table", locked)
    return failed


async def test_a_game_whose_end_cant_be_read_back_is_recorded_a_minute_later(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database can't be read just as a daily game ends (its score sheet is read back from
    it, the table having left memory): the table service's refusal, "busy", is no bug either,
    and the end is recorded a minute later."""
    failed = unreadable_once(d, monkeypatch)
    await finish(d, ANN, "g1")
    assert failed
    day = days.today(DAY0)
    unrecorded = await d.service.attempt("ann", day)
    assert unrecorded is not None and not unrecorded.finished
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    recorded = await d.service.attempt("ann", day)
    assert recorded is not None and recorded.finished and recorded.total is not None
    assert [(r.player_id, r.day) for r in d.shown.results] == [("ann", day)]


async def test_a_result_recorded_but_not_read_back_is_shown_a_minute_later_once(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails between a result's recording and its reading back for the DM (its board
    and streak): the end is recorded, so no later sweep finds it again; the result is shown a
    minute later all the same, once."""
    await d.service.compute_par(days.today(DAY0))  # (par known: the result is shown at once)
    result = d.service.result

    async def locked_once(day: dt.date, player_id: str) -> Any:
        monkeypatch.setattr(d.service, "result", result)
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(d.service, "result", locked_once)
    await finish(d, ANN, "g1")
    day = days.today(DAY0)
    recorded = await d.service.attempt("ann", day)
    assert recorded is not None and recorded.finished and d.shown.results == []
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    assert [(r.player_id, r.day) for r in d.shown.results] == [("ann", day)]


async def test_a_result_not_shown_when_the_bot_stops_is_shown_at_the_next_start_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops between a result's recording and its DM (here the reads for it fail, and the
    stop comes before the minute's try; a crash is the same): the result is owed in the database,
    and the next start shows it, marked ``again`` (the DM may be out: the presenter looks first);
    the start after that shows nothing."""
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    await first.service.compute_par(days.today(DAY0))

    async def locked(*_: Any) -> Any:
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(first.service, "result", locked)
    await finish(first, ANN, "g1")
    recorded = await first.service.attempt("ann", days.today(DAY0))
    assert recorded is not None and recorded.total is not None and first.shown.results == []
    await first.close()
    for shown in ([("ann", True)], []):
        again = await daily(db_url, clock)
        try:
            await again.service.settle()
            assert [(r.player_id, r.again) for r in again.shown.results] == shown
        finally:
            await again.close()


async def test_an_owed_result_that_cant_be_read_is_reported_once_and_the_others_are_shown(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    """Two results owed at a start, the first one's row damaged: it is reported once and given up
    (not at every start), the start goes on, and the second is shown."""
    logged = error_log.allow(r"^ERROR bot\.\S+: daily result of ann on \S+ can't be shown", logger="bot")
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    await first.service.compute_par(days.today(DAY0))
    await finish(first, ANN, "g1")
    await finish(first, BOB, "g2")
    await first.close()
    await raw.execute("UPDATE daily_attempts SET result_owed = 1")  # as if killed before both notes
    await raw.execute(  # (a day before: that day's board, and only it, can't be read)
        "UPDATE daily_attempts SET hands = '{broken', day = '2026-11-17' WHERE player_id = 'ann'"
    )
    for shown in (["bob"], []):
        again = await daily(db_url, clock)
        try:
            await again.service.settle()
            assert [r.player_id for r in again.shown.results] == shown
        finally:
            await again.close()
    assert logged.seen == 1


async def test_two_tries_that_find_a_result_owed_at_once_show_it_once(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tries find the same result owed at the same moment (a retry's sweep and another's, or
    a game's end), its day's par still being worked out, and a third while it is: it is shown
    once, when par is known."""
    await finish(d, ANN, "g1")
    assert len(d.shown.results) == 1
    await d.rig.db.execute(
        ("UPDATE daily_attempts SET result_owed = 1", ()), ("DELETE FROM daily_par", ())
    )  # as if its DM was held up, and par's row lost
    gate = asyncio.Event()
    worked_out = service_module.par_hands

    async def slow_par(*args: Any) -> tuple[int, ...]:
        await gate.wait()
        return await worked_out(*args)

    monkeypatch.setattr(service_module, "par_hands", slow_par)
    await asyncio.gather(d.service._record_ended(), d.service._record_ended())
    await d.service._record_ended()  # a later try, par still being worked out
    gate.set()
    await d.service.settle()
    assert [r.again for r in d.shown.results] == [False, True]


async def test_a_result_shown_while_a_try_was_on_its_way_to_it_is_not_shown_again(d: Daily) -> None:
    """A try that found two results owed is held up showing the first; meanwhile a second try
    shows the other one. When the first try comes to it, it is no longer owed: not shown again."""
    await finish(d, Actor("aaa"), "g1")
    await finish(d, ANN, "g1")
    await d.rig.db.execute(("UPDATE daily_attempts SET result_owed = 1", ()))
    d.shown.results.clear()
    gate = d.shown.held["aaa"] = asyncio.Event()
    first = asyncio.ensure_future(d.service._record_ended())  # held up at aaa's result
    await d.rig.db.read_latest("SELECT 1")  # (a turn of the writer: it has read what is owed)
    await d.service._record_ended()  # aaa's is being shown: it shows ann's
    gate.set()
    await first
    assert sorted(r.player_id for r in d.shown.results) == ["aaa", "ann"]


async def test_a_result_discord_does_not_take_is_sent_a_minute_later_once(d: Daily) -> None:
    """Discord fails the result's DM for a reason that may pass (a 5xx, the network): no bug, and
    no result lost (it was logged and dropped); it is sent a minute later, once."""
    await d.service.compute_par(days.today(DAY0))
    d.shown.undelivered = 1
    await finish(d, ANN, "g1")
    assert d.shown.undelivered == 0 and d.shown.results == []
    for _ in range(2):
        d.rig.clock.advance(RECORD_RETRY)
        await d.service.settle()
        assert [(r.player_id, r.again) for r in d.shown.results] == [("ann", True)]


async def test_a_result_shown_late_counts_its_streak_to_its_own_day(d: Daily) -> None:
    """A result shown after a later day was played (its DM held up: Discord failing for days, or
    a restart's owed result) counts its streak in days in a row up to its own day: not the later
    day's game, nor the day it is shown on."""
    await d.service.compute_par(d.service.today())
    await finish(d, ANN, "g1")  # day 1, shown at once
    d.shown.undelivered = 10**6  # from day 2 on, Discord takes none of her DMs (a 5xx)
    for _ in range(2):  # days 2 and 3: played, their results owed
        d.rig.clock.advance(days.DAY_SECONDS)
        await d.service.compute_par(d.service.today())
        await finish(d, ANN, "g1")
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # two days after the third, nothing played since
    d.shown.undelivered = 0
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    shown = [(d.service.number(r.day), r.streak) for r in d.shown.results]
    assert shown == [(1, 1), (2, 2), (3, 3)]


async def test_a_result_whose_showing_outlasts_the_table_services_delivery_is_sent_a_minute_later(
    d: Daily, error_log: ErrorLogCollector
) -> None:
    """The result's DM takes longer than the table service gives a delivery (its presenter
    timeout: Discord slow, the writer busy): cut short, it is not left owed until the next start,
    but sent a minute later, once."""
    cut = error_log.allow(r"presenter failed on GameOver", logger="bot")
    await d.service.compute_par(days.today(DAY0))  # (par known: the result is shown at once)
    d.rig.service.settings = replace(d.rig.service.settings, presenter_timeout=1.0)
    d.shown.held["ann"] = asyncio.Event()  # never let go: cut short by the timeout
    await finish(d, ANN, "g1")
    assert cut.seen == 1 and d.shown.results == []
    d.rig.clock.advance(RECORD_RETRY)
    await d.service.settle()
    assert [r.player_id for r in d.shown.results] == ["ann"]
    assert not await store.result_owed(d.rig.db, days.today(DAY0).isoformat(), "ann")


async def test_a_result_whose_dm_went_out_but_was_not_noted_is_shown_again_marked_so(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note that a result's DM is out fails (the database locked): a minute later it is shown
    again, marked ``again`` (the presenter finds the DM and sends nothing), then never more."""
    await d.service.compute_par(days.today(DAY0))
    note = store.result_shown

    async def locked_once(*args: Any) -> None:
        monkeypatch.setattr(store, "result_shown", note)
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(store, "result_shown", locked_once)
    await finish(d, ANN, "g1")
    for _ in range(2):
        d.rig.clock.advance(RECORD_RETRY)
        await d.service.settle()
        assert [r.again for r in d.shown.results] == [False, True]


async def test_par_waits_for_the_days_first_attempt_and_a_result_waits_for_par(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = days.today(DAY0).isoformat()
    await d.service.settle()
    assert await store.par(d.rig.db, key) is None  # nobody has started the day: no work for it
    gate = asyncio.Event()
    worked_out = service_module.par_hands

    async def slow_par(*args: Any) -> tuple[int, ...]:  # par still being worked out at the end
        await gate.wait()
        return await worked_out(*args)

    monkeypatch.setattr(service_module, "par_hands", slow_par)
    try:
        await finish(d, ANN, "g1", 1)
        assert await d.rig.db.rows("SELECT total IS NOT NULL FROM daily_attempts") == [(1,)]
        assert d.shown.results == []  # recorded, and shown once par is known
    finally:
        gate.set()
    await d.service.settle()
    par = await store.par(d.rig.db, key)
    assert par is not None and [r.par for r in d.shown.results] == [sum(par)]


async def test_par_is_the_same_wherever_it_is_computed(d: Daily) -> None:
    day = days.today(DAY0)
    # The start's own look for played days is over before the day's first attempt (else it may
    # find that attempt and work par out itself: the attempt's own start of par goes untested).
    await d.service.settle()
    await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", day)
    await d.service.settle()
    stored = await store.par(d.rig.db, day.isoformat())
    assert stored is not None
    await d.rig.db.execute(("DELETE FROM daily_par WHERE day = ?", (day.isoformat(),)))
    assert await d.service.compute_par(day) == sum(stored)
    await d.rig.db.execute(("DELETE FROM daily_par WHERE day = ?", (day.isoformat(),)))
    await d.service.stop()  # a crash before par was saved: the next start works it out
    again = DailyService(d.rig.service, d.rig.db, DailySettings(par_deals=PAR_DEALS))
    await again.start()
    try:
        await again.settle()
        assert await store.par(d.rig.db, day.isoformat()) == stored
    finally:
        await again.stop()


async def test_board_places_share_ties(d: Daily) -> None:
    day = days.today(DAY0)
    now = DAY0
    for who, total in (("ann", 5), ("bob", 5), ("cid", 9), ("dan", 2)):
        await store.claim_attempt(d.rig.db, day.isoformat(), who, "g1", "c1", "en", now)
        await store.finish_attempt(d.rig.db, day.isoformat(), who, (total, 0, 0, 0), now)
    await store.claim_attempt(d.rig.db, day.isoformat(), "eve", "g2", "c2", "en", now)
    await store.finish_attempt(d.rig.db, day.isoformat(), "eve", (1, 0, 0, 0), now)
    board = await d.service.board("g1", day)
    assert [(e.player_id, e.place) for e in board.entries] == [("dan", 1), ("ann", 2), ("bob", 2), ("cid", 4)]
    assert board.players == 4 and board.everyone == 5
    assert [e.percentile for e in board.entries] == [80.0, 60.0, 60.0, 20.0]
    with pytest.raises(DailyRefused) as refused:
        await d.service.board("g3", day)
    assert refused.value.code is DailyRefusal.NOBODY


async def test_resume_after_a_restart(db_url: str) -> None:
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    started = await first.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", first.service.today())
    tid = started.table.table_id
    await first.rig.service.settle()
    hand = first.rig.service.private_hand(ANN, tid)
    await first.close()
    clock.advance(6 * 3600)  # the bot is down; no timer runs out at a daily table
    second = await daily(db_url, clock)
    try:
        again = await second.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", second.service.today())
        assert again.resumed and again.table.table_id == tid
        assert second.rig.service.private_hand(ANN, tid) == hand
        await play_to_end(second.rig.service, tid, {"ann": ANN})
        await second.rig.service.settle()
        assert [r.player_id for r in second.shown.results] == ["ann"]
    finally:
        await second.close()


async def test_a_game_that_ended_unrecorded_is_recorded_at_the_next_start(d: Daily) -> None:
    s = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    await d.service.stop()  # nobody watches: the game ends unrecorded (as in a crash)
    await play_to_end(d.rig.service, s.table.table_id, {"ann": ANN})
    await d.rig.service.settle()
    assert d.shown.results == []
    await d.service.start()
    # The result waits for par if the stop cancelled par's work before it was done (a busy machine)
    await d.service.settle()
    assert [r.player_id for r in d.shown.results] == ["ann"]
    await d.service.stop()
    await d.service.start()  # again: recorded once only
    await d.service.settle()
    assert len(d.shown.results) == 1


async def test_the_summary_of_a_closed_day_is_claimed_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    try:  # a failure must not leave the database open: the run would hang at its end
        await first.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
        await finish(first, ANN, "g1")
        await finish(first, BOB, "g2")  # g2 chose no channel: nothing there
        assert await first.service.close_days() == 0  # the day is still open
        clock.advance(2 * days.DAY_SECONDS)  # midnight after the next day: the day closes
        await first.service.settle()
        assert [(s.guild_id, s.channel_id) for s in first.shown.summaries] == [("g1", "555")]
        summary = first.shown.summaries[0]
        assert summary.deals == boards(days.RULES, first.service.seed(days.today(DAY0)), days.HANDS)
        assert [e.player_id for e in summary.board.entries] == ["ann"]
    finally:
        await first.close()
    # A restart, and a second process on the same database: nothing posted again.
    second = await daily(db_url, clock)
    third = await daily(db_url, clock)
    try:
        await second.service.settle()
        await third.service.settle()
        assert await second.service.close_days() == 0
        assert second.shown.summaries == [] and third.shown.summaries == []

        # A process that read which summaries were out before another's was (they close the day
        # at once): the claim in the database decides, and it does not post it a second time.
        async def read_before_the_others_post(db: Database, day: str) -> set[str]:
            return set()

        monkeypatch.setattr(store, "claimed_posts", read_before_the_others_post)
        assert await third.service.close_days() == 0
        assert third.shown.summaries == []
    finally:
        await third.close()
        await second.close()


async def test_a_damaged_attempt_leaves_its_player_out_of_the_days_boards_not_the_others(
    d: Daily, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    """One finished attempt's row damaged (hand-edited): the server's board and the closed day's
    summary leave that attempt out, the others are as before, and the row is reported once. A
    server whose only result is damaged posts no summary (and no error for want of one)."""
    logged = damage_logged(error_log, "daily_attempts", f"{days.today(DAY0).isoformat()}/(ann|cid)")
    for guild, channel in (("g1", "555"), ("g2", "556")):
        await d.rig.service.set_server_settings(ADMIN, guild, ServerSettings(daily_channel=channel))
    await finish(d, ANN, "g1")
    await finish(d, BOB, "g1")
    await finish(d, CID, "g2")
    await raw.execute("UPDATE daily_attempts SET hands = '{broken' WHERE player_id IN ('ann', 'cid')")
    board = await d.service.board("g1", days.today(DAY0))
    assert [e.player_id for e in board.entries] == ["bob"] and board.everyone == 1
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # midnight after the next day: the day closes
    await d.service.settle()
    assert [[e.player_id for e in s.board.entries] for s in d.shown.summaries] == [["bob"]]
    assert logged.seen == 2


async def test_a_damaged_total_leaves_that_day_out_of_the_persons_figures_not_the_rest(
    tmp_path: Path, error_log: ErrorLogCollector
) -> None:
    """A finished attempt's total damaged (SQLite keeps any text in an integer column): the
    person's daily figures are those of their other days, and the row is reported once."""
    day = days.today(DAY0)
    logged = damage_logged(error_log, "daily_attempts", f"{day.isoformat()}/ann")
    url = f"sqlite:///{tmp_path / 'hearts.sqlite3'}"
    d = await daily(url, ManualClock(DAY0))
    try:
        for back, total in ((1, 30), (0, 7)):
            key = (day - dt.timedelta(days=back)).isoformat()
            await store.claim_attempt(d.rig.db, key, "ann", "g1", "c1", "en", DAY0)
            await store.finish_attempt(d.rig.db, key, "ann", (total, 0, 0, 0), DAY0)
        await RawDatabase(url).execute(f"UPDATE daily_attempts SET total = 'x' WHERE day = '{day}'")
        stats = await d.service.stats("ann")
        assert (stats.days, stats.best) == (1, 30)
    finally:
        await d.close()
    assert logged.seen == 1


async def test_a_summary_whose_servers_settings_cant_be_read_is_posted_an_hour_later(
    d: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's settings can't be read as its closed day's summary is worked out (the database
    locked): not taken for "no daily channel" (the summary would wait for the next midnight, or
    be lost), but put off, and posted to the server's channel an hour later."""
    await d.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
    await finish(d, ANN, "g1")
    locked = settings_unreadable(monkeypatch, d.rig.db)
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # midnight after the next day: the day closes
    await d.service.settle()
    assert "g1" in locked.reads and d.shown.summaries == []
    locked.mend()
    d.rig.clock.advance(SUMMARY_RETRY)
    await d.service.settle()
    assert [(s.guild_id, s.channel_id) for s in d.shown.summaries] == [("g1", "555")]


async def test_a_summary_whose_failure_could_not_give_its_claim_up_is_posted_an_hour_later(
    d: Daily, monkeypatch: pytest.MonkeyPatch, error_log: ErrorLogCollector
) -> None:
    """Discord fails the summary, and the database fails as its claim is given up: this run's
    next try takes its own claim over (and looks before posting), instead of reading it as on
    its way and leaving the summary for a restart."""
    failed = error_log.allow(r"daily summary of .* for server g1 failed", logger="bot")
    await d.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
    await finish(d, ANN, "g1")
    summary, release = d.shown.summary, store.release_post

    async def refused(s: DaySummary) -> None:
        raise NotDelivered("503 Service Unavailable")

    async def locked(*args: object) -> None:
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(d.shown, "summary", refused)
    monkeypatch.setattr(store, "release_post", locked)
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # the day closes
    await d.service.settle()
    assert failed.seen >= 1 and d.shown.summaries == []  # (tried again within the hours passed)
    monkeypatch.setattr(d.shown, "summary", summary)
    monkeypatch.setattr(store, "release_post", release)
    d.rig.clock.advance(SUMMARY_RETRY)
    await d.service.settle()
    assert [(s.guild_id, s.again) for s in d.shown.summaries] == [("g1", True)]


async def test_a_summary_claimed_by_a_run_that_stopped_before_posting_it_is_posted_after_the_restart(
    db_url: str,
) -> None:
    """Killed between the claim and the note that the summary is out: the next run takes the claim
    over and posts it, marked ``again`` (the presenter looks at the channel first); then never
    again."""
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    await first.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
    await finish(first, ANN, "g1")
    await first.close()
    day = days.today(DAY0).isoformat()
    raw = await Database.open(db_url)
    assert await store.claim_post(raw, "g1", day, "a-run-that-died") is store.PostClaim.FIRST
    await raw.close()
    clock.advance(2 * days.DAY_SECONDS)
    second = await daily(db_url, clock)
    try:
        await second.service.settle()
        assert [(s.guild_id, s.again) for s in second.shown.summaries] == [("g1", True)]
        assert await second.service.close_days() == 0
    finally:
        await second.close()
    third = await daily(db_url, clock)
    try:
        await third.service.settle()
        assert third.shown.summaries == []  # noted out: not again
    finally:
        await third.close()


async def test_the_secret_is_created_once_and_kept(db_url: str) -> None:
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    seed = first.service.seed(days.today(DAY0))
    secret = await first.rig.db.get_meta(store.SECRET_KEY)
    await first.close()
    clock.advance(days.DAY_SECONDS)
    second = await daily(db_url, clock)
    try:
        assert await second.rig.db.get_meta(store.SECRET_KEY) == secret
        assert second.service.seed(days.today(DAY0)) == seed
        assert second.service.first_day == dt.date(2026, 11, 18)
        assert second.service.number(days.today(clock.now())) == 2
    finally:
        await second.close()


def test_days_are_parsed_with_clear_refusals() -> None:
    first = dt.date(2026, 11, 10)
    assert days.parse_day(None, DAY0, first) == dt.date(2026, 11, 18)
    assert days.parse_day("2026-11-12", DAY0, first) == dt.date(2026, 11, 12)
    assert days.parse_day("#3", DAY0, first) == dt.date(2026, 11, 12)
    for text, problem in (
        ("2026-11-19", days.DayProblem.FUTURE),
        ("2026-11-09", days.DayProblem.BEFORE_FIRST),
        ("yesterday", days.DayProblem.MALFORMED),
        ("2026-13-01", days.DayProblem.MALFORMED),
        ("99999999999", days.DayProblem.MALFORMED),
        ("0", days.DayProblem.BEFORE_FIRST),
    ):
        with pytest.raises(days.BadDay) as bad:
            days.parse_day(text, DAY0, first)
        assert bad.value.problem is problem, text


async def test_an_attempt_goes_on_in_another_process_and_the_owner_records_it(postgres_url: str) -> None:
    """Two processes on one PostgreSQL database: the server's owner holds the table and its
    computers; the other (where Discord delivers DM clicks) applies the person's moves."""
    clock = ManualClock(DAY0)
    owner_rig = await rig(postgres_url, clock, start=False)
    owner_rig.service.owns = lambda guild: guild == "g1"
    await owner_rig.service.start()
    owner = DailyService(owner_rig.service, owner_rig.db, DailySettings(par_deals=PAR_DEALS))
    shown = Shown()
    owner.attach(shown)
    await owner.start()
    other_rig = await rig(postgres_url, clock, start=False)
    other_rig.service.owns = lambda guild: guild != "g1"
    await other_rig.service.start()
    other = DailyService(other_rig.service, other_rig.db, DailySettings(par_deals=PAR_DEALS))
    other_shown = Shown()
    other.attach(other_shown)
    await other.start()
    try:
        started = await owner.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", owner.today())
        tid = started.table.table_id
        assert other.seed(days.today(DAY0)) == owner.seed(days.today(DAY0))  # one secret for both
        rng = random.Random(5)
        while not owner_rig.presenter.of(ev.GameOver, tid):
            await owner_rig.service.settle()
            hand = owner_rig.service.private_hand(ANN, tid)
            await other_rig.service.visit(tid)
            assert await act_once(other_rig.service, tid, {"ann": ANN}, rng) == 1
            await owner_rig.presenter.wait_for(  # the owner caught up with her move
                ev.TableEvent,  # type: ignore[arg-type]
                lambda e, move=hand.move_number: (
                    isinstance(e, ev.GameOver)
                    or (isinstance(e, ev.TurnStarted) and e.move_number > move and 0 in e.seats)
                ),
            )
        await owner_rig.service.settle()
        assert [r.player_id for r in shown.results] == ["ann"] and other_shown.results == []
        assert await owner_rig.db.rows("SELECT COUNT(*) FROM game_players") == [(0,)]
    finally:
        await other.stop()
        await owner.stop()
        await other_rig.close()
        await owner_rig.close()


async def test_two_processes_starting_the_same_attempt_at_once_play_one_table(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/daily in a server and in the DMs at once can reach two processes: each opens a table, the
    first to link it to the attempt wins, and the other closes its own and plays the winner's."""
    clock = ManualClock(DAY0)
    rigs = [await rig(postgres_url, clock) for _ in range(2)]
    services = [DailyService(r.service, r.db, DailySettings(par_deals=PAR_DEALS)) for r in rigs]
    for service in services:
        service.attach(Shown())
        await service.start()
    link, holding, go_on = store.set_attempt_table, asyncio.Event(), asyncio.Event()

    async def first_links_last(*args: Any) -> bool:
        if not holding.is_set():  # the first start, held between its table and its link
            holding.set()
            await go_on.wait()
        return await link(*args)

    monkeypatch.setattr(store, "set_attempt_table", first_links_last)
    here, today = Origin("g1", "c-g1", "en"), services[0].today()
    try:
        first = asyncio.create_task(services[0].play(ANN, here, "dm-ann", today))
        await asyncio.wait_for(holding.wait(), 10)
        second = await services[1].play(ANN, here, "dm-ann", today)
        go_on.set()
        started = await asyncio.wait_for(first, 10)
        assert started.table.table_id == second.table.table_id
        assert started.table.status is TableStatus.PLAYING
        for r in rigs:
            await r.service.settle()
        rows = await rigs[0].db.rows("SELECT id, status FROM tables ORDER BY id")
        assert [(i, st) for i, st in rows if st in ("lobby", "playing")] == [
            (second.table.table_id, "playing")
        ]
        assert len(rows) == 2  # the loser's table was opened, and closed
    finally:
        for service in services:
            await service.stop()
        for r in rigs:
            await r.close()


async def test_an_attempt_unfinished_when_the_day_closes_ends_without_a_result(d: Daily) -> None:
    started = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    tid = started.table.table_id
    await d.rig.service.settle()
    hand = d.rig.service.private_hand(ANN, tid)
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # the day closes at the next midnight but one
    await d.service.settle()
    await d.rig.service.settle()
    attempt = await d.service.attempt("ann", days.today(DAY0))
    assert attempt is not None and attempt.finished and attempt.total is None
    assert d.shown.results == []
    assert d.shown.late == [LateFinish(days.today(DAY0), 1, "ann")]  # told why: the day closed
    with pytest.raises(Refused):  # no move once the deals may be shown
        await d.rig.service.pass_cards(ANN, tid, hand.move_number, 0b111)


@pytest.mark.parametrize("how", ["cancelled", "left"])
async def test_a_game_given_up_while_its_day_was_open_and_recorded_after_the_close_is_not_too_late(
    eve: Daily, how: str
) -> None:
    """The attempt ended while its day was open without a result (its table cancelled: a give-up;
    or the person left the game and a computer finished it), and is recorded only after the
    close (the service was down): it ends without a result, and the person is not told the day
    closed before they finished (they gave up)."""
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    tid = started.table.table_id
    await eve.rig.service.settle()
    await eve.service.stop()  # nobody records the end until the next start
    eve.rig.clock.advance(10 * 60 + days.DAY_SECONDS - 30)  # Saturday 23:59:30: Friday still open
    if how == "cancelled":
        await eve.rig.service.cancel(service_module.CLOSER, tid)
    else:
        await eve.rig.service.leave(ANN, tid)
    await eve.rig.service.settle()
    eve.rig.clock.advance(60)  # Sunday 00:00:30: Friday closed
    await eve.service.start()
    await eve.service.settle()
    attempt = await eve.service.attempt("ann", FRIDAY)
    assert attempt is not None and attempt.finished and attempt.total is None
    assert eve.shown.results == [] and eve.shown.late == []


def test_a_percentile_is_rounded_down_so_only_the_best_shows_100() -> None:
    """250 people played: one took 0 points, "p1" alone 3, everyone else more. p1 is better than
    or equal to 249 of 250 (99.6 %): shown as 99 (rounded down) in the result, the board and its
    picture, never as 100, which only the best (or those tied with the best) show."""
    day = dt.date(2026, 11, 18)
    everyone = [DayResult("best", "g", 0), DayResult("p1", "g", 3)]
    everyone += [DayResult(f"x{i}", "g2", 5 + i % 20) for i in range(248)]
    board = day_board(day, 1, everyone[:2], everyone, 4)
    best, second = board.entries
    assert best.percentile == 100
    assert (second.player_id, second.place) == ("p1", 2) and 99.5 < second.percentile < 100
    result = DailyResult(day, 1, "p1", "g", (0, 3, 0, 0), 4, 2, 2, second.percentile, 1)
    assert "as well as or better than 99% of everyone" in result_text(result, "en")
    names = {"best": "Best", "p1": "Pat"}
    rows = board_text(board, names, "en").splitlines()[1:]
    assert [row.rsplit(" · ", 1)[1] for row in rows] == ["percentile 100", "percentile 99"]
    image = board_image(board, names, None, "en")
    assert [row.percentile for row in image.rows] == ["100", "99"]


@pytest.mark.parametrize("fails", ["the cancel", "the record", "the list"])
async def test_a_day_that_closes_while_the_disk_is_full_ends_its_games_an_hour_later(
    d: Daily, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    """The day closes while the database can't be used: its unfinished game can't be cancelled
    (or, once cancelled, its end recorded; or the list of unfinished games can't be read). That is
    no bug (the test fails on an error log), and it does not wait for the next midnight: an hour
    later at the latest, the disk mended, the game has ended without a result."""
    started = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    tid = started.table.table_id
    await d.rig.service.settle()
    record, unfinished, locked = d.service._record, store.unfinished_attempts, []
    mended = False

    async def disk_full_once(snap: TableSnapshot) -> None:
        monkeypatch.setattr(d.service, "_record", record)
        d.rig.db.faults.fail(WriteFault.DISK_FULL)
        await record(snap)

    async def locked_till_mended(db: Database) -> list[store.Attempt]:  # from the day's close
        if mended or days.is_open(days.today(DAY0), d.rig.clock.now()):
            return await unfinished(db)
        locked.append(db)
        raise StorageUnavailable("database is locked")

    if fails == "the cancel":
        d.rig.db.faults.fail(WriteFault.DISK_FULL)
    elif fails == "the record":
        monkeypatch.setattr(d.service, "_record", disk_full_once)
    else:
        monkeypatch.setattr(store, "unfinished_attempts", locked_till_mended)
    d.rig.clock.advance(2 * days.DAY_SECONDS)  # the day closes at the next midnight but one
    await d.service.settle()
    assert d.rig.db.faults.raised or locked
    d.rig.db.faults.clear()
    mended = True
    unended = await d.service.attempt("ann", days.today(DAY0))
    assert unended is not None and not unended.finished
    d.rig.clock.advance(SUMMARY_RETRY)
    await d.service.settle()
    await d.rig.service.settle()
    ended = await d.service.attempt("ann", days.today(DAY0))
    assert ended is not None and ended.finished and ended.total is None
    assert (await d.rig.service.table_snapshot(tid)).status is TableStatus.CANCELLED


async def test_an_attempt_whose_table_is_broken_ends_without_a_result_when_its_day_closes(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector, caplog: pytest.LogCaptureFixture
) -> None:
    """The attempt's table can't be read back at a start (its stored state damaged): it can
    never be played or cancelled. When its day closes, the attempt ends without a result (not
    tried again every hour for ever), and the table is left for an admin."""
    logged = damage_logged(error_log, "tables", r"\d+")
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    started = await first.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", first.service.today())
    await first.rig.service.settle()
    await first.close()
    await raw.execute("UPDATE tables SET state = '{broken' WHERE id = ?", (started.table.table_id,))
    second = await daily(db_url, clock)
    try:
        clock.advance(2 * days.DAY_SECONDS)  # the day closes at the next midnight but one
        await second.service.settle()
        ended = await second.service.attempt("ann", days.today(DAY0))
        assert ended is not None and ended.finished and ended.total is None
        caplog.clear()
        clock.advance(SUMMARY_RETRY)
        await second.service.settle()
        assert "not all ended" not in caplog.text
    finally:
        await second.close()
    assert logged.seen == 1


async def test_a_game_ended_unrecorded_whose_table_cant_be_read_holds_up_no_summary(
    db_url: str, raw: RawDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game ended and the bot stopped before recording it, and its table's stored state is
    then damaged: its attempt ends without a result, and the day's summaries go out (every try
    to record it failed, the start's and the close's, and no server's summary was ever posted)."""
    clock = ManualClock(DAY0)
    first = await daily(db_url, clock)
    try:
        await first.rig.service.set_server_settings(ADMIN, "g2", ServerSettings(daily_channel="555"))
        await finish(first, BOB, "g2")

        async def stopped_before_recording(snap: TableSnapshot) -> None:
            return None

        monkeypatch.setattr(first.service, "_record", stopped_before_recording)
        table_id = await finish(first, ANN, "g1")
    finally:
        await first.close()
    monkeypatch.undo()
    await raw.execute("UPDATE tables SET state = '{broken' WHERE id = ?", (table_id,))
    second = await daily(db_url, clock)
    try:
        await second.service.settle()
        ended = await second.service.attempt("ann", days.today(DAY0))
        assert ended is not None and ended.finished and ended.total is None
        clock.advance(2 * days.DAY_SECONDS)  # the day closes
        await second.service.settle()
        assert [s.guild_id for s in second.shown.summaries] == ["g2"]
    finally:
        await second.close()


async def test_a_person_seated_at_an_ordinary_table_plays_the_daily_too(d: Daily) -> None:
    ordinary = await d.rig.service.create_table(ANN, "g1", "c-g1", TableOptions())
    await d.rig.service.start_game(ANN, ordinary.table_id)
    started = await d.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", d.service.today())
    assert started.table.table_id != ordinary.table_id
    await play_to_end(d.rig.service, started.table.table_id, {"ann": ANN})
    await d.rig.service.settle()
    assert [r.player_id for r in d.shown.results] == ["ann"]
    assert d.rig.service.snapshot(ordinary.table_id).status.open  # the ordinary game goes on


# == the day's edge (RULES.md §3a): a day's challenge can be finished until the next day ends ==

EVE = dt.datetime(2026, 11, 27, 23, 50, tzinfo=dt.UTC).timestamp()  # ten minutes before midnight
FRIDAY, SATURDAY = dt.date(2026, 11, 27), dt.date(2026, 11, 28)


@pytest.fixture
async def eve(db_url: str) -> Daily:
    """The service started ten minutes before midnight (its first day: Friday, #1)."""
    the = await daily(db_url, ManualClock(EVE))
    yield the  # type: ignore[misc]
    await the.close()


async def past_midnight(d: Daily, seconds: float) -> None:
    """Move the clock on, and let the midnight's work (par, the close of old days) finish."""
    d.rig.clock.advance(seconds)
    await d.service.settle()
    await d.rig.service.settle()


async def test_started_at_23_50_and_finished_at_00_10_counts_for_its_day(eve: Daily) -> None:
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    assert started.day == FRIDAY and started.number == 1
    await past_midnight(eve, 20 * 60)  # 00:10 on Saturday: Friday's challenge is still open
    await play_to_end(eve.rig.service, started.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    assert [(r.player_id, r.day, r.number) for r in eve.shown.results] == [("ann", FRIDAY, 1)]
    attempt = await eve.service.attempt("ann", FRIDAY)
    assert attempt is not None and attempt.total == sum(eve.shown.results[0].hands)


async def test_a_finish_after_its_day_closed_does_not_count(eve: Daily) -> None:
    """The close ends unfinished attempts; a game that ends after it all the same (the close had
    not run yet: the service was down) gets no result: the day's deals are public by then."""
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.service.stop()  # nobody closes the day
    eve.rig.clock.advance(10 * 60 + days.DAY_SECONDS + 60)  # Sunday 00:01: Friday closed a minute ago
    await play_to_end(eve.rig.service, started.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    await eve.service.start()  # sees the game that ended unrecorded (in the background)
    await eve.service.settle()
    attempt = await eve.service.attempt("ann", FRIDAY)
    assert attempt is not None and attempt.finished and attempt.total is None
    assert eve.shown.results == []
    assert eve.shown.late == [LateFinish(FRIDAY, eve.service.number(FRIDAY), "ann")]  # and told why


async def test_a_game_finished_in_time_and_recorded_after_the_close_counts(eve: Daily) -> None:
    """The game ends half a minute before its day closes, and is recorded only after the close
    (the service was down; the disk full or the close itself finding it would do the same): it
    is judged by when it ended, and counts, on the day's board too."""
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.service.stop()
    eve.rig.clock.advance(10 * 60 + days.DAY_SECONDS - 30)  # Saturday 23:59:30: Friday still open
    await play_to_end(eve.rig.service, started.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    eve.rig.clock.advance(60)  # Sunday 00:00:30: Friday closed
    await eve.service.start()
    await eve.service.settle()
    attempt = await eve.service.attempt("ann", FRIDAY)
    assert attempt is not None and attempt.total is not None
    assert [r.player_id for r in eve.shown.results] == ["ann"] and eve.shown.late == []
    assert [e.player_id for e in (await eve.service.board("g1", FRIDAY)).entries] == ["ann"]


async def test_a_days_summary_waits_for_a_game_that_ended_in_time_and_is_not_recorded_yet(
    eve: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game ends half a minute before its day closes and can't be recorded (the database
    locked) until after the close: it counts, so the server's summary waits for it (it went out
    without the person, who then got a result and a place on the day's board)."""
    await eve.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    eve.rig.clock.advance(10 * 60 + days.DAY_SECONDS - 30)  # Saturday 23:59:30: Friday still open
    await eve.service.settle()
    finish_attempt = store.finish_attempt

    async def locked(*args: object) -> bool:
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(store, "finish_attempt", locked)
    await play_to_end(eve.rig.service, started.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    eve.rig.clock.advance(40)  # Sunday 00:00:10: Friday closed, its summary due
    await eve.service.settle()
    assert eve.shown.summaries == []
    monkeypatch.setattr(store, "finish_attempt", finish_attempt)
    eve.rig.clock.advance(RECORD_RETRY)
    await eve.service.settle()
    assert [r.player_id for r in eve.shown.results] == ["ann"]
    eve.rig.clock.advance(SUMMARY_RETRY)
    await eve.service.settle()
    assert [[e.player_id for e in s.board.entries] for s in eve.shown.summaries] == [["ann"]]


async def test_a_play_across_midnight_keeps_the_day_it_read(eve: Daily) -> None:
    today = eve.service.today()
    eve.rig.clock.advance(11 * 60)  # midnight passes while the command runs
    started = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (started.day, started.number) == (FRIDAY, 1)
    assert await eve.service.attempt("ann", SATURDAY) is None


async def test_after_midnight_yesterdays_unfinished_attempt_comes_first_then_go_on(eve: Daily) -> None:
    first = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await past_midnight(eve, 15 * 60)
    today = eve.service.today()
    assert today == SATURDAY
    with pytest.raises(DailyRefused) as refused:  # one daily game at a time
        await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert refused.value.code is DailyRefusal.EARLIER
    assert refused.value.pending == Pending(
        FRIDAY, 1, days.day_start(SATURDAY) + days.DAY_SECONDS, first.table.table_id
    )
    assert await eve.service.attempt("ann", SATURDAY) is None  # nothing of today's started
    # Someone else with nothing unfinished just plays today's.
    bob = await eve.service.play(BOB, Origin("g1", "c-g1", "en"), "dm-bob", today)
    assert (bob.day, bob.number) == (SATURDAY, 2)

    on = await eve.service.go_on(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert on.resumed and on.table.table_id == first.table.table_id and (on.day, on.number) == (FRIDAY, 1)
    await play_to_end(eve.rig.service, first.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    assert [(r.player_id, r.day) for r in eve.shown.results] == [("ann", FRIDAY)]
    with pytest.raises(DailyRefused) as stale:  # finished: the choice is over
        await eve.service.go_on(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert stale.value.code is DailyRefusal.OVER
    now = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (now.day, now.number, now.resumed) == (SATURDAY, 2, False)


async def test_give_up_yesterdays_attempt_for_todays_it_has_no_result(eve: Daily) -> None:
    first = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.rig.service.settle()
    await past_midnight(eve, 15 * 60)
    today = eve.service.today()
    new = await eve.service.give_up(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (new.day, new.number, new.resumed) == (SATURDAY, 2, False)
    assert new.table.table_id != first.table.table_id
    given_up = await eve.service.attempt("ann", FRIDAY)
    assert given_up is not None and given_up.finished and given_up.total is None  # no result
    assert (await eve.rig.service.table_snapshot(first.table.table_id)).status is TableStatus.CANCELLED
    for choose in (eve.service.give_up, eve.service.go_on):  # a second click, or the other button
        with pytest.raises(DailyRefused) as stale:
            await choose(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
        assert stale.value.code is DailyRefusal.OVER
    assert (await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)).resumed
    await play_to_end(eve.rig.service, new.table.table_id, {"ann": ANN})
    await eve.rig.service.settle()
    assert [(r.player_id, r.day) for r in eve.shown.results] == [("ann", SATURDAY)]
    assert await store.results(eve.rig.db, FRIDAY.isoformat()) == []


async def test_a_give_up_whose_new_game_cant_start_stands_and_play_starts_it_later(
    eve: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Yesterday's attempt is given up, then the disk fills before today's game starts: the
    person is told both (not that nothing changed), and today's starts with the next play."""
    first = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.rig.service.settle()
    await past_midnight(eve, 15 * 60)
    today = eve.service.today()
    end = eve.service._end

    async def then_disk_full(table_id: int) -> bool:
        ended = await end(table_id)
        eve.rig.db.faults.fail(WriteFault.DISK_FULL)
        return ended

    monkeypatch.setattr(eve.service, "_end", then_disk_full)
    with pytest.raises(DailyRefused) as refused:
        await eve.service.give_up(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert refused.value.code is DailyRefusal.GAVE_UP
    assert refused.value.pending is not None and refused.value.pending.number == 1
    eve.rig.db.faults.clear()
    given_up = await eve.service.attempt("ann", FRIDAY)
    assert given_up is not None and given_up.finished and given_up.total is None
    assert (await eve.rig.service.table_snapshot(first.table.table_id)).status is TableStatus.CANCELLED
    now = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (now.day, now.number) == (SATURDAY, 2) and now.table.status is TableStatus.PLAYING


async def test_a_give_up_whose_closed_table_cant_be_read_back_stands_and_is_recorded_later(
    eve: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Yesterday's table is closed by the give-up, but the database can't be read just then to
    record it: the give-up stands (today's game starts; the person is not told that nothing
    changed), and yesterday's is recorded as given up a minute later."""
    first = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.rig.service.settle()
    await past_midnight(eve, 15 * 60)
    today = eve.service.today()
    close = eve.service._close
    read: list[list[int]] = []  # the failed read's count, once armed

    async def then_unreadable(table_id: int) -> bool:
        closed = await close(table_id)
        read.append(unreadable_once(eve, monkeypatch))
        return closed

    monkeypatch.setattr(eve.service, "_close", then_unreadable)
    now = await eve.service.give_up(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (now.day, now.number) == (SATURDAY, 2) and now.table.status is TableStatus.PLAYING
    assert read and read[0]  # the record's read failed
    assert (await eve.rig.service.table_snapshot(first.table.table_id)).status is TableStatus.CANCELLED
    eve.rig.clock.advance(RECORD_RETRY)
    await eve.service.settle()
    given_up = await eve.service.attempt("ann", FRIDAY)
    assert given_up is not None and given_up.finished and given_up.total is None


async def test_a_give_up_whose_table_cant_be_closed_now_changes_nothing(
    eve: Daily, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table service refuses to close yesterday's table just now: nothing is given up and
    nothing started; the choice is offered again."""
    first = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await eve.rig.service.settle()
    await past_midnight(eve, 15 * 60)
    today = eve.service.today()

    async def refused_now(*_: object) -> None:
        raise Refused(TableRefusal.BUSY)

    monkeypatch.setattr(eve.rig.service, "cancel", refused_now)
    with pytest.raises(DailyRefused) as refused:
        await eve.service.give_up(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert refused.value.code is DailyRefusal.EARLIER
    assert (await eve.service.pending("ann", today)) == refused.value.pending
    assert eve.rig.service.snapshot(first.table.table_id).status is TableStatus.PLAYING
    assert await eve.service.attempt("ann", SATURDAY) is None


async def test_once_its_day_closed_an_unfinished_attempt_is_no_longer_offered(eve: Daily) -> None:
    await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", eve.service.today())
    await past_midnight(eve, 10 * 60 + days.DAY_SECONDS)  # Sunday 00:00: Friday closes
    today = eve.service.today()
    assert await eve.service.pending("ann", today) is None
    with pytest.raises(DailyRefused) as stale:  # an offer shown on Saturday, clicked now
        await eve.service.go_on(ANN, FRIDAY, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert stale.value.code is DailyRefusal.OVER
    sunday = await eve.service.play(ANN, Origin("g1", "c-g1", "en"), "dm-ann", today)
    assert (sunday.day, sunday.number) == (dt.date(2026, 11, 29), 3)


async def test_a_day_the_database_cannot_close_at_midnight_is_closed_on_the_retry(db_url: str) -> None:
    """The disk is full at the midnight that closes a day: nothing is lost or logged as a bug, and
    the day's summary goes out at the summaries' retry, not a day later; the day's par, worked out
    meanwhile, still answers the one who asked for it though it could not be saved."""
    clock = ManualClock(DAY0)
    d = await daily(db_url, clock)
    try:
        await d.rig.service.set_server_settings(ADMIN, "g1", ServerSettings(daily_channel="555"))
        await finish(d, ANN, "g1")
        await d.service.settle()
        d.rig.db.faults.fail(WriteFault.DISK_FULL)  # the close's reads queue behind writes: refused too
        clock.advance(2 * days.DAY_SECONDS)  # midnight after the next day: the day closes
        await d.service.settle()
        assert d.rig.db.faults.raised and d.shown.summaries == []
        today = d.service.today()
        assert await d.service.compute_par(today) > 0  # worked out, not saved
        d.rig.db.faults.clear()
        assert await store.par(d.rig.db, today.isoformat()) is None
        clock.advance(service_module.SUMMARY_RETRY)
        await d.service.settle()
        assert [(s.guild_id, s.channel_id) for s in d.shown.summaries] == [("g1", "555")]
    finally:
        await d.close()


async def test_two_midnights_passed_at_once_close_the_days_once(db_url: str) -> None:
    """The clock jumps two days (a test's, or a loop held up): both midnights start the closing of
    days, which ran twice at once (one's failed summary released its claim, and the other posted
    at once what was to wait for the retry); the second is none."""
    clock = ManualClock(DAY0)
    d = await daily(db_url, clock)
    try:
        runs = 0
        close_days = d.service.close_days

        async def counted() -> int:
            nonlocal runs
            runs += 1
            return await close_days()

        d.service.close_days = counted  # type: ignore[method-assign]
        clock.advance(2 * days.DAY_SECONDS)
        await d.service.settle()
        assert runs == 1
    finally:
        await d.close()
