"""The ``hard`` level's card play: determinized sampling with rule-based playouts.

For each decision it deals the unseen cards to the other seats many times, consistently with what
the seat has seen (``sampling``), plays every candidate card in every deal and finishes the hand
with the ``normal`` policy for all seats, and picks the card with the best mean ``Objective`` (hand
points, or the ranking when the hand can end the game). The same deals serve every candidate, so
the comparison between candidates is far less noisy than each mean on its own. Moon attempts and
moon defence come from the playouts: the policy shoots and defends, and the objective scores it.

Cards that cannot differ in outcome (neighbours in a suit with no unseen card between them, other
than the Q♠ and the Omnibus card) are searched once.

The number of deals is fixed by the amount of work, so a decision is deterministic for a seed; the
time budget is a hard stop on top of that (under load the search is cut short, and then a replay
may differ). With no time for even one deal it falls back to the ``normal`` card.
"""

from __future__ import annotations

import random
import time

from bot.ai.consts import Consts, consts_of
from bot.ai.objective import Objective, choose_moon
from bot.ai.policy import card_for_view, choose_card, stops_moon
from bot.ai.sampling import DealSampler
from bot.engine.cards import SUIT_MASKS, Card, CardSet
from bot.engine.hand import Hand, Phase
from bot.engine.scoring import needs_moon_choice, score_hand
from bot.engine.view import SeatView

DEFAULT_BUDGET = 0.2
"""Seconds per decision when the caller gives none."""
WORK_PER_DECISION = 60_000
"""Simulated cards per decision (sets the number of deals; about 0.1 s on the project machine)."""
MIN_DEALS = 12
MAX_DEALS = 400
NORMAL_PRIOR = 0.25
"""Points credited per deal to the ``normal`` policy's own choice: breaks near-ties towards it."""


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


def _run_out(hand: Hand, k: Consts, objectives: dict[int, Objective]) -> tuple[int, ...]:
    """Finish ``hand`` with the policy for every seat; the hand's points.

    Stops as soon as every counting card has been taken (the rest cannot change the score),
    unless the all-tricks option makes the last tricks count too."""
    rules = k.rules
    counting = 0 if rules.all_tricks_bonus else k.penalty | k.bonus_bit
    while hand.phase is Phase.PLAYING:
        if counting and not hand.trick and not counting & ~hand.played:
            break
        seat = hand.to_move
        legal = hand.legal_plays()
        if legal & (legal - 1):
            card = choose_card(
                k,
                seat,
                hand.hands[seat],
                legal,
                hand.trick,
                hand.leader,
                hand.played,
                hand.taken,
                hand.voids,
                not hand.tricks,
            )
        else:
            card = legal.bit_length() - 1
        hand._play(seat, card)
    if hand.result is not None:
        return hand.result.points
    chooser = needs_moon_choice(rules, hand.taken, hand.tricks_won)
    choice: bool | None = None
    if chooser is not None:
        objective = objectives.get(chooser)
        choice = True if objective is None else choose_moon(rules, objective, hand.taken, hand.tricks_won)
    return score_hand(rules, hand.taken, hand.tricks_won, choice).points


def search_card(
    view: SeatView,
    *,
    seed: int,
    time_budget: float | None = None,
    deals: int | None = None,
) -> Card:
    """The ``hard`` card for the seat of ``view`` (whose turn it must be)."""
    start = time.perf_counter()
    budget = DEFAULT_BUDGET if time_budget is None else time_budget
    deadline = start + budget
    k = consts_of(view.rules)
    seat = view.seat
    fallback = card_for_view(view)
    cands = candidates(k, view.legal, view.unseen)
    if len(cands) < 2 or stops_moon(view):
        return fallback
    prior = 0  # the class of the fallback card: the last representative at or below it
    for i, c in enumerate(cands):
        if c <= fallback and c // 13 == fallback // 13:
            prior = i
    remaining = view.hand.bit_count() * view.players
    if deals is None:
        deals = max(MIN_DEALS, min(MAX_DEALS, WORK_PER_DECISION // (len(cands) * remaining)))
    objective = Objective.of(view.rules, seat, view.scores, view.hand_number)
    objectives = {seat: objective}
    rules = view.rules
    rng = random.Random(seed)
    sampler = DealSampler(view)
    totals = [0.0] * len(cands)
    template: Hand | None = None
    done = 0
    slowest = 0.0
    while done < deals:
        t0 = time.perf_counter()
        if t0 + slowest > deadline:
            break
        hands = sampler.sample(rng)
        if template is None:
            template = Hand.in_play(rules, hands, view.hand_number, view.tricks, view.trick, view.leader)
        for i, c in enumerate(cands):
            sim = template.copy()
            sim.hands = hands.copy()
            sim._legal = -1
            sim._play(seat, c)
            totals[i] += objective.value(rules, _run_out(sim, k, objectives))
        done += 1
        slowest = max(slowest, time.perf_counter() - t0)
    if not done:
        return fallback
    totals[prior] += NORMAL_PRIOR * done
    best = max(range(len(cands)), key=lambda i: totals[i])
    return fallback if best == prior else cands[best]
