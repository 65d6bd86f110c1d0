"""Render speed and PNG size of every image type.

Prints, per image type: median and p95 wall time of a render (drawing plus PNG encoding), the
median CPU time of the rendering thread (steadier than wall time on a busy machine), and the PNG
size. Also the first render of a process (fonts and card images loading) and the share of the time
spent encoding.

Goals (issue 4), medians on the 2-core machine: hand under 15 ms and under 150 KB, table under
20 ms, score sheet under 30 ms.
Run: /work/venv/bin/python bench/render_speed.py [--runs 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bot.engine.cards import CLUBS, FULL_DECK, HEARTS, TEN_OF_DIAMONDS, cards_of, cardset
from bot.render import hand, png, score_sheet, standings, table
from bot.render.models import (
    FinalStandings,
    HandImage,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    StandingRow,
    TableImage,
    TableSeat,
)

NAMES = ["Alice", "Bob the Builder", "王小明", "محمد علي", "😀 Zoë 🔥", "𝓙𝓸𝓱𝓷𝓷𝔂", "Eve"]
GOALS_MS = {"hand": 15.0, "table": 20.0, "score sheet": 30.0}
GOAL_HAND_BYTES = 150_000


def deal(rnd: random.Random, n: int) -> int:
    return cardset(rnd.sample(cards_of(FULL_DECK), n))


def hand_inputs(rnd: random.Random) -> HandImage:
    """A mid-game hand of 13 with some cards dimmed, or a 17-card hand while passing."""
    if rnd.random() < 0.5:
        cards = deal(rnd, 13)
        return HandImage(cards=cards, playable=cards & (CLUBS | HEARTS), bonus_card=TEN_OF_DIAMONDS)
    cards = deal(rnd, 17)
    return HandImage(cards=cards, selected=cardset(cards_of(cards)[:3]), four_colour=True)


def table_inputs(rnd: random.Random) -> TableImage:
    n = rnd.choice([4, 4, 5, 7])
    played = rnd.sample(cards_of(FULL_DECK), n)
    k = rnd.randrange(n)
    seats = tuple(
        TableSeat(
            NAMES[i],
            is_computer=i == 2,
            score=rnd.randrange(100),
            hand_points=rnd.randrange(14),
            played=played[i] if i < k else None,
            cards_left=13 - rnd.randrange(5),
        )
        for i in range(n)
    )
    return TableImage(
        seats, leader=0, to_move=k, hearts_broken=rnd.random() < 0.5, hand_number=3, trick_number=6
    )


def sheet_inputs(rnd: random.Random) -> ScoreSheetImage:
    n = rnd.choice([4, 7])
    hands = rnd.choice([8, score_sheet.MAX_ROWS])
    totals = [0] * n
    rows = []
    for _ in range(hands):
        points = [0] * n
        for _ in range(13):
            points[rnd.randrange(n)] += 1
        points[rnd.randrange(n)] += 13
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        rows.append(ScoreRow(tuple(points), tuple(totals)))
    return ScoreSheetImage(tuple(ScorePlayer(NAMES[i]) for i in range(n)), tuple(rows), target=100)


def standings_inputs(rnd: random.Random) -> FinalStandings:
    rows = tuple(
        StandingRow(i + 1, NAMES[i], 40 + 10 * i + rnd.randrange(5), 120 if i == 0 else 100) for i in range(6)
    )
    return FinalStandings((*rows, StandingRow(None, "Computer", 90, None, is_computer=True)), hands_played=9)


CASES: dict[
    str, tuple[Callable[[random.Random], object], Callable[..., bytes], Callable[..., Image.Image]]
] = {
    "hand": (hand_inputs, hand.render, hand.draw),
    "table": (table_inputs, table.render, table.draw),
    "score sheet": (sheet_inputs, score_sheet.render, score_sheet.draw),
    "final standings": (standings_inputs, standings.render, standings.draw),
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    rnd = random.Random(4)

    start = time.perf_counter()
    hand.render(hand_inputs(rnd))
    first_ms = 1000 * (time.perf_counter() - start)
    print(f"first render in this process (loads fonts and card images): {first_ms:.0f} ms")
    print(f"{args.runs} renders each, varied inputs; wall = time per render, cpu = this thread's CPU time\n")
    header = ("median", "p95", "cpu med", "encode", "PNG med", "PNG max")
    print(f"{'image':<16}" + "".join(f"{h:>9}" for h in header) + "   goal")
    for name, (make, render, draw) in CASES.items():
        inputs = [make(rnd) for _ in range(args.runs)]
        for value in inputs[:5]:  # warm the per-process caches for this image type
            render(value)
        wall, cpu, sizes = [], [], []
        for value in inputs:
            t0, c0 = time.perf_counter(), time.thread_time()
            data = render(value)
            wall.append(1000 * (time.perf_counter() - t0))
            cpu.append(1000 * (time.thread_time() - c0))
            sizes.append(len(data))
        drawn = [draw(value) for value in inputs[:30]]
        t0 = time.thread_time()
        for im in drawn:
            png.encode(im)
        encode_share = 1000 * (time.thread_time() - t0) / len(drawn) / statistics.median(cpu)
        goal = f"< {GOALS_MS[name]:.0f} ms" if name in GOALS_MS else ""
        if name == "hand":
            goal += f", < {GOAL_HAND_BYTES // 1000} KB"
        print(
            f"{name:<16}{statistics.median(wall):>7.2f}ms{percentile(wall, 0.95):>7.2f}ms"
            f"{statistics.median(cpu):>7.2f}ms{encode_share:>9.0%}"
            f"{statistics.median(sizes) / 1000:>7.1f}KB{max(sizes) / 1000:>7.1f}KB   {goal}"
        )


if __name__ == "__main__":
    main()
