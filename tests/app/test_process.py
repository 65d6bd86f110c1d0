"""The real `python -m bot` process: stopped by SIGTERM or Ctrl-C mid-game, killed with SIGKILL,
started twice on one database. Real processes, real signals, the real SQLite file."""

from __future__ import annotations

import asyncio
import signal
import sqlite3

import pytest

from bot.storage.migrations import SCHEMA_VERSION
from discord_emulator import DiscordEmulator
from playtest.child_game import Game, gone, marked
from playtest.harness import controls, move_of
from playtest.postgres_server import free_port
from playtest.processes import BotProcesses


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_mid_game_stops_the_bot_cleanly(
    emulator: DiscordEmulator, bot_process: BotProcesses, sig: signal.Signals
) -> None:
    """Exit status 0, no child left, the lease released. How fast: bench/shutdown.py (a timed
    assertion would fail on a busy machine for no fault of the bot's)."""
    game = Game(emulator, bot_process)
    bot = await game.start_bot()
    await game.start_game()
    await game.play(3)
    assert len(marked(game.mark)) >= 4, "the bot, its forkserver and workers are running"
    bot.process.send_signal(sig)
    status = await asyncio.wait_for(bot.process.wait(), 120.0)  # a bound for a hang, not a speed goal
    assert status == 0
    assert await gone(game.mark, 60.0) == [], "a child process outlived the bot"
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
    assert len(marked(game.mark)) >= 4, "the bot, its forkserver and workers are running"
    bot.process.kill()
    await bot.process.wait()
    assert await gone(game.mark, 60.0) == [], "workers outlived a killed bot"

    restarted = await game.start_bot()  # the dead bot's lease is taken over at once
    await game.hearts.play_until(game.hearts.game_over)
    assert len(game.hearts.public("Game over")) == 1
    # Controls for each move went out once: none lost (the game finished), none sent twice.
    (alice,) = game.hearts.people
    moves = [move_of(c) for m in emulator.dm_messages(alice) for c in controls(m)[:1]]
    assert len(moves) == len(set(moves)), moves
    assert await restarted.stop() == 0
    assert not restarted.error_lines(), restarted.output


async def test_a_second_bot_on_the_same_database_refuses_to_start(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    """A second copy (a newer checkout, its metrics on the same port) is refused before it touches
    anything of the first's: it neither migrates the schema under it (it did, then refused) nor
    fails on the port in use (exit 1, a restart loop, instead of 3 naming the first)."""
    emulator.create_guild("Club")
    port = free_port()
    first = await bot_process.start(extra_env={"METRICS_PORT": str(port)})
    await first.wait_for_line("unfinished table(s) restored")
    database = bot_process.workdir / "hearts.sqlite3"
    with sqlite3.connect(database) as conn:  # as if the first ran an older bot: one migration behind
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    second = await bot_process.start(extra_env={"METRICS_PORT": str(port)})
    status = await asyncio.wait_for(second.process.wait(), 15.0)
    await second.stop()
    assert status == 3
    assert f"process {first.process.pid}" in second.output
    assert "already using the database" in second.output
    assert "Traceback" not in second.output
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1
    assert first.process.returncode is None  # the first one goes on
    assert await first.stop() == 0


async def test_a_start_no_restart_would_mend_is_one_line_naming_what_to_fix(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    """A token Discord refuses, a DEV_GUILD_ID of a server the bot is not in, a database of a newer
    bot: exit 2 (the service manager's "don't restart") with one line saying what to fix, not
    exit 1 with a traceback, restarted for ever."""
    emulator.create_guild("Club")
    database = bot_process.workdir / "hearts.sqlite3"
    with sqlite3.connect(database) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    garbage = bot_process.workdir / "garbage.sqlite3"
    garbage.write_bytes(b"these are not the bytes of a database, " * 200)
    cases = [
        ({"DISCORD_TOKEN": "not-the-token"}, "DISCORD_TOKEN was refused by Discord"),
        ({"DEV_GUILD_ID": "123456789012345678"}, "DEV_GUILD_ID 123456789012345678"),
        ({"DATABASE_PATH": str(database)}, f"newer than this bot's {SCHEMA_VERSION}"),
        ({"DATABASE_PATH": str(garbage)}, "is damaged or is no SQLite database"),
    ]
    for env, said in cases:
        if "DATABASE_PATH" not in env:
            env["DATABASE_PATH"] = str(bot_process.workdir / "fresh.sqlite3")
        bot = await bot_process.start(extra_env=env)
        status = await asyncio.wait_for(bot.process.wait(), 30.0)
        await bot.stop()
        assert (status, "Traceback" in bot.output) == (2, False), bot.output
        assert "hearts-bot: " in bot.output and said in bot.output, bot.output


async def test_the_token_never_appears_in_the_output(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    emulator.create_guild("Club")
    bot = await bot_process.start(extra_env={"LOG_LEVEL": "DEBUG"})
    await bot.wait_for_line("has connected to Gateway")
    assert await bot.stop() == 0
    assert emulator.token not in bot.output
