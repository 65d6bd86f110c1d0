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
from playtest.harness import Hearts, start_hearts
from playtest.processes import BotProcesses


@pytest_asyncio.fixture
async def hearts(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> Hearts:
    return await start_hearts(emulator, bot_runner, tmp_path)


@pytest_asyncio.fixture
async def bot_process(emulator: DiscordEmulator, tmp_path: Path) -> AsyncIterator[BotProcesses]:
    processes = BotProcesses(emulator, tmp_path)
    try:
        yield processes
    finally:
        errors = await processes.stop_all()
        if errors:
            pytest.fail("the bot process logged errors:\n" + "\n".join(errors), pytrace=False)
