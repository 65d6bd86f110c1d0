"""How fast ``python -m bot`` stops on SIGTERM mid-game: from the signal to the process's exit, and to
the last of its children (forkserver, render and computer workers) gone.

Each run starts the bot as a child process against the Discord emulator, plays a few moves of a
game with computers (so the worker pools are busy), sends SIGTERM and times the stop. The process
tests check that it exits 0 and leaves no child (``tests/app/test_process.py``); the speed is a
figure to watch, not a test, because a busy machine slows it for no fault of the bot's.

    python bench/shutdown.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from discord_emulator import DiscordEmulator
from discord_emulator.runner import redirect_discord_py
from playtest.child_game import Game, gone
from playtest.processes import BotProcesses

MOVES = 3  # the person's moves before the signal


async def one_stop() -> tuple[float, float]:
    """Seconds from SIGTERM to the bot's exit, and to its last child gone."""
    with tempfile.TemporaryDirectory() as workdir:
        async with DiscordEmulator() as emu:
            with redirect_discord_py(emu):
                processes = BotProcesses(emu, Path(workdir))
                game = Game(emu, processes)
                bot = await game.start_bot()
                try:
                    await game.start_game()
                    await game.play(MOVES)
                    started = time.perf_counter()
                    bot.process.send_signal(signal.SIGTERM)
                    status = await bot.process.wait()
                    exited = time.perf_counter() - started
                    left = await gone(game.mark, 60.0)
                    cleared = time.perf_counter() - started
                finally:
                    await processes.stop_all()
                if status != 0 or left:
                    raise SystemExit(f"the stop was not clean: status {status}, children left {left}")
                return exited, cleared


async def main(runs: int) -> None:
    stops = [await one_stop() for _ in range(runs)]
    for name, values in (("exit", [s[0] for s in stops]), ("all children gone", [s[1] for s in stops])):
        print(
            f"SIGTERM mid-game → {name:<18} n={runs}  median {statistics.median(values):5.2f} s"
            f"   max {max(values):5.2f} s"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    asyncio.run(main(parser.parse_args().runs))
