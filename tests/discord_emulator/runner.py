"""Running bots against the emulator: in this process (`BotRunner`) or as `python -m bot`.

Used by the pytest fixtures and by benchmarks; nothing here depends on pytest.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord

from bot.app import point_client_at
from bot.config import Settings

from .emulator import DiscordEmulator

REPO_ROOT = Path(__file__).resolve().parents[2]
FAST_GUILD_READY_TIMEOUT = 0.05


class redirect_discord_py:
    """Point discord.py's REST base and gateway at `emu` (through the bot's own settings code)."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.settings = Settings(discord_token=emu.token, api_base=emu.api_base, gateway_url=emu.gateway_url)

    def __enter__(self) -> None:
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        point_client_at(self.settings)

    def __exit__(self, *exc_info: object) -> None:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved


class BotRunner:
    """Starts discord.py clients in this event loop and closes them at the end of the test."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.tasks: dict[discord.Client, asyncio.Task[None]] = {}

    async def start(self, client: discord.Client, *, timeout: float = 5.0) -> discord.Client:
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

    async def stop(self, client: discord.Client, *, timeout: float = 5.0) -> None:
        task = self.tasks.pop(client)
        await client.close()
        await asyncio.wait_for(task, timeout)

    async def stop_all(self) -> None:
        for client in list(self.tasks):
            await self.stop(client)


@dataclass
class BotProcess:
    """`python -m bot` in a child process, its output collected line by line."""

    emu: DiscordEmulator
    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.lines.append(line.decode(errors="replace").rstrip())
            self.emu.feed.changed()

    async def wait_for_line(self, text: str, *, timeout: float = 15.0) -> str:
        def found() -> str | None:
            return next((line for line in self.lines if text in line), None)

        def exited() -> str | None:
            if self.process.returncode is not None and not found():
                raise AssertionError(f"bot exited with {self.process.returncode}:\n" + self.output)
            return None

        return await self.emu.wait_until(
            lambda: exited() or found(), timeout=timeout, what=f"bot output {text!r}"
        )

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def error_lines(self) -> list[str]:
        return [line for line in self.lines if " ERROR " in line or line.startswith("Traceback")]

    async def stop(self, *, timeout: float = 10.0) -> int:
        """Ctrl-C (discord.py closes cleanly on KeyboardInterrupt), then kill if it hangs."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        if self.reader is not None:
            await self.reader
        assert self.process.returncode is not None
        return self.process.returncode


class BotProcesses:
    def __init__(self, emu: DiscordEmulator, workdir: Path) -> None:
        self.emu = emu
        self.workdir = workdir
        self.started: list[BotProcess] = []

    async def start(self, *, extra_env: dict[str, str] | None = None) -> BotProcess:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))
        }
        env.update(self.emu.env())
        env.update(
            DATABASE_PATH=str(self.workdir / "hearts.sqlite3"),
            DEV_GUILD_ID="",  # set, so a developer's .env cannot point the bot at a server that is not here
            LOG_LEVEL="INFO",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(REPO_ROOT),
        )
        env.update(extra_env or {})
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=REPO_ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        bot = BotProcess(self.emu, process)
        bot.reader = asyncio.create_task(bot._read())
        self.started.append(bot)
        return bot

    async def stop_all(self) -> list[str]:
        errors = []
        for bot in self.started:
            await bot.stop()
            errors.extend(bot.error_lines())
        return errors
