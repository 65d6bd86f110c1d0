"""Rematch from the final standings: every person who played confirms (computers need none), then a
new table with the same seats and rules starts; a decline, a stranger's click, a second click, two
presses at once, an offer past its window, a start that fails and a restart in between are all
handled. The offer's age runs on the table service's manual clock."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime

import discord
import pytest

from bot.storage import WriteFault
from bot.tables import Actor, TableSnapshot, TableStatus
from bot.text import t
from cogs.hearts._rematch import REMATCH_WINDOW, expired
from cogs.hearts._wording import message_link
from discord_emulator import Message, Permission, User
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts
from tests.storage.targets import RawDatabase

REMATCH, DECLINE = t("button.rematch"), t("button.rematch_decline")
REVIEW = t("button.review_hand", hand=1)  # the last hand, for the review extension


async def _finished_game(hearts: Hearts) -> Message:
    standings = await hearts.one_hand_game()
    assert standings.labels == [REMATCH, DECLINE, REVIEW]
    return standings


def _started(hearts: Hearts, table: int) -> str:
    """The offer's last line once the rematch started: the new table's number, and a link to its
    table message (in its own thread: the players are in the old one)."""
    new = hearts.table_message()  # the newest: the new table's
    assert new is not None and f"hh:tbl:sheet:{table}" in new.custom_ids
    assert hearts.emu.state.channels[new.channel_id].parent_id == hearts.general.id  # a thread of its own
    link = message_link(str(hearts.guild.id), new.channel_id, new.id)
    return f"{t('rematch.started', table=table)}\n{t('hand.jump', link=link)}"


async def _press(hearts: Hearts, user: User, message: Message, label: str) -> Message | None:
    """Click; the private answer, or None if the click updated the standings message."""
    before = hearts.emu.message(message.id).edit_count
    ix = await hearts.emu.click(user, hearts.emu.message(message.id), label=label)
    await ix.wait_acknowledged()
    if ix.followups or (ix.original is not None and ix.original.ephemeral):
        return await hearts.reply(ix)
    await hearts.emu.wait_until(lambda: hearts.emu.message(message.id).edit_count > before, what="an edit")
    return None


async def test_everyone_confirms_across_a_restart_and_the_same_table_starts_again(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    alice, bob, carol = hearts.people[:3]
    standings = await _finished_game(hearts)
    text = standings.content
    old = await hearts.bot.service.table_snapshot(1)  # (a finished table is read from the database)

    stranger = await _press(hearts, carol, standings, REMATCH)
    assert stranger is not None and stranger.content == t("rematch.not_player")
    assert await _press(hearts, alice, standings, REMATCH) is None
    waiting = hearts.emu.message(standings.id).content
    assert waiting.startswith(text + "\n") and "(bob)" in waiting.splitlines()[-1]
    again = await _press(hearts, alice, standings, REMATCH)
    assert again is not None and again.content == t("rematch.confirmed")

    await hearts.restart(bot_runner)  # alice's answer lives in the message's buttons
    assert await _press(hearts, bob, standings, REMATCH) is None
    done = hearts.emu.message(standings.id)
    assert done.content == f"{text}\n{_started(hearts, 2)}" and done.labels == [REVIEW]
    await hearts.settle()
    new = hearts.bot.service.snapshot(2)
    assert [(s.kind, s.player_id) for s in new.seats] == [(s.kind, s.player_id) for s in old.seats]
    assert new.options == old.options and new.status.value == "playing"
    assert len(hearts.public("Hearts table #2")) == 1  # announced like any new table


async def test_a_rematch_the_bot_may_not_show_is_announced_at_once_without_a_link(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot loses Send Messages in the channel as the new table opens (after the presses were
    checked): the table starts, but it has no table message to link, and the notice does not wait
    for one (the table's clock stands still here)."""
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    service = hearts.bot.service
    create = service.create_table

    async def denied(*args: object, **kwargs: object) -> TableSnapshot:
        hearts.emu.set_overwrite(hearts.general, hearts.emu.bot, deny=Permission.SEND_MESSAGES)
        return await create(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "create_table", denied)
    assert await _press(hearts, alice, standings, REMATCH) is None
    assert await _press(hearts, bob, standings, REMATCH) is None
    assert hearts.emu.message(standings.id).content == f"{text}\n{t('rematch.started', table=2)}"
    assert hearts.bot.service.snapshot(2).status is TableStatus.PLAYING


