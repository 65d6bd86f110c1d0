"""Fixtures of the Activity's tests in a real browser: Debian's Chromium (one per test: Playwright's
objects belong to the event loop that made them, and each test has its own), and the test's
stand-in for Discord's web client (``playtest.activity_client``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from playwright.async_api import Browser

from discord_emulator import DiscordEmulator
from playtest.activity_client import DiscordClientServer, chromium
from tests.cogs.test_activity import activity  # noqa: F401  (the bot with its Activity server)


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as launched:
        yield launched


@pytest_asyncio.fixture
async def discord_client(emulator: DiscordEmulator) -> AsyncIterator[DiscordClientServer]:
    async with DiscordClientServer(emulator) as client:
        yield client
