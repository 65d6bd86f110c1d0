"""A damaged row in any table of the schema: the bot works around it, logs it with its key, reports
it to the server's admins once (not at every start) and goes on. On both backends; where PostgreSQL's
column types refuse the damage SQLite lets in (text in a number column), the nearest damage it allows
(NaN) or none."""

from __future__ import annotations

import math
import time

import pytest

from bot.storage import Database
from bot.storage.leaderboard import leaderboard, player_stats
from bot.storage.lease import ALL_SHARDS, LeaseHolder
from bot.tables import Actor, ManualClock, PlayerPreferences, ServerSettings
from bot.tables import events as ev
from bot.tables.preferences import load_preferences, save_preferences
from cogs.hearts._state import Sent, TableMessages
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, damage_logged, options, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
MANAGER = Actor("mod", is_moderator=True, manages_server=True)


async def _finished_game(url: str, clock: ManualClock) -> None:
    r = await rig(url, clock)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=20), seed=3)
    await r.service.join(BOB, snap.table_id)
    await r.service.start_game(ALICE, snap.table_id)
    await play_to_end(r.service, snap.table_id, {"alice": ALICE, "bob": BOB})
    await r.close()


async def test_a_bad_meta_row_does_not_stop_the_start(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "meta", "alive_at")
    r = await rig(db_url)
    await r.close()
    await raw.execute("UPDATE meta SET value = 'not a time' WHERE key = 'alive_at'")
    r = await rig(db_url)
    assert await r.db.get_meta("reported:meta:alive_at") is not None
    await r.close()
    r = await rig(db_url)  # the heartbeat rewrote it: nothing left to report
    assert (await r.db.get_meta("alive_at") or "").replace(".", "").isdigit()
    await r.close()
    assert logged.seen == 1


async def test_a_broken_table_is_reported_once_not_at_every_start(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "tables", r"\d+")
    r = await rig(db_url)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options())
    await r.close()
    await raw.execute("UPDATE tables SET state = '{broken' WHERE id = ?", (snap.table_id,))
    r = await rig(db_url)
    assert len(r.presenter.of(ev.TableBroken)) == 1
    await r.close()
    r = await rig(db_url)
    assert r.presenter.of(ev.TableBroken) == []
    await r.close()
    assert logged.seen == 1  # an error once, a warning at the later start


async def test_a_bad_action_row_is_left_out_of_the_log_and_the_game_goes_on(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    if raw.postgres:
        pytest.skip("PostgreSQL's column types refuse text in an action's time")
    logged = damage_logged(error_log, "actions", r"\d+/1")
    r = await rig(db_url)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=20), seed=4)
    await r.service.join(BOB, snap.table_id)
    await r.close()
    await raw.execute("UPDATE actions SET at = 'yesterday' WHERE table_id = ? AND seq = 1", (snap.table_id,))
    r = await rig(db_url)
    assert [a.seq for a in await r.db.actions(snap.table_id)] == [2]
    await r.service.settle()
    assert await r.db.get_meta(f"reported:actions:{snap.table_id}/1") is not None
    await r.service.start_game(ALICE, snap.table_id)
    await play_to_end(r.service, snap.table_id, {"alice": ALICE, "bob": BOB})
    assert r.presenter.of(ev.GameOver, snap.table_id)
    await r.close()
    assert logged.seen == 1


async def test_a_bad_rating_row_does_not_stop_a_game_from_ending(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "ratings", f"{GUILD}/alice")
    clock = ManualClock()
    r = await rig(db_url, clock)
    await r.close()
    bad = "'NaN'" if raw.postgres else "'garbage'"
    await raw.execute(
        f"INSERT INTO ratings (guild_id, player_id, mu, sigma) VALUES (?, 'alice', {bad}, -1)", (GUILD,)
    )
    r = await rig(db_url, clock)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=20), seed=3)
    await r.service.join(BOB, snap.table_id)
    await r.service.start_game(ALICE, snap.table_id)
    await play_to_end(r.service, snap.table_id, {"alice": ALICE, "bob": BOB})
    over = r.presenter.of(ev.GameOver, snap.table_id)
    assert len(over) == 1 and {c.player_id for c in over[0].changes} == {"alice", "bob"}
    damaged = r.presenter.of(ev.DataDamaged)
    assert [(d.what, d.key, d.guild_id) for d in damaged] == [("ratings", f"{GUILD}/alice", GUILD)]
    board = await leaderboard(r.db, GUILD)
    assert {row.player_id for row in board.rows} == {"alice", "bob"}
    await r.close()
    assert logged.seen == 1


