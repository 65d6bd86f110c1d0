"""Strength of the computer players: duplicate matches on fixed deals, with standard errors.

A match ``HERO:OPPONENT`` plays every deal once with HERO in each seat in turn and OPPONENT in the
other seats (a duplicate match: every seat of every deal is played by HERO once, so the luck of the
cards cancels). Per deal it records HERO's points minus the mean of the other three, averaged over
the seatings: one sample per deal. It prints the mean per hand with its standard error (SE, over
deals; negative = HERO takes fewer points, which is better), moons made by HERO and moons conceded
(shot by an opponent) out of all hands played, and HERO's decision times.

Every match of a run is played on the same deals, so two matches form a paired comparison:
``--paired hard/base-hard:normal`` prints the per-deal difference of the two heroes against the same
opponents with its SE (the cards' luck cancels again: far tighter than either match alone), and
``--paired hunter:normal/hunter:base-normal`` compares how often one moon-hunter among three
``normal`` players shoots with how often it does among three of the baseline's (moons made by the
hunter are the moons the level conceded).

Players: the bot's levels ``easy``, ``normal``, ``hard``; ``base-easy``, ``base-normal`` and
``base-hard``, the levels of the baseline, ``bot/ai`` at the git revision ``--baseline REV``
(default: before the moon defence and the anytime search; see ``bench/baseline.py``), imported
beside today's in the same process; ``heuristic``, a simple textbook strategy, and ``hunter``, an
opponent that tries to shoot the moon whenever it can (``bench/opponents.py``); ``oracle``, ``hard``
shown every seat's cards (``_oracle``: the ceiling of any better reading of the plays);
``hard-nostyle``, ``hard`` reading every seat as its policy plays (``_no_styles``). Any of them as
``PLAYER@DEALS`` searches with deals of its own (``player_of``).

``--suite all`` runs each level and the baseline's against the heuristic, against the others and
against one moon-hunter, and hard against the baseline's hard (paired, both against the baseline's
normal). ``--suite cheap`` leaves out hard (seconds instead of many minutes).
Hard is costly: size it with ``--deals`` and ``--budget``; on a shared
2-core machine run it under ``nice -n 10``. Hard's search is anytime (it plays deals until its
budget is spent), so a run with it is not bit-reproducible; ``--search-deals N`` fixes its deals
per decision instead (and the baseline's, whose search also stops at its budget): the run is then
replayable, and two versions that run at different speeds (the baseline's modules are plain Python,
today's hot ones compiled) are compared at the same work rather than the same time.

Run: python bench/ai_strength.py --match normal:easy --deals 200
     python bench/ai_strength.py --paired normal/base-normal:hunter --deals 300
     python bench/ai_strength.py --paired hard/base-hard:base-normal --baseline main~5 --deals 40
     python bench/ai_strength.py --suite all --deals 40 --budget 0.05
     python bench/ai_strength.py --match hard@1830:hard-nostyle@920 --first-deal 4100 --deals 300
     python bench/ai_strength.py --match hard@1830:hard-nostyle@920 --first-deal 10000 --deals 2000 \
         --save h2h.jsonl   (stopped and run again, in as many sittings as it takes: ``saved_deals``)
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import baseline
from bench.opponents import heuristic_move, hunter_move
from bench.saved_deals import MixedFile, SavedDeals, code_digest
from bot.ai import Level, decide
from bot.ai.consts import consts_of
from bot.ai.policy import card_for_view, moon_defence, stops_moon
from bot.ai.search import candidates, card_value, search_card
from bot.engine import Hand, Phase, RuleSet, SeatView, seat_view
from bot.engine.cards import CardSet
from bot.engine.moves import Move, PlayCard
from bot.engine.scoring import HandOutcome, HandScore

Player = Callable[[SeatView, int, float | None, int | None, Sequence[CardSet]], Move]
"""A player's move from the seat's view, a seed, ``hard``'s time budget (None: its default), a
fixed number of deals per decision (None: the budget decides; given, the search is replayable
whatever the machine's speed) and every seat's cards, which only ``oracle`` looks at."""


def _budget(budget: float | None, deals: int | None) -> float | None:
    """No time limit once the deals are fixed: the baseline's search stops at its budget even then
    (today's ignores the budget when given deals)."""
    return budget if deals is None else math.inf


def _level(level: Level) -> Player:
    return lambda view, seed, budget, deals, hands: decide(
        view, level, seed=seed, time_budget=_budget(budget, deals), deals=deals
    )


_baseline_rev = baseline.BASELINE_REV  # --baseline, in the main process and every worker


def use_baseline(rev: str) -> None:
    """The ``base-*`` players play ``bot/ai`` at ``rev`` in this process (a pool's initializer)."""
    global _baseline_rev
    _baseline_rev = rev


def _base(level: str) -> Player:
    """A level of the baseline revision, imported on first use in each process."""

    def play(
        view: SeatView, seed: int, budget: float | None, deals: int | None, hands: Sequence[CardSet]
    ) -> Move:
        api = baseline.load(_baseline_rev).api
        move: Move = api.decide(
            view, api.Level[level], seed=seed, time_budget=_budget(budget, deals), deals=deals
        )
        return move

    return play


_hard = _level(Level.HARD)  # the variants below pass (and choose the moon) as ``hard`` does


def _oracle(
    view: SeatView, seed: int, budget: float | None, deals: int | None, hands: Sequence[CardSet]
) -> Move:
    """``hard`` that sees every seat's cards: of the cards its search would consider (the same
    moon defence), the one worth most in the real deal by the very playouts the search averages
    over its sampled deals (``card_value``); it passes as ``hard``. What a perfect reading of the
    other seats' hands would be worth to the search, everything else unchanged: a ceiling for any
    better reading, and a yardstick for the playouts (a gap near zero says the playouts, not the
    reading, are what a stronger ``hard`` must change)."""
    if view.phase is not Phase.PLAYING or not view.legal:
        return _hard(view, seed, budget, deals, hands)
    if stops_moon(view):
        return PlayCard(view.seat, card_for_view(view))
    cands = candidates(consts_of(view.rules), moon_defence(view), view.unseen)
    return PlayCard(view.seat, max(cands, key=lambda c: card_value(view, list(hands), c)))


def _no_styles(
    view: SeatView, seed: int, budget: float | None, deals: int | None, hands: Sequence[CardSet]
) -> Move:
    """``hard`` reading every seat as the policy plays (no textbook style found in any): ``hard``
    as it was before it read styles, for what that reading is worth."""
    if view.phase is not Phase.PLAYING or not view.legal:
        return _hard(view, seed, budget, deals, hands)
    card = search_card(view, seed=seed, time_budget=_budget(budget, deals), deals=deals, read_styles=False)
    return PlayCard(view.seat, card)


PLAYERS: dict[str, Player] = {
    "easy": _level(Level.EASY),
    "normal": _level(Level.NORMAL),
    "hard": _hard,
    "base-easy": _base("EASY"),
    "base-normal": _base("NORMAL"),
    "base-hard": _base("HARD"),
    "hard-nostyle": _no_styles,
    "oracle": _oracle,
    "heuristic": lambda view, seed, budget, deals, hands: heuristic_move(view, seed),
    "hunter": lambda view, seed, budget, deals, hands: hunter_move(view, seed),
}


def player_of(spec: str, deals: int | None) -> tuple[Player, int | None]:
    """The player ``spec`` names and its deals per decision: ``PLAYER`` searches with the run's
    ``deals``, ``PLAYER@DEALS`` with deals of its own (so that two versions are each played at the
    deals their own builds play in the live budget, ``search_speed.py --within``: a match
    ``hard@1830:hard-nostyle@920`` is today's ``hard`` against the one of ``0be939b``); ValueError
    if it names none."""
    name, at, own = spec.partition("@")
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYERS)}")
    if at and not (own.isdigit() and int(own) > 0):
        raise ValueError(f"{spec!r}: the deals after @ must be a positive whole number")
    return PLAYERS[name], int(own) if at else deals


