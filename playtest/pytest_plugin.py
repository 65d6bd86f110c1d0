from __future__ import annotations

from pathlib import Path

import pytest_asyncio

from tests.bot.harness import Hearts, make_bot, now_clock
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.runner import BotRunner


@pytest_asyncio.fixture
async def hearts(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> Hearts:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = emulator.create_guild("Card club", members=people)
    clock = now_clock()
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people)
