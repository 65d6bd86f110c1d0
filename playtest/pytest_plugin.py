"""Pytest fixtures for tests of the real Hearts bot against the emulator (loaded from tests/conftest.py).

- `hearts`: four people in a server and the real bot (in this process) on a fresh database.
- `bot_process`: runs `python -m bot` (the real entry point) against the emulator.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from discord_emulator import DiscordEmulator
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, make_bot, now_clock
from playtest.processes import BotProcesses


@pytest_asyncio.fixture
async def hearts(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> Hearts:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = emulator.create_guild("Card club", members=people)
    clock = now_clock()
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people)


@pytest_asyncio.fixture
async def bot_process(emulator: DiscordEmulator, tmp_path: Path) -> AsyncIterator[BotProcesses]:
    processes = BotProcesses(emulator, tmp_path)
    try:
        yield processes
    finally:
        errors = await processes.stop_all()
        if errors:
            pytest.fail("the bot process logged errors:\n" + "\n".join(errors), pytrace=False)
