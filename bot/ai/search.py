"""The ``hard`` level: determinized sampling with rule-based playouts, for cards and passes.

For each decision it deals the unseen cards to the other seats many times, consistently with what
the seat has seen (``sampling``) and weighted by how well each deal explains the other seats' plays
so far (``inference``), plays every candidate card in every deal and finishes the hand
with the ``normal`` policy for all seats (a seat the reading found playing the textbook way played
that way: ``textbook``), and picks the card with the best mean ``Objective`` (hand
points, or the ranking when the hand can end the game). The same deals serve every candidate, so
the comparison between candidates is far less noisy than each mean on its own. The playouts run in
one compiled loop (``playout``). Moon attempts and moon defence come from the playouts: the policy
shoots and defends, and the objective scores it. (Searching each card also with the seat shooting
from then on, its better plan counting, made more moons and lost more points on the attempts
that failed: docs/BENCHMARKS.md.)
In the playouts the other seats defend against a moon late, as ordinary players do, and the
searching seat eagerly, as it does itself (``eager`` in ``policy``; late there too measured no
better).

Against a moon the playouts alone are too trusting: a seat that has taken every point so far may be
shooting, and a sampled deal rarely gives it the cards a real shooter has. So while a seat looks
like a shooter (``shooter``: every point so far and three quarters of the tricks), it is played as a
moon-hunter in the playouts, the candidates are only the cards that keep the defence
(``moon_defence``: no point on its trick, no stopper shed under it), and a trick with points that
can be taken from it is taken (``stops_moon``). A seat that took a few points by chance gets none of
this: refusing it every point cost about half a point per hand against ordinary players. Measured
against a moon-hunter and ordinary players in README, issue 15.

Passing works the same way: a few candidate passes (the ``normal`` one and sets of the most
dangerous cards) are compared over sampled deals in which the other seats pass as ``normal`` would.

Cards that cannot differ in outcome (neighbours in a suit with no unseen card between them, other
than the Q♠ and the Omnibus card) are searched once.

The search is anytime: it plays deals until its time budget is spent, so a faster machine or
engine makes it stronger rather than idle. It does not stop early on a choice that looks clear:
the outcomes that decide a hand (a moon, the Q♠) come in few deals, so a choice can look clear
before they show, and no early stop tried measured better (README, issue 15). A decision is
therefore replayable only with a fixed number of deals (``deals``, for tests). With no time for
even one deal it falls back to the ``normal`` card.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from itertools import combinations
from typing import TypeVar

from bot.ai.consts import Consts, consts_of
from bot.ai.inference import InferredSampler
from bot.ai.objective import Objective, choose_moon
from bot.ai.passing import card_danger, choose_pass
from bot.ai.playout import play_out
from bot.ai.policy import card_for_view, moon_defence, shooter, stops_moon
from bot.ai.sampling import DealSampler
from bot.engine.cards import SUIT_MASKS, Card, CardSet, cards_of, cardset
from bot.engine.hand import Hand
from bot.engine.scoring import needs_moon_choice, score_hand
from bot.engine.view import SeatView

DEFAULT_BUDGET = 0.2
"""Seconds per decision when the caller gives none: the search runs until then."""
MAX_DEALS = 3000
"""A bound for positions so short that deals cost next to nothing."""
MAX_PASS_OPTIONS = 8
NORMAL_PRIOR = 0.25
"""Points credited per deal to the ``normal`` policy's own choice: breaks near-ties towards it."""


_State = TypeVar("_State")  # what a search's ``prepare`` hands to its ``simulate``
_Start = tuple[Hand, list[CardSet], Card]
"""Where a playout starts: a position (its tricks, taken cards, voids: not changed), the cards each
seat holds there, and the first card to play (the candidate), or -1."""


def candidates(k: Consts, legal: CardSet, unseen: CardSet) -> list[Card]:
    """One card per class of equivalent legal cards (lowest of each run)."""
    special = k.queen_bit | k.bonus_bit
    out: list[Card] = []
    for s in range(4):
        mine = legal & SUIT_MASKS[s]
        prev = -1
        while mine:
            c = (mine & -mine).bit_length() - 1
            mine ^= 1 << c
            if prev < 0 or (special >> c | special >> prev) & 1 or unseen & ((1 << c) - (2 << prev)):
                out.append(c)
            prev = c
    return out


