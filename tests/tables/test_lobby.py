"""Before the game: seats, host, options, channels, server settings."""

from __future__ import annotations

import pytest

from bot.ai import Level
from bot.engine.rules import RuleSet
from bot.storage import StorageUnavailable
from bot.storage.leaderboard import leaderboard
from bot.tables import Actor, Refused, ServerSettings, TableOptions, TableRefusal, TableStatus
from bot.tables import events as ev
from bot.tables.requests import SettingsRequest, TableRequest
from tests.tables.helpers import CHANNEL, GUILD, Rig, options, settings_unreadable

ALICE = Actor("alice")
BOB = Actor("bob")
CAROL = Actor("carol")
MOD = Actor("mod", is_moderator=True, manages_server=True)


async def test_join_leave_and_the_host_passes_on(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=1)
    tid = snap.table_id
    assert [s.player_id for s in snap.seats] == ["alice", None, None, None]
    await r.service.join(BOB, tid, seat=2)
    with pytest.raises(Refused) as exc:
        await r.service.join(BOB, tid)
    assert exc.value.code is TableRefusal.ALREADY_SEATED
    with pytest.raises(Refused) as exc:
        await r.service.join(CAROL, tid, seat=2)
    assert exc.value.code is TableRefusal.SEAT_TAKEN
    after = await r.service.leave(ALICE, tid)
    assert after.host_id == "bob"
    last = await r.service.leave(BOB, tid)  # the last person out closes the table
    assert last.status is TableStatus.CANCELLED
    await r.service.settle()
    kinds = [type(e) for e in r.presenter.events]
    assert kinds == [ev.TableCreated, ev.SeatChanged, ev.SeatChanged, ev.SeatChanged, ev.TableCancelled]
    with pytest.raises(Refused) as exc:
        await r.service.join(CAROL, tid)
    assert exc.value.code is TableRefusal.TABLE_CLOSED


async def test_computers_fill_and_a_person_displaces_a_computer(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(players=3), seed=1)
    tid = snap.table_id
    await r.service.add_computer(ALICE, tid)
    await r.service.add_computer(ALICE, tid)
    with pytest.raises(Refused) as exc:
        await r.service.add_computer(ALICE, tid)
    assert exc.value.code is TableRefusal.TABLE_FULL
    joined = await r.service.join(BOB, tid)  # takes the first computer's seat
    assert [s.player_id for s in joined.seats] == ["alice", "bob", None]


async def test_server_settings_defaults_and_channels(r: Rig) -> None:
    # Server settings are Manage Server's: a moderator of channels runs tables, not the server
    for someone in (ALICE, Actor("chan-mod", is_moderator=True)):
        with pytest.raises(Refused) as exc:
            await r.service.set_server_settings(someone, GUILD, ServerSettings())
        assert exc.value.code is TableRefusal.NOT_MANAGER
    defaults = TableOptions(rules=RuleSet(players=5), time_limit=3600.0, computer_level=Level.HARD)
    await r.service.set_server_settings(MOD, GUILD, ServerSettings(defaults, frozenset({"games"})))
    got = await r.service.server_settings(GUILD)
    assert got.defaults == defaults and got.allowed_channels == {"games"}
    with pytest.raises(Refused) as exc:
        await r.service.create_table(ALICE, GUILD, "general")
    assert exc.value.code is TableRefusal.CHANNEL_NOT_ALLOWED
    in_thread = await r.service.create_table(ALICE, GUILD, "thread-9", parent_channel_id="games")
    assert in_thread.options == defaults and len(in_thread.seats) == 5
    assert (await r.service.server_settings("other")).allowed_channels == frozenset()
    assert [t.table_id for t in r.service.tables(GUILD, "thread-9")] == [in_thread.table_id]
    assert [t.table_id for t in r.service.tables_of("alice")] == [in_thread.table_id]


async def test_a_channel_disallowed_is_closed_whatever_was_allowed_before(r: Rig) -> None:
    """Disallowing a channel where every channel is allowed closes it (it changed nothing), and
    disallowing the only channel named is refused (it opened every channel again); allowing a
    closed channel opens it again, the others staying open."""

    async def opens(channel: str, parent: str | None = None) -> bool:
        try:
            snap = await r.service.create_table(ALICE, GUILD, channel, parent_channel_id=parent)
        except Refused as exc:
            assert exc.code is TableRefusal.CHANNEL_NOT_ALLOWED
            return False
        await r.service.cancel(ALICE, snap.table_id)
        return True

    async def change(**request: str) -> None:
        await r.service.change_server_settings(MOD, GUILD, "general", SettingsRequest(**request))

    await change(disallow_channel="spam")
    assert not await opens("spam") and not await opens("thread-1", "spam")
    assert await opens("general") and await opens("thread-2", "general")
    await change(allow_channel="spam")
    assert await opens("spam") and await opens("general")
    await change(allow_channel="games")
    assert await opens("games") and not await opens("general")
    with pytest.raises(Refused) as exc:
        await change(disallow_channel="games")
    assert exc.value.code is TableRefusal.LAST_CHANNEL
    assert await opens("games") and not await opens("general")
    assert (await r.service.server_settings(GUILD)).allowed_channels == {"games"}


async def test_a_table_is_not_opened_with_the_defaults_while_the_settings_cant_be_read(
    r: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's settings can't be read as a table is asked for (the database locked): the
    defaults (any channel, four seats) would open it where the server allows no table, or with
    other options than the server's; the person is told the database is busy instead, nothing
    opened; nor are the defaults shown as the server's settings. Once the settings can be read,
    the server's channels and options hold."""
    defaults = TableOptions(rules=RuleSet(players=5))
    await r.service.set_server_settings(MOD, GUILD, ServerSettings(defaults, frozenset({"games"})))
    locked = settings_unreadable(monkeypatch, r.db)
    for channel in ("general", "games"):
        with pytest.raises(StorageUnavailable):
            await r.service.create_table(ALICE, GUILD, channel)
    with pytest.raises(StorageUnavailable):
        await r.service.requested_options(GUILD, "games", TableRequest(seats=4))
    with pytest.raises(Refused) as shown:  # /hearts settings: not the defaults shown as the server's
        await r.service.change_server_settings(MOD, GUILD, "games", SettingsRequest())
    assert shown.value.code is TableRefusal.STORAGE_BUSY
    assert r.service.tables(GUILD, "general") == [] and r.service.tables(GUILD, "games") == []
    locked.mend()
    assert len((await r.service.create_table(ALICE, GUILD, "games")).seats) == 5


async def test_cancel_a_running_game_records_nothing(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=1)
    await r.service.start_game(ALICE, snap.table_id)
    await r.service.cancel(MOD, snap.table_id)
    await r.service.settle()
    assert r.presenter.of(ev.TableCancelled)[0].by == "mod"
    assert (await leaderboard(r.db, GUILD)).rows == ()
    sheet = await r.service.score_sheet(snap.table_id)  # still readable from the database
    assert sheet.rows == ()
