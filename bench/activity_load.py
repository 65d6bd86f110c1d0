"""The Activity under load (issue 34): N tables with their 4 people all playing in the Activity,
as socket clients (no browser), against the real bot as it runs in production.

Three processes, so that the bot's figures are the bot's: the bot is ``python -m bot`` (images
drawn in its worker process, INFO log, production pacing under Discord's global limit); this
process runs the local Discord emulator and opens the tables; the socket clients (the people's
pages) run in a child process of their own.

It prints: the time from a move sent on a socket to each of the table's 4 sockets holding the view
after it (p50, p99, and the p99 of each 20 s of the game; goal p99 < 100 ms with 100 tables),
measured in the clients' process: the bot's work, its commit of the move (no view shows a move
before the database has it), the two socket hops, and the clients' own reading of the views. To
tell the bot's share from the machine's: the bot's CPU time per card while the games run (its image
worker's apart), how late its event loop ran (its own metric, sampled every half second) and how
long its commits took. Then the memory per connection (the bot process's resident memory before
and after the sockets opened and got their first view, divided by their number), and the bot's
Discord requests per card played while everyone plays in the Activity (every REST call from the
first table opened to the quiet after the last game), with those that go to the people's DMs.

People think ``--think LOW HIGH`` seconds per move (default 1-3, as ``discord_load.py``); ``--think 0
0`` plays as fast as the bot answers (a stress, not people). ``--bot-root DIR`` runs the bot from
another checkout (e.g. ``git archive`` of an earlier commit), for a before/after in one session.

Run: .venv/bin/python bench/activity_load.py [--tables 100] [--think 1 3] [--bot-root DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from discord_emulator import Channel, DiscordEmulator, User
from playtest.harness import control
from playtest.load import percentile
from playtest.processes import REPO_ROOT, BotProcesses

SEATS = 4
CARDS_PER_HAND = 52
GOAL_P99_MS = 100.0
WINDOW = 20.0  # seconds: the p99 is printed for each such part of the game too
QUIET = 3.0  # seconds without a REST call: the bot has caught up with Discord


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user and system) so far of the bot's process, and of the processes it started
    that are still running (its image worker, under a fork server)."""
    ticks = os.sysconf("SC_CLK_TCK")

    def of(p: int) -> float:
        with open(f"/proc/{p}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    def descendants(p: int) -> list[int]:
        with open(f"/proc/{p}/task/{p}/children") as children:
            mine = [int(c) for c in children.read().split()]
        return [d for c in mine for d in (c, *descendants(c))]

    return of(pid), sum(of(d) for d in descendants(pid))


async def histograms(session: aiohttp.ClientSession, metrics: str) -> dict[tuple[str, str], float]:
    """The bot's event-loop lag (sampled every half second) and storage commit times, from its
    metrics endpoint: (histogram, bucket bound) → samples at or under it."""
    async with session.get(metrics) as response:
        text = await response.text()
    pattern = r'^hearts_(event_loop_lag|storage_commit)_seconds_bucket\{le="([^"]+)"\} (\S+)$'
    return {(name, le): float(count) for name, le, count in re.findall(pattern, text, re.M)}


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4


# == the people's pages (in their own process) ===================================================


@dataclass(frozen=True)
class Seat:
    """What a page needs to open: the SDK's authorization code and instance, its table, and which
    table it is."""

    code: str
    instance: str
    table_id: int
    index: int


@dataclass
class Client:
    """One person's page: it makes every move its view offers, after thinking."""

    ws: aiohttp.ClientWebSocketResponse
    table: Table
    think: tuple[float, float]
    rng: random.Random
    first_view: asyncio.Future[None]
    last_move: int = -1

    async def run(self) -> None:
        async for message in self.ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            data = message.json()
            if data["op"] != "view":
                continue
            now = time.perf_counter()
            if not self.first_view.done():
                self.first_view.set_result(None)
            self.table.seen(self, data["move"], now)
            if data["status"] == "finished":
                return
            await self.table.go.wait()
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
    go: asyncio.Event
    sent_at: dict[int, float] = field(default_factory=dict)  # move number → when its move was sent
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (move sent, seconds to a seat)
    _seen: dict[int, int] = field(default_factory=dict)  # client id → the move number it holds

    def sent(self, move: int) -> None:
        self.sent_at.setdefault(move, time.perf_counter())

    def seen(self, client: Client, move: int, now: float) -> None:
        """``client`` holds the view at ``move``: each move sent before it reached this socket now."""
        before = self._seen.get(id(client), -1)
        for m, at in self.sent_at.items():
            if before <= m < move:
                self.latencies.append((at, now - at))
        self._seen[id(client)] = max(before, move)


async def open_page(base: str, session: aiohttp.ClientSession, seat: Seat) -> aiohttp.ClientWebSocketResponse:
    async with session.post(f"{base}/api/token", json={"code": seat.code}) as response:
        token = (await response.json())["access_token"]
    ws = await session.ws_connect(f"{base}/api/socket")
    await ws.send_json(
        {"op": "hello", "access_token": token, "instance": seat.instance, "table": seat.table_id}
    )
    return ws


async def pages(
    base: str, metrics: str, seats: list[Seat], think: tuple[float, float], bot_pid: int
) -> dict[str, Any]:
    go = asyncio.Event()
    tables = [Table(go) for _ in range(len(seats) // SEATS)]
    before = resident_kib(bot_pid)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        sockets = await asyncio.gather(*(open_page(base, session, s) for s in seats))
        loop = asyncio.get_running_loop()
        clients = [
            Client(ws, tables[s.index], think, random.Random(i), loop.create_future())
            for i, (ws, s) in enumerate(zip(sockets, seats, strict=True))
        ]
        runs = [loop.create_task(c.run()) for c in clients]
        await asyncio.wait_for(asyncio.gather(*(c.first_view for c in clients)), timeout=120)
        per_connection = (resident_kib(bot_pid) - before) / len(clients)
        for table in tables:
            table.latencies.clear()  # the first views are no moves
        lag = await histograms(session, metrics)
        started, cpu = time.perf_counter(), cpu_seconds(bot_pid)
        go.set()
        await asyncio.wait_for(asyncio.gather(*runs), timeout=900)
        seconds, cpu_after = time.perf_counter() - started, cpu_seconds(bot_pid)
        lag_after = await histograms(session, metrics)
        for ws in sockets:
            await ws.close()
    return {
        "latencies": [(at - started, ms * 1000) for t in tables for at, ms in t.latencies],
        "per_connection": per_connection,
        "seconds": seconds,
        "cpu": (cpu_after[0] - cpu[0], cpu_after[1] - cpu[1]),
        "histograms": {key: lag_after[key] - lag.get(key, 0.0) for key in lag_after},
    }


def pages_process(
    base: str, metrics: str, seats: list[Seat], think: tuple[float, float], bot_pid: int, out: Connection
) -> None:
    out.send(asyncio.run(pages(base, metrics, seats, think, bot_pid)))
    out.close()


# == the tables (this process, with the emulator) ================================================


async def open_table(emu: DiscordEmulator, n: int) -> tuple[list[User], int, Channel]:
    people = [emu.create_user(f"t{n:03d}p{i}") for i in range(SEATS)]
    guild = emu.create_guild(f"Club {n}", members=people)
    general = guild.channel("general")
    host, *others = people
    ix = await emu.slash(host, general, "hearts new", seats=SEATS, hands=1)
    await ix.wait_acknowledged()
    lobby = await emu.wait_for_message(
        lambda m: "Hearts table #" in m.content and bool(m.custom_ids), channel=general, timeout=120
    )
    for person in others:
        await (await emu.click(person, emu.message(lobby.id), label="Join")).wait_acknowledged()
    await emu.wait_until(
        lambda: all(p.name in emu.message(lobby.id).content for p in others), what="seated", timeout=120
    )
    await (await emu.click(host, emu.message(lobby.id), label="Start")).wait_acknowledged()
    dm = await emu.wait_for_dm(
        host, lambda m: any(c.startswith("hh:pick:") for c in m.custom_ids), timeout=120
    )
    return people, int(control(dm, "pick").split(":")[2]), general


async def quiet(emu: DiscordEmulator) -> None:
    """Until the bot has made no REST call for ``QUIET`` seconds (its paced DMs all sent)."""
    count = -1
    while count != len(emu.requests):
        count = len(emu.requests)
        await asyncio.sleep(QUIET)  # a bench's measure of quiet, not a synchronisation of a test


async def run(tables: int, think: tuple[float, float], workdir: Path, root: Path) -> None:
    async with DiscordEmulator() as emu:
        emu.enable_activities()
        bots = BotProcesses(emu, workdir)
        bot = await bots.start(
            extra_env={
                "ACTIVITY_PORT": "0",
                "DISCORD_CLIENT_SECRET": emu.activities.client_secret,
                "RENDER_WORKERS": "1",
                "METRICS_PORT": "0",
            },
            root=root,
        )
        try:
            metrics = await bot.wait_for_line("metrics on http", timeout=60)
            line = await bot.wait_for_line("activity server on", timeout=60)
            await bot.wait_for_line("has connected to Gateway", timeout=60)
            port = re.search(r"activity server on [\d.]+:(\d+)", line)
            assert port is not None, line
            mark = len(emu.requests)
            opened = await asyncio.gather(*(open_table(emu, n) for n in range(tables)))
            seats = [
                Seat(emu.authorize(person), emu.activities.join(person, general).instance_id, table_id, n)
                for n, (people, table_id, general) in enumerate(opened)
                for person in people
            ]
            receive, send = multiprocessing.get_context("spawn").Pipe(duplex=False)
            child = multiprocessing.get_context("spawn").Process(
                target=pages_process,
                args=(
                    f"http://127.0.0.1:{port.group(1)}",
                    metrics.split("metrics on ")[1].split()[0],
                    seats,
                    think,
                    bot.process.pid,
                    send,
                ),
            )
            child.start()
            send.close()
            result = await asyncio.to_thread(receive.recv)
            await asyncio.to_thread(child.join)
            await emu.settle(timeout=60)
            await quiet(emu)
            requests = emu.requests.records[mark:]
        finally:
            errors = await bots.stop_all()
    cards = tables * CARDS_PER_HAND
    latencies = sorted(ms for _, ms in result["latencies"])
    routes = Counter(r.route for r in requests)
    print(
        f"== {tables} table(s), 4 people each in the Activity (socket clients), 1 hand, "
        f"think {think[0]:g}-{think[1]:g} s per move; the bot from {root} =="
    )
    print(f"wall time {result['seconds']:.1f} s, cards {cards}, {len(latencies)} view updates measured")
    print(
        f"move -> every seat's view updated: p50 {percentile(latencies, 50):.1f} ms, "
        f"p99 {percentile(latencies, 99):.1f} ms, max {latencies[-1]:.1f} ms (goal p99 < {GOAL_P99_MS:g} ms)"
    )
    windows: dict[int, list[float]] = {}
    for at, ms in result["latencies"]:
        windows.setdefault(int(at // WINDOW), []).append(ms)
    print(
        f"p99 by {WINDOW:g} s of the game: "
        + ", ".join(f"{percentile(sorted(w), 99):.0f}" for _, w in sorted(windows.items()))
        + " ms"
    )
    bot_cpu, worker_cpu = result["cpu"]
    print(
        f"the bot's CPU per card while the games ran: {bot_cpu / cards * 1000:.2f} ms "
        f"({bot_cpu / result['seconds']:.0%} of a core), "
        f"its image worker's {worker_cpu / cards * 1000:.2f} ms"
    )
    for name, what in (("event_loop_lag", "the bot's event loop late"), ("storage_commit", "commits")):
        counts = {le: n for (h, le), n in result["histograms"].items() if h == name}
        samples = counts.get("+Inf", 0.0)
        print(
            f"{what} ({samples:.0f}) by more than "
            + ", ".join(
                f"{float(b) * 1000:g} ms: {samples - counts.get(b, 0):.0f}"
                for b in ("0.05", "0.1", "0.25", "1.0")
            )
        )
    print(f"memory per connection (the bot's process): {result['per_connection']:.1f} KiB")
    dms = {str(c.id) for c in emu.state.dm_channels.values()}
    to_dms = sum(1 for r in requests if (m := re.search(r"/channels/(\d+)", r.path)) and m.group(1) in dms)
    print(
        f"Discord requests per card: {len(requests) / cards:.2f}, of which in DMs (the people's hands) "
        f"{to_dms / cards:.2f}"
    )
    for route, count in routes.most_common(8):
        print(f"  {count / cards:6.3f}/card  {count:7d}  {route}")
    print(f"the bot's log: {len(bot.lines)} lines")
    if errors:
        print(f"the bot logged {len(errors)} error line(s), the first: {errors[0]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--think", type=float, nargs=2, default=[1.0, 3.0], metavar=("LOW", "HIGH"))
    parser.add_argument("--bot-root", type=Path, default=REPO_ROOT, help="the checkout the bot runs from")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as workdir:
        asyncio.run(run(args.tables, (args.think[0], args.think[1]), Path(workdir), args.bot_root.resolve()))


if __name__ == "__main__":
    main()