SUITES: dict[str, tuple[list[str], list[str]]] = {
    # (matches, paired comparisons)
    "all": (
        ["easy:heuristic", "normal:easy", "hard:easy", "hard:normal"],
        [
            "normal/base-normal:heuristic",
            "hard/base-hard:heuristic",
            "hunter:normal/hunter:base-normal",
            "hunter:hard/hunter:base-hard",
            "normal/base-normal:hunter",
            "hard/base-hard:base-normal",
        ],
    ),
    "cheap": (
        ["easy:heuristic", "normal:easy", "easy:hunter"],
        [
            "normal/base-normal:heuristic",
            "normal/base-normal:easy",
            "hunter:normal/hunter:base-normal",
            "normal/base-normal:hunter",
        ],
    ),
    "moon": ([], ["hunter:normal/hunter:base-normal", "hunter:hard/hunter:base-hard"]),
}


@dataclass(frozen=True)
class MatchDeal:
    diff: float  # hero minus the opponents' mean, averaged over the seatings
    made: int  # seatings where the hero shot the moon (or slam, all tricks)
    conceded: int  # seatings where an opponent did
    times: tuple[float, ...]  # hero's seconds per decision


def duplicate_hand(rules: RuleSet, deal: int) -> Hand:
    """Deal number ``deal`` of every duplicate match, as dealt (the pass direction cycles with the
    deal's number). ``ismcts_match.py`` plays the same deals."""
    return Hand.new(rules, f"ai-strength:{deal}", 1 + deal % 4)


