"""The real bot sharded (SHARD_COUNT, SHARD_IDS) against the emulator: each bot gets only its
servers and their interactions; every DM interaction reaches the bot that holds shard 0, whichever
bot's table it belongs to (on PostgreSQL it applies the move itself: tests/app/test_several_processes.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.app import HeartsBot, ShardedHeartsBot
from discord_emulator import DiscordEmulator
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, bot_clock, make_bot
from playtest.processes import BotProcesses


def interactions_of(bot: HeartsBot) -> list[discord.Interaction[Any]]:
    """Every interaction `bot` receives from its gateway connections, in order."""
    seen: list[discord.Interaction[Any]] = []

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction)

    bot.add_listener(on_interaction)
    return seen


async def test_two_bots_with_a_shard_each_get_their_servers_and_dms_reach_shard_0(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    clubs = [emulator.create_guild(f"Club {i}", members=[alice], shard=(i, 2)) for i in (0, 1)]
    clock = bot_clock(emulator)
    bots = [
        make_bot(emulator, tmp_path / f"shard{i}.sqlite3", clock, shard_count=2, shard_ids=(i,))
        for i in (0, 1)
    ]
    seen = [interactions_of(bot) for bot in bots]
    for bot in bots:
        await bot_runner.start(bot)
    assert all(isinstance(bot, ShardedHeartsBot) and bot.shard_count == 2 for bot in bots)
    assert [[g.id for g in bot.guilds] for bot in bots] == [[clubs[0].id], [clubs[1].id]]
    tables = [
        Hearts(emulator, bot, clock, bot.settings.database_path, club, club.channel("general"), [alice])
        for bot, club in zip(bots, clubs, strict=True)
    ]

    lobbies = [await hearts.open_table(alice, seats=4, hands=1) for hearts in tables]
    assert [[i.guild_id for i in s] for s in seen] == [[clubs[0].id], [clubs[1].id]]

    await tables[1].click(alice, lobbies[1], "Start")  # the table on shard 1 deals; alice's hand by DM
    hand = await tables[1].hand_with(alice, "pick")
    assert hand.guild_id is None
    before = [len(s) for s in seen]
    pick = await tables[1].move(alice, hand)
    await pick.wait_acknowledged()
    dm_clicks = [s[n:] for s, n in zip(seen, before, strict=True)]
    assert [[(i.id, i.guild_id) for i in clicks] for clicks in dm_clicks] == [[(pick.id, None)], []]


async def test_the_bot_process_connects_the_shards_of_shard_ids(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    clubs = [emulator.create_guild(f"Club {i}", shard=(i, 3)) for i in range(3)]
    bot = await bot_process.start(extra_env={"SHARD_COUNT": "3", "SHARD_IDS": "2"})
    await bot.wait_for_line("has connected to Gateway")
    assert "this process holds shards [2] of 3 on SQLite, which runs one process" in bot.output
    (session,) = emulator.gateway.live_sessions()
    assert session.shard == [2, 3]
    sent = [frame for _, frame in session.events if frame["t"] in ("READY", "GUILD_CREATE")]
    assert [g["id"] for g in sent[0]["d"]["guilds"]] == [str(clubs[2].id)]
    assert [f["d"]["id"] for f in sent[1:]] == [str(clubs[2].id)]


async def test_a_sharded_bot_is_not_ready_while_its_shard_reconnects(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    emulator.create_guild("Club", members=[emulator.create_user("alice")], shard=(1, 2))
    bot = make_bot(emulator, tmp_path / "sharded.sqlite3", bot_clock(emulator), shard_count=2, shard_ids=(1,))
    await bot_runner.start(bot)
    await emulator.wait_until(bot.serving, what="the sharded bot ready")
    emulator.gateway.hold_resumes()  # the shard's new socket is open, RESUMED not yet sent
    try:
        assert await emulator.gateway.disconnect() == 1
        await emulator.wait_until(lambda: emulator.gateway.resumes_held == 1, what="the shard's RESUME")
        assert not bot.serving() and bot.gateway_down == {1}
    finally:
        emulator.gateway.release_resumes()
    await emulator.wait_for_resume()
    await emulator.wait_until(bot.serving, what="the sharded bot ready after RESUMED")
