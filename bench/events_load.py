"""A server event at scale, through the event service and the table service on a real SQLite file
(or ``--database postgresql://…``): ``--entrants`` people (200: 50 four-player tables a round) over
``--rounds`` rounds. Each round is seated for real (its claim and seating stored, every table
created, its people joined and the game started, each a saved action); its results are then
written straight to storage (random points per person and board: nobody plays, the figures are the
event's own work), and the round is scored (matchpoints over every board so far, the standings,
the claim) and the next one seated.

Prints the time to seat each round, to score it, and the standings image's render time.

Run: .venv/bin/python bench/events_load.py [--entrants 200] [--rounds 3] [--hands 4]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.rules import RuleSet
from bot.events import Event, EventOptions, EventService, Standing
from bot.render.event_standings import render
from bot.storage import Database
from bot.storage import events as store
from bot.tables import (
    Actor,
    ComputerPool,
    ComputerSettings,
    ManualClock,
    PoolKind,
    TableOptions,
    TableService,
)
from bot.tables import events as ev
from bot.text.events import standings_image

GUILD = "1"
ORGANISER = Actor("organiser", is_moderator=True, manages_server=True)


class Quiet:
    """The table presenter: the Discord side's work is not the event's."""

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        return None


class Clocked:
    """The presenter: when each round was seated and each standings posted."""

    def __init__(self) -> None:
        self.seated: dict[int, float] = {}
        self.scored: dict[int, float] = {}
        self.last: list[Standing] = []

    async def ready(self) -> None:
        return None

    async def round_started(
        self, event: Event, rnd: int, table_ids: list[int], *, again: bool = False
    ) -> bool:
        self.seated[rnd] = time.perf_counter()
        return True

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        self.scored[rnd] = time.perf_counter()
        self.last = rows
        return True


async def results(db: Database, event: Event, rnd: int, hands: int, rng: random.Random) -> None:
    """Every table of the round finished, each person with random points on each board."""
    seats = {s.player_id: s for _r, s in await store.seats(db, event.event_id, rnd)}
    for table in await store.tables(db, event.event_id, rnd):
        rows = [
            store.ScoreRow(rnd, (rnd - 1) * hands + h, p, s.seat, rng.choice((0, 0, 1, 2, 3, 5, 13, 26)))
            for p, s in seats.items()
            if s.table_index == table.table_index
            for h in range(1, hands + 1)
        ]
        await store.finish_table(db, event.event_id, table.table_id, rows)


async def run(args: argparse.Namespace) -> None:
    folder = tempfile.TemporaryDirectory()
    url = args.database or str(Path(folder.name) / "events.sqlite3")
    db = await Database.open(url)
    tables = TableService(
        db, clock=ManualClock(1_795_000_000.0), computers=ComputerPool(ComputerSettings(kind=PoolKind.INLINE))
    )
    tables.attach(Quiet())
    await tables.start()
    service = EventService(tables, db)
    clocked = Clocked()
    service.attach(clocked)
    await service.start()
    rules = RuleSet(players=4, target_score=None, fixed_hands=args.hands)
    table = TableOptions(rules=rules, time_limit=3600.0)
    options = EventOptions(table, rounds=args.rounds, deadline=7 * 86400.0)
    event = await service.new(ORGANISER, GUILD, "2", "Benchmark Cup", options)
    for i in range(args.entrants):
        await service.join(Actor(str(1000 + i)), GUILD, event.event_id)
    rng = random.Random(1)
    began = time.perf_counter()
    await service.begin(ORGANISER, GUILD, event.event_id)
    seat_times = [clocked.seated[1] - began]
    score_times = []
    for rnd in range(1, args.rounds + 1):
        await results(db, event, rnd, args.hands, rng)
        start = time.perf_counter()
        await service.round_done(await service.event(GUILD, event.event_id), rnd)
        score_times.append(clocked.scored[rnd] - start)
        if rnd < args.rounds:
            seat_times.append(clocked.seated[rnd + 1] - clocked.scored[rnd])
    tables_a_round = len(await store.tables(db, event.event_id, 1))
    renders = []
    image = standings_image(event, args.rounds, clocked.last, True, {}, {}, "en")
    for _ in range(5):
        start = time.perf_counter()
        png = render(image)
        renders.append(time.perf_counter() - start)
    await service.stop()
    await tables.stop()
    await db.close()
    folder.cleanup()
    print(
        f"event: {args.entrants} entrants, {tables_a_round} tables a round, "
        f"{args.rounds} rounds of {args.hands} hands"
    )
    print(
        "seat a round (claim, seating, every table created, joined and started), s: "
        + ", ".join(f"{t:.2f}" for t in seat_times)
    )
    print(
        "score a round (matchpoints over every board so far, standings, claim), s: "
        + ", ".join(f"{t:.3f}" for t in score_times)
    )
    print(
        f"standings image ({len(image.rows)} rows, {len(png) // 1024} KiB): "
        f"median {statistics.median(renders) * 1000:.0f} ms over {len(renders)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a new SQLite file)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
