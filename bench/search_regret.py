"""What more deals could buy ``hard``: the regret of its card choice against many more deals.

``hard`` compares its candidate cards over deals sampled from what the seat has seen, so its choice
carries the noise of a finite sample. Here each card decision of a few hands played by ``normal``
(the positions of ``search_speed.py``) is rated by the coach's ``rate_cards`` with ``--reference``
deals, the reference; then ``search_card`` chooses with each of ``--deals`` (several seeds, as it
plays live: the ``normal`` card favoured on near-ties), and each choice is charged the best card's
reference mean minus its own (not where a seat looks like a shooter: the search then keeps to the
moon defence by rule). The mean over the decisions with a choice is what a search with
that many deals loses, by its own model of the other seats, to one with unlimited deals: an upper
bound on what any more work per decision can gain (a faster engine, a longer budget, a better
share of the deals among the candidates). Between two counts, the difference is what going from
one to the other is worth. The reference is a finite sample too, so the figures at the larger
counts are a little high.

Run: .venv/bin/python bench/search_regret.py [--hands 4] [--reference 16000]
     [--deals 460 920 1830 3660] [--seeds 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.search_speed import positions
from bot.ai.policy import shooter
from bot.ai.search import rate_cards, search_card
from bot.engine import SeatView

REFERENCE_SEED = 999_999
"""The reference's deals: a seed none of the choices use."""


@dataclass(frozen=True)
class Decision:
    """One decision's regrets: for each count of deals, the mean over the seeds of the points the
    choice is worth less than the best card, by the reference."""

    choices: int  # how many cards the reference tells apart (0: not judged)
    regret: dict[int, float]


def judge(view: SeatView, reference: int, deals: list[int], seeds: int) -> Decision:
    """``view``'s decision judged; no choice counted where a seat looks like a shooter (the search
    then keeps to the moon defence by rule, whatever its playouts say)."""
    if shooter(view) >= 0:
        return Decision(0, {})
    rated = rate_cards(view, seed=REFERENCE_SEED, deals=reference)
    best = max(rated.values(), default=0.0)
    regret = {
        n: statistics.fmean(best - rated[search_card(view, seed=s, deals=n)] for s in range(seeds))
        for n in deals
    }
    return Decision(len(set(rated.values())), regret)


def report(decisions: list[Decision], reference: int) -> list[str]:
    chosen = [d for d in decisions if d.choices > 1]
    lines = [f"search_regret: {len(chosen)} card decisions with a choice of {len(decisions)}"]
    for n in chosen[0].regret if chosen else ():
        regrets = [d.regret[n] for d in chosen]
        lines.append(
            f"  {n:>6} deals: regret {statistics.fmean(regrets):.4f} points a decision against "
            f"{reference:,} deals (max {max(regrets):.3f}; over 0.05 in {sum(r > 0.05 for r in regrets)})"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--reference", type=int, default=16000)
    parser.add_argument("--deals", type=int, nargs="+", default=[460, 920, 1830, 3660])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    views = positions(args.hands)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(judge, v, args.reference, args.deals, args.seeds) for v in views]
        decisions = [job.result() for job in jobs]
    print("\n".join(report(decisions, args.reference)))
    print(f"  ({args.hands} hands, {args.seeds} seeds a count; wall {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