def _run_out(
    start: _Start, k: Consts, objectives: dict[int, Objective], hunter: int = -1, styles: int = 0
) -> tuple[int, ...]:
    """Finish the hand from ``start`` with the policy for every seat (``playout``); the hand's
    points. ``hunter`` (if not -1) is played as a moon-hunter, the seats of ``styles`` in the
    textbook style. ``objectives`` holds the searching seat's only: it defends eagerly, and makes
    the moon choice by its objective."""
    hand, hands, first = start
    rules = k.rules
    seeker = next(iter(objectives), -1)
    counting = 0 if rules.all_tricks_bonus else k.penalty | k.bonus_bit
    taken = hand.taken.copy()
    tricks_won = hand.tricks_won.copy()
    play_out(
        k,
        hands.copy(),
        hand.trick,
        hand.leader,
        hand.played,
        taken,
        tricks_won,
        hand.voids.copy(),
        hand.hearts_broken,
        len(hand.tricks),
        seeker,
        hunter,
        counting,
        first,
        styles,
    )
    chooser = needs_moon_choice(rules, taken, tricks_won)
    choice: bool | None = None
    if chooser is not None:
        objective = objectives.get(chooser)
        choice = True if objective is None else choose_moon(rules, objective, taken, tricks_won)
    return score_hand(rules, taken, tricks_won, choice).points


def search_card(
    view: SeatView,
    *,
    seed: int,
    time_budget: float | None = None,
    deals: int | None = None,
    read_plays: bool = True,
    read_styles: bool = True,
) -> Card:
    """The ``hard`` card for the seat of ``view`` (whose turn it must be). ``read_plays`` False
    draws the deals uniformly instead of reading the other seats' plays (``inference``), and
    ``read_styles`` False reads every seat as the policy plays: the benchmarks measure what each
    reading is worth."""
    start = time.perf_counter()
    k = consts_of(view.rules)
    fallback = card_for_view(view)
    if stops_moon(view):
        return fallback
    allowed = moon_defence(view)
    cands = candidates(k, allowed, view.unseen)
    if not allowed >> fallback & 1:
        fallback = cands[0]
    if len(cands) < 2:
        return fallback
    prior = cands.index(_class_of(cands, fallback))
    sampler = InferredSampler(view, read_styles) if read_plays else DealSampler(view)
    totals, done = card_totals(view, cands, start, time_budget, deals, seed, sampler)
    best = _best_option(totals, done, prior)
    return fallback if best == prior else cands[best]


def card_totals(
    view: SeatView,
    cands: list[Card],
    start: float,
    time_budget: float | None,
    deals: int | None,
    seed: int,
    sampler: DealSampler | InferredSampler,
) -> tuple[list[float], int]:
    """Each candidate card's summed objective over the deals ``sampler`` draws (``_option_totals``,
    a seat that looks like a shooter played as one), and how many deals were played: what
    ``search_card`` chooses from, ``rate_cards`` reports and ``bench/search_speed.py`` counts."""
    prepare, simulate = _card_playouts(view, cands)
    return _option_totals(
        view, len(cands), prepare, simulate, start, time_budget, deals, seed, sampler, shooter(view)
    )


def _card_playouts(
    view: SeatView, cands: list[Card]
) -> tuple[Callable[[list[CardSet]], list[CardSet]], Callable[[list[CardSet], int], _Start]]:
    """How a sampled deal is played after candidate card ``i``: the position rebuilt once (the
    tricks so far are the same in every deal), each deal's hands played from it."""
    rules = view.rules
    templates: list[Hand] = []

    def prepare(hands: list[CardSet]) -> list[CardSet]:
        if not templates:
            templates.append(
                Hand.in_play(rules, hands, view.hand_number, view.tricks, view.trick, view.leader)
            )
        return hands

    def simulate(hands: list[CardSet], i: int) -> _Start:
        return templates[0], hands, cands[i]

    return prepare, simulate


