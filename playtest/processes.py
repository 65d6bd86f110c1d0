"""The real entry point, `python -m bot`, as a child process pointed at the emulator: for the tests
of signals, crashes and restarts (tests/app/test_process.py)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from discord_emulator import DiscordEmulator

REPO_ROOT = Path(__file__).resolve().parents[1]

START_TIMEOUT = 60.0
"""Seconds to wait for a line of a bot process's output: a bound for a hang, not a goal. A start
imports the whole bot; with the suite's slowest tests first on every worker, eight started at once
on 2 cores and some took more than 15 s."""
OUTPUT_LINE_LIMIT = 1 << 22
"""The longest line of the bot's output read whole (asyncio's 64 KiB default stopped the reader on a
long log line, and with it every wait for the bot's output)."""


def shard_env(url: str, shards: int, shard: int) -> dict[str, str]:
    """The settings of one bot process of several on the database ``url`` (one shard of
    ``shards``), playing as fast as it can: computers without the pause, images on the loop."""
    return {
        "DATABASE_URL": url,
        "SHARD_COUNT": str(shards),
        "SHARD_IDS": str(shard),
        "COMPUTER_PAUSE": "0",
        "RENDER_WORKERS": "0",
    }


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

    async def wait_for_line(self, text: str, *, timeout: float = START_TIMEOUT) -> str:
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

    async def stop(self, *, timeout: float = 90.0) -> int:
        """Ctrl-C (discord.py closes cleanly on KeyboardInterrupt), then kill if it hangs past its
        own ``SHUTDOWN_TIMEOUT``."""
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

    async def start(self, *, extra_env: dict[str, str] | None = None, root: Path = REPO_ROOT) -> BotProcess:
        """``python -m bot`` against the emulator. The real entry point runs on the real clock, so the
        emulator's clock (a fixed instant otherwise) is first moved up to the wall clock's time:
        the ids it makes (a table message's age) must agree with the bot's clock. These tests
        decide nothing by the day. ``root``: the checkout the bot runs from (a benchmark's before)."""
        self.emu.clock.advance(max(0.0, time.time() - self.emu.clock.time()))
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))
        }
        env.update(self.emu.env())
        env.update(
            ENV_FILE="",  # no settings file: a developer's or operator's .env never reaches a test's bot
            DATABASE_PATH=str(self.workdir / "hearts.sqlite3"),
            DEV_GUILD_ID="",  # set, so a developer's .env cannot point the bot at a server that is not here
            LOG_LEVEL="INFO",
            # A clean stop's speed is bench/shutdown.py's figure, not these tests' (a busy machine
            # slows it for no fault of the bot's); a hang still shows, as the bound's error line.
            SHUTDOWN_TIMEOUT="60",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(root),
        )
        env.update(extra_env or {})
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=root,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            limit=OUTPUT_LINE_LIMIT,
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