async def test_no_rematch_starts_where_the_bot_may_not_post_and_each_press_says_why(hearts: Hearts) -> None:
    """/hearts new's check, made in the game's channel at every Rematch press: without Send
    Messages there, a press is answered privately with what is missing and not counted; the
    last confirmation, refused for Attach Files, starts nothing either (a table started there
    had no lobby nor table message: its game ran in DMs only); once granted, it starts."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    standings = await _finished_game(hearts)
    text = standings.content

    def refusal(*names: str) -> str:
        return t("reply.missing_permissions", permissions=", ".join(t(f"permission.{n}") for n in names))

    emu.set_overwrite(hearts.general, emu.bot, deny=Permission.SEND_MESSAGES)  # (Attach Files with it)
    first = await _press(hearts, alice, standings, REMATCH)
    assert first is not None and first.content == refusal("send_messages", "attach_files")
    assert emu.message(standings.id).content == text  # not counted: nobody is asked to confirm
    emu.set_overwrite(hearts.general, emu.bot)
    assert await _press(hearts, alice, standings, REMATCH) is None
    emu.set_overwrite(hearts.general, emu.bot, deny=Permission.ATTACH_FILES)
    last = await _press(hearts, bob, standings, REMATCH)
    assert last is not None and last.content == refusal("attach_files")
    waiting = emu.message(standings.id).content
    assert waiting.startswith(text + "\n") and "(bob)" in waiting.splitlines()[-1]  # still open
    await hearts.settle()
    assert not hearts.public("Hearts table #2")
    assert all(s.table_id != 2 for s in hearts.bot.service.tables(str(hearts.guild.id)))

    emu.set_overwrite(hearts.general, emu.bot)
    assert await _press(hearts, bob, standings, REMATCH) is None
    assert emu.message(standings.id).content == f"{text}\n{_started(hearts, 2)}"


async def test_a_decline_ends_the_offer_and_nothing_starts(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    assert await _press(hearts, alice, standings, REMATCH) is None
    assert await _press(hearts, bob, standings, DECLINE) is None
    closed = hearts.emu.message(standings.id)
    assert closed.content == f"{text}\n{t('rematch.declined', name='bob')}"
    assert closed.labels == [REVIEW]  # the offer's buttons go; Review hand stays
    assert not hearts.public("Hearts table #2")


def test_an_offer_expires_after_its_window() -> None:
    now = 1_800_000_000.0

    def posted(seconds_ago: float) -> int:
        return discord.utils.time_snowflake(datetime.fromtimestamp(now - seconds_ago, tz=UTC))

    assert not expired(posted(60), now)
    assert not expired(posted(REMATCH_WINDOW - 1), now)
    assert expired(posted(REMATCH_WINDOW + 1), now)


async def test_an_offer_closes_once_its_window_has_passed(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    posted = discord.utils.snowflake_time(standings.id).timestamp()
    hearts.clock.set(max(hearts.clock.now(), posted + REMATCH_WINDOW - 1))
    assert await _press(hearts, alice, standings, REMATCH) is None  # still open: counted
    assert "(bob)" in hearts.emu.message(standings.id).content.splitlines()[-1]
    hearts.clock.set(posted + REMATCH_WINDOW + 1)
    assert await _press(hearts, bob, standings, REMATCH) is None
    closed = hearts.emu.message(standings.id)
    assert closed.content == f"{text}\n{t('rematch.expired')}" and closed.labels == [REVIEW]
    await hearts.settle()
    assert not hearts.public("Hearts table #2")  # nothing started


async def test_two_presses_at_once_start_one_table(hearts: Hearts) -> None:
    """Both buttons still say nobody has confirmed: the second press counts the first's answer."""
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    message = hearts.emu.message(standings.id)
    presses = await asyncio.gather(
        hearts.emu.click(alice, message, label=REMATCH), hearts.emu.click(bob, message, label=REMATCH)
    )
    for press in presses:
        await press.wait_acknowledged()
    started = f"{text}\n{t('rematch.started', table=2)}\n"
    await hearts.emu.wait_until(
        lambda: hearts.emu.message(standings.id).content.startswith(started), what="the start"
    )
    await hearts.settle()
    assert hearts.emu.message(standings.id).content == f"{text}\n{_started(hearts, 2)}"
    assert hearts.emu.message(standings.id).labels == [REVIEW]  # the offer's buttons go
    assert len(hearts.public("Hearts table #2")) == 1 and not hearts.public("Hearts table #3")


