"""Beyond the table's own messages (``tests/cogs/hearts/test_names_in_text.py``), the names people
chose and the names organisers give events are plain text wherever the bot's messages say them:
a replay's posting and its points, ``/stats``, the daily challenge's Share line and board, an
event's sign-up message and list. The pictures and their alt text draw the same names as they are."""

from __future__ import annotations

import re
from pathlib import Path

from discord.utils import escape_markdown, escape_mentions

from bot.text import t
from discord_emulator import DiscordEmulator, Message, User
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, bot_clock, make_bot

LINK = "[Show my hand](https://ev.il)"  # a masked link that looks like one of the bot's buttons
STYLED = "**b** ||c|| `d` ~~e~~ _f_ @everyone"
SPOILER = "||carol|| #1 @here"
EVENT = "[Free nitro](https://ev.il) **Cup**"
RESULT = re.compile(r"Daily challenge #\d+: ")


def escaped(name: str) -> str:
    return escape_mentions(escape_markdown(name))


def said_plainly(name: str, content: str) -> bool:
    """``name`` is in ``content``, and only escaped: no markdown of it is live."""
    return escaped(name) in content and name not in content.replace(escaped(name), "")


def alt_texts(message: Message) -> str:
    return " ".join(a.description or "" for a in message.attachments)


async def test_a_replay_and_stats_say_names_plainly_and_draw_them_as_they_are(hearts: Hearts) -> None:
    emu = hearts.emu
    alice, bob, carol = hearts.people[:3]
    for user, nick in ((alice, LINK), (bob, STYLED), (carol, SPOILER)):
        emu.set_nick(hearts.guild, user, nick)
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(bob, lobby, "Join")
    await emu.wait_until(lambda: "(2/4)" in emu.message(lobby.id).content, what="bob seated")
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()

    ix = await emu.slash(carol, hearts.general, "hearts replay", table=1, hand=1)
    assert (await hearts.reply(ix)).content == t("review.posted", table=1, hand=1)
    posted = await hearts.wait_public(t("review.public", table=1, hand=1, name=escaped(SPOILER)))
    assert said_plainly(SPOILER, posted.content)
    assert said_plainly(LINK, posted.content) and said_plainly(STYLED, posted.content), posted.content

    (standings,) = hearts.public("Game over")
    review = await hearts.reply(await emu.click(alice, standings, label=t("button.review_hand", hand=1)))
    assert said_plainly(LINK, review.content) and said_plainly(STYLED, review.content), review.content
    assert LINK in alt_texts(review) and STYLED in alt_texts(review) and "\\" not in alt_texts(review)

    stats = await hearts.reply(await emu.slash(carol, hearts.general, "stats", member=alice))
    assert stats.content == t("stats.title", name=escaped(LINK))
    assert LINK in alt_texts(stats) and "\\" not in alt_texts(stats)  # the profile picture's name
    none = await hearts.reply(await emu.slash(carol, hearts.general, "stats"))
    assert none.content == t("stats.none", name=escaped(SPOILER))


async def test_the_daily_share_line_and_board_say_names_plainly(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The Share click comes from a DM: the name is the person's own (their global name)."""
    ann = emulator.create_user(LINK)
    h = await _server(emulator, bot_runner, tmp_path, [ann])
    played = await h.reply(await emulator.slash(ann, h.general, "hearts daily play"))
    assert "waiting in your DMs" in played.content
    await h.play_until(lambda: _result(h, ann) is not None, [ann])
    await h.settle()
    result = _result(h, ann)
    assert result is not None

    share = await emulator.click(ann, result, label="Share")
    assert "Shared in" in (await h.reply(share)).content
    line = await h.wait_public("Hearts daily #1")
    assert said_plainly(LINK, line.content) and line.content.startswith(escaped(LINK) + " · "), line.content

    board = await h.reply(await emulator.slash(ann, h.general, "hearts daily board"))
    assert said_plainly(LINK, board.content), board.content
    assert LINK in alt_texts(board) and "\\" not in alt_texts(board)


def _result(h: Hearts, user: User) -> Message | None:
    return next((m for m in h.emu.dm_messages(user) if RESULT.search(m.content)), None)


async def _server(
    emulator: DiscordEmulator,
    bot_runner: BotRunner,
    tmp_path: Path,
    people: list[User],
    owner: User | None = None,
) -> Hearts:
    guild = emulator.create_guild("Card club", members=people, owner=owner)
    clock = bot_clock(emulator)
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people)


async def test_an_events_signup_and_list_say_its_name_and_its_entrants_plainly(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    organiser = emulator.create_user("org")  # the server's owner: they may organise
    hearts = await _server(emulator, bot_runner, tmp_path, [alice, bob], organiser)
    emu = hearts.emu
    emu.set_nick(hearts.guild, alice, LINK)
    emu.set_nick(hearts.guild, bob, STYLED)
    signup = await hearts.public_answer(
        await emu.slash(organiser, hearts.general, "hearts-event new", name=EVENT, rounds=1, hands=1)
    )
    assert said_plainly(EVENT, signup.content), signup.content
    for user in (alice, bob):
        await hearts.click(user, signup, "Join")
    await emu.wait_until(lambda: "Entrants (2)" in emu.message(signup.id).content, what="both in")
    content = emu.message(signup.id).content
    assert said_plainly(EVENT, content) and said_plainly(LINK, content) and said_plainly(STYLED, content)
    listed = await hearts.reply(await emu.slash(alice, hearts.general, "hearts-event list"))
    assert said_plainly(EVENT, listed.content), listed.content
    left = await hearts.reply(await emu.slash(bob, hearts.general, "hearts-event withdraw", event=1))
    assert said_plainly(EVENT, left.content), left.content  # the private answers too
