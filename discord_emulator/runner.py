"""Running discord.py clients against the emulator in this process (`BotRunner`).

Used by the pytest fixtures and by benchmarks; nothing here depends on pytest or on the Hearts bot
(`playtest.processes` runs `python -m bot` as a child process).
"""

from __future__ import annotations

import asyncio

import discord
import yarl

from .emulator import DiscordEmulator

FAST_GUILD_READY_TIMEOUT = 0.05
# Bounds, not delays: a start or stop ends as soon as it is done; a loaded machine needs seconds.
START_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0


class redirect_discord_py:
    """Point discord.py's REST base and gateway at `emu` (`python -m bot` does the same from its
    settings: `bot.app.point_client_at`, covered by the tests that run the real process)."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu

    def __enter__(self) -> None:
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.emu.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.emu.gateway_url)

    def __exit__(self, *exc_info: object) -> None:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved


class BotRunner:
    """Starts discord.py clients in this event loop and closes them at the end of the test."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.tasks: dict[discord.Client, asyncio.Task[None]] = {}

    async def start(self, client: discord.Client, *, timeout: float = START_TIMEOUT) -> discord.Client:
        """Log in, connect, and wait for `on_ready` (startup's guild wait is cut to 0.05 s)."""
        # discord.py waits `guild_ready_timeout` (2 s) after the last GUILD_CREATE; the emulator
        # sends them all at once, so a short wait loses nothing. Set here so any bot class works.
        client._connection.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT
        task = asyncio.create_task(client.start(self.emu.token), name=f"bot-runner-{type(client).__name__}")
        self.tasks[client] = task
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                task.result()  # raises the startup error
            raise AssertionError(f"{type(client).__name__} did not reach READY within {timeout}s")
        return client

    async def stop(self, client: discord.Client, *, timeout: float = STOP_TIMEOUT) -> None:
        task = self.tasks.pop(client)
        await client.close()
        await asyncio.wait_for(task, timeout)

    async def stop_all(self) -> None:
        for client in list(self.tasks):
            await self.stop(client)