async def test_bad_results_rows_leave_one_player_out_of_the_leaderboard_only(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    clock = ManualClock()
    await _finished_game(db_url, clock)
    if raw.postgres:  # its column types refuse text in a number: the damage it allows
        await raw.execute("UPDATE games SET finished_at = 'NaN', options = '{'")
        await raw.execute("UPDATE ratings SET mu = 'NaN' WHERE player_id = 'bob'")
        r = await rig(db_url, clock)
        board = await leaderboard(r.db, GUILD)
        assert {row.player_id for row in board.rows} == {"alice", "bob"}  # nobody is left out
        assert all(math.isfinite(row.skill) for row in board.rows)  # a NaN rating shows no NaN
        stats = await player_stats(r.db, GUILD, "bob")
        assert stats is not None and math.isfinite(stats.skill)
        assert r.presenter.of(ev.DataDamaged) == []
        await r.close()
        return
    await raw.execute("UPDATE game_players SET ranking_points = 9e999 WHERE player_id = 'alice'")
    await raw.execute("UPDATE games SET finished_at = 'never', options = '{'")
    await raw.execute("UPDATE ratings SET mu = 'x' WHERE player_id = 'bob'")
    logged = damage_logged(error_log, "game_players", f"{GUILD}/alice")
    r = await rig(db_url, clock)
    board = await leaderboard(r.db, GUILD)
    assert [row.player_id for row in board.rows] == ["bob"]
    assert await player_stats(r.db, GUILD, "bob") is not None
    assert [(d.what, d.key) for d in r.presenter.of(ev.DataDamaged)] == [("game_players", f"{GUILD}/alice")]
    await r.close()
    assert logged.seen == 1


async def test_bad_server_settings_fall_back_to_the_defaults_and_are_reported_once(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "server_settings", GUILD)
    clock = ManualClock()
    r = await rig(db_url, clock)
    await r.service.set_server_settings(MANAGER, GUILD, ServerSettings())
    await r.close()
    await raw.execute("UPDATE server_settings SET data = '[1, 2' WHERE guild_id = ?", (GUILD,))
    r = await rig(db_url, clock)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL)  # the defaults serve
    assert await r.service.server_settings(GUILD) == ServerSettings()
    assert snap.options == ServerSettings().defaults
    await r.service.settle()
    damaged = r.presenter.of(ev.DataDamaged)
    assert [(d.what, d.key, d.channel_id) for d in damaged] == [("server_settings", GUILD, CHANNEL)]
    assert r.service.settings_damaged(GUILD)
    await r.close()
    r = await rig(db_url, clock)
    await r.service.create_table(BOB, GUILD, CHANNEL)
    await r.service.settle()
    assert r.presenter.of(ev.DataDamaged) == []  # told once, not at every start
    # Saving the settings again repairs the row.
    await r.service.set_server_settings(MANAGER, GUILD, ServerSettings())
    assert not r.service.settings_damaged(GUILD)
    await r.close()
    assert logged.seen == 1


async def test_a_bad_preferences_row_gives_the_defaults(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "player_preferences", "alice")
    r = await rig(db_url)
    await save_preferences(r.db, "alice", PlayerPreferences(four_colour=True))
    await raw.execute("UPDATE player_preferences SET data = 'nope' WHERE player_id = 'alice'")
    assert await load_preferences(r.db, "alice") == PlayerPreferences()
    await r.service.settle()
    assert await r.db.get_meta("reported:player_preferences:alice") is not None
    await r.close()
    assert logged.seen == 1


def test_bad_presenter_data_is_ignored_value_by_value() -> None:
    state = TableMessages.from_saved(
        7,
        {
            "table_message": "not a number",
            "lobby_message": "123",
            "dm:alice": "x",
            "ctl:zero": "4",
            "ctl:1": "five",
            "ctl:2": "9",
            "name:bob": "Bob",
            "live:0": "55:66",
            "live:1": "55",
            "live:x": "55:66",
            "live:3": "a:66",
        },
    )
    assert state.table_message is None and state.lobby_message == 123
    assert state.dm_channels == {} and state.controls_sent == {2: 9} and state.names == {"bob": "Bob"}
    assert state.live_controls == {0: Sent(55, 66)}


async def test_a_bad_lease_row_is_taken_over(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    logged = error_log.allow(r"the lease row 'shards:all' can't be read", logger="bot.storage")
    db = await Database.open(db_url)
    me = LeaseHolder.this_process()
    assert await db.acquire_lease(ALL_SHARDS, me, 30.0) is None
    await db.close()
    bad = "'NaN'" if raw.postgres else "'soon'"
    await raw.execute(f"UPDATE leases SET expires_at = {bad}, holder = 'someone'")
    db = await Database.open(db_url)
    other = LeaseHolder("another-run", 1, "elsewhere", time.time())
    assert await db.acquire_lease(ALL_SHARDS, other, 30.0) is None
    await db.close()
    assert logged.seen == 1


async def test_settings_read_as_the_database_closes_are_not_reported_as_damaged(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A stopping bot closes its database under reads still to come: a settings row that could not
    be read then is not damaged, and its server is not told it is (the defaults serve meanwhile)."""
    r = await rig(db_url, ManualClock())
    await r.service.set_server_settings(MANAGER, GUILD, ServerSettings())
    await r.close()  # the service stopped, its database closed
    assert await r.service.server_settings(GUILD, CHANNEL) == ServerSettings()  # a read still to come
    assert r.presenter.of(ev.DataDamaged) == [] and not r.service.settings_damaged(GUILD)
    assert "the defaults serve" in caplog.text
