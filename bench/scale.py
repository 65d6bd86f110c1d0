"""Several bot processes: tables finished per second and the p99 latency of a person's click (sent
to answered), for one `python -m bot` process on SQLite, one on PostgreSQL, and three on PostgreSQL
(SHARD_COUNT=3, one shard each), each through the emulator on this machine.

The same load each time (playtest/fleet.py): ``--servers`` servers, a person at each with three
computers (no pause), one hand; half the people play from their DMs (which all reach shard 0's
process), half in the channel. The emulator shrinks Discord's rate-limit windows as the tests do;
each process still paces its own requests under Discord's global limit (see docs/OPERATING.md, "Discord's
rate limits": on Discord that limit is per bot, not per process). PostgreSQL runs on this machine with
fsync on (playtest/postgres_server.py). The machine's cores are shared by the bot processes, the
emulator, the driver and PostgreSQL: compare the figures of one run.
Run: .venv/bin/python bench/scale.py [--servers 60]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.storage_speed import fresh_database
from discord_emulator import DiscordEmulator
from playtest.fleet import Fleet, percentile
from playtest.postgres_server import postgres_server
from playtest.processes import BotProcesses


@dataclass(frozen=True)
class Figures:
    tables_per_second: float
    p50: float
    p99: float
    clicks: int
    requests_per_second: float  # the bot's REST calls (each process paces its own under 50 a second)


async def measure(servers: int, processes: int, database_url: str | None) -> Figures:
    async with DiscordEmulator() as emu:
        fleet = Fleet.create(emu, servers, processes)
        with tempfile.TemporaryDirectory() as workdir:
            bots = BotProcesses(emu, Path(workdir))
            env = {"COMPUTER_PAUSE": "0", "RENDER_WORKERS": "1", "LOG_LEVEL": "WARNING"}
            if database_url is not None:
                env["DATABASE_URL"] = database_url
            for shard in range(processes):
                shards = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)} if processes > 1 else {}
                await bots.start(extra_env={**env, **shards})
            await emu.wait_until(
                lambda: len(emu.gateway.live_sessions()) == processes, timeout=60, what="every bot connected"
            )
            started = time.perf_counter()
            before = len(emu.requests)
            try:
                await fleet.open_tables()
                await fleet.play(timeout=60)
                elapsed = time.perf_counter() - started
                requests = len(emu.requests) - before
            finally:
                await bots.stop_all()
    clicks = fleet.latencies
    return Figures(
        servers / elapsed, percentile(clicks, 0.5), percentile(clicks, 0.99), len(clicks), requests / elapsed
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", type=int, default=60)
    args = parser.parse_args()
    figures: dict[str, Figures] = {}
    figures["1 process, SQLite"] = asyncio.run(measure(args.servers, 1, None))
    with postgres_server(durable=True) as server:
        url = asyncio.run(fresh_database(server, "scale_one"))
        figures["1 process, PostgreSQL"] = asyncio.run(measure(args.servers, 1, url))
        url = asyncio.run(fresh_database(server, "scale_three"))
        figures["3 processes, PostgreSQL"] = asyncio.run(measure(args.servers, 3, url))
    print(f"{args.servers} servers, one person and three computers each, one hand")
    print(f"{'':26} {'tables/s':>9} {'click p50':>10} {'click p99':>10} {'clicks':>7} {'REST/s':>7}")
    for name, f in figures.items():
        rate, p50, p99, rest = f.tables_per_second, f.p50 * 1000, f.p99 * 1000, f.requests_per_second
        print(f"{name:26} {rate:9.2f} {p50:8.0f}ms {p99:8.0f}ms {f.clicks:7} {rest:7.1f}")
    one, three = figures["1 process, PostgreSQL"], figures["3 processes, PostgreSQL"]
    ratio = three.tables_per_second / one.tables_per_second
    print(f"three processes / one, on PostgreSQL: {ratio:.2f}x")


if __name__ == "__main__":
    main()
