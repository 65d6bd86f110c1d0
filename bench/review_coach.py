"""The coach (``bot.review``): what a review costs, and whether it agrees with the real deal.

1. Cost: whole hands played by four ``normal`` players, one seat's every decision (the pass and
   each card with a choice) rated by ``coach_hand`` at the bot's per-review budget; prints the CPU
   seconds per review (``time.process_time``) and the wall time.
2. Agreement with ``decision_regret.py`` on the same decisions (its ``positions``: every card
   decision from the third trick on, with every legal card's true value in the real deal). The coach
   sees only the seat's view; for the card ``normal`` played there it gives a loss (its best card's
   value minus the played one's, over sampled deals), which is set against the true regret (the
   real deal's best value minus the played card's). Prints the correlation, how often the coach
   flags a decision (loss over ``MARGIN``) exactly when the real deal says it cost more than
   ``MARGIN``, and the true regret of the coach's own preferred card (the same figure
   ``decision_regret.py`` prints for ``hard``).

Run: python bench/review_coach.py --hands 8 --budget 8 --agreement-hands 20 --decision-budget 0.1
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decision_regret import positions
from bot.ai import Level, decide
from bot.ai.search import rate_cards
from bot.engine import Hand, Occupant, Phase, RuleSet, seat_view
from bot.review.coach import MARGIN, coach_hand
from bot.review.history import HandRecord, record_of


def played_hand(number: int) -> HandRecord:
    """Hand ``number`` played to the end by four ``normal`` players."""
    hand = Hand.new(RuleSet(), f"review-coach:{number}", 1 + number % 4)
    while hand.phase is not Phase.SCORED:
        hand.apply(decide(seat_view(hand, hand.waiting_for()[0]), Level.NORMAL, seed=number))
    return bench_record(number, hand)


def bench_record(number: int, hand: Hand) -> HandRecord:
    """The scored ``hand`` as the coach reviews it: a record of four people's hand, numbered
    ``number``, at the start of a game (no totals before it)."""
    seats = tuple(Occupant.person(str(s)) for s in range(hand.rules.players))
    return record_of(number, "bench", hand, seats, (0,) * hand.rules.players)


def cost(job: tuple[int, float]) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, decisions) of one review of seat 0 of hand ``number``."""
    number, budget = job
    record = played_hand(number)
    cpu, wall = time.process_time(), time.perf_counter()
    report = coach_hand(record, number % 4, budget=budget, seed=number)
    return time.process_time() - cpu, time.perf_counter() - wall, len(report.decisions)


def agreement(job: tuple[int, float]) -> list[tuple[float, float, float]]:
    """Per measured decision of hand ``number``: (coach's loss, true regret of the played card,
    true regret of the coach's preferred card)."""
    number, budget = job
    out = []
    for position in positions(number):
        rated = rate_cards(position.view, seed=position.seed, time_budget=budget)
        if not rated:
            continue
        preferred = max(rated, key=lambda c: rated[c])
        loss = rated[preferred] - rated[position.played]
        out.append(
            (loss, position.best - position.value[position.played], position.best - position.value[preferred])
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--hands", type=int, default=8, help="reviews timed")
    parser.add_argument("--budget", type=float, default=8.0, help="seconds per review (the bot's default)")
    parser.add_argument("--agreement-hands", type=int, default=20)
    parser.add_argument("--decision-budget", type=float, default=0.1, help="seconds per decision rated")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        costs = list(pool.map(cost, [(n, args.budget) for n in range(args.hands)]))
        rows = [
            r
            for hand in pool.map(agreement, [(n, args.decision_budget) for n in range(args.agreement_hands)])
            for r in hand
        ]
    cpu = [c for c, _, _ in costs]
    decisions = sum(d for _, _, d in costs)
    print(f"review_coach: {args.hands} reviews at a budget of {args.budget:g} s, {args.workers} worker(s)")
    wall = statistics.fmean(w for _, w, _ in costs)
    print(
        f"  CPU per review: mean {statistics.fmean(cpu):.2f} s, max {max(cpu):.2f} s; "
        f"wall mean {wall:.2f} s; {decisions / len(costs):.1f} decisions each"
    )
    losses = [r[0] for r in rows]
    regrets = [r[1] for r in rows]
    flagged = [loss > MARGIN for loss in losses]
    costly = [regret > MARGIN for regret in regrets]
    agree = sum(f == c for f, c in zip(flagged, costly, strict=True))
    both = sum(f and c for f, c in zip(flagged, costly, strict=True))
    print(
        f"  agreement with decision_regret on {len(rows)} card decisions of {args.agreement_hands} hands "
        f"({args.decision_budget * 1000:g} ms each):"
    )
    correlation = statistics.correlation(losses, regrets)
    print(f"    correlation of the coach's loss with the true regret: {correlation:.2f}")
    print(
        f"    flagged (loss > {MARGIN:g}) vs costly in the real deal: agree on {agree / len(rows):.0%}; "
        f"{sum(flagged)} flagged, {sum(costly)} costly, {both} both "
        f"(precision {both / max(1, sum(flagged)):.0%}, recall {both / max(1, sum(costly)):.0%})"
    )
    print(
        f"    mean true regret: of the card played {statistics.fmean(regrets):.3f}, "
        f"of the coach's preferred card {statistics.fmean(r[2] for r in rows):.3f} points per decision"
    )


if __name__ == "__main__":
    main()
