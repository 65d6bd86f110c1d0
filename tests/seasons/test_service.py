"""Seasons on a real database (both backends), on the service's clock: a game counts in the season
in which it finishes, a closed season's board stays as it stood, the close and the summary happen
once across a restart and with two processes, and a change of the setting acts at once."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest

from bot.seasons import GRACE, SeasonService, SeasonSummary
from bot.seasons.service import RECHECK, RETRY
from bot.storage import StorageUnavailable, WriteFault
from bot.storage import seasons as store
from bot.storage.leaderboard import Order, board, player_stats
from bot.tables import Actor, ManualClock
from bot.tables.requests import SettingsRequest
from bot.tables.seasons import SeasonKind, period_end
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.tables.helpers import Rig, options, play_to_end, rig, settings_unreadable

ALICE, BOB = Actor("alice"), Actor("bob")
ADMIN = Actor("admin", is_moderator=True, manages_server=True)
GUILD, OTHER, CHANNEL = "g1", "g2", "c1"
NOV30 = 1_796_079_600.0  # 2026-11-30 23:00 UTC: a monthly season ends in an hour
DEC1 = period_end(SeasonKind.MONTHLY, NOV30)


@dataclass
class Shown:
    summaries: list[SeasonSummary] = field(default_factory=list)
    fail: bool = False  # the process stops while posting (before the post is noted)
    refused: set[str] = field(default_factory=set)  # servers whose post fails (Discord's 5xx, say)

    async def summary(self, summary: SeasonSummary) -> None:
        self.summaries.append(summary)
        if self.fail:
            raise asyncio.CancelledError("stopped while posting")
        if summary.season.guild_id in self.refused:
            raise RuntimeError("503 Service Unavailable")


async def seasons(r: Rig, owns: set[str] | None = None, *, fail: bool = False) -> tuple[SeasonService, Shown]:
    service = SeasonService(r.service, r.db, owns=None if owns is None else owns.__contains__)
    shown = Shown(fail=fail)
    service.attach(shown)
    if fail:  # the first check, as the start makes it, stops while posting
        with pytest.raises(asyncio.CancelledError):
            await service.check()
    else:
        await service.start()
        await service.settle()
    return service, shown


async def set_season(r: Rig, kind: str, guild: str = GUILD) -> None:
    await r.service.change_server_settings(
        ADMIN, guild, CHANNEL, SettingsRequest(season=kind, season_channel="55", season_role="77")
    )


async def game(
    r: Rig, guild: str = GUILD, *, finish: bool = True, seed: int = 11, alone: bool = False
) -> int:
    """A game of alice and bob (``alone``: alice against three computers, an unranked game)."""
    snap = await r.service.create_table(
        ALICE, guild, CHANNEL, options(target=30, time_limit=86_400), seed=seed
    )
    people = {"alice": ALICE} if alone else {"alice": ALICE, "bob": BOB}
    if not alone:
        await r.service.join(BOB, snap.table_id)
    await r.service.start_game(ALICE, snap.table_id)
    if finish:
        await play_to_end(r.service, snap.table_id, people)
        await r.service.settle()
    return snap.table_id


async def test_a_game_running_across_the_change_counts_where_it_finishes(db_url: str) -> None:
    r = await rig(db_url, ManualClock(NOV30))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        first = await store.running(r.db, GUILD, latest=True)
        assert first is not None and (first.number, first.starts_at, first.ends_at) == (1, NOV30, DEC1)
        await game(r)  # season 1
        across = await game(r, finish=False, seed=12)  # starts in season 1 ...
        r.clock.advance(DEC1 + GRACE - NOV30)  # ... the season closes while it runs
        await service.settle()
        await play_to_end(r.service, across, {"alice": ALICE, "bob": BOB})  # ... and ends in season 2
        await r.service.settle()
        closed = await store.season(r.db, GUILD, 1)
        assert closed is not None and closed.closed_at is not None
        frozen = await store.frozen_board(r.db, GUILD, 1, Order.POINTS, 10, 0, "alice")
        assert {row.player_id: row.games for row in frozen.rows} == {"alice": 1, "bob": 1}
        second = await store.running(r.db, GUILD, latest=True)
        assert second is not None and (second.number, second.starts_at) == (2, DEC1)
        assert second.ends_at == period_end(SeasonKind.MONTHLY, DEC1)
        live = await store.live_board(r.db, GUILD, 2, Order.POINTS, 10, 0, "alice")
        assert {row.player_id: row.games for row in live.rows} == {"alice": 1, "bob": 1}
        assert live.me is not None and live.me.player_id == "alice"
        everything = await board(r.db, GUILD, Order.POINTS, 10, 0, None)
        assert {row.games for row in everything.rows} == {2}  # skill and the all-time board carry on
        assert [s.season.number for s in shown.summaries] == [1]  # one summary
        (summary,) = shown.summaries
        assert summary.channel_id == "55" and summary.role_id == "77" and not summary.again
        assert set(summary.winners) == {"alice", "bob"} and summary.players == 2
    finally:
        await service.stop()
        await r.close()


async def test_an_earlier_season_is_shown_as_it_stood(db_url: str) -> None:
    """Games after the close and later ratings change nothing of a closed season's board."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        r.clock.advance(DEC1 + GRACE - NOV30)
        await service.settle()
        before = await store.frozen_board(r.db, GUILD, 1, Order.POINTS, 10, 0, None)
        for seed in (21, 22):
            await game(r, seed=seed)
        after = await store.frozen_board(r.db, GUILD, 1, Order.POINTS, 10, 0, None)
        assert after == before and [row.games for row in after.rows] == [1, 1]
        skill = await store.frozen_board(r.db, GUILD, 1, Order.SKILL, 10, 0, "bob")
        assert skill.me is not None and skill.me.player_id == "bob"
        assert {row.skill for row in skill.rows} == {row.skill for row in before.rows}
    finally:
        await service.stop()
        await r.close()


