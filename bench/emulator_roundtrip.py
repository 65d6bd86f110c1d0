"""Round trip of one interaction through the Discord emulator: injected -> the bot's callback recorded.

The real discord.py client (the minimal test bot) runs in this process against the emulator on
127.0.0.1. For a slash command answered with a message and a button click answered with an
edit, it prints the median and p95 over many sequential interactions, after a warm-up.

    python bench/emulator_roundtrip.py [--count 500]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from discord_emulator import DiscordEmulator, InteractionRecord
from discord_emulator.minimal_bot import MinimalBot
from discord_emulator.runner import BotRunner, redirect_discord_py

WARMUP = 50


async def measure(count: int, inject: Callable[[], Awaitable[InteractionRecord]]) -> list[float]:
    times = []
    for _ in range(WARMUP + count):
        record = await inject()
        await record.wait_acknowledged()
        assert record.round_trip is not None
        times.append(record.round_trip * 1000)
    return times[WARMUP:]


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{name:<34} n={len(times):<5} median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms")


async def main(count: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    async with DiscordEmulator() as emu:
        with redirect_discord_py(emu):
            alice = emu.create_user("alice")
            guild = emu.create_guild("Bench", members=[alice])
            general = guild.channel("general")
            runner = BotRunner(emu)
            await runner.start(MinimalBot())
            try:
                slash = await measure(count, lambda: emu.slash(alice, general, "game table open", seats=4))
                table = await (await emu.slash(alice, general, "deal")).wait_original()
                click = await measure(count, lambda: emu.click(alice, table, label="Join"))
            finally:
                await emu.settle()
                await runner.stop_all()
    print("interaction round trip (inject -> callback recorded), discord.py 2.7.1 in-process:")
    report("slash command -> send_message", slash)
    report("button click -> edit_message", click)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    asyncio.run(main(parser.parse_args().count))
