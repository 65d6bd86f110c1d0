"""The coach's judge: is a decision the coach calls costly costly by a slower, steadier judge?

The decisions: ``decision_regret.py``'s hands (``hand_played``) played by four people-like
players that stay the same whatever ``bot/ai`` becomes (``--play``: ``normal``, the baseline's
``normal``; ``textbook``, the bench's textbook heuristic, the way many casual players and programs
play), each seat's every decision with a choice that the live coach rates
(``bot.review.coach.positions``: the pass, then each card with more than one legal card), in the
order hand, seat, move; ``--decisions N`` takes the first N. A seat's decisions of one hand are one
review.

The coach: ``bot.review.coach.rate_decision``, the live coach's own code, at a fixed number of
deals per decision (``--coach-deals``, default ``COACH_DEALS``) instead of its time budget, so the
bench is deterministic. The live coach shares ``ReviewSettings.budget`` (8 s) evenly over a
review's decisions and stops at ``MAX_DEALS`` (3,000) deals a decision; ``--live R`` measures
what that gives on this machine over R reviews: per decision it times the coach at a fixed number
of deals (CPU time), then lets it run at its live share of the budget, and prints the deals that
share buys on a core of its own and the deals it got here (at this process's priority, the
bench under ``nice`` as the bot's coach runs at the lowest), and the CPU seconds a review costs.

The judge sees only what the seat saw (its ``SeatView``): every candidate (each legal card, or the
coach's candidate passes and the one chosen) is averaged over deals of the unseen cards drawn
consistently with that view (``bot.ai``'s ``InferredSampler``, weighted by how well a deal explains
the other seats' plays, for cards; ``DealSampler`` for passes), each deal played out by the strongest
evaluator there is, with ``--judge-factor`` (10) times the coach's deals. The strongest evaluator
is the coach's own (``hard``'s search: playouts of the sampled deals, each seat played as the
policy or, once its plays show it, as a textbook player), so the judge is the coach with ten times
its work and other seeds: it measures how much of the coach's verdict at its live budget is noise,
and cannot see a bias the evaluator shares with the coach. ``--coach-rev REV`` also rates every
decision with the coach of an earlier revision (its ``bot/ai`` search, as plain Python, loaded
beside today's by ``bench/baseline.py``), so that an earlier coach and today's are measured by
the same judge in one run, and the report gives today's precision and recall as ratios of the
earlier coach's. The judge is built on today's evaluator, so the ratios lean its way by
construction: they say how far the two coaches differ, and the evaluator's strength in play
(``ai_strength.py``) says which to believe.

"Costly" is the coach's own: a loss (the best candidate's value minus the chosen one's) over
``MARGIN`` points. Printed: precision (the share of decisions the coach flags that the judge finds
costly), recall (the share of the judge's costly decisions the coach flags), the correlation of
the two losses, the counts, and the CPU seconds a review costs at the coach's deals. The judge is
run twice with different seeds on the same decisions, and so is the coach: how often each agrees
with itself on "costly" is how far its verdict can be trusted (the judge's should be far higher).

Deterministic from ``--seed``; a long run can be cut in pieces (``--first-decision``, ``--save``)
and their rows printed together (``--load``).

Run: python bench/coach_judge.py --decisions 40
     python bench/coach_judge.py --decisions 400 --save judge.jsonl
     python bench/coach_judge.py --play textbook --coach-rev 274ea94 --decisions 400
     python bench/coach_judge.py --live 8
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import baseline
from bench.ai_strength import mean_se, percentile
from bench.decision_regret import Player, hand_played
from bench.opponents import baseline_normal, heuristic_move
from bench.review_coach import bench_record
from bot.ai.search import MAX_DEALS
from bot.engine.cards import CardSet
from bot.review.coach import MARGIN, Position, positions, rate_decision
from bot.review.service import ReviewSettings

COACH_DEALS: Final = 2500
"""The live coach's deals per decision: the mean of what its share of the budget buys on a core of
its own (``--live 24``: 2,625 over 261 decisions; median 3,000, the cap; docs/BENCHMARKS.md), so
that a review at these deals costs about what a live one does (7.0 s of CPU against 6.1 s)."""
JUDGE_FACTOR: Final = 10
CALIBRATION_DEALS: Final = 200
"""Deals the ``--live`` measurement times a decision's deals with."""

PLAYS: Final[dict[str, Player]] = {"normal": baseline_normal, "textbook": heuristic_move}
"""The people-like players of the fixed set's hands (``--play``)."""

Rater = Callable[[Position, int, int], float]
"""A decision's loss (≥ 0) by some evaluator: from its position, a seed and its number of deals."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the fixed set: its number in the set, its review (hand and seat), and what
    the coach rates."""

    number: int
    hand: int
    seat: int
    position: Position

    @property
    def is_pass(self) -> bool:
        return self.position.trick is None