async def test_a_season_ends_across_a_restart_with_one_summary(db_url: str) -> None:
    """The bot is down when the season ends; the next start closes it and posts the summary. A run
    that stops while posting leaves the summary owed: the run after it posts it (marked ``again``,
    so the Discord side looks at the channel first), and a further start posts nothing."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _ = await seasons(r)
    await set_season(r, "monthly")
    await game(r)
    await service.stop()
    r.clock.set(DEC1 + 3 * 86_400)  # down over the change
    crashing, shown = await seasons(r, fail=True)  # closes at start, then stops while posting
    await crashing.stop()
    assert [(s.season.number, s.again) for s in shown.summaries] == [(1, False)]
    again, shown2 = await seasons(r)
    assert [(s.season.number, s.again) for s in shown2.summaries] == [(1, True)]
    await again.stop()
    third, shown3 = await seasons(r)
    assert shown3.summaries == []
    await third.stop()
    (row,) = await r.db.rows("SELECT COUNT(*) FROM seasons WHERE guild_id = ?", (GUILD,))
    assert row[0] == 2  # season 1 closed once, season 2 running
    await r.close()


async def test_two_processes_close_each_server_once(db_url: str) -> None:
    """Two processes (each owning its servers) check at the same moment: each season closes once
    and each server's summary is posted once, by its owner; seasons that ended while nobody
    checked close in order."""
    r = await rig(db_url, ManualClock(NOV30))
    one, shown1 = await seasons(r, {GUILD})
    two, shown2 = await seasons(r, {OTHER})
    try:
        await set_season(r, "monthly", GUILD)
        await set_season(r, "quarterly", OTHER)
        await game(r, GUILD)
        await game(r, OTHER, seed=13)
        r.clock.set(period_end(SeasonKind.QUARTERLY, NOV30) + GRACE)
        await one.check()
        # The other server's season is due, but not one's to close: its timer is not armed for it
        # (else it would fire again at once, and again).
        assert one._timer.when > r.clock.now()
        await two.check()
        await one.check()
        await two.check()
        # the monthly server was down-checked over two ends: season 2 (December, nobody played) too
        assert [(s.season.number, s.players) for s in shown1.summaries] == [(1, 2), (2, 0)]
        assert [(s.season.guild_id, s.season.number) for s in shown2.summaries] == [(OTHER, 1)]
        rows = await r.db.rows(
            "SELECT guild_id, COUNT(*) FROM season_board GROUP BY guild_id ORDER BY guild_id"
        )
        assert [tuple(x) for x in rows] == [(GUILD, 2), (OTHER, 2)]
    finally:
        await one.stop()
        await two.stop()
        await r.close()


@pytest.mark.parametrize("release", ["given up", "not given up"])
async def test_a_summary_that_fails_holds_up_no_other_server_and_is_posted_at_the_next_check(
    db_url: str, error_log: ErrorLogCollector, monkeypatch: pytest.MonkeyPatch, release: str
) -> None:
    """One server's summary fails (Discord's 5xx, say) when both servers' seasons end: the other's
    goes out, the timer is armed again (the failure used to end the check before it was: no
    season closed until the next start), and the next check posts it, looking first. Also when
    the database fails as the failed post's claim is given up: this run takes it over itself."""
    r = await rig(db_url, ManualClock(NOV30))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly", GUILD)
        await set_season(r, "monthly", OTHER)
        await game(r, GUILD)
        await game(r, OTHER, seed=13)
        shown.refused.add(GUILD)
        if release == "not given up":

            async def locked(*args: object) -> None:
                raise StorageUnavailable("database is locked")

            monkeypatch.setattr(store, "release_summary", locked)
        logged = error_log.allow(f"season 1 of server {GUILD}: summary not posted.*503")
        r.clock.advance(DEC1 + GRACE - NOV30)
        await service.settle()
        assert sorted((s.season.guild_id, s.again) for s in shown.summaries) == [
            (GUILD, False),
            (OTHER, False),
        ]
        assert logged.seen == 1
        shown.refused.clear()
        r.clock.advance(RECHECK)
        await service.settle()
        assert [(s.season.guild_id, s.again) for s in shown.summaries[2:]] == [(GUILD, True)]
        r.clock.advance(RECHECK)
        await service.settle()
        assert len(shown.summaries) == 3  # each out once
    finally:
        await service.stop()
        await r.close()