def decision_seed(deal: int, hero_seat: int, move_no: int, seat: int) -> int:
    """The seed of a player's decision: the ``move_no``-th move of the hand (a pass or a card) of
    ``deal``, played with the hero in ``hero_seat``."""
    return deal * 1_000_003 + hero_seat * 10_007 + move_no * 101 + seat


@dataclass(frozen=True)
class Seating:
    """One hand of a deal with the hero in ``hero_seat``: the hero's points minus the mean of the
    others', and whether the hero shot the moon (or slam, all tricks) or another seat did."""

    diff: float
    made: bool
    conceded: bool

    @classmethod
    def of(cls, result: HandScore, hero_seat: int) -> Seating:
        pts = result.points
        others = [p for s, p in enumerate(pts) if s != hero_seat]
        special = result.outcome is not HandOutcome.NORMAL
        return cls(
            pts[hero_seat] - sum(others) / len(others),
            special and result.shooter == hero_seat,
            special and result.shooter != hero_seat,
        )


def match_deal(seatings: list[Seating], times: list[float]) -> MatchDeal:
    """A deal's sample: its seatings averaged, the moons counted."""
    return MatchDeal(
        sum(s.diff for s in seatings) / len(seatings),
        sum(s.made for s in seatings),
        sum(s.conceded for s in seatings),
        tuple(times),
    )


def play_match_deal(
    hero: str, opponent: str, deal: int, players: int, budget: float | None, deals: int | None = None
) -> MatchDeal:
    rules = RuleSet(players=players)
    chosen = {name: player_of(name, deals) for name in (hero, opponent)}
    seatings: list[Seating] = []
    times: list[float] = []
    for hero_seat in range(rules.players):
        hand = duplicate_hand(rules, deal)
        move_no = 0
        while hand.phase is not Phase.SCORED:
            for seat in hand.waiting_for():
                play, own = chosen[hero if seat == hero_seat else opponent]
                seed = decision_seed(deal, hero_seat, move_no, seat)
                view = seat_view(hand, seat)
                t0 = time.perf_counter()
                move = play(view, seed, budget, own, hand.hands)
                if seat == hero_seat:
                    times.append(time.perf_counter() - t0)
                hand.apply(move)
                move_no += 1
                if hand.phase is not Phase.PASSING:
                    break
        assert hand.result is not None
        seatings.append(Seating.of(hand.result, hero_seat))
    return match_deal(seatings, times)