async def test_a_press_while_the_new_table_is_being_started_is_acknowledged_at_once(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last confirmation starts the table (several writes, here held): a press meanwhile is
    acknowledged without waiting for it (Discord gives 3 s), then answered as out of date."""
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    assert await _press(hearts, alice, standings, REMATCH) is None
    service, opening, go = hearts.bot.service, asyncio.Event(), asyncio.Event()
    create = service.create_table

    async def held(*args: object, **kwargs: object) -> TableSnapshot:
        opening.set()
        await go.wait()
        return await create(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "create_table", held)
    last = await hearts.emu.click(bob, hearts.emu.message(standings.id), label=REMATCH)
    await asyncio.wait_for(opening.wait(), 10)
    again = await hearts.emu.click(alice, hearts.emu.message(standings.id), label=DECLINE)
    await again.wait_acknowledged()  # while the start is still held
    assert not go.is_set()
    go.set()
    await last.wait_acknowledged()
    assert (await hearts.reply(again)).content == t("table.stale")
    await hearts.settle()
    assert len(hearts.public("Hearts table #2")) == 1


async def test_a_press_that_must_save_the_tables_language_is_acknowledged_first(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """The table's language was never saved (its save lost to a stop): the press that chooses
    it again writes it, and another process holds the writer, so the press is acknowledged
    before that write (Discord gives 3 s), then the standings say who is still to confirm."""
    alice = hearts.people[0]
    standings = await _finished_game(hearts)
    await hearts.bot.db.set_presenter_data(1, "locale", None)  # as if its save had been lost
    await hearts.restart(bot_runner)
    other = RawDatabase(f"sqlite:///{hearts.db}")
    await hearts.bot.db.set_busy_timeout(60)  # the bot's write waits for the lock
    before = hearts.emu.message(standings.id).edit_count
    async with other.write_lock():
        press = await hearts.emu.click(alice, hearts.emu.message(standings.id), label=REMATCH)
        await press.wait_acknowledged()  # while the lock is held
        assert hearts.emu.message(standings.id).edit_count == before
    await hearts.emu.wait_until(lambda: hearts.emu.message(standings.id).edit_count > before, what="an edit")
    assert "(bob)" in hearts.emu.message(standings.id).content.splitlines()[-1]  # alice confirmed
    assert await other.fetch("SELECT value FROM presenter_data WHERE table_id = 1 AND key = 'locale'") == [
        ("en",)
    ]


async def test_a_start_that_fails_takes_the_answer_back_and_may_be_tried_again(hearts: Hearts) -> None:
    """The new table is refused (tables are no longer allowed in the channel): the last press is
    answered with why, the offer stays open without it, and the same press later starts the table."""
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    service = hearts.bot.service
    guild = str(hearts.guild.id)
    moderator = Actor("mod", is_moderator=True, manages_server=True)
    open_everywhere = await service.server_settings(guild)
    elsewhere = replace(open_everywhere, allowed_channels=frozenset({"1"}))
    await service.set_server_settings(moderator, guild, elsewhere)
    assert await _press(hearts, alice, standings, REMATCH) is None
    press = await hearts.emu.click(bob, hearts.emu.message(standings.id), label=REMATCH)
    refused = await hearts.reply(press)  # after a defer: the refusal comes as a followup
    assert refused.content == t("table.channel_not_allowed")
    waiting = hearts.emu.message(standings.id)
    assert "(bob)" in waiting.content.splitlines()[-1] and waiting.custom_ids  # still open, bob not counted
    assert not hearts.public("Hearts table #2")

    await service.set_server_settings(moderator, guild, open_everywhere)
    assert await _press(hearts, bob, standings, REMATCH) is None
    done = hearts.emu.message(standings.id)
    assert done.content == f"{text}\n{_started(hearts, 2)}" and done.labels == [REVIEW]


async def test_a_start_that_fails_once_the_table_is_open_closes_it_and_may_be_tried_again(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails after the new table was opened (as bob is seated at it): the half-seated
    lobby is closed, not left in the channel, bob is told to try again, and his press then starts
    one table with everyone."""
    alice, bob = hearts.people[:2]
    standings = await _finished_game(hearts)
    text = standings.content
    service = hearts.bot.service
    join = service.join

    async def full_disk_once(actor: Actor, table_id: int, seat: int | None = None) -> TableSnapshot:
        """The disk is full while the first player is seated (every write then fails for real)."""
        monkeypatch.setattr(service, "join", join)
        hearts.bot.db.faults.fail(WriteFault.DISK_FULL)
        try:
            return await join(actor, table_id, seat)
        finally:
            hearts.bot.db.faults.clear()

    assert await _press(hearts, alice, standings, REMATCH) is None
    monkeypatch.setattr(service, "join", full_disk_once)
    press = await hearts.emu.click(bob, hearts.emu.message(standings.id), label=REMATCH)
    assert (await hearts.reply(press)).content == t("table.storage_busy")
    await hearts.settle()
    assert (await service.table_snapshot(2)).status is TableStatus.CANCELLED  # opened, then closed
    waiting = hearts.emu.message(standings.id)
    assert "(bob)" in waiting.content.splitlines()[-1] and waiting.custom_ids  # still open, bob not counted

    assert await _press(hearts, bob, standings, REMATCH) is None
    done = hearts.emu.message(standings.id)
    assert done.content == f"{text}\n{_started(hearts, 3)}" and done.labels == [REVIEW]
    await hearts.settle()
    assert service.snapshot(3).status is TableStatus.PLAYING
    assert {s.player_id for s in service.snapshot(3).seats} >= {str(alice.id), str(bob.id)}


async def test_a_host_who_quit_runs_neither_the_game_nor_the_others_rematch(hearts: Hearts) -> None:
    """Alice hosts and quits mid-game: she can't cancel the game the others play on, and their
    rematch is hosted by one of them (she is not at it): Bob can cancel it, she can't."""
    alice, bob, carol = hearts.people[:3]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob, carol])
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    assert (await hearts.reply(await emu.slash(alice, hearts.general, "hearts leave"))).content == t(
        "reply.done"
    )
    refused = await hearts.reply(await emu.slash(alice, hearts.general, "hearts cancel"))
    assert refused.content == t("table.not_host")
    await hearts.play_until(hearts.game_over, [bob, carol])
    await hearts.settle()
    (standings,) = hearts.public(GAME_OVER)
    for who in (bob, carol):
        await _press(hearts, who, standings, REMATCH)
    await emu.wait_until(
        lambda: t("rematch.started", table=2) in emu.message(standings.id).content, what="the rematch"
    )
    await hearts.settle()
    assert hearts.bot.service.snapshot(2).host_id == str(bob.id)
    refused = await hearts.reply(await emu.slash(alice, hearts.general, "hearts cancel"))
    assert refused.content == t("table.not_host")
    done = await hearts.reply(await emu.slash(bob, hearts.general, "hearts cancel"))
    assert done.content == t("reply.done")
    assert (await hearts.bot.service.table_snapshot(2)).status is TableStatus.CANCELLED
