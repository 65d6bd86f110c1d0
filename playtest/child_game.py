"""A game on a bot in a child process (``python -m bot``), and the processes it leaves: shared by
the process tests (clean exit, no child left) and ``bench/shutdown.py`` (how fast)."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path

from discord_emulator import DiscordEmulator
from playtest.harness import Hearts
from playtest.processes import BotProcess, BotProcesses

FAST = {"COMPUTER_PAUSE": "0", "RENDER_WORKERS": "1"}


def marked(mark: str) -> list[int]:
    """Every process (the bot and anything it started) whose environment carries ``mark``."""
    found = []
    needle = f"HEARTS_TEST_RUN={mark}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


async def gone(mark: str, timeout: float) -> list[int]:
    """Poll (bounded) until no marked process is left; returns those still there at the end.
    Orphaned workers are not our children, so there is no event to wait for."""
    end = time.monotonic() + timeout
    while (left := marked(mark)) and time.monotonic() < end:
        await asyncio.sleep(0.05)
    return left


class Game:
    """A person and three computers on a bot in a child process."""

    def __init__(self, emu: DiscordEmulator, processes: BotProcesses) -> None:
        self.emu = emu
        self.processes = processes
        self.mark = uuid.uuid4().hex
        alice = emu.create_user("alice")
        guild = emu.create_guild("Card club", members=[alice])
        self.db = processes.workdir / "hearts.sqlite3"
        self.hearts = Hearts(emu, None, None, self.db, guild, guild.channel("general"), [alice])  # type: ignore[arg-type]

    async def start_bot(self) -> BotProcess:
        bot = await self.processes.start(extra_env={**FAST, "HEARTS_TEST_RUN": self.mark})
        await bot.wait_for_line("unfinished table(s) restored")
        await bot.wait_for_line("has connected to Gateway")
        return bot

    async def start_game(self) -> None:
        (alice,) = self.hearts.people
        lobby = await self.hearts.open_table(alice, hands=1, computers="easy")
        await self.hearts.click(alice, lobby, "Start")

    async def play(self, moves: int) -> None:
        start = self.hearts.acted
        await self.hearts.play_until(lambda: self.hearts.acted >= start + moves)
