"""The daily challenge through the emulator: /hearts daily play in two servers deals both people
the same cards in their DMs, the game runs there without a turn timer, the result comes privately
with a Share button whose public line holds no card, a second attempt is refused, the board and
bad days are answered privately, and a closed day's summary goes out once per server (or, without
permission, one line to the admins)."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from bot.client.once import HISTORY_LOOK
from bot.daily import days
from bot.daily.service import RECORD_RETRY, SUMMARY_RETRY
from bot.engine.cards import cards_of
from bot.engine.duplicate import boards
from bot.render import daily_board
from bot.storage import WriteFault
from bot.storage import daily as store
from bot.tables import Actor, ServerSettings
from bot.text import LANGUAGES, t
from bot.text.cards import card_full_name, card_name
from bot.text.daily import deal_lines
from bot.text.moments import timestamp
from cogs.daily._commands import Daily
from cogs.daily._presenter import BOARD_IMAGE, RESULT_IMAGE
from discord_emulator import CommandNotAvailable, DiscordEmulator, Message, Permission, User
from discord_emulator.pytest_plugin import ErrorLogCollector
from discord_emulator.route_keys import CREATE_MESSAGE
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts, bot_clock, make_bot

ADMIN = Actor("admin", is_moderator=True, manages_server=True)
RESULT = re.compile(r"Daily challenge #\d+: ")


def daily_cog(h: Hearts) -> Daily:
    cog = h.bot.get_cog("Daily")
    assert cog is not None
    return cog  # type: ignore[return-value]


def result_dm(h: Hearts, user: User) -> Message | None:
    return next((m for m in h.emu.dm_messages(user) if RESULT.search(m.content)), None)


def first_pass_cards(message: Message) -> set[int]:
    """The cards of a passing message's buttons (``hh:pick:table:seat:move:card:chosen``)."""
    return {int(c.split(":")[5]) for c in message.custom_ids if c.startswith("hh:pick:")}


async def start(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, at: float | None = None
) -> tuple[Hearts, Hearts]:
    """ann in server One, bob in server Two, and the bot, its clock at ``at`` (default: the
    emulator's fixed start, a noon)."""
    ann, bob = emulator.create_user("ann"), emulator.create_user("bob")
    one = emulator.create_guild("One", members=[ann])
    two = emulator.create_guild("Two", members=[bob])
    clock = bot_clock(emulator, at)
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return (
        Hearts(emulator, bot, clock, db, one, one.channel("general"), [ann]),
        Hearts(emulator, bot, clock, db, two, two.channel("general"), [bob]),
    )


async def play_daily(h: Hearts, user: User) -> Message:
    ix = await h.emu.slash(user, h.general, "hearts daily play")
    answer = await h.reply(ix)
    assert "waiting in your DMs" in answer.content
    await h.play_until(lambda: result_dm(h, user) is not None, [user])
    found = result_dm(h, user)
    assert found is not None
    return found


