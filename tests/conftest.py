"""Shared pytest configuration: the Discord emulator's fixtures, and a small world to test in."""

from __future__ import annotations

from dataclasses import dataclass

import pytest_asyncio

from tests.discord_emulator import Channel, DiscordEmulator, Guild, User
from tests.discord_emulator.runner import BotRunner
from tests.minimal_bot import MinimalBot

pytest_plugins = ["tests.discord_emulator.pytest_plugin", "tests.storage.plugin"]


@dataclass
class World:
    """Two people in one server with a #general channel, and the minimal bot connected."""

    emu: DiscordEmulator
    bot: MinimalBot
    alice: User
    bob: User
    guild: Guild
    general: Channel


@pytest_asyncio.fixture
async def world(emulator: DiscordEmulator, bot_runner: BotRunner) -> World:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    bot = MinimalBot()
    await bot_runner.start(bot)
    return World(emulator, bot, alice, bob, guild, guild.channel("general"))