def card_value(view: SeatView, hands: list[CardSet], card: Card) -> float:
    """What playing ``card`` is worth to ``view``'s seat in the deal ``hands`` (every seat's cards),
    every seat then playing as in the search's playouts: the value ``search_card`` averages over
    its sampled deals. Given the real deal, it judges a decision in the world that was really dealt
    (``bench/decision_regret.py``)."""
    rules = view.rules
    sim = Hand.in_play(rules, hands, view.hand_number, view.tricks, view.trick, view.leader)
    objective = Objective.of(rules, view.seat, view.scores, view.hand_number)
    points = _run_out((sim, hands, card), consts_of(rules), {view.seat: objective}, shooter(view))
    return objective.value(rules, points)


def rate_cards(
    view: SeatView, *, seed: int, time_budget: float | None = None, deals: int | None = None
) -> dict[Card, float]:
    """What each legal card of ``view``'s seat is worth on average over deals sampled from what the
    seat knows (read as ``search_card`` reads them): the coach's rating of a card decision. Cards
    that can't differ in outcome share their class's value; empty when no deal could be played."""
    start = time.perf_counter()
    cands = candidates(consts_of(view.rules), view.legal, view.unseen)
    totals, done = card_totals(view, cands, start, time_budget, deals, seed, InferredSampler(view))
    if not done:
        return {}
    means = {c: v / done for c, v in zip(cands, totals, strict=True)}
    return {c: means[_class_of(cands, c)] for c in cards_of(view.legal)}