Match = tuple[str, str]  # (hero, opponent)


def _play(job: tuple[tuple[Match, ...], int, int, float | None, int | None]) -> dict[Match, MatchDeal]:
    matches, deal, players, budget, deals = job
    return {m: play_match_deal(m[0], m[1], deal, players, budget, deals) for m in matches}


def mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, se


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def match_line(match: tuple[str, str], deals: list[MatchDeal], players: int) -> str:
    mean, se = mean_se([d.diff for d in deals])
    hands = len(deals) * players
    made = sum(d.made for d in deals)
    conceded = sum(d.conceded for d in deals)
    times = [t for d in deals for t in d.times]
    return (
        f"  {match[0]:>12} vs {match[1]:<12} {mean:+6.2f} ± {se:4.2f} pts/hand   "
        f"moons made {made}/{hands} ({made / hands:5.1%}), conceded {conceded}/{hands} "
        f"({conceded / hands:5.1%})   decisions median {statistics.median(times) * 1000:6.2f} ms, "
        f"p95 {percentile(times, 0.95) * 1000:6.1f} ms"
    )


def paired_line(a: Match, b: Match, results: list[dict[Match, MatchDeal]]) -> str:
    diff, se = mean_se([r[a].diff - r[b].diff for r in results])
    if se == 0:
        z = "the same on every deal"
    elif math.isnan(se):  # a single deal
        z = "z -"
    else:
        z = f"z {diff / se:+.1f}"
    made = f"{sum(r[a].made for r in results)} vs {sum(r[b].made for r in results)}"
    conceded = f"{sum(r[a].conceded for r in results)} vs {sum(r[b].conceded for r in results)}"
    return (
        f"  paired ({a[0]} vs {a[1]}) − ({b[0]} vs {b[1]}): {diff:+.2f} ± {se:.2f} pts/hand ({z}); "
        f"moons made by the hero {made}, conceded {conceded}"
    )


def search_size(budget: float | None, deals: int | None) -> str:
    """How much ``hard`` searches per decision, as a report says it."""
    if deals is not None:
        return f"{deals} deals a decision"
    return "default budget" if budget is None else f"budget {budget * 1000:g} ms"


def parse_pair(spec: str) -> tuple[Match, Match]:
    """``A/B:OPP`` (two heroes against one opponent) or ``A:X/B:Y`` (any two matches)."""
    left, _, right = spec.partition("/")
    if ":" in left:
        a, _, x = left.partition(":")
        b, _, y = right.partition(":")
        return (a, x), (b, y)
    b, _, opponent = right.partition(":")
    return (left, opponent), (b, opponent)