def all_decisions(play: str = "normal") -> Iterator[Decision]:
    """The fixed set's decisions in hands played by four of ``PLAYS[play]``, in order, without end."""
    number = 0
    for hand_no in itertools.count():
        hand, _view, _move = deque(hand_played(hand_no, PLAYS[play]), maxlen=1)[0]  # the hand, once played
        record = bench_record(hand_no, hand)
        for seat in range(record.players):
            for position in positions(record, seat):
                yield Decision(number, hand_no, seat, position)
                number += 1


def decisions(first: int, count: int, play: str = "normal") -> list[Decision]:
    """Decisions ``first`` to ``first + count - 1`` of the fixed set of ``play``."""
    return list(itertools.islice(all_decisions(play), first, first + count))


def reviews(count: int, play: str = "normal") -> list[list[Decision]]:
    """The first ``count`` reviews of the fixed set of ``play``: a seat's decisions of one hand each."""
    grouped = itertools.groupby(all_decisions(play), key=lambda d: (d.hand, d.seat))
    return [list(group) for _, group in itertools.islice(grouped, count)]


def coach_loss(position: Position, seed: int, deals: int) -> float:
    """Today's coach, exactly as it rates a decision live, at ``deals`` deals."""
    decided = rate_decision(position, seed=seed, budget=math.inf, deals=deals)
    return 0.0 if decided is None else decided.loss


judge_loss: Rater = coach_loss
"""The judge's evaluator: the strongest there is (today the coach's own, given more deals)."""


def revision_coach(rev: str) -> Rater:
    """The coach of git revision ``rev``: the loss ``rate_decision`` takes from its ``bot/ai``
    search's ratings (``rate_cards``, ``rate_passes``), imported beside today's."""

    def loss(position: Position, seed: int, deals: int) -> float:
        search = baseline.load(rev).search
        view, chosen = position.view, position.chosen
        if position.trick is None:
            values: dict[CardSet, float] = search.rate_passes(view, chosen, seed=seed, deals=deals)
        else:
            cards = search.rate_cards(view, seed=seed, deals=deals)
            values = {1 << card: value for card, value in cards.items()}
        return max(0.0, max(values.values()) - values[chosen]) if values else 0.0

    return loss


@dataclass(frozen=True, slots=True)
class Row:
    """What the bench found for one decision: two coach losses and two judge losses (different
    seeds), the CPU seconds of the first coach run, and the loss by the coach of ``--coach-rev``
    (with the first run's seed) if there is one."""

    number: int
    hand: int
    seat: int
    is_pass: bool
    coach: float
    coach_again: float
    judge: float
    judge_again: float
    coach_cpu: float
    earlier: float | None = None


@dataclass(frozen=True)
class Setup:
    coach_deals: int
    judge_factor: int
    seed: int
    coach_rev: str | None
    play: str = "normal"


def _rate(job: tuple[Decision, Setup]) -> Row:
    decision, setup = job
    base = (setup.seed * 1_000_003 + decision.number) * 4
    position = decision.position
    deals = setup.coach_deals
    cpu = time.process_time()
    first = coach_loss(position, base, deals)
    cpu = time.process_time() - cpu
    again = coach_loss(position, base + 1, deals)
    earlier = None if setup.coach_rev is None else revision_coach(setup.coach_rev)(position, base, deals)
    judged = judge_loss(position, base + 2, deals * setup.judge_factor)
    judged_again = judge_loss(position, base + 3, deals * setup.judge_factor)
    return Row(
        decision.number,
        decision.hand,
        decision.seat,
        decision.is_pass,
        first,
        again,
        judged,
        judged_again,
        cpu,
        earlier,
    )


@dataclass(frozen=True)
class Agreement:
    """How one set of losses (``flag``) agrees with another taken as the truth (``truth``)."""

    flagged: int
    costly: int
    both: int
    same: int  # decisions where the two verdicts agree
    count: int
    correlation: float

    @classmethod
    def of(cls, flag: list[float], truth: list[float]) -> Agreement:
        flagged = [x > MARGIN for x in flag]
        costly = [x > MARGIN for x in truth]
        pairs = list(zip(flagged, costly, strict=True))
        spread = len(set(flag)) > 1 and len(set(truth)) > 1
        return cls(
            sum(flagged),
            sum(costly),
            sum(f and c for f, c in pairs),
            sum(f == c for f, c in pairs),
            len(pairs),
            statistics.correlation(flag, truth) if spread else float("nan"),
        )

    @property
    def precision(self) -> float:
        return self.both / self.flagged if self.flagged else float("nan")

    @property
    def recall(self) -> float:
        return self.both / self.costly if self.costly else float("nan")

    @property
    def either(self) -> float:
        """Of the decisions either side calls costly, the share both do."""
        union = self.flagged + self.costly - self.both
        return self.both / union if union else float("nan")


