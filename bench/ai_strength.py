"""Strength and speed of the computer players (issue 3).

Each deal (fixed seeds) is played once with the tested level in every seat in turn, against copies
of the opponent level in the other seats. Per deal it records the tested seat's points minus the
opponents' mean points (averaged over the seatings: one sample per deal), the moons each way, and
the time of every decision the tested level makes. Prints the mean difference per hand with a 95%
confidence interval (normal approximation over deals; negative = the tested level takes fewer
points), moon rates and per-decision time (median, p95).

Goals on the project's 2-core machine (at least 700 deals for the headline figures):
- normal vs easy: p95 < 5 ms per decision, difference <= -3 points per hand;
- hard vs normal: p95 < 250 ms per decision, difference <= -1.0 with the interval below -0.5.

Deals run in a pool of worker processes (``--workers``, default 2: one per core). Timings are
taken inside the workers; keep the machine otherwise idle for honest figures.

Run: python bench/ai_strength.py --tested normal --opponent easy --deals 700
     python bench/ai_strength.py --tested hard --opponent normal --deals 40   (smoke run)
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Level, decide
from bot.engine import Hand, Phase, RuleSet, seat_view
from bot.engine.moves import PassCards
from bot.engine.scoring import HandOutcome


@dataclass(frozen=True)
class DealResult:
    deal: int
    diff: float  # tested minus opponents' mean, averaged over the seatings
    tested_moons: int  # hands (of the seatings) where the tested seat shot the moon/slam
    opponent_moons: int  # hands where an opponent did
    times: tuple[float, ...]  # seconds per decision of the tested level


@dataclass(frozen=True)
class Config:
    tested: Level
    opponent: Level
    players: int
    budget: float | None


def play_deal(config: Config, deal: int) -> DealResult:
    rules = RuleSet(players=config.players)
    n = rules.players
    diffs: list[float] = []
    times: list[float] = []
    tested_moons = opponent_moons = 0
    hand_number = 1 + deal % 4
    for tested_seat in range(n):
        hand = Hand.new(rules, f"ai-strength:{deal}", hand_number)
        move_no = 0
        while hand.phase is not Phase.SCORED:
            for seat in hand.waiting_for():
                level = config.tested if seat == tested_seat else config.opponent
                view = seat_view(hand, seat)
                seed = deal * 1_000_003 + tested_seat * 10_007 + move_no * 101 + seat
                t0 = time.perf_counter()
                move = decide(view, level, seed=seed, time_budget=config.budget)
                elapsed = time.perf_counter() - t0
                if seat == tested_seat:
                    times.append(elapsed)
                if isinstance(move, PassCards):
                    hand.pass_cards(seat, move.cards)
                else:
                    hand.apply(move)
                move_no += 1
                if hand.phase is not Phase.PASSING:
                    break
        result = hand.result
        assert result is not None
        pts = result.points
        others = [pts[s] for s in range(n) if s != tested_seat]
        diffs.append(pts[tested_seat] - sum(others) / len(others))
        if result.outcome is not HandOutcome.NORMAL:
            if result.shooter == tested_seat:
                tested_moons += 1
            else:
                opponent_moons += 1
    return DealResult(deal, sum(diffs) / n, tested_moons, opponent_moons, tuple(times))


def _play(args: tuple[Config, int]) -> DealResult:
    return play_deal(*args)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(config: Config, results: list[DealResult], wall: float) -> str:
    n = len(results)
    diffs = [r.diff for r in results]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
    hands = n * config.players
    times = [t for r in results for t in r.times]
    return "\n".join(
        [
            f"ai_strength: {config.tested.value} vs {config.opponent.value} x{config.players - 1}, "
            f"{n} deals x {config.players} seatings = {hands} hands, "
            f"budget {config.budget if config.budget is not None else 'default'}, wall {wall:.0f} s",
            f"  points/hand, tested minus opponents' mean: {mean:+.2f}  "
            f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})",
            f"  moons (incl. slams): by tested {sum(r.tested_moons for r in results) / hands:.2%} of hands, "
            f"by an opponent {sum(r.opponent_moons for r in results) / hands:.2%}",
            f"  decision time of {config.tested.value} ({len(times)} decisions): "
            f"median {statistics.median(times) * 1000:.2f} ms, p95 {percentile(times, 0.95) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.1f} ms",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--tested", default="normal", choices=[lv.value for lv in Level])
    parser.add_argument("--opponent", default="easy", choices=[lv.value for lv in Level])
    parser.add_argument("--deals", type=int, default=700)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=float, default=None, help="hard's time budget (s)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--progress", type=int, default=0, help="print a report every N deals")
    args = parser.parse_args()
    config = Config(Level(args.tested), Level(args.opponent), args.players, args.budget)
    jobs = [(config, d) for d in range(args.first_deal, args.first_deal + args.deals)]
    start = time.perf_counter()
    results: list[DealResult] = []
    if args.workers <= 1:
        for job in jobs:
            results.append(_play(job))
            if args.progress and len(results) % args.progress == 0:
                print(report(config, results, time.perf_counter() - start), flush=True)
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            for result in pool.map(_play, jobs, chunksize=1):
                results.append(result)
                if args.progress and len(results) % args.progress == 0 and len(results) < len(jobs):
                    print(report(config, results, time.perf_counter() - start), flush=True)
    print(report(config, results, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
