"""Seasons at scale: a server with 100,000 ranked members and 5 years of monthly seasons.

Builds the server's history in a fresh SQLite database (the bot's schema, its migrations): 60
months of games, 4 people each, ``--games`` a month, spread over the members so that every one of
them is ranked, each month's results added to its season's totals (as the bot's save of a game
does, a month at once); then the first 59 seasons are closed through the season code the bot
runs (``bot.storage.seasons.close``: the board frozen from the totals) and the 60th keeps running.
Prints:

- the season close (p50 / max over the 59 closes: reading the month's board and freezing it);
- ``/leaderboard`` p50 / p99 of the storage read and of the image (the page model, its alt text and
  the PNG render), for the running season (from its totals) and for earlier seasons (frozen),
  random pages and random askers (their own row found wherever it is);
- the all-time board (a server without seasons: every game aggregated), for comparison;
- the storage the seasons take (``dbstat``: the season tables) beside the whole database.

Run: .venv/bin/python bench/season_board.py [--members 100000] [--games 5000] [--requests 100]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render import warm_up
from bot.render.leaderboard import render
from bot.storage import seasons as store
from bot.storage.database import Database
from bot.storage.leaderboard import Order, board
from bot.tables.seasons import SeasonKind, period_end
from bot.text.seasons import board_alt, board_image

GUILD = "100000000000000000"
MONTHS = 60
PAGE = 10
START = dt.datetime(2021, 12, 1, tzinfo=dt.UTC).timestamp()


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=5_000, help="games a month (4 people each)")
    parser.add_argument("--requests", type=int, default=100, help="/leaderboard requests per kind")
    return parser.parse_args()


def months() -> list[tuple[float, float]]:
    bounds, at = [], START
    for _ in range(MONTHS):
        end = period_end(SeasonKind.MONTHLY, at)
        bounds.append((at, end))
        at = end
    return bounds


def fill(path: Path, members: int, games: int, rng: random.Random) -> None:
    """Every month's games and their people (each member in turn, so all are ranked), with
    ratings: written straight into the tables the bot writes, in bulk."""
    con = sqlite3.connect(path)
    table_id = 0
    order = list(range(members))
    rng.shuffle(order)
    turn = 0
    for month, (start, end) in enumerate(months(), start=1):
        game_rows, player_rows = [], []
        for _ in range(games):
            table_id += 1
            finished = rng.uniform(start, end - 1)
            game_rows.append((table_id, GUILD, finished, "target", 8, "{}"))
            for seat in range(4):
                player = str(10**17 + order[turn % members])
                turn += 1
                place = seat + 1
                points = 100 + (20 if place == 1 else 0)
                player_rows.append(
                    (
                        table_id,
                        GUILD,
                        player,
                        seat,
                        place,
                        50 + 10 * seat,
                        points,
                        8,
                        30 + 5 * seat,
                        0,
                        0,
                        0,
                        int(place == 1),
                        20.0,
                        20.0 + rng.uniform(-1, 1),
                    )
                )
        con.execute(
            "INSERT INTO seasons (guild_id, number, kind, starts_at, ends_at) VALUES (?, ?, 'monthly', ?, ?)",
            (GUILD, month, start, end),
        )
        con.executemany(
            "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        con.executemany(
            "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, ranking_points, "
            "hands, hand_points, moons, timeouts, quit, won, skill_before, skill_after) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            player_rows,
        )
        # what the bot's save of each game adds to its season (bot.storage.writes), a month at once
        con.execute(
            "INSERT INTO season_totals SELECT guild_id, ?, player_id, SUM(ranking_points), COUNT(*), "
            "SUM(won), SUM(hands), SUM(hand_points) FROM game_players WHERE table_id > ? "
            "GROUP BY guild_id, player_id",
            (month, table_id - games),
        )
    con.executemany(
        "INSERT INTO ratings VALUES (?, ?, ?, ?)",
        [(GUILD, str(10**17 + m), rng.uniform(15, 35), rng.uniform(1, 8)) for m in range(members)],
    )
    con.commit()
    con.close()


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else values[0] * 1000


async def close_seasons(db: Database) -> list[float]:
    """Each close freezes one season's board (its next season's row is there already)."""
    bounds = months()
    took = []
    for n, (_start, end) in enumerate(bounds[:-1], start=1):
        season = await store.season(db, GUILD, n)
        assert season is not None
        began = time.perf_counter()
        await store.close(db, season, end + 60, "bench", ("monthly", bounds[n][1]))
        took.append(time.perf_counter() - began)
    return took


async def requests(
    db: Database, n: int, number: int, members: int, rng: random.Random
) -> dict[str, list[float]]:
    season = await store.season(db, GUILD, number)
    assert season is not None
    query, image = [], []
    for _ in range(n):
        reader = str(10**17 + rng.randrange(members))
        order = rng.choice([Order.POINTS, Order.SKILL])
        page = rng.randrange(50) if rng.random() < 0.2 else 0
        began = time.perf_counter()
        if season.closed_at is None:
            found = await store.live_board(db, GUILD, number, order, PAGE, page * PAGE, reader)
        else:
            found = await store.frozen_board(db, GUILD, number, order, PAGE, page * PAGE, reader)
        middle = time.perf_counter()
        pages = max(1, -(-found.total_players // PAGE))
        model = board_image(found, page, pages, season, {}, reader, "en")
        board_alt(model, "en")
        render(model)
        query.append(middle - began)
        image.append(time.perf_counter() - middle)
    return {"query": query, "image": image}


def sizes(path: Path) -> dict[str, int]:
    con = sqlite3.connect(path)
    try:
        rows = con.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    finally:
        con.close()
    return {str(name): int(size) for name, size in rows}


async def main() -> None:
    args = arguments()
    rng = random.Random(33)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        db = await Database.open(path)  # the schema, by the bot's migrations
        began = time.perf_counter()
        fill(path, args.members, args.games, rng)
        print(
            f"history: {MONTHS * args.games:,} games, {MONTHS * args.games * 4:,} results, "
            f"{args.members:,} members, built in {time.perf_counter() - began:.0f} s"
        )
        closes = await close_seasons(db)
        print(
            f"season close ({len(closes)} seasons, ~{args.games * 4:,} people each): "
            f"p50 {statistics.median(closes) * 1000:.0f} ms, max {max(closes) * 1000:.0f} ms"
        )
        warm_up()  # fonts and card art, as the bot loads them at its start
        running = await requests(db, args.requests, MONTHS, args.members, rng)
        frozen: dict[str, list[float]] = {"query": [], "image": []}
        for _ in range(args.requests // 20):
            got = await requests(db, 20, rng.randrange(1, MONTHS), args.members, rng)
            frozen["query"] += got["query"]
            frozen["image"] += got["image"]
        for name, f in (("running season (live)", running), ("earlier season (frozen)", frozen)):
            total = [q + i for q, i in zip(f["query"], f["image"], strict=True)]
            print(
                f"/leaderboard, {name}, {len(total)} requests: query p50 {pct(f['query'], 50):.1f} ms "
                f"p99 {pct(f['query'], 99):.1f} ms; image p50 {pct(f['image'], 50):.1f} ms "
                f"p99 {pct(f['image'], 99):.1f} ms; together p99 {pct(total, 99):.1f} ms"
            )
        all_time = []
        for _ in range(3):
            began = time.perf_counter()
            await board(db, GUILD, Order.POINTS, PAGE, 0, str(10**17))
            all_time.append(time.perf_counter() - began)
        print(
            f"all-time board (no seasons: every game aggregated), 3 requests: "
            f"median {statistics.median(all_time) * 1000:.0f} ms"
        )
        await db.close()
        size = sizes(path)
        seasons = sum(v for k, v in size.items() if k.startswith(("season", "sqlite_autoindex_season")))
        frozen_rows = (MONTHS - 1) * args.games * 4
        print(
            f"storage: season tables {seasons / 2**20:.1f} MiB for {frozen_rows:,} frozen rows "
            f"and the running totals ({seasons / max(1, frozen_rows):.0f} bytes a frozen row); "
            f"whole database {sum(size.values()) / 2**20:.1f} MiB"
        )


if __name__ == "__main__":
    asyncio.run(main())