def _ratio(today: float, earlier: float) -> float:
    return today / earlier if earlier else math.nan


def _verdicts(first: Agreement, second: Agreement) -> str:
    return (
        f"precision {first.precision:.0%} / {second.precision:.0%}, recall {first.recall:.0%} / "
        f"{second.recall:.0%}, correlation of losses {first.correlation:.2f} / {second.correlation:.2f}"
    )


def report(rows: list[Row], setup: Setup) -> list[str]:
    """The figures of ``rows`` (any pieces of one set, with the same setup)."""
    coach, again = [r.coach for r in rows], [r.coach_again for r in rows]
    judge, judge_again = [r.judge for r in rows], [r.judge_again for r in rows]
    by_a, by_b = Agreement.of(coach, judge), Agreement.of(coach, judge_again)
    judge_self, coach_self = Agreement.of(judge, judge_again), Agreement.of(coach, again)
    passes = sum(r.is_pass for r in rows)
    lines = [
        f"  {len(rows)} decisions (passes: {passes}, cards: {len(rows) - passes}) from "
        f"{len({r.hand for r in rows})} hand(s) of four {setup.play} players; costly = a loss over "
        f"{MARGIN:g} points (the coach's MARGIN)",
        f"  judge-costly: {by_a.costly} (second judge run {by_b.costly}); coach-flagged: {by_a.flagged} "
        f"(second coach run {coach_self.costly})",
        f"  today's coach by the judge (first run / second run): {_verdicts(by_a, by_b)}",
    ]
    earlier = [r.earlier for r in rows if r.earlier is not None]
    if setup.coach_rev is not None and len(earlier) == len(rows):
        old_a, old_b = Agreement.of(earlier, judge), Agreement.of(earlier, judge_again)
        lines += [
            f"  the coach of {setup.coach_rev} by the same judge: {_verdicts(old_a, old_b)}; "
            f"flagged {old_a.flagged}",
            f"  today's coach over it: precision ×{_ratio(by_a.precision, old_a.precision):.2f} / "
            f"×{_ratio(by_b.precision, old_b.precision):.2f}, "
            f"recall ×{_ratio(by_a.recall, old_a.recall):.2f} / ×{_ratio(by_b.recall, old_b.recall):.2f}",
        ]
    for name, pick in (("cards", False), ("passes", True)):
        part = [r for r in rows if r.is_pass is pick]
        if part:
            a = Agreement.of([r.coach for r in part], [r.judge for r in part])
            lines.append(
                f"    {name}: {a.flagged} flagged, {a.costly} judge-costly, {a.both} both: precision "
                f"{a.precision:.0%}, recall {a.recall:.0%}"
            )
    for name, agreement in (("the judge", judge_self), ("the coach", coach_self)):
        lines.append(
            f"  {name} against itself (two seeds): same verdict on {agreement.same / agreement.count:.1%} of "
            f"decisions; of those either run calls costly, both do {agreement.either:.0%}; correlation "
            f"{agreement.correlation:.3f}"
        )
    reviews: dict[tuple[int, int], float] = {}
    for r in rows:
        reviews[r.hand, r.seat] = reviews.get((r.hand, r.seat), 0.0) + r.coach_cpu
    cpu = list(reviews.values())
    mean, se = mean_se(cpu)
    lines.append(
        f"  CPU per review at {setup.coach_deals:,} deals a decision: mean {mean:.2f} ± {se:.2f} s, "
        f"max {max(cpu):.2f} s ({len(cpu)} reviews, {len(rows) / len(cpu):.1f} decisions each; the "
        f"judge {setup.judge_factor}× that per run)"
    )
    return lines


@dataclass(frozen=True)
class LiveDecision:
    """One decision of a review at the live budget: its share of the budget, the deals that buys on
    a core of its own and the deals it got here, and its CPU and wall seconds."""

    share: float
    idle_deals: int
    deals_here: int
    cpu: float
    wall: float