def add_match_arguments(parser: argparse.ArgumentParser, *, deals: int) -> None:
    """The options of every duplicate match: its deals, how much ``hard`` searches, the worker
    processes, the baseline's revision, reports on the way (also ``ismcts_match.py``'s)."""
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="time budget of hard (s); default its own")
    parser.add_argument(
        "--search-deals",
        type=int,
        default=None,
        help="a fixed number of deals per decision for hard and base-hard instead of a time budget",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--baseline", default=baseline.BASELINE_REV, help="git revision of the base-* levels' bot/ai"
    )
    parser.add_argument("--report-every", type=int, default=0, help="print the figures so far every N deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--match", action="append", default=[], help="HERO:OPPONENT (repeatable)")
    parser.add_argument(
        "--paired", action="append", default=[], help="HERO/OTHER:OPPONENT or A:X/B:Y (repeatable)"
    )
    parser.add_argument("--suite", choices=sorted(SUITES))
    parser.add_argument("--players", type=int, default=4)
    add_match_arguments(parser, deals=100)
    parser.add_argument(
        "--save",
        type=Path,
        default=None,
        help="keep each deal in this file (JSON lines); run again, the deals it has are not played again",
    )
    args = parser.parse_args()

    match_specs = list(args.match)
    paired_specs = list(args.paired)
    if args.suite:
        match_specs += SUITES[args.suite][0]
        paired_specs += SUITES[args.suite][1]
    matches: list[Match] = []
    pairs: list[tuple[Match, Match]] = []

    def add(hero: str, opponent: str) -> Match:
        for name in (hero, opponent):
            try:
                player_of(name, None)
            except ValueError as exc:
                parser.error(str(exc))
        if (hero, opponent) not in matches:
            matches.append((hero, opponent))
        return hero, opponent

    for spec in match_specs:
        hero, _, opponent = spec.partition(":")
        add(hero, opponent)
    for spec in paired_specs:
        a, b = parse_pair(spec)
        pairs.append((add(*a), add(*b)))
    if not matches:
        parser.error("nothing to play: give --match, --paired or --suite")

    deals = range(args.first_deal, args.first_deal + args.deals)
    base = any(name.startswith("base-") for match in matches for name in match)
    settings = {
        "players": args.players,
        "budget": args.budget,
        "deals": args.search_deals,
        "baseline": args.baseline if base else None,
    }
    saved = None if args.save is None else SavedDeals(args.save, code_digest(), settings)
    try:
        kept = {} if saved is None else _kept(saved.load(), matches)
    except MixedFile as exc:
        parser.error(str(exc))
    jobs = [(tuple(matches), d, args.players, args.budget, args.search_deals) for d in deals if d not in kept]
    start = time.perf_counter()
    budget = search_size(args.budget, args.search_deals)

    def report(results: list[dict[Match, MatchDeal]]) -> None:
        wall = time.perf_counter() - start
        print(
            f"ai_strength: {len(results)} deals from {args.first_deal} x {args.players} seatings "
            f"(duplicate), {args.players}-player standard rules, hard {budget}, wall {wall:.0f} s, "
            f"{args.workers} worker(s)" + ("" if commit is None else f"; base-* = bot/ai at {commit[:12]}")
        )
        print("  hero minus the others' mean, per hand (negative: hero takes fewer points); ± = one SE")
        for m in matches:
            print(match_line(m, [r[m] for r in results], args.players))
        for a, b in pairs:
            print(paired_line(a, b, results), flush=True)

    use_baseline(args.baseline)
    # An unknown revision stops here, before any deal (and without base-* players, git is not asked).
    commit = baseline.load(args.baseline).commit if base else None
    results: list[dict[Match, MatchDeal]] = [kept[d] for d in deals if d in kept]
    if results:
        print(f"ai_strength: {len(results)} of the deals are in {args.save} already: playing the others")
    workers = ProcessPoolExecutor(args.workers, initializer=use_baseline, initargs=(args.baseline,))
    with workers if args.workers > 1 else nullcontext() as pool:
        played = map(_play, jobs) if pool is None else pool.map(_play, jobs, chunksize=1)
        for job, result in zip(jobs, played, strict=False):
            results.append(result)
            if saved is not None:
                saved.append(job[1], result.items())
            if args.report_every and len(results) % args.report_every == 0 and len(results) < len(deals):
                report(results)  # figures so far: a long run can be stopped and still tell
    report(results)


def _kept(
    saved: dict[int, dict[Match, dict[str, Any]]], matches: list[Match]
) -> dict[int, dict[Match, MatchDeal]]:
    """The saved deals that hold every match of this run, as the run's results."""
    return {
        deal: {m: _deal(by_match[m]) for m in matches}
        for deal, by_match in saved.items()
        if all(m in by_match for m in matches)
    }


def _deal(figures: dict[str, Any]) -> MatchDeal:
    return MatchDeal(figures["diff"], figures["made"], figures["conceded"], tuple(figures["times"]))


if __name__ == "__main__":
    main()