def _class_of(cands: list[Card], card: Card) -> Card:
    """The candidate standing for ``card``: the last one at or below it in its suit."""
    return max(c for c in cands if c <= card and c // 13 == card // 13)


def pass_candidates(k: Consts, hand: CardSet, count: int) -> list[CardSet]:
    """The ``normal`` pass first, then other sets from the most dangerous cards (at most
    ``MAX_PASS_OPTIONS``)."""
    base = choose_pass(k, hand, count)
    ranked = sorted(cards_of(hand), key=lambda c: card_danger(k, hand, c), reverse=True)
    options = [base]
    for combo in combinations(ranked[: count + 2], count):
        mask = cardset(combo)
        if mask not in options:
            options.append(mask)
        if len(options) >= MAX_PASS_OPTIONS:
            break
    return options


def search_pass(
    view: SeatView,
    *,
    seed: int,
    time_budget: float | None = None,
    deals: int | None = None,
) -> CardSet:
    """The ``hard`` pass: candidate passes compared over sampled deals, where the other seats pass
    as ``normal`` would and every seat then plays the hand out."""
    start = time.perf_counter()
    options = pass_candidates(consts_of(view.rules), view.hand, view.rules.pass_count)
    if len(options) < 2:
        return options[0]
    prepare, simulate = _pass_playouts(view, options)
    totals, done = _option_totals(
        view, len(options), prepare, simulate, start, time_budget, deals, seed, DealSampler(view)
    )
    return options[_best_option(totals, done, 0)]


_PassState = tuple[list[CardSet], list[CardSet]]


def _pass_playouts(
    view: SeatView, options: list[CardSet]
) -> tuple[Callable[[list[CardSet]], _PassState], Callable[[_PassState, int], _Start]]:
    """How a sampled deal is played after pass option ``i``: the other seats pass as ``normal``
    would, then every seat plays the hand out."""
    k = consts_of(view.rules)
    rules = view.rules
    seat = view.seat
    target = view.pass_target
    assert target is not None
    count = rules.pass_count
    n = rules.players
    targets = [rules.pass_target(s, view.hand_number) for s in range(n)]
    source = targets.index(seat)

    def prepare(hands: list[CardSet]) -> _PassState:
        passes = [0 if s == seat else choose_pass(k, hands[s], count) for s in range(n)]
        after = [hands[s] & ~passes[s] for s in range(n)]
        for s, to in enumerate(targets):
            if s != seat and to is not None:
                after[to] |= passes[s]
        return after, passes

    def simulate(state: _PassState, i: int) -> _Start:
        after, passes = state
        hands = after.copy()
        hands[seat] = view.hand & ~options[i] | passes[source]
        hands[target] |= options[i]
        return Hand.in_play(rules, hands, view.hand_number, (), (), 0), hands, -1

    return prepare, simulate


def rate_passes(
    view: SeatView,
    chosen: CardSet,
    *,
    seed: int,
    time_budget: float | None = None,
    deals: int | None = None,
) -> dict[CardSet, float]:
    """What ``search_pass``'s candidate passes and the ``chosen`` one are worth on average over
    deals sampled from what the seat knows: the coach's rating of a pass. Empty when no deal
    could be played."""
    start = time.perf_counter()
    k = consts_of(view.rules)
    options = pass_candidates(k, view.hand, view.rules.pass_count)
    if chosen not in options:
        options.append(chosen)
    prepare, simulate = _pass_playouts(view, options)
    totals, done = _option_totals(
        view, len(options), prepare, simulate, start, time_budget, deals, seed, DealSampler(view)
    )
    if not done:
        return {}
    return {option: v / done for option, v in zip(options, totals, strict=True)}


def _best_option(totals: list[float], done: int, prior: int) -> int:
    """The index of the option with the best mean objective over the ``done`` deals played
    (``_option_totals``); ``prior``, the ``normal`` choice, when no deal could be played in time,
    and credited ``NORMAL_PRIOR`` per deal to break near-ties towards it."""
    if not done:
        return prior
    totals[prior] += NORMAL_PRIOR * done
    return max(range(len(totals)), key=lambda i: totals[i])


def _option_totals(
    view: SeatView,
    count: int,
    prepare: Callable[[list[CardSet]], _State],
    simulate: Callable[[_State, int], _Start],
    start: float,
    time_budget: float | None,
    deals: int | None,
    seed: int,
    sampler: DealSampler | InferredSampler,
    hunter: int = -1,
) -> tuple[list[float], int]:
    """Each option's summed objective over sampled deals, and how many deals were played: what
    ``_best_option`` chooses from and the coach (``rate_cards``, ``rate_passes``) reports.
    ``prepare`` turns a deal into what ``simulate`` needs to set up the hand after option ``i``;
    every option sees the same deals, drawn by ``sampler``. ``hunter``: a seat played as a
    moon-hunter in the playouts (or -1). With ``deals`` None it plays deals until the time budget
    is spent (anytime); with ``deals`` given, exactly that many whatever the time they take
    (replayable: the daily's par must not depend on the machine's load)."""
    if deals is not None:
        deadline = math.inf
    else:
        deadline = start + (DEFAULT_BUDGET if time_budget is None else time_budget)
    k = consts_of(view.rules)
    rules = view.rules
    limit = MAX_DEALS if deals is None else deals
    objective = Objective.of(rules, view.seat, view.scores, view.hand_number)
    objectives = {view.seat: objective}
    rng = random.Random(seed)
    totals = [0.0] * count
    done = 0
    slowest = 0.0
    clock = time.perf_counter
    while done < limit:
        t0 = clock()
        if t0 + slowest > deadline:
            break
        state = prepare(sampler.sample(rng))
        styles = _styles(sampler, view.seat, hunter)
        values = []
        for i in range(count):
            values.append(objective.value(rules, _run_out(simulate(state, i), k, objectives, hunter, styles)))
            if clock() > deadline:
                break
        if len(values) < count:
            break  # the machine got slower than the deals so far: this one is cut short, left out
        for i, v in enumerate(values):
            totals[i] += v
        done += 1
        slowest = max(slowest, clock() - t0)
    return totals, done


def _styles(sampler: DealSampler | InferredSampler, seat: int, hunter: int) -> int:
    """The seats the playouts play in the textbook style: those the reading found playing it
    (``InferredSampler.styles``, known once it has drawn a deal), never the searching seat or a
    seat played as a moon-hunter."""
    if isinstance(sampler, DealSampler):
        return 0  # uniform deals: nothing read
    styles = sampler.styles & ~(1 << seat)
    return styles & ~(1 << hunter) if hunter >= 0 else styles