async def test_two_managers_changing_settings_at_once_both_hold(db_url: str) -> None:
    """One turns seasons off while another sets the event role: both changes are kept, and the
    season the first was told is over is over (not reopened by the second's save of the old kind)."""
    r = await rig(db_url, ManualClock(NOV30 - 10 * 86_400))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await asyncio.gather(
            r.service.change_server_settings(ADMIN, GUILD, CHANNEL, SettingsRequest(season="off")),
            r.service.change_server_settings(ADMIN, GUILD, CHANNEL, SettingsRequest(event_role="42")),
        )
        await service.settle()
        settings = await r.service.server_settings(GUILD)
        assert (settings.season, settings.event_role) == (SeasonKind.OFF, "42")
        assert await store.running(r.db, GUILD, latest=True) is None
    finally:
        await service.stop()
        await r.close()


async def test_changing_the_setting_mid_season(db_url: str) -> None:
    """Monthly → quarterly keeps the start and moves the end to the quarter's; quarterly → off ends
    the season now (its board frozen, its summary out); off → monthly starts season 2 now."""
    r = await rig(db_url, ManualClock(NOV30 - 10 * 86_400))
    service, shown = await seasons(r)
    try:
        start = r.clock.now()
        await set_season(r, "monthly")
        await game(r)
        await set_season(r, "quarterly")
        running = await store.running(r.db, GUILD, latest=True)
        assert running is not None and running.starts_at == start
        assert running.ends_at == period_end(SeasonKind.QUARTERLY, start)
        await set_season(r, "off")
        await service.settle()
        assert await store.running(r.db, GUILD, latest=True) is None
        closed = await store.season(r.db, GUILD, 1)
        assert closed is not None and closed.ends_at == start and closed.closed_at is not None
        assert [s.season.number for s in shown.summaries] == [1]
        r.clock.advance(60)
        await set_season(r, "monthly")
        second = await store.running(r.db, GUILD, latest=True)
        assert second is not None and (second.number, second.starts_at) == (2, start + 60)
    finally:
        await service.stop()
        await r.close()


