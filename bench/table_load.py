"""Table service under load: N tables at once in one process, on a real SQLite file (or, with
``--database postgresql://…``, a PostgreSQL database: bench/storage_speed.py compares the two).

Each table seats simulated people (who act on every one of their turns after a think time) and
computer players (no pause). Prints actions per second, p50/p99 latency from a person's action to
its event reaching the presenter, memory per table, and the time to restore N unfinished tables.

Also prints how long each computer move took, from asking the computer pool to the move, against
the ``hard`` budget (``--level hard`` puts ``hard`` in every computer seat; ``--pool process`` is
the production pool).

``--reviews N`` keeps N coach reviews (``bot.review``) running beside the tables the whole time,
through the computer pool's low-priority lane as the bot runs them: compare the p99s with and
without (issue 24: unchanged within noise).

Goals (issue 5): 1,000 tables with p99 action latency under 50 ms; restoring 1,000 tables under
5 s; under 200 KB of memory per table. Issue 15: with ``hard`` in every computer seat, every
computer move within its budget + 100 ms at p99.
Run: .venv/bin/python bench/table_load.py [--tables 1000] [--seconds 20] [--think 2 6]
     .venv/bin/python bench/table_load.py --level hard --pool process --tables 40 --people 1
     .venv/bin/python bench/table_load.py --level hard --pool process --tables 40 --people 1 --reviews 2
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.review_coach import played_hand
from bot.ai import Level
from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.rules import RuleSet
from bot.review.coach import positions, rate_decision
from bot.storage import Database
from bot.tables import (
    Actor,
    ComputerPool,
    ComputerSettings,
    PoolKind,
    Refused,
    ServiceSettings,
    TableOptions,
    TableService,
)
from bot.tables import events as ev


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class LoadPresenter:
    """Counts events and, on a person's turn, has that person act after a think time."""

    def __init__(self, think: tuple[float, float], seed: int = 1) -> None:
        self.service: TableService | None = None
        self.think = think
        self.rng = random.Random(seed)
        self.sent: dict[tuple[int, int], float] = {}  # (table, seat) -> when the action was sent
        self.latencies: list[float] = []
        self.moves = 0
        self.refused = 0
        self.measuring = False
        self.tasks: set[asyncio.Task[None]] = set()

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        if isinstance(event, ev.CardPlayed | ev.PassChosen):
            self.moves += self.measuring
            sent = self.sent.pop((event.table.table_id, event.seat), None)
            if sent is not None and self.measuring:
                self.latencies.append(time.perf_counter() - sent)
        elif isinstance(event, ev.HandScored):
            for seat in range(len(event.table.seats)):
                self.sent.pop((event.table.table_id, seat), None)
        if isinstance(event, ev.TurnStarted):
            loop = asyncio.get_running_loop()
            for hand in event.hands:
                loop.call_later(self.rng.uniform(*self.think), self._act, hand)

    def _act(self, hand: object) -> None:
        task = asyncio.get_running_loop().create_task(self._move(hand))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _move(self, hand: object) -> None:
        assert self.service is not None
        from bot.tables import PrivateHand

        assert isinstance(hand, PrivateHand) and hand.player_id is not None
        actor = Actor(hand.player_id)
        s = self.service
        self.sent[(hand.table_id, hand.seat)] = time.perf_counter()
        try:
            if hand.pass_count:
                cards = cardset(self.rng.sample(cards_of(hand.cards), hand.pass_count))
                await s.pass_cards(actor, hand.table_id, hand.move_number, cards)
            elif hand.choose_moon:
                await s.choose_moon(actor, hand.table_id, hand.move_number, True)
                self.sent.pop((hand.table_id, hand.seat), None)
            elif hand.playable:
                card = nth_card(hand.playable, self.rng.randrange(hand.playable.bit_count()))
                await s.play_card(actor, hand.table_id, hand.move_number, card)
        except Refused:
            self.refused += 1
            self.sent.pop((hand.table_id, hand.seat), None)


async def keep_reviewing(pool: ComputerPool, budget: float, rated: list[int]) -> None:
    """One coach review after another (each decision a low-priority job, as ``bot.review.service``
    runs them) until cancelled; counts the decisions rated in ``rated``."""
    number = 0
    while True:
        record = played_hand(number)
        found = list(positions(record, number % 4))
        for i, position in enumerate(found):
            job = partial(rate_decision, position, seed=number * 31 + i, budget=budget / len(found))
            await pool.background(job)
            rated[0] += 1
        number += 1


def make_service(db: Database, presenter: LoadPresenter, pool: str) -> TableService:
    service = TableService(
        db,
        computers=ComputerPool(ComputerSettings(kind=PoolKind(pool), workers=2)),
        settings=ServiceSettings(computer_pause=0.0),
    )
    service.attach(presenter)
    return service


