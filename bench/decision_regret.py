"""Card decisions of ``hard`` judged one at a time, in the deal that was really dealt.

Whole matches (``ai_strength.py``) are what counts, but they are noisy: one moon or one Q♠ moves a
hand by 13 to 26 points, and two searches that differ in one card play different hands from there.
This measures decisions instead. The positions are every card decision with a choice, from the
third trick on, of hands played by four of the baseline's ``normal`` (``bench/baseline.py``'s
``BASELINE_REV``, the opponents of the main match).
At each, every legal card gets its true value (``search.card_value``: play it in the real deal,
every seat then playing as in the search's playouts) and each searcher its regret: the best card's
value minus the value of the card it chose, in points per hand. Every searcher sees the same
positions, so the paired difference of two has a small standard error.

It judges what a searcher makes of what it cannot see (which deals it samples, how it weighs them,
how many it plays), never a change to the playout policy: the policy is the yardstick. Searchers:
``hard``; ``hard-uniform``, the same search drawing deals uniformly instead of reading the other
seats' plays (``inference``); ``base-hard``, ``hard`` of the git revision ``--baseline REV``
(default ``BASELINE_REV``: before the moon defence and the anytime search), imported beside
today's in the same process.

Run: python bench/decision_regret.py --hands 80 --budget 0.05
     python bench/decision_regret.py --hands 4 --deals 20 --searchers base-hard,hard --baseline HEAD~3
     python bench/decision_regret.py --hands 80 --deals 100 --searchers hard,hard-uniform
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import baseline
from bench.opponents import baseline_normal
from bot.ai.search import card_value, search_card
from bot.engine import Hand, Move, Phase, PlayCard, RuleSet, SeatView, seat_view
from bot.engine.cards import cards_of

Searcher = Callable[[SeatView, int, float | None, int | None], int]

SEARCHERS: dict[str, Searcher] = {
    "hard": lambda view, seed, budget, deals: search_card(view, seed=seed, time_budget=budget, deals=deals),
    "hard-uniform": lambda view, seed, budget, deals: search_card(
        view, seed=seed, time_budget=budget, deals=deals, read_plays=False
    ),
    "base-hard": lambda view, seed, budget, deals: baseline.load(_baseline_rev).search.search_card(
        view, seed=seed, time_budget=budget, deals=deals
    ),
}
_baseline_rev = baseline.BASELINE_REV  # --baseline, in the main process and every worker


def _use_baseline(rev: str) -> None:
    global _baseline_rev
    _baseline_rev = rev


FIRST_TRICK = 2
"""Decisions from this trick on (numbered from 0): by then the other seats' plays say something."""


@dataclass(frozen=True, slots=True)
class Position:
    """One card decision measured: the seat's view, the real deal, every legal card's true value
    (``card_value``), the card ``normal`` played there, and a seed for the searchers."""

    view: SeatView
    value: dict[int, float]
    played: int
    seed: int

    @property
    def best(self) -> float:
        return max(self.value.values())


Player = Callable[[SeatView, int], Move]
"""A seat's move from its view and a seed."""


def hand_played(hand_no: int, player: Player = baseline_normal) -> Iterator[tuple[Hand, SeatView, Move]]:
    """Hand ``hand_no`` played by four of ``player`` (by default the baseline's ``normal``), a move
    at a time: the hand before each move (the real deal), the view of the seat to move and its
    move. The same ``Hand`` each time, scored once the last move is applied (``coach_judge.py``
    takes it whole)."""
    hand = Hand.new(RuleSet(), f"decision-regret:{hand_no}", 1 + hand_no % 4)
    while hand.phase is not Phase.SCORED:
        view = seat_view(hand, hand.waiting_for()[0])
        played = player(view, hand_no)
        yield hand, view, played
        hand.apply(played)


def positions(hand_no: int) -> Iterator[Position]:
    """The measured decisions of hand ``hand_no``: every card decision with a choice from trick
    ``FIRST_TRICK`` on, in hands played by four of the baseline's ``normal`` (also ``review_coach.py``'s)."""
    for move, (hand, view, played) in enumerate(hand_played(hand_no)):
        legal = view.legal
        if view.phase is Phase.PLAYING and len(view.tricks) >= FIRST_TRICK and legal & (legal - 1):
            real = list(hand.hands)
            value = {card: card_value(view, real, card) for card in cards_of(legal)}
            assert isinstance(played, PlayCard)
            yield Position(view, value, played.card, hand_no * 1009 + move)


def regrets(job: tuple[int, tuple[str, ...], float | None, int | None]) -> dict[str, list[float]]:
    """Per searcher, its regret at every decision of one hand (numbered ``hand_no``)."""
    hand_no, names, budget, deals = job
    out: dict[str, list[float]] = {name: [] for name in names}
    for position in positions(hand_no):
        for name in names:
            card = SEARCHERS[name](position.view, position.seed, budget, deals)
            out[name].append(position.best - position.value[card])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--first-hand", type=int, default=0)
    parser.add_argument("--searchers", default="base-hard,hard-uniform,hard")
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision (default: hard's)")
    parser.add_argument("--deals", type=int, default=None, help="a fixed number of deals instead of a budget")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--baseline", default=baseline.BASELINE_REV, help="base-hard's git revision")
    args = parser.parse_args()
    names = tuple(args.searchers.split(","))
    for name in names:
        if name not in SEARCHERS:
            parser.error(f"unknown searcher {name!r}: one of {', '.join(SEARCHERS)}")
    hands = range(args.first_hand, args.first_hand + args.hands)
    _use_baseline(args.baseline)
    commit = baseline.load(args.baseline).commit  # an unknown revision stops here, before any hand
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, initializer=_use_baseline, initargs=(args.baseline,)) as pool:
        results = list(pool.map(regrets, [(h, names, args.budget, args.deals) for h in hands], chunksize=1))
    per = {name: [r for result in results for r in result[name]] for name in names}
    size = f"{args.deals} deals" if args.deals else f"budget {(args.budget or 0.2) * 1000:g} ms"
    print(
        f"decision_regret: {len(per[names[0]])} card decisions of {args.hands} hands from "
        f"{args.first_hand}, {size}, wall {time.perf_counter() - start:.0f} s, {args.workers} worker(s); "
        f"base-hard = bot/ai at {commit[:12]}"
    )
    print("  mean regret per decision, points per hand in the real deal (lower is better)")
    for name in names:
        print(f"  {name:>14}: {statistics.fmean(per[name]):.3f}")
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = [x - y for x, y in zip(per[b], per[a], strict=True)]
            se = statistics.stdev(diff) / math.sqrt(len(diff))
            mean = statistics.fmean(diff)
            print(f"  {b} − {a}: {mean:+.3f} ± {se:.3f} (z {mean / se:+.1f})")


if __name__ == "__main__":
    main()
