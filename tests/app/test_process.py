"""The real `python -m bot` process: stopped by SIGTERM or Ctrl-C mid-game, killed with SIGKILL,
started twice on one database. Real processes, real signals, the real SQLite file."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
import uuid
from pathlib import Path

import pytest

from discord_emulator import DiscordEmulator
from playtest.harness import Hearts, controls, move_of
from playtest.processes import BotProcess, BotProcesses

FAST = {"COMPUTER_PAUSE": "0", "RENDER_WORKERS": "1"}


def _marked(mark: str) -> list[int]:
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


async def _gone(mark: str, timeout: float) -> list[int]:
    """Poll (bounded) until no marked process is left; returns those still there at the end.
    Orphaned workers are not our children, so there is no event to wait for."""
    end = time.monotonic() + timeout
    while (left := _marked(mark)) and time.monotonic() < end:
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


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_mid_game_stops_the_bot_cleanly_within_5_s(
    emulator: DiscordEmulator, bot_process: BotProcesses, sig: signal.Signals
) -> None:
    game = Game(emulator, bot_process)
    bot = await game.start_bot()
    await game.start_game()
    await game.play(3)
    assert len(_marked(game.mark)) >= 4, "the bot, its forkserver and workers are running"
    started = time.monotonic()
    bot.process.send_signal(sig)
    status = await asyncio.wait_for(bot.process.wait(), 5.0)
    assert status == 0
    assert time.monotonic() - started < 5.0
    assert await _gone(game.mark, 3.0) == [], "a child process outlived the bot"
    await bot.stop()
    assert not [line for line in bot.lines if "Traceback" in line or " ERROR " in line], bot.output
    conn = sqlite3.connect(game.db)
    assert conn.execute("SELECT COUNT(*) FROM leases").fetchone() == (0,)  # released
    conn.close()


async def test_after_sigkill_the_workers_exit_and_a_restart_finishes_the_game(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    game = Game(emulator, bot_process)
    bot = await game.start_bot()
    await game.start_game()
    await game.play(4)
    assert len(_marked(game.mark)) >= 4, "the bot, its forkserver and workers are running"
    bot.process.kill()
    await bot.process.wait()
    assert await _gone(game.mark, 5.0) == [], "workers outlived a killed bot"

    restarted = await game.start_bot()  # the dead bot's lease is taken over at once
    await game.hearts.play_until(game.hearts.game_over)
    assert len(game.hearts.public("Game over")) == 1
    # Controls for each move went out once: none lost (the game finished), none sent twice.
    (alice,) = game.hearts.people
    moves = [move_of(c) for m in emulator.dm_messages(alice) for c in controls(m)[:1]]
    assert len(moves) == len(set(moves)), moves
    await restarted.stop()
    assert not restarted.error_lines(), restarted.output


async def test_a_second_bot_on_the_same_database_refuses_to_start(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    emulator.create_guild("Club")
    first = await bot_process.start()
    await first.wait_for_line("unfinished table(s) restored")
    second = await bot_process.start()
    status = await asyncio.wait_for(second.process.wait(), 15.0)
    await second.stop()
    assert status == 3
    assert f"process {first.process.pid}" in second.output
    assert "already using the database" in second.output
    assert "Traceback" not in second.output
    assert first.process.returncode is None  # the first one goes on
    assert await first.stop() == 0


async def test_the_token_never_appears_in_the_output(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    emulator.create_guild("Club")
    bot = await bot_process.start(extra_env={"LOG_LEVEL": "DEBUG"})
    await bot.wait_for_line("has connected to Gateway")
    assert await bot.stop() == 0
    assert emulator.token not in bot.output
    assert os.environ.get("DISCORD_TOKEN", "") != emulator.token
