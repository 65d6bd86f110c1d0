"""Speed of ``hard``'s playouts: the time of a search with a fixed number of deals, the baseline's
``hard`` (``bot/ai`` at the git revision ``--baseline REV``, by default before the moon defence and
the anytime search: ``bench/baseline.py``) against the current one, on the same positions,
interleaved round by round (one core; the median of the rounds).

The positions are every card decision of a few hands played by ``normal``. A fixed number of deals
makes the searches do the same amount of work per option, so with uniform deals the ratio of their
times is the ratio of their playout speeds (the current one also models defending opponents in its
playouts); reading the other seats' plays (``inference``) adds the chain's swaps to every deal.

``--within SECONDS`` measures instead how many deals today's card search plays within that time
budget (the live one: 0.2), the median over the same positions (those with two candidates or more;
one core): what a faster playout buys ``hard`` at the table. Its figure for two revisions comes from
two checkouts (the baseline is not compiled, so it can't be compared here).

Run: .venv/bin/python bench/search_speed.py [--hands 3] [--deals 30] [--rounds 3] [--baseline REV]
     .venv/bin/python bench/search_speed.py --within 0.2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import baseline
from bot.ai import Level, decide
from bot.ai.consts import consts_of
from bot.ai.inference import InferredSampler
from bot.ai.search import candidates, card_totals, search_card
from bot.engine import Hand, Phase, RuleSet, SeatView, seat_view


def positions(hands: int) -> list[SeatView]:
    rules = RuleSet()
    views = []
    for d in range(hands):
        hand = Hand.new(rules, f"search-speed:{d}", 1 + d % 4)
        while hand.phase is not Phase.SCORED:
            seat = hand.waiting_for()[0]
            view = seat_view(hand, seat)
            if view.phase is Phase.PLAYING:
                views.append(view)
            hand.apply(decide(view, Level.NORMAL, seed=d))
    return views


def deals_within(views: list[SeatView], budget: float) -> None:
    """Print the median deals ``hard``'s card search plays within ``budget`` seconds."""
    counted = []
    for v in views:
        cands = candidates(consts_of(v.rules), v.legal, v.unseen)
        if len(cands) < 2:
            continue
        start = time.perf_counter()
        _, done = card_totals(v, cands, start, budget, None, 1, InferredSampler(v))
        counted.append(done)
    print(
        f"search_speed: {len(counted)} card decisions with a choice, {budget * 1000:.0f} ms each (one core): "
        f"median {statistics.median(counted):,.0f} deals, mean {statistics.mean(counted):,.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default=baseline.BASELINE_REV, help="the baseline's git revision")
    parser.add_argument("--within", type=float, help="deals played within this budget (seconds)")
    args = parser.parse_args()
    views = positions(args.hands)
    if args.within is not None:
        deals_within(views, args.within)
        return
    base = baseline.load(args.baseline)
    searches: dict[str, Callable[[SeatView], object]] = {
        "baseline": lambda v: base.api.decide(
            v, base.api.Level.HARD, seed=1, time_budget=60.0, deals=args.deals
        ),
        "now, uniform deals": lambda v: search_card(
            v, seed=1, time_budget=60.0, deals=args.deals, read_plays=False
        ),
        "now, reading the plays": lambda v: search_card(v, seed=1, time_budget=60.0, deals=args.deals),
    }
    times: dict[str, list[float]] = {name: [] for name in searches}
    for _ in range(args.rounds):
        for name, search in searches.items():
            t0 = time.perf_counter()
            for v in views:
                search(v)
            times[name].append(time.perf_counter() - t0)
    median = {name: statistics.median(t) for name, t in times.items()}
    print(
        f"search_speed: {len(views)} card decisions x {args.deals} deals, {args.rounds} rounds (one core); "
        f"baseline = bot/ai at {base.commit[:12]}"
    )
    for name, t in median.items():
        speed = median["baseline"] / t
        print(f"  {name:>22}: {t / len(views) * 1000:5.1f} ms/decision, speed / the baseline's {speed:.2f}")


if __name__ == "__main__":
    main()
