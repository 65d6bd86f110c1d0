"""The Activity under load (issue 34): N tables with their 4 people all playing in the Activity,
as socket clients (no browser), against the real bot and the local Discord emulator in this process.

It prints: the time from a move sent on a socket to each of the table's 4 sockets holding the view
after it (p50, p99; goal p99 < 100 ms with 100 tables), the memory per connection (the process's
resident memory before and after the sockets opened, divided by their number: the bot's side and
the test clients' together, so an upper bound of the bot's), and the bot's Discord requests per
card played while everyone plays in the Activity (every REST call from the first Start to the quiet
after the last game). The driver, the emulator and the bot share one event loop: the times include
the driver's and the emulator's work.

People think ``--think LOW HIGH`` seconds per move (default 1-3, as ``discord_load.py``); ``--think 0
0`` plays as fast as the bot answers (a stress, not people).

Run: .venv/bin/python bench/activity_load.py [--tables 100] [--think 1 3]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from discord_emulator import DiscordEmulator, User
from discord_emulator.runner import BotRunner, redirect_discord_py
from playtest.harness import Hearts, make_bot, now_clock
from playtest.load import percentile

SEATS = 4
CARDS_PER_HAND = 52
GOAL_P99_MS = 100.0


def resident_kib() -> int:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4


@dataclass
class Client:
    """One person's page: it makes every move its view offers, at once."""

    ws: aiohttp.ClientWebSocketResponse
    table: Table
    think: tuple[float, float]
    rng: random.Random
    last_move: int = -1
    done: bool = False

    async def run(self) -> None:
        async for message in self.ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            data = message.json()
            if data["op"] != "view":
                continue
            now = time.perf_counter()
            self.table.seen(self, data["move"], now)
            if data["status"] == "finished":
                self.done = True
                return
            await self.act(data)

    async def act(self, view: dict[str, Any]) -> None:
        hand = view["hand"]
        if hand is None or not hand["your_turn"] or view["move"] <= self.last_move:
            return
        move: dict[str, Any] | None = None
        if view["phase"] == "passing" and hand["pass_count"] and hand["passed"] is None:
            move = {"op": "pass", "cards": hand["cards"][: hand["pass_count"]]}
        elif view["phase"] == "playing" and hand["playable"]:
            move = {"op": "play", "card": hand["playable"][0]}
        elif hand["choose_moon"]:
            move = {"op": "moon", "add_to_others": True}
        if move is None:
            return
        self.last_move = view["move"]
        if self.think[1] > 0:  # a person reading and choosing, not a wait for the bot
            await asyncio.sleep(self.rng.uniform(*self.think))
        if move["op"] == "play":  # a pass waits for the other seats' passes: no latency of ours
            self.table.sent(view["move"])
        await self.ws.send_json(move | {"move": view["move"]})


@dataclass
class Table:
    hearts: Hearts
    clients: list[Client] = field(default_factory=list)
    sent_at: dict[int, float] = field(default_factory=dict)  # move number → when its move was sent
    latencies: list[float] = field(default_factory=list)
    _seen: dict[int, int] = field(default_factory=dict)  # client id → the move number it holds

    def sent(self, move: int) -> None:
        self.sent_at.setdefault(move, time.perf_counter())

    def seen(self, client: Client, move: int, now: float) -> None:
        """``client`` holds the view at ``move``: each move sent before it reached this socket now."""
        before = self._seen.get(id(client), -1)
        for m, at in self.sent_at.items():
            if before <= m < move:
                self.latencies.append(now - at)
        self._seen[id(client)] = max(before, move)


async def open_table(hearts: Hearts) -> int:
    host, *others = hearts.people
    lobby = await hearts.open_table(host, seats=SEATS, hands=1)
    await hearts.seat(lobby, others)
    await hearts.click(host, lobby, "Start")
    return hearts.bot.service.tables(str(hearts.guild.id))[0].table_id


async def connect(
    base: str, session: aiohttp.ClientSession, emu: DiscordEmulator, user: User, table_id: int
) -> aiohttp.ClientWebSocketResponse:
    async with session.post(f"{base}/api/token", json={"code": emu.authorize(user)}) as response:
        token = (await response.json())["access_token"]
    ws = await session.ws_connect(f"{base}/api/socket")
    await ws.send_json({"op": "hello", "access_token": token, "table": table_id})
    return ws


async def run(tables: int, think: tuple[float, float], workdir: Path) -> None:
    async with DiscordEmulator() as emu:
        emu.enable_activities()
        with redirect_discord_py(emu):
            clock = now_clock()
            db = workdir / "hearts.sqlite3"
            # Images drawn in a worker process, as in production (in threads they hold the loop).
            bot = make_bot(emu, db, clock, activity_port=0, render_workers=1)
            runs: list[Table] = []
            for n in range(tables):
                people = [emu.create_user(f"t{n:03d}p{i}") for i in range(SEATS)]
                guild = emu.create_guild(f"Club {n}", members=people)
                runs.append(Table(Hearts(emu, bot, clock, db, guild, guild.channel("general"), people)))
            runner = BotRunner(emu)
            await runner.start(bot, timeout=60)
            cog = bot.get_cog("ActivityCog")
            base = f"http://127.0.0.1:{cog.port}"  # type: ignore[union-attr]
            try:
                mark = emu.mark()
                ids = await asyncio.gather(*(open_table(r.hearts) for r in runs))
                before = resident_kib()
                connector = aiohttp.TCPConnector(limit=0)
                async with aiohttp.ClientSession(connector=connector) as session:
                    sockets = await asyncio.gather(
                        *(
                            connect(base, session, emu, p, t)
                            for r, t in zip(runs, ids, strict=True)
                            for p in r.hearts.people
                        )
                    )
                    per_connection = (resident_kib() - before) / len(sockets)
                    for i, ws in enumerate(sockets):
                        table = runs[i // SEATS]
                        table.clients.append(Client(ws, table, think, random.Random(i)))
                    started = time.perf_counter()
                    await asyncio.wait_for(
                        asyncio.gather(*(c.run() for r in runs for c in r.clients)), timeout=600
                    )
                    seconds = time.perf_counter() - started
                await emu.settle(timeout=30)
                await bot.service.settle()
                requests = emu.requests.select(since=mark)
            finally:
                await runner.stop_all()
    cards = tables * CARDS_PER_HAND
    latencies = sorted(ms * 1000 for r in runs for ms in r.latencies)
    routes = Counter(r.route for r in requests)
    print(
        f"== {tables} table(s), 4 people each in the Activity (socket clients), 1 hand, "
        f"think {think[0]:g}-{think[1]:g} s per move =="
    )
    print(f"wall time {seconds:.1f} s, cards {cards}, {len(latencies)} view updates measured")
    print(
        f"move -> every seat's view updated: p50 {percentile(latencies, 50):.1f} ms, "
        f"p99 {percentile(latencies, 99):.1f} ms (goal p99 < {GOAL_P99_MS:g} ms)"
    )
    print(f"memory per connection (bot and client together): {per_connection:.0f} KiB")
    print(f"Discord requests per card: {len(requests) / cards:.2f}")
    for route, count in routes.most_common(8):
        print(f"  {count / cards:6.3f}/card  {count:7d}  {route}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--think", type=float, nargs=2, default=[1.0, 3.0], metavar=("LOW", "HIGH"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as workdir:
        asyncio.run(run(args.tables, (args.think[0], args.think[1]), Path(workdir)))


if __name__ == "__main__":
    main()