async def test_seasons_turned_off_while_the_settings_cant_be_read_again_end_at_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A manager turns seasons off; the settings are read for the change, then the database can't
    be read for a while. The change needs no second read: the season ends at once (the manager is
    not told "busy" after the change was saved), and its summary, whose channel is read from the
    settings, goes out once they can be read again."""
    r = await rig(db_url, ManualClock(NOV30 - 10 * 86_400))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        locked = settings_unreadable(monkeypatch, r.db, lambda n: n >= 1)  # after the change's own read
        await set_season(r, "off")
        await service.settle()
        assert await store.running(r.db, GUILD, latest=True) is None
        assert shown.summaries == []
        locked.mend()
        r.clock.advance(RETRY)
        await service.settle()
        assert [(s.season.number, s.channel_id) for s in shown.summaries] == [(1, "55")]
    finally:
        await service.stop()
        await r.close()


async def test_seasons_turned_on_while_the_database_cant_open_one_start_a_minute_later(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A manager turns monthly seasons on; the settings are saved, but the season can't be opened
    just then (the disk full). The change stands (the manager is not told "nothing changed"),
    and the season opens a minute later: it no longer waits for a change that never comes."""
    r = await rig(db_url, ManualClock(NOV30 - 10 * 86_400))
    service, _ = await seasons(r)
    try:
        opened = store.open_season

        async def full_once(*args: object) -> None:
            monkeypatch.setattr(store, "open_season", opened)
            raise StorageUnavailable("database or disk is full")

        monkeypatch.setattr(store, "open_season", full_once)
        await set_season(r, "monthly")
        assert (await r.service.server_settings(GUILD)).season is SeasonKind.MONTHLY
        assert await store.running(r.db, GUILD, latest=True) is None
        r.clock.advance(RETRY)
        await service.settle()
        running = await store.running(r.db, GUILD, latest=True)
        assert running is not None and running.kind == "monthly"
        assert running.ends_at == period_end(SeasonKind.MONTHLY, r.clock.now())
    finally:
        await service.stop()
        await r.close()


@pytest.mark.parametrize("kind", ["quarterly", "off"])
async def test_a_change_of_kind_in_the_minute_after_a_season_ended_does_not_stretch_it(
    db_url: str, kind: str
) -> None:
    """The monthly season ended half a minute ago (its close waits a minute for the games that
    end with it) when a manager changes the kind: it closes as it ended, and the next season is
    of the new kind (none, for off); it was reshaped into a season running to the new kind's
    end, never closed nor summarised."""
    r = await rig(db_url, ManualClock(NOV30))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        r.clock.advance(DEC1 + 30 - NOV30)
        await set_season(r, kind)
        r.clock.advance(GRACE)
        await service.settle()
        closed = await store.season(r.db, GUILD, 1)
        assert closed is not None and closed.ends_at == DEC1
        assert [s.season.number for s in shown.summaries] == [1]
        running = await store.running(r.db, GUILD, latest=True)
        if kind == "off":
            assert running is None
        else:
            assert running is not None and running.number == 2 and running.kind == kind
            assert running.ends_at == period_end(SeasonKind.QUARTERLY, DEC1)
    finally:
        await service.stop()
        await r.close()