def _live(job: tuple[list[Decision], float]) -> list[LiveDecision]:
    """A review rated as the live coach rates it (``bot.review.service``: the budget shared evenly,
    ``rate_decision`` with a time budget), timed against fixed deals on the same decisions."""
    review, budget = job
    share = budget / len(review)
    out = []
    for decision in review:
        position = decision.position
        cpu = time.process_time()
        rate_decision(position, seed=decision.number, budget=math.inf, deals=0)
        setup = time.process_time() - cpu
        cpu = time.process_time()
        rate_decision(position, seed=decision.number, budget=math.inf, deals=CALIBRATION_DEALS)
        per_deal = (time.process_time() - cpu - setup) / CALIBRATION_DEALS
        cpu, wall = time.process_time(), time.perf_counter()
        rate_decision(position, seed=decision.number, budget=share)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall

        idle, here = (min(MAX_DEALS, max(0, int((s - setup) / per_deal))) for s in (share, cpu))
        out.append(LiveDecision(share, idle, here, cpu, wall))
    return out


def live(count: int, workers: int) -> None:
    """Print what the live budget gives per decision, over the first ``count`` reviews."""
    budget = ReviewSettings().budget
    jobs = [(review, budget) for review in reviews(count)]  # the live budget on the normal set
    with ProcessPoolExecutor(workers) as pool:
        done = list(pool.map(_live, jobs))
    flat = [d for review in done for d in review]
    idle = [d.idle_deals for d in flat]
    here = [d.deals_here for d in flat]

    def spread(values: list[int]) -> str:
        return (
            f"median {statistics.median(values):,.0f}, mean {statistics.fmean(values):,.0f}, "
            f"p10 {percentile([float(v) for v in values], 0.1):,.0f}, "
            f"at the cap {sum(v >= MAX_DEALS for v in values)}"
        )

    print(
        f"coach_judge --live: {len(done)} reviews ({len(flat)} decisions) at the live budget of {budget:g} s "
        f"a review, shared evenly (median {statistics.median(d.share for d in flat):.2f} s a decision), "
        f"at most {MAX_DEALS:,} deals a decision"
    )
    print(f"  deals that share buys on a core of its own: {spread(idle)}")
    print(f"  deals it got here (this process's priority, this machine's load): {spread(here)}")
    cpu = [sum(d.cpu for d in review) for review in done]
    wall = [sum(d.wall for d in review) for review in done]
    print(
        f"  CPU per review: mean {statistics.fmean(cpu):.2f} s, max {max(cpu):.2f} s; "
        f"wall mean {statistics.fmean(wall):.2f} s"
    )


def rated(setup: Setup, first: int, count: int, workers: int) -> Iterator[Row]:
    jobs = [(d, setup) for d in decisions(first, count, setup.play)]
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_rate, jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--first-decision", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--judge-factor", type=int, default=JUDGE_FACTOR, help="the judge's deals per the coach's"
    )
    parser.add_argument("--coach-deals", type=int, default=COACH_DEALS, help="the coach's deals per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coach-rev", default=None, help="also rate with the coach of this git revision")
    parser.add_argument(
        "--play", choices=sorted(PLAYS), default="normal", help="the players of the set's hands"
    )
    parser.add_argument("--save", type=Path, default=None, help="write each decision's row to this file")
    parser.add_argument("--load", type=Path, nargs="+", default=None, help="print the rows of earlier runs")
    parser.add_argument(
        "--live", type=int, default=0, metavar="R", help="measure the live budget over R reviews"
    )
    args = parser.parse_args()
    if args.live:
        live(args.live, args.workers)
        return
    setup = Setup(args.coach_deals, args.judge_factor, args.seed, args.coach_rev, args.play)
    start = time.perf_counter()
    if args.load:
        rows, setups = [], set()
        for path in args.load:
            for line in path.read_text(encoding="utf-8").splitlines():
                data = json.loads(line)
                setups.add(Setup(**data.pop("setup")))
                rows.append(Row(**data))
        if len(setups) != 1:
            parser.error(f"the rows come from different setups: {setups}")
        setup = setups.pop()
        if setup.coach_rev is not None and any(r.earlier is None for r in rows):
            parser.error("rows saved before --coach-rev rated beside today's coach (it replaced it then)")
        rows = sorted({r.number: r for r in rows}.values(), key=lambda r: r.number)
    else:
        if setup.coach_rev is not None:
            baseline.load(setup.coach_rev)  # an unknown revision stops here
        rows = []
        out = None if args.save is None else args.save.open("a", encoding="utf-8")
        for row in rated(setup, args.first_decision, args.decisions, args.workers):
            rows.append(row)
            if out is not None:
                out.write(json.dumps({**asdict(row), "setup": asdict(setup)}) + "\n")
                out.flush()
        if out is not None:
            out.close()
    print(
        f"coach_judge: the coach at {setup.coach_deals:,} deals a decision, the judge at "
        f"{setup.judge_factor}× ({setup.coach_deals * setup.judge_factor:,}), seed {setup.seed}; "
        f"wall {time.perf_counter() - start:.0f} s, {args.workers} worker(s)"
    )
    for line in report(rows, setup):
        print(line)


if __name__ == "__main__":
    main()