async def test_two_servers_same_deals_one_attempt_and_a_share_line_without_cards(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h1, h2 = await start(emulator, bot_runner, tmp_path)
    ann, bob = h1.people[0], h2.people[0]
    for h, user in ((h1, ann), (h2, bob)):
        ix = await emulator.slash(user, h.general, "hearts daily play")
        assert "waiting in your DMs" in (await h.reply(ix)).content
    ann_hand = await h1.hand_with(ann, "pick")
    bob_hand = await h2.hand_with(bob, "pick")
    service = daily_cog(h1).service
    deal = boards(days.RULES, service.seed(service.today()), days.HANDS)[0]
    assert first_pass_cards(ann_hand) == first_pass_cards(bob_hand) == set(cards_of(deal.hands[0]))
    # Nothing public in either server shows a card (the game is in the DMs).
    assert not [m for m in emulator.state.messages.values() if m.guild_id is not None and not m.ephemeral]

    await h1.play_until(lambda: result_dm(h1, ann) is not None, [ann])
    await h1.settle()
    result = result_dm(h1, ann)
    assert result is not None and any(c.startswith("hh:daily:share:") for c in result.custom_ids)
    # The daily game's own end: no winner, crown or ranking against three computers, but each hand
    # against par and the result line, in the picture and its alt text.
    dms = emulator.dm_messages(ann)
    assert not [m for m in dms if GAME_OVER in m.content or "won" in m.content]
    assert not [a for m in dms for a in m.attachments if a.filename == "standings.png"]
    (picture,) = result.attachments
    assert picture.filename == RESULT_IMAGE and picture.image().width >= 700
    hands = re.search(r"Hands: ([\d ·]+)", result.content)
    assert hands is not None
    alt = picture.description or ""
    for hand, points in enumerate(hands.group(1).split(" · "), start=1):
        assert re.search(rf"Hand {hand}: {points} points?, par \d+\.", alt), alt
    total = sum(int(p) for p in hands.group(1).split(" · "))
    assert f"{total} point" in alt and ("over par" in alt or "under par" in alt or "level par" in alt)
    again = await emulator.slash(ann, h1.general, "hearts daily play")
    assert "one attempt per day" in (await h1.reply(again)).content

    share = await emulator.click(ann, result, label="Share")
    assert "Shared in" in (await h1.reply(share)).content
    line = await h1.wait_public("Hearts daily #1")
    assert line.channel_id == h1.general.id
    names = {card_name(c, lang) for c in range(52) for lang in LANGUAGES}
    names |= {card_full_name(c, lang) for c in range(52) for lang in LANGUAGES}
    assert not [n for n in names if n in line.content], line.content
    assert not re.search(r"[♠♥♦♣]", line.content)
    assert t("daily.par.pending") not in line.content  # par was computed in the background


async def test_a_double_play_starts_one_game_with_one_intro(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """/hearts daily play twice at once: one intro in the DMs, one game; the second answer says
    the game goes on."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    first, second = await asyncio.gather(
        *(emulator.slash(ann, h.general, "hearts daily play") for _ in range(2))
    )
    answers = sorted([(await h.reply(first)).content, (await h.reply(second)).content])
    assert answers == sorted([t("daily.started", number=1), t("daily.resumed", number=1)])
    await h.hand_with(ann, "pick")
    await h.settle()
    intros = [m for m in emulator.dm_messages(ann) if "**Daily challenge #1**" in m.content]
    assert len(intros) == 1
    assert len(h.bot.service.tables_of(str(ann.id))) == 1


async def test_resume_after_a_restart_then_the_board_and_bad_days(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    with pytest.raises(CommandNotAvailable):  # Discord offers /hearts only in servers
        await emulator.slash(ann, emulator.dm_channel(ann), "hearts daily play")
    nobody = await emulator.slash(ann, h.general, "hearts daily board")
    assert "Nobody on this server finished" in (await h.reply(nobody)).content
    ix = await emulator.slash(ann, h.general, "hearts daily play")
    await h.reply(ix)
    await h.pass_hand(ann)  # the first hand's pass, then a restart mid-hand
    await h.settle()
    await h.restart(bot_runner, downtime=3 * 3600.0)  # hours away: no turn timer runs out
    again = await emulator.slash(ann, h.general, "hearts daily play")
    assert "it goes on in your DMs" in (await h.reply(again)).content
    await h.play_until(lambda: result_dm(h, ann) is not None, [ann])
    board = await emulator.slash(ann, h.general, "hearts daily board", day="1")
    answer = await h.reply(board)
    assert "Daily challenge #1" in answer.content and "1. ann:" in answer.content
    assert answer.attachments and answer.attachments[0].description
    assert "The day is still open" in answer.content
    # The day's own board picture: open, with par; not the final standings of a game.
    (board_picture,) = answer.attachments
    assert board_picture.filename == BOARD_IMAGE
    board_alt = board_picture.description or ""
    assert board_alt.startswith("Board of daily challenge #1, ") and ": Open until " in board_alt
    assert "Par " in board_alt and "1. ann: " in board_alt and "percentile" in board_alt
    assert re.search(r", hands \d+, \d+, \d+, \d+, percentile", board_alt), board_alt  # as Share marks them
    assert t("image.final_standings") not in board_alt
    for day, expected in (
        ("2999-01-01", "hasn't started yet"),
        ("2000-01-01", "There was no daily challenge that day"),
        ("last tuesday", "I can't read that day"),
    ):
        bad = await emulator.slash(ann, h.general, "hearts daily board", day=day)
        assert expected in (await h.reply(bad)).content
    assert await h.bot.db.rows("SELECT COUNT(*) FROM game_players") == [(0,)]  # no ordinary record
    stats = await h.reply(await emulator.slash(ann, h.general, "stats"))
    assert "**Daily challenge**: 1 day played" in stats.content and "streak 1 (longest 1)" in stats.content


async def test_the_summary_of_a_closed_day_goes_out_once_or_tells_the_admins(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h1, h2 = await start(emulator, bot_runner, tmp_path)
    ann, bob = h1.people[0], h2.people[0]
    bot = h1.bot
    owner_two = emulator.state.users[h2.guild.owner_id]
    await bot.service.set_server_settings(
        ADMIN, str(h1.guild.id), ServerSettings(daily_channel=str(h1.general.id))
    )
    await bot.service.set_server_settings(
        ADMIN, str(h2.guild.id), ServerSettings(daily_channel=str(h2.general.id))
    )
    emulator.set_overwrite(h2.general, emulator.bot, deny=Permission.SEND_MESSAGES)
    await play_daily(h1, ann)
    ix = await emulator.slash(bob, h2.general, "hearts daily play")
    await h2.reply(ix)
    await h2.play_until(lambda: result_dm(h2, bob) is not None, [bob])
    h1.clock.advance(2 * days.DAY_SECONDS)  # the next day ends: the first one closes
    summary = await h1.wait_public("is closed")
    assert summary.channel_id == h1.general.id and summary.attachments
    assert ": Final. Par " in (summary.attachments[0].description or "")  # the closed day's board
    service = daily_cog(h1).service
    deals = boards(days.RULES, service.seed(service.first_day or service.today()), days.HANDS)
    assert all(card_name(c) in summary.content for d in deals for h in d.hands for c in cards_of(h))
    told = await emulator.wait_for_message(
        lambda m: m.channel_id == emulator.dm_channel(owner_two).id and "could not post" in m.content,
        what="the line to the admins of server Two",
    )
    assert f"<#{h2.general.id}>" in told.content
    await h1.settle()
    await h1.restart(bot_runner, downtime=60.0)
    await daily_cog(h1).service.settle()
    assert await daily_cog(h1).service.close_days() == 0
    assert [m.channel_id for m in h1.public("is closed")] == [h1.general.id]  # once, in server One


# == the day's edge (RULES.md §3a): a day's challenge can be finished until the next day ends ==

EVE = dt.datetime(2026, 11, 27, 23, 50, tzinfo=dt.UTC).timestamp()  # ten minutes before midnight
FRIDAY, SATURDAY = dt.date(2026, 11, 27), dt.date(2026, 11, 28)
GO_ON, GIVE_UP = "Go on with #1", "Give it up, play today's #2"


async def unfinished_at_midnight(h: Hearts, user: User, minutes_after: int) -> Message:
    """``user`` starts the challenge at 23:50 and passes the first hand; ``minutes_after``
    midnight they ask for the challenge again: the offer (its buttons left to the test)."""
    await h.reply(await h.emu.slash(user, h.general, "hearts daily play"))
    await h.pass_hand(user)
    await h.settle()
    h.clock.advance((10 + minutes_after) * 60)  # midnight: the day's work runs (par, closes)
    await daily_cog(h).service.settle()
    offer = await h.reply(await h.emu.slash(user, h.general, "hearts daily play"))
    h.seen.add((offer.id, offer.edit_count))  # its buttons are the test's to click
    closes = f"<t:{int(days.closes_at(FRIDAY))}:R>"
    assert (
        f"You haven't finished daily challenge #1 ({FRIDAY}): it can be finished until it closes {closes}"
        in (offer.content)
    )
    assert offer.labels == [GO_ON, GIVE_UP]
    return offer


async def test_a_challenge_started_at_23_50_goes_on_after_midnight_and_counts_for_its_day(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, _ = await start(emulator, bot_runner, tmp_path, at=EVE)
    ann = h.people[0]
    offer = await unfinished_at_midnight(h, ann, minutes_after=10)  # 00:10 on Saturday
    await h.restart(bot_runner)  # the buttons carry what they need: they work after a restart
    on = await h.reply(await h.click(ann, offer, GO_ON))
    assert f"Daily challenge #1 ({FRIDAY}) goes on in your DMs." == on.content
    await h.play_until(lambda: result_dm(h, ann) is not None, [ann])
    result = result_dm(h, ann)
    assert result is not None and "Daily challenge #1: " in result.content  # Friday's result
    board = await h.reply(await emulator.slash(ann, h.general, "hearts daily board", day=FRIDAY.isoformat()))
    assert "Daily challenge #1" in board.content and "1. ann:" in board.content


async def test_give_up_yesterdays_challenge_for_todays_and_stale_clicks_change_nothing(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, _ = await start(emulator, bot_runner, tmp_path, at=EVE)
    ann = h.people[0]
    service = daily_cog(h).service
    offer = await unfinished_at_midnight(h, ann, minutes_after=5)
    gave = await h.reply(await h.click(ann, offer, GIVE_UP))
    assert gave.content == (
        "You gave up daily challenge #1: no result for that day.\n"
        "Your daily challenge #2 is waiting in your DMs."
    )
    friday = await service.attempt(str(ann.id), FRIDAY)
    assert friday is not None and friday.finished and friday.total is None  # given up: no result
    hand = await h.hand_with(ann, "pick")  # Saturday's cards
    deal = boards(days.RULES, service.seed(SATURDAY), days.HANDS)[0]
    assert first_pass_cards(hand) == set(cards_of(deal.hands[0]))
    await h.settle()  # Saturday's intro went out with the start that failed, and only then
    assert len([m for m in emulator.dm_messages(ann) if "**Daily challenge #2**" in m.content]) == 1
    for label in (GIVE_UP, GO_ON):  # a second click, then the other button: both stale
        stale = await h.reply(await h.click(ann, offer, label))
        assert "That choice is out of date" in stale.content
    again = await h.reply(await emulator.slash(ann, h.general, "hearts daily play"))
    assert again.content == "You are playing today's challenge #2: it goes on in your DMs."
    assert await service.attempt(str(ann.id), SATURDAY) is not None
    assert await h.bot.db.rows("SELECT COUNT(*) FROM daily_attempts WHERE total IS NOT NULL") == [(0,)]


async def test_give_up_when_todays_cant_start_says_so_and_play_starts_it(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills between giving up yesterday's challenge and starting today's: the answer
    says the one happened and the other did not (not "nothing was changed"); once the disk is
    mended, /hearts daily play deals today's, without a second intro."""
    h, _ = await start(emulator, bot_runner, tmp_path, at=EVE)
    ann = h.people[0]
    service = daily_cog(h).service
    offer = await unfinished_at_midnight(h, ann, minutes_after=5)
    end = service._end

    async def then_disk_full(table_id: int) -> bool:
        ended = await end(table_id)
        h.bot.db.faults.fail(WriteFault.DISK_FULL)
        return ended

    monkeypatch.setattr(service, "_end", then_disk_full)
    gave = await h.reply(await h.click(ann, offer, GIVE_UP))
    assert gave.content == (
        "You gave up daily challenge #1: no result for that day.\n"
        "Today's challenge could not start just now: try /hearts daily play again in a moment."
    )
    h.bot.db.faults.clear()
    await h.reply(await emulator.slash(ann, h.general, "hearts daily play"))
    hand = await h.hand_with(ann, "pick")  # Saturday's cards
    deal = boards(days.RULES, service.seed(SATURDAY), days.HANDS)[0]
    assert first_pass_cards(hand) == set(cards_of(deal.hands[0]))
    await h.settle()  # Saturday's intro went out with the start that failed, and only then
    assert len([m for m in emulator.dm_messages(ann) if "**Daily challenge #2**" in m.content]) == 1


async def test_a_play_that_runs_across_midnight_reads_the_day_once(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    midnight = days.day_start(SATURDAY)
    h, _ = await start(emulator, bot_runner, tmp_path, at=midnight - 1)
    ann = h.people[0]
    service = daily_cog(h).service
    looked_up = service.attempt

    async def midnight_passes(player_id: str, day: dt.date) -> object:
        h.clock.set(midnight + 1)  # the clock crosses midnight while the command runs
        return await looked_up(player_id, day)

    monkeypatch.setattr(service, "attempt", midnight_passes)
    answer = await h.reply(await emulator.slash(ann, h.general, "hearts daily play"))
    assert answer.content == "Your daily challenge #1 is waiting in your DMs."
    intro = await emulator.wait_for_message(
        lambda m: m.channel_id == emulator.dm_channel(ann).id and "Daily challenge #" in m.content,
        what="the intro",
    )
    assert f"**Daily challenge #1** · {FRIDAY} (UTC)" in intro.content
    hand = await h.hand_with(ann, "pick")  # Friday's cards, in Friday's attempt
    assert first_pass_cards(hand) == set(
        cards_of(boards(days.RULES, service.seed(FRIDAY), days.HANDS)[0].hands[0])
    )
    assert await looked_up(str(ann.id), SATURDAY) is None


async def claimed_before_connected(h: Hearts) -> None:
    """Wait, with a bound, until the bot (not connected yet) has claimed the server's summary."""
    for _ in range(1000):
        db = getattr(h.bot, "db", None)
        claims = "SELECT 1 FROM daily_posts WHERE guild_id = ?"
        if db is not None and await db.rows(claims, (str(h.guild.id),)):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the summary owed at start was not claimed within 10 s")


async def test_a_summary_owed_after_downtime_goes_out_once_the_bot_is_connected(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The bot was down when the day closed: the next start finds the summary owed before the
    gateway has told it of any channel (its connection held until the summary is claimed). It
    goes out once the bot is connected (not a line to the admins, never noted out unsent), and
    never again."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    await h.bot.service.set_server_settings(
        ADMIN, str(h.guild.id), ServerSettings(daily_channel=str(h.general.id))
    )
    await play_daily(h, ann)
    await h.settle()
    emulator.gateway.hold_identifies()
    # down while the day closed
    restarting = asyncio.ensure_future(h.restart(bot_runner, downtime=2 * days.DAY_SECONDS))
    await emulator.wait_until(lambda: emulator.gateway.identifies_held, what="the new bot connecting")
    await claimed_before_connected(h)
    emulator.gateway.release_identifies()
    await restarting
    summary = await h.wait_public("is closed")
    assert summary.channel_id == h.general.id and summary.attachments
    await daily_cog(h).service.settle()
    assert not [m for m in emulator.state.messages.values() if "could not post" in m.content]
    await h.restart(bot_runner, downtime=60.0)
    await daily_cog(h).service.settle()
    assert [m.channel_id for m in h.public("is closed")] == [h.general.id]  # once


async def test_a_result_discord_fails_to_send_comes_later_once_across_restarts(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Discord fails the result's DM (a 503) at the game's end, and again at the next start: it
    comes a minute after that, once. A restart after a crash between the DM and its note (the
    result still owed in the database) finds the DM there and sends nothing more."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    dm = emulator.dm_channel(ann).id
    failed = emulator.faults.server_error(
        CREATE_MESSAGE,
        status=503,
        times=2,
        where=lambda r: r.path == f"/channels/{dm}/messages" and RESULT_IMAGE in r.files,
    )
    await h.reply(await emulator.slash(ann, h.general, "hearts daily play"))
    await h.play_until(lambda: failed.hits, [ann])
    await daily_cog(h).service.settle()
    assert result_dm(h, ann) is None
    await h.restart(bot_runner, downtime=1.0)  # its start tries it again: refused again
    await emulator.wait_until(lambda: failed.exhausted, what="the result refused at the start")
    await daily_cog(h).service.settle()
    assert result_dm(h, ann) is None
    h.clock.advance(RECORD_RETRY)
    await emulator.wait_until(lambda: result_dm(h, ann), what="the result sent a minute later")
    await daily_cog(h).service.settle()
    await h.bot.db.execute(("UPDATE daily_attempts SET result_owed = 1", ()))  # as if killed before the note
    await h.restart(bot_runner, downtime=1.0)
    await daily_cog(h).service.settle()
    h.clock.advance(RECORD_RETRY)
    await daily_cog(h).service.settle()
    assert len([m for m in emulator.dm_messages(ann) if RESULT.search(m.content)]) == 1
    assert await h.bot.db.rows("SELECT result_owed FROM daily_attempts") == [(0,)]


async def test_a_failed_summary_holds_up_no_other_server_and_is_posted_later(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, error_log: ErrorLogCollector
) -> None:
    """Server One's summary fails on Discord (its servers are gone through first): server Two's
    goes out all the same, and One's is tried again later, once."""
    h1, h2 = await start(emulator, bot_runner, tmp_path)
    for h in (h1, h2):
        await h.bot.service.set_server_settings(
            ADMIN, str(h.guild.id), ServerSettings(daily_channel=str(h.general.id))
        )
        await play_daily(h, h.people[0])
    await h1.settle()
    assert str(h1.guild.id) < str(h2.guild.id)  # One comes first
    fault = emulator.faults.fail(
        CREATE_MESSAGE,
        status=400,
        code=50035,
        message="Invalid Form Body",
        where=lambda r: f"/channels/{h1.general.id}/messages" in r.path,
    )
    failed = error_log.allow(f"daily summary of .* for server {h1.guild.id} failed", logger="bot")
    h1.clock.advance(2 * days.DAY_SECONDS)  # the first day closes
    two = await h2.wait_public("is closed")
    assert two.channel_id == h2.general.id
    await daily_cog(h1).service.settle()
    assert fault.exhausted and failed.seen == 1
    assert [m.channel_id for m in h1.public("is closed")] == [h2.general.id]  # anywhere: Two's only
    h1.clock.advance(SUMMARY_RETRY)  # the next try
    await emulator.wait_for_message(
        lambda m: "is closed" in m.content, channel=h1.general, what="server One's summary"
    )
    await daily_cog(h1).service.settle()
    assert sorted(m.channel_id for m in h1.public("is closed")) == [h1.general.id, h2.general.id]
    assert await daily_cog(h1).service.close_days() == 0  # noted out: never again


async def test_a_share_click_is_answered_in_time_however_slow_the_reads(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Share reads the result and posts in a channel before it can say it did: it acknowledges the
    click first, so a slow database (on the emulator's clock, past Discord's 3 seconds) leaves the
    click answered."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    service = daily_cog(h).service
    read = service.result

    async def slow_read(day: dt.date, player_id: str) -> object:
        emulator.clock.advance(3.5)  # a writer's backlog: Discord's deadline passes meanwhile
        return await read(day, player_id)

    monkeypatch.setattr(service, "result", slow_read)
    share = await emulator.click(ann, emulator.message(result.id), label="Share")
    assert "Shared in" in (await h.reply(share)).content
    assert await h.wait_public("Hearts daily #1")
    assert not share.invalidated and all(c.status < 300 for c in share.callbacks), share.callbacks


async def test_a_daily_game_is_looked_at_by_nobody_until_its_day_closes(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Every attempt of a day plays the same deals: a finished daily game can't be replayed in a
    channel, nor reviewed by its own player (its hands face up show the computers' cards), while
    others can still play them; once the day has closed it can."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    await play_daily(h, ann)
    await h.settle()
    day = daily_cog(h).service.today()
    attempt = await store.attempt(h.bot.db, day.isoformat(), str(ann.id))
    assert attempt is not None and attempt.table_id is not None
    table = attempt.table_id
    hidden = t("review.problem.daily_not_over", table=table, closes=timestamp(days.closes_at(day), "R"))
    ix = await emulator.slash(ann, h.general, "hearts replay", table=table, hand=1)
    assert (await h.reply(ix)).content == hidden
    dm_table = [m for m in emulator.dm_messages(ann) if "hr:" in " ".join(m.custom_ids)]
    assert dm_table  # Review hand on her game's table message: refused the same way
    review = await emulator.click(ann, dm_table[-1], custom_id=dm_table[-1].custom_ids[-1])
    assert (await h.reply(review)).content == hidden
    assert not [
        m
        for m in emulator.state.messages.values()
        if any(a.filename.startswith("replay") for a in m.attachments)
    ]

    h.clock.set(days.closes_at(day))
    ix = await emulator.slash(ann, h.general, "hearts replay", table=table, hand=1)
    assert (await h.reply(ix)).content == t("review.posted", table=table, hand=1)
    assert await h.wait_public(t("review.public", table=table, hand=1, name="ann"))


async def test_a_share_button_of_a_day_before_this_databases_first_is_answered(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The bot runs on a new database from the next day (restored, moved): an old result DM's
    Share is for a day before that database's first daily. It is answered that there is no
    result to share (not as a failure), and nothing is posted."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    await emulator.settle()
    await bot_runner.stop(h.bot)
    h.clock.set(h.clock.now() + 86400)
    h.bot = make_bot(emulator, tmp_path / "new.sqlite3", h.clock)
    await bot_runner.start(h.bot)
    posted = len(h.public("Hearts daily #1"))
    share = await emulator.click(ann, emulator.message(result.id), label="Share")
    assert (await h.reply(share)).content == t("daily.share_none")
    await emulator.settle()
    assert len(h.public("Hearts daily #1")) == posted


async def test_a_big_servers_summary_keeps_the_deals_and_its_board_the_closing_line(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Forty people played on one server: the summary still holds every deal and the board still
    says the day is open, each within Discord's 2,000 characters, the places past what fits
    counted (the picture shows the top of the board)."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann, bot = h.people[0], h.bot
    guild = str(h.guild.id)
    await bot.service.set_server_settings(ADMIN, guild, ServerSettings(daily_channel=str(h.general.id)))
    service = daily_cog(h).service
    day, now = service.today(), h.clock.now()
    for n in range(40):
        player = str(9_000 + n)
        bot.known_names.learn(player, f"A rather long display name {n:02d}")
        await store.claim_attempt(bot.db, day.isoformat(), player, guild, str(h.general.id), "en", now)
        await store.finish_attempt(bot.db, day.isoformat(), player, (n % 14, 5, 0, 13), now)
    board = await h.reply(await emulator.slash(ann, h.general, "hearts daily board"))
    still = t("daily.board.open", closes=timestamp(days.closes_at(day), "R"))
    assert board.content.endswith("\n" + still) and len(board.content) <= 2000
    assert "\n1. A rather long display name " in board.content and re.search(r"… and \d+ more", board.content)
    h.clock.advance(2 * days.DAY_SECONDS)  # the day closes
    summary = await h.wait_public("is closed")
    deals = boards(days.RULES, service.seed(day), days.HANDS)
    assert len(summary.content) <= 2000 and re.search(r"… and \d+ more", summary.content)
    assert summary.content.endswith("\n".join(deal_lines(deals, "en")))
    final = await h.reply(await emulator.slash(ann, h.general, "hearts daily board", day=day.isoformat()))
    assert len(final.content) <= 2000 and re.search(r"… and \d+ more", final.content)
    assert final.content.endswith("\n".join(deal_lines(deals, "en")))  # the board of a closed day too


async def test_a_big_servers_board_picture_shows_the_top_and_the_askers_own_row(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Forty people played, and ann came last: her /hearts daily board picture is the top of the
    board (as high as any past the cut, not a row for each of them), how many more played, and her
    own row under it; its alt text says the same."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann, bot = h.people[0], h.bot
    guild = str(h.guild.id)
    service = daily_cog(h).service
    day, now = service.today(), h.clock.now()
    others = [(str(9_000 + n), (n % 14, 5, 0, 13)) for n in range(40)]
    for player, _hands in others:
        bot.known_names.learn(player, f"Name {player}")
    for player, hands in [*others, (str(ann.id), (26, 26, 26, 22))]:
        await store.claim_attempt(bot.db, day.isoformat(), player, guild, str(h.general.id), "en", now)
        await store.finish_attempt(bot.db, day.isoformat(), player, hands, now)
    answer = await h.reply(await emulator.slash(ann, h.general, "hearts daily board"))
    (picture,) = answer.attachments
    top = daily_board.TITLE_H + daily_board.STATUS_H + daily_board.HEADER_H
    rows = daily_board.ROWS * daily_board.ROW_H + daily_board.GAP + daily_board.ROW_H
    assert picture.image().height == top + rows + daily_board.LEGEND_H + daily_board.PAD
    alt = picture.description or ""
    assert "\n41. ann:" not in alt and " 41. ann: 100 points" in alt, alt
    named = len(re.findall(r"Name 9\d{3}", alt))
    assert 0 < named <= daily_board.ROWS and f"… and {40 - named} more" in alt, alt


async def share(h: Hearts, user: User, result: Message) -> str:
    """``user`` clicks Share on their result DM: the private answer."""
    return (await h.reply(await h.emu.click(user, h.emu.message(result.id), label="Share"))).content


async def test_share_is_refused_to_someone_who_may_no_longer_post_where_they_started(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The bot posts the Share line, but in the person's name: not once they are timed out, may
    not send messages in that channel, or have left the server. They are told so privately, and
    nothing is posted; once they may post there again, Share posts."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    refused = t("daily.share_not_allowed", channel=f"<#{h.general.id}>")
    emulator.time_out(h.guild, ann, seconds=7 * 86400)  # a moderator times ann out
    assert await share(h, ann, result) == refused
    emulator.time_out(h.guild, ann, seconds=None)
    emulator.set_overwrite(h.general, ann, deny=Permission.SEND_MESSAGES)
    assert await share(h, ann, result) == refused
    emulator.set_overwrite(h.general, ann)  # the overwrite removed
    member = h.guild.members.pop(ann.id)  # she leaves the server
    assert await share(h, ann, result) == refused
    await emulator.settle()
    assert not h.public("Hearts daily #1")
    h.guild.members[ann.id] = member  # and joins it again
    assert await share(h, ann, result) == t("daily.shared", channel=f"<#{h.general.id}>")
    assert len(h.public("Hearts daily #1")) == 1


async def test_share_posts_one_line_a_day_however_often_it_is_clicked(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Share, then Share again (and two clicks at once): one public line; the later clicks are
    told privately that it is shared already, with a link to it."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    answers = await asyncio.gather(share(h, ann, result), share(h, ann, result))
    (line,) = h.public("Hearts daily #1")
    already = t(
        "daily.share_already", link=f"https://discord.com/channels/{h.guild.id}/{h.general.id}/{line.id}"
    )
    assert sorted(answers) == sorted([t("daily.shared", channel=f"<#{h.general.id}>"), already])
    assert await share(h, ann, result) == already
    await emulator.settle()
    assert len(h.public("Hearts daily #1")) == 1


def bot_lines(h: Hearts) -> list[Message]:
    """The bot's messages in ``h``'s #general (Share lines, in whatever language)."""
    return [m for m in h.emu.messages(h.general) if m.author.id == h.emu.bot.id]


def already(h: Hearts, line: Message) -> str:
    link = f"https://discord.com/channels/{h.guild.id}/{h.general.id}/{line.id}"
    return t("daily.share_already", link=link)


async def test_share_links_its_line_whatever_followed_it_and_posts_again_once_it_is_deleted(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The line shared is noted with the result: a later click links to it and posts nothing,
    however many messages followed it (more than the bot reads back of a channel's history) and
    however it would read now (the server's language changed). A line deleted since (a moderator)
    is out no more: the next click posts it again, once."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    shared = t("daily.shared", channel=f"<#{h.general.id}>")
    assert await share(h, ann, result) == shared
    (line,) = bot_lines(h)
    for n in range(HISTORY_LOOK):
        emulator.post_message(ann, h.general, f"gg {n}")
    assert await share(h, ann, result) == already(h, line)
    french = ServerSettings(language="fr")
    await h.bot.service.set_server_settings(ADMIN, str(h.guild.id), french)
    assert await share(h, ann, result) == already(h, line)
    await emulator.settle()
    assert bot_lines(h) == [line]
    emulator.delete_message(line)
    assert await share(h, ann, result) == shared
    (again,) = bot_lines(h)
    assert "défi du jour" in again.content
    assert await share(h, ann, result) == already(h, again)
    await emulator.settle()
    assert bot_lines(h) == [again]


async def test_a_share_posted_but_not_noted_is_found_by_its_text_and_noted_then(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails between the Share line's post and its note (a stop there is the same):
    the line is out, and the click says so. The next click finds it among the bot's last messages
    by its text, links to it and notes it, so that the click after many more messages still
    does."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    result = await play_daily(h, ann)
    await h.settle()
    service = daily_cog(h).service
    note = service.share_posted

    async def disk_full_once(*args: Any) -> None:
        monkeypatch.setattr(service, "share_posted", note)
        h.bot.db.faults.fail(WriteFault.DISK_FULL)
        await note(*args)

    monkeypatch.setattr(service, "share_posted", disk_full_once)
    assert await share(h, ann, result) == t("daily.shared", channel=f"<#{h.general.id}>")
    h.bot.db.faults.clear()
    (line,) = bot_lines(h)
    unnoted = await service.attempt(str(ann.id), service.today())
    assert unnoted is not None and unnoted.share_message_id is None
    assert await share(h, ann, result) == already(h, line)
    for n in range(HISTORY_LOOK):
        emulator.post_message(ann, h.general, f"gg {n}")
    assert await share(h, ann, result) == already(h, line)
    await emulator.settle()
    assert bot_lines(h) == [line]


async def test_a_closed_days_board_shows_the_deals_its_open_board_promised(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The open board says the deals are shown once the day closes; server One chose no daily
    channel, so no summary shows them: the closed day's board does, under the board."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    await play_daily(h, ann)
    await h.settle()
    service = daily_cog(h).service
    day = service.today()
    dealt = "\n".join(deal_lines(boards(days.RULES, service.seed(day), days.HANDS), "en"))
    board = await h.reply(await emulator.slash(ann, h.general, "hearts daily board"))
    assert "the deals are shown once it closes" in board.content and dealt not in board.content
    h.clock.advance(2 * days.DAY_SECONDS)  # the day closes
    await service.settle()
    final = await h.reply(await emulator.slash(ann, h.general, "hearts daily board", day=day.isoformat()))
    assert "Daily challenge #1" in final.content and "1. ann:" in final.content
    assert final.content.endswith("\n" + dealt) and len(final.content) <= 2000
    assert not h.public("is closed")  # (no summary anywhere)


async def test_share_in_a_thread_asks_for_send_messages_in_threads(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Started from a thread: what lets the person post there is Send Messages in Threads (the
    parent's Send Messages has no effect in a thread). Denied it, Share is refused; denied only
    Send Messages, it posts in the thread."""
    h, _ = await start(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    thread = emulator.state.create_thread(h.general, "daily talk", owner=ann)
    assert (
        "waiting in your DMs"
        in (await h.reply(await emulator.slash(ann, thread, "hearts daily play"))).content
    )
    await h.play_until(lambda: result_dm(h, ann) is not None, [ann])
    result = result_dm(h, ann)
    assert result is not None
    await h.settle()
    emulator.set_overwrite(h.general, ann, deny=Permission.SEND_MESSAGES_IN_THREADS)
    assert await share(h, ann, result) == t("daily.share_not_allowed", channel=f"<#{thread.id}>")
    emulator.set_overwrite(h.general, ann, deny=Permission.SEND_MESSAGES)
    assert await share(h, ann, result) == t("daily.shared", channel=f"<#{thread.id}>")
    assert [m.channel_id for m in h.public("Hearts daily #1")] == [thread.id]