async def test_a_season_left_behind_by_its_setting_follows_it_at_the_next_start(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seasons turned on, the season not opened (the disk full), and the bot stops before the
    minute's try: the next start opens it (a minute later if the servers' settings can't be
    listed at the start). A server whose season already follows its setting is left as it is."""
    r = await rig(db_url, ManualClock(NOV30 - 10 * 86_400))
    service, _ = await seasons(r)
    await set_season(r, "monthly", guild=OTHER)  # opened as usual
    other = await store.running(r.db, OTHER, latest=True)
    opened = store.open_season

    async def full(*args: object) -> None:
        raise StorageUnavailable("database or disk is full")

    monkeypatch.setattr(store, "open_season", full)
    await set_season(r, "monthly")
    await service.stop()
    monkeypatch.setattr(store, "open_season", opened)
    assert await store.running(r.db, GUILD, latest=True) is None
    listed = r.db.servers_with_settings
    monkeypatch.setattr(r.db, "servers_with_settings", full)
    again, _ = await seasons(r)
    try:
        assert await store.running(r.db, GUILD, latest=True) is None
        monkeypatch.setattr(r.db, "servers_with_settings", listed)
        r.clock.advance(RETRY)
        await again.settle()
        running = await store.running(r.db, GUILD, latest=True)
        assert running is not None and running.kind == "monthly"
        assert await store.running(r.db, OTHER, latest=True) == other
    finally:
        await again.stop()
        await r.close()


async def test_a_game_finishing_in_the_new_seasons_first_minute_counts_in_it(db_url: str) -> None:
    """The next season's row is opened a minute after the old one's end (its close): a game that
    finishes meanwhile counts in the new season all the same, once, also when a second process's
    late close of the old season runs again."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        first = await store.running(r.db, GUILD, latest=True)
        assert first is not None
        r.clock.advance(DEC1 + 10 - NOV30)  # ten seconds into December; season 1 not closed yet
        await game(r)
        assert await store.running(r.db, GUILD, latest=True) == first
        r.clock.advance(GRACE)
        await service.settle()
        frozen = await store.frozen_board(r.db, GUILD, 1, Order.POINTS, 10, 0, None)
        assert frozen.rows == ()  # it finished after season 1's end
        live = await store.live_board(r.db, GUILD, 2, Order.POINTS, 10, 0, None)
        assert {row.player_id: row.games for row in live.rows} == {"alice": 1, "bob": 1}
        successor = (SeasonKind.MONTHLY.value, period_end(SeasonKind.MONTHLY, DEC1))
        assert not await store.close(r.db, first, r.clock.now(), "another process", successor)
        again = await store.live_board(r.db, GUILD, 2, Order.POINTS, 10, 0, None)
        assert again == live  # counted once
    finally:
        await service.stop()
        await r.close()


async def test_a_game_alone_against_computers_is_on_no_board(db_url: str) -> None:
    """RULES 2a.8: a game started by one person is unranked: not on the season's board nor on the
    board of every game; the person's own statistics count it."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r, alone=True)
        live = await store.live_board(r.db, GUILD, 1, Order.POINTS, 10, 0, "alice")
        assert (live.rows, live.total_players, live.me) == ((), 0, None)
        everything = await board(r.db, GUILD, Order.POINTS, 10, 0, "alice")
        assert (everything.rows, everything.total_players, everything.me) == ((), 0, None)
        mine = await player_stats(r.db, GUILD, "alice")
        assert mine is not None and (mine.games, mine.rank) == (1, None)
        await game(r, seed=12)  # a ranked game after it: only that one on the boards
        live = await store.live_board(r.db, GUILD, 1, Order.POINTS, 10, 0, "alice")
        assert {row.player_id: row.games for row in live.rows} == {"alice": 1, "bob": 1}
        everything = await board(r.db, GUILD, Order.POINTS, 10, 0, "alice")
        assert {row.player_id: row.games for row in everything.rows} == {"alice": 1, "bob": 1}
        mine = await player_stats(r.db, GUILD, "alice")
        assert mine is not None and mine.games == 2 and mine.rank in (1, 2)
        r.clock.advance(DEC1 + GRACE - NOV30)
        await service.settle()
        frozen = await store.frozen_board(r.db, GUILD, 1, Order.POINTS, 10, 0, None)
        assert {row.player_id: row.games for row in frozen.rows} == {"alice": 1, "bob": 1}
    finally:
        await service.stop()
        await r.close()


async def test_the_running_seasons_board_shows_the_last_games_skill_change(db_url: str) -> None:
    """As on the board of every game: each row (and the reader's own) says what the person's
    last game did to their skill."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        expected = {
            row.player_id: row.change for row in (await board(r.db, GUILD, Order.SKILL, 10, 0, None)).rows
        }
        assert all(change is not None and change != 0 for change in expected.values())
        for order in Order:
            live = await store.live_board(r.db, GUILD, 1, order, 10, 0, "bob")
            assert {row.player_id: row.change for row in live.rows} == expected
            assert live.me is not None and live.me.change == expected["bob"]
    finally:
        await service.stop()
        await r.close()