async def run(args: argparse.Namespace) -> dict[str, float]:
    """Prints the figures; returns people's actions/s and the p99 latency (ms)."""
    where = (
        args.database
        or f"sqlite:///{Path(args.db or tempfile.mkdtemp(prefix='table_load_')) / 'load.sqlite3'}"
    )
    presenter = LoadPresenter((args.think[0], args.think[1]))
    db = await Database.open(where)
    service = make_service(db, presenter, args.pool)
    presenter.service = service
    await service.start()
    options = TableOptions(
        rules=RuleSet(target_score=1000), time_limit=900.0, computer_level=Level(args.level)
    )

    gc.collect()
    rss0 = rss_bytes()
    t0 = time.perf_counter()
    for i in range(args.tables):
        people = [Actor(f"p{i}-{k}") for k in range(args.people)]
        snap = await service.create_table(people[0], "bench", f"c{i % 50}", options, seed=i)
        for p in people[1:]:
            await service.join(p, snap.table_id)
        await service.start_game(people[0], snap.table_id)
    setup = time.perf_counter() - t0
    print(
        f"table_load: {args.tables} tables, {args.people} people + {4 - args.people} computers each, "
        f"people think {args.think[0]:g}-{args.think[1]:g} s, pool={args.pool}, db={db.where}"
    )
    print(f"  set-up (create, join, start): {setup:.1f} s")

    rated = [0]
    reviewers = [
        asyncio.create_task(keep_reviewing(service.computers, args.review_budget, rated))
        for _ in range(args.reviews)
    ]
    await asyncio.sleep(args.warmup)  # let the tables reach a steady state
    presenter.measuring = True
    service.computers.timings.clear()
    commits0 = db.commits
    t1 = time.perf_counter()
    await asyncio.sleep(args.seconds)
    window = time.perf_counter() - t1
    presenter.measuring = False
    for reviewer in reviewers:
        reviewer.cancel()
    computer_times = sorted(t for _, t in service.computers.timings)
    gc.collect()
    per_table = (rss_bytes() - rss0) / args.tables

    lat = sorted(presenter.latencies)
    if lat:
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    else:
        p50 = p99 = float("nan")
    print(
        f"  moves applied: {presenter.moves / window:,.0f}/s (people and computers), "
        f"{len(lat) / window:,.0f} people's actions/s, {presenter.refused} refused"
    )
    print(f"  commits: {(db.commits - commits0) / window:,.0f}/s (group commit)")
    if args.reviews:
        print(f"  coach reviews beside the tables: {args.reviews} at a time, {rated[0]} decisions rated")
    print(f"  latency action -> event: p50 {p50:.1f} ms, p99 {p99:.1f} ms (goal p99 < 50 ms)")
    print(f"  memory per table (RSS growth / tables): {per_table / 1024:.0f} KB (goal < 200 KB)")
    if computer_times:
        budget = service.computers.settings.hard_budget
        ct = computer_times
        late = sum(t > budget + 0.1 for t in ct)
        print(
            f"  computer moves ({args.level}): {len(ct)}, asked -> move "
            f"p50 {statistics.median(ct) * 1000:.0f} ms, "
            f"p99 {ct[min(len(ct) - 1, int(len(ct) * 0.99))] * 1000:.0f} ms, max {ct[-1] * 1000:.0f} ms; "
            f"over budget {budget * 1000:.0f} ms + 100 ms: {late} ({late / len(ct):.2%})"
        )

    open_tables = len(service.tables("bench"))
    await service.stop()
    for task in list(presenter.tasks):
        task.cancel()
    await db.close()

    quiet = LoadPresenter((1e9, 1e9))
    db2 = await Database.open(where)
    service2 = make_service(db2, quiet, args.pool)
    quiet.service = service2
    t2 = time.perf_counter()
    restored = await service2.start()
    restore = time.perf_counter() - t2
    print(
        f"  restore {len(restored)} unfinished tables (of {open_tables} open): {restore:.2f} s (goal < 5 s)"
    )
    await service2.stop()
    await db2.close()
    if db2.path is not None:
        print(f"  database file: {db2.path.stat().st_size / 1e6:.1f} MB")
    return {"actions": len(lat) / window, "moves": presenter.moves / window, "p99": p99, "p50": p50}


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--people", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 6.0), metavar=("MIN", "MAX"))
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--pool", choices=[k.value for k in PoolKind], default="thread")
    parser.add_argument("--level", choices=[lv.value for lv in Level], default=Level.NORMAL.value)
    parser.add_argument("--reviews", type=int, default=0, help="coach reviews kept running beside")
    parser.add_argument("--review-budget", type=float, default=8.0, help="seconds per review")
    parser.add_argument("--db", help="directory for the database file (default: a new temp dir)")
    parser.add_argument("--database", help="a database URL instead (e.g. postgresql://…, an empty database)")
    return parser


def main() -> None:
    asyncio.run(run(arguments().parse_args()))


if __name__ == "__main__":
    main()
