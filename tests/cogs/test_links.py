"""Every message link the bot sends opens what it names: during a table game, a daily game (played
in a DM, whose messages Discord links with ``@me``) and an event round, each
``discord.com/channels/<server or @me>/<channel>/<message>`` found in anything the bot sent points
to the server (or ``@me``) and channel where that message really is."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from discord_emulator import DiscordEmulator
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts, bot_clock, make_bot

LINK = re.compile(r"https://discord\.com/channels/(@me|\d+)/(\d+)/(\d+)")
DAILY_RESULT = re.compile(r"Daily challenge #\d+: ")


def strings(value: Any) -> Iterator[str]:
    """Every string in a request's JSON body (content, embeds, components, nested payloads)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def links(emulator: DiscordEmulator) -> set[tuple[str, int, int]]:
    """(server or @me, channel, message) of every link in every request the bot made."""
    return {
        (server, int(channel), int(message))
        for record in emulator.requests
        for text in strings(record.json)
        for server, channel, message in LINK.findall(text)
    }


def wrong_links(emulator: DiscordEmulator, found: set[tuple[str, int, int]]) -> list[str]:
    wrong = []
    for server, channel, message_id in sorted(found):
        message = emulator.state.messages.get(message_id)
        if message is None:
            wrong.append(f"{server}/{channel}/{message_id}: no such message")
            continue
        where = "@me" if message.guild_id is None else str(message.guild_id)
        if (server, channel) != (where, message.channel_id):
            wrong.append(f"{server}/{channel}/{message_id}: the message is in {where}/{message.channel_id}")
    return wrong


async def test_every_link_sent_in_a_table_game_a_daily_game_and_an_event_round_opens_its_message(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    people = [emulator.create_user(n) for n in ("ann", "bob", "cid", "dan")]
    org = emulator.create_user("org")
    guild = emulator.create_guild("Card club", members=people, owner=org)
    clock = bot_clock(emulator)
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    h = Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people)
    ann, bob = people[:2]

    # A table game of two people and two computers, in its thread.
    lobby = await h.open_table(ann, seats=4, hands=1)
    await h.click(bob, lobby, "Join")
    await emulator.wait_until(lambda: "bob" in emulator.message(lobby.id).content, what="bob seated")
    await h.click(ann, lobby, "Start")
    await h.play_until(lambda: h.public(GAME_OVER), [ann, bob])
    await h.settle()
    in_table = links(emulator)
    assert in_table and wrong_links(emulator, in_table) == []

    # The day's challenge, in ann's DMs.
    ix = await emulator.slash(ann, h.general, "hearts daily play")
    await h.reply(ix)
    await h.play_until(lambda: any(DAILY_RESULT.search(m.content) for m in emulator.dm_messages(ann)), [ann])
    await h.settle()
    in_daily = links(emulator) - in_table
    assert in_daily and wrong_links(emulator, in_daily) == []

    # One round of an event: four people at one table.
    start = await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=1, hands=1)
    signup = await h.public_answer(start)
    for user in people:
        await h.click(user, signup, "Join")
    await emulator.wait_until(lambda: "Entrants (4)" in emulator.message(signup.id).content, what="4 in")
    await h.reply(await emulator.slash(org, h.general, "hearts-event start", event=1))
    await h.play_until(lambda: h.public("is over. The final standings"), people)
    await h.settle()
    in_event = links(emulator) - in_table - in_daily
    assert in_event and wrong_links(emulator, in_event) == []