async def test_the_skill_change_shown_is_the_last_finished_games_not_the_last_opened_tables(
    db_url: str,
) -> None:
    """alice and bob play two games at once: the table opened first finishes a minute after the
    other. Both boards (every game's and the season's) show what that game, finished last, did to
    their skill (they showed the other's: the table opened last)."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        slow = await game(r, finish=False)
        quick = await game(r, finish=False, seed=12)
        assert slow < quick
        people = {"alice": ALICE, "bob": BOB}
        await play_to_end(r.service, quick, people)
        await r.service.settle()
        r.clock.advance(60)
        await play_to_end(r.service, slow, people)
        await r.service.settle()
        changes = {
            (int(table), str(person)): float(after) - float(before)
            for table, person, before, after in await r.db.rows(
                "SELECT table_id, player_id, skill_before, skill_after FROM game_players", ()
            )
        }
        last = {person: changes[(slow, person)] for person in people}
        assert all(last[person] != changes[(quick, person)] for person in people)
        for order in Order:
            everything = await board(r.db, GUILD, order, 10, 0, "bob")
            live = await store.live_board(r.db, GUILD, 1, order, 10, 0, "bob")
            for shown in (everything, live):
                assert {row.player_id: row.change for row in shown.rows} == last
                assert shown.me is not None and shown.me.change == last["bob"]
    finally:
        await service.stop()
        await r.close()


async def test_stats_give_the_rank_and_ranking_points_of_the_running_season(db_url: str) -> None:
    """/stats's rank and ranking points are those of the board /leaderboard shows: without
    seasons every ranked game's; with them the running season's, which starts from zero (a
    person without a game in it has no place and no points there); the games are all of theirs."""
    r = await rig(db_url, ManualClock(NOV30))
    service, _shown = await seasons(r)
    try:
        await game(r)  # before seasons
        everything = await board(r.db, GUILD, Order.POINTS, 10, 0, None)
        for row in everything.rows:
            mine = await store.player_stats(r.db, GUILD, row.player_id, None)
            assert mine is not None and (mine.rank, mine.ranking_points) == (row.place, row.ranking_points)
        r.clock.advance(60)
        await set_season(r, "monthly")
        running = await store.running(r.db, GUILD, latest=True)
        assert running is not None
        for person in ("alice", "bob"):
            mine = await store.player_stats(r.db, GUILD, person, running)
            assert mine is not None and (mine.rank, mine.ranking_points, mine.games) == (None, 0, 1)
        await game(r, seed=12)
        live = await store.live_board(r.db, GUILD, 1, Order.POINTS, 10, 0, None)
        assert len(live.rows) == 2
        for row in live.rows:
            mine = await store.player_stats(r.db, GUILD, row.player_id, running)
            assert mine is not None and mine.games == 2
            assert (mine.rank, mine.ranking_points) == (row.place, row.ranking_points)
        assert await store.player_stats(r.db, GUILD, "carol", running) is None  # no game at all
    finally:
        await service.stop()
        await r.close()


async def test_a_closed_seasons_skill_order_shares_places_of_equal_skill_and_points(db_url: str) -> None:
    """docs/RULES.md "Seasons": in the skill order, equal skill and ranking points share the place
    (and the places below are not moved up); equal skill with fewer points does not."""
    r = await rig(db_url, ManualClock(NOV30))
    try:
        figures = {"ann": (250, 30.0), "ben": (120, 25.0), "cat": (120, 25.0), "dan": (100, 25.0)}
        await r.db.execute(
            (
                "INSERT INTO seasons (guild_id, number, kind, starts_at, ends_at, closed_at) "
                "VALUES (?, 1, 'monthly', ?, ?, ?)",
                (GUILD, NOV30, DEC1, DEC1 + GRACE),
            ),
            *[
                (
                    "INSERT INTO season_board (guild_id, number, player_id, place, ranking_points, games, "
                    "wins, hands, hand_points, skill) VALUES (?, 1, ?, 0, ?, 2, 1, 10, 40, ?)",
                    (GUILD, who, points, skill),
                )
                for who, (points, skill) in figures.items()
            ],
        )
        shown = await store.frozen_board(r.db, GUILD, 1, Order.SKILL, 10, 0, "cat")
        assert [(row.player_id, row.place, row.shared) for row in shown.rows] == [
            ("ann", 1, False),
            ("ben", 2, True),
            ("cat", 2, True),
            ("dan", 4, False),
        ]
        assert shown.me is not None and (shown.me.position, shown.me.place, shown.me.shared) == (3, 2, True)
        second = await store.frozen_board(r.db, GUILD, 1, Order.SKILL, 2, 2, None)  # a page starting at cat
        assert [(row.player_id, row.place, row.shared) for row in second.rows] == [
            ("cat", 2, True),
            ("dan", 4, False),
        ]
    finally:
        await r.close()


async def test_a_season_end_the_database_cannot_take_is_closed_a_minute_later(db_url: str) -> None:
    """The disk is full when the season's timer fires: nothing is lost or logged as a bug, and the
    check is tried again a minute later (not at the next restart): the season closes then."""
    r = await rig(db_url, ManualClock(NOV30))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        r.db.faults.fail(WriteFault.DISK_FULL)  # the check's reads queue behind writes: refused too
        r.clock.advance(DEC1 + GRACE - NOV30)
        await service.settle()
        assert r.db.faults.raised and shown.summaries == []
        closed = await store.season(r.db, GUILD, 1)
        assert closed is not None and closed.closed_at is None
        r.db.faults.clear()
        r.clock.advance(RETRY)
        await service.settle()
        closed = await store.season(r.db, GUILD, 1)
        assert closed is not None and closed.closed_at is not None
        assert [s.season.number for s in shown.summaries] == [1]
    finally:
        await service.stop()
        await r.close()


@pytest.mark.parametrize("failing", [0, 1], ids=["at the close", "at the summary"])
async def test_a_season_end_whose_settings_cant_be_read_waits_for_them(
    db_url: str, monkeypatch: pytest.MonkeyPatch, failing: int
) -> None:
    """The server's settings can't be read just as its season ends (the database locked), as the
    season is closed or as its summary is worked out: neither is done with the defaults (seasons
    off: none after it, the summary nowhere) but a minute later with the server's own: the next
    monthly season opens, the summary goes to its channel with its role."""
    r = await rig(db_url, ManualClock(NOV30))
    service, shown = await seasons(r)
    try:
        await set_season(r, "monthly")
        await game(r)
        locked = settings_unreadable(monkeypatch, r.db, lambda n: n == failing)
        r.clock.advance(DEC1 + GRACE - NOV30)
        await service.settle()
        assert len(locked.reads) == failing + 1 and shown.summaries == []
        r.clock.advance(RETRY)
        await service.settle()
        first, second = await store.season(r.db, GUILD, 1), await store.season(r.db, GUILD, 2)
        assert first is not None and first.closed_at is not None
        assert second is not None and second.kind == "monthly" and second.closed_at is None
        assert [(s.season.number, s.channel_id, s.role_id) for s in shown.summaries] == [(1, "55", "77")]
    finally:
        await service.stop()
        await r.close()
