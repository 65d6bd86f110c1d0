"""How predictable the other seats' cards are: what a better model of them could still give ``hard``.

``hard``'s playouts play the other seats as the ``normal`` policy would (or in the textbook style,
where the reading finds a seat playing so), and the oracle (docs/BENCHMARKS.md) showed that this
model of how the others play, not where their cards are, is what limits it. A learned policy for
the playouts is worth building only if it predicts the others' cards clearly better than the policy
does. This bench measures how far any model could get, against two players:

- **IS-MCTS-1000** (the seats of ``ismcts_match.py``, playing against ``hard``). Its ``Step`` samples
  its move from the root's visit counts, so it is a player of chance: each of its card decisions is
  asked again of IS-MCTS with other seeds, and how often two of its runs choose alike bounds what a
  model of it can reach (the likeliest card of a position, which the most common of the other runs
  estimates, is the best any predictor can do).
- **``hard``**, in hands of four ``hard`` at fixed deals, asked again with other seeds the same way.

For each decision with a choice it counts how often a predictor names the chosen card: the policy
(as the reading uses it: defending late), the textbook style, another run of the same player, the
most common of the other runs, and a **learned policy**: a conditional logit over features of each
candidate (the situation, the card's rank among the unseen cards of its suit, whether it wins the
trick, its points, the policy's and the textbook's choice), fit by Newton's method on the decisions
of the even deals and scored on the odd ones. One such model is fit on ``hard``'s decisions (the
learned policy one would put in the playouts) and one on each player's own. Cards that cannot differ
in outcome (``search.candidates``) count as one choice.

Needs OpenSpiel (the ``bench`` extra). The IS-MCTS part's games are ``ismcts_match.py``'s, with
``hard`` at ``--search-deals`` as the hero, as reproducible as its runs; the IS-MCTS seats asked
again search in the worker itself, whose addresses are not fixed (``fixed_addresses``), so their
answers, meant as other runs, vary a little from run to run (65% or 66% on a small run).

Run: python bench/predictability.py --ismcts-deals 24 --hard-deals 200
     python bench/predictability.py --ismcts-deals 2 --hard-deals 4 --search-deals 50
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import ismcts_match as im
from bench.ai_strength import duplicate_hand
from bot.ai import Level, decide
from bot.ai.consts import Consts, consts_of
from bot.ai.policy import card_for_view, trick_state
from bot.ai.search import candidates
from bot.ai.textbook import textbook_card
from bot.engine import Hand, Phase, SeatView, seat_view
from bot.engine.cards import SUIT_MASKS, Card
from bot.engine.moves import PlayCard
from bot.engine.scoring import trick_points

ASKED_AGAIN = 3
"""Other runs of the player at each decision."""
RIDGE = 1e-3
"""The learned policy's L2 penalty per decision (keeps rare features' weights finite)."""


@dataclass(frozen=True)
class Decision:
    """A card decision with a choice: the seat's view, its card, and the same player's cards from
    the same position with other seeds."""

    deal: int
    view: SeatView
    card: Card
    again: tuple[Card, ...]

    def classes(self) -> list[Card]:
        """The candidates: one card per class of cards that cannot differ."""
        return candidates(consts_of(self.view.rules), self.view.legal, self.view.unseen)


def class_of(card: Card, classes: Sequence[Card]) -> Card:
    """The candidate standing for ``card``: the highest candidate of its suit not above it."""
    return max(c for c in classes if c // 13 == card // 13 and c <= card)


# --- collecting decisions -------------------------------------------------------------------------


def ismcts_decisions(job: tuple[int, int]) -> list[Decision]:
    """The IS-MCTS seats' card decisions with a choice in ``deal`` (each seating, ``hard`` the
    hero), each asked again of fresh IS-MCTS seats with other seeds."""
    deal, search_deals = job
    found: list[tuple[SeatView, list[int], Card]] = []

    def watch(hand: Hand, seat: int, history: list[int], card: Card) -> None:
        view = seat_view(hand, seat)
        if len(Decision(deal, view, card, ()).classes()) > 1:
            found.append((view, history, card))

    for hero_seat in range(4):
        im.play_seating(im.Hero("hard", None, search_deals), deal, hero_seat, im.Opponent(), watch)
    game = im.spiel_game()
    out = []
    for i, (view, history, card) in enumerate(found):
        again = []
        for j in range(ASKED_AGAIN):
            state = game.new_initial_state()
            for action in history:
                state.apply_action(action)
            seed = (1_000_000_000 + (deal * 1000 + i) * ASKED_AGAIN + j) % 2_000_000_000  # a C++ int
            bot = im._ismcts(seed, im.SIMULATIONS, im.UCT_C)
            again.append(im.our_card(bot.step(state)))
        out.append(Decision(deal, view, card, tuple(again)))
    return out


def hard_decisions(job: tuple[int, int]) -> list[Decision]:
    """The card decisions with a choice of a hand of four ``hard`` at ``search_deals`` deals, each
    asked again with other seeds."""
    deal, search_deals = job
    hand = duplicate_hand(im.RULES, deal)
    out = []
    move_no = 0
    while hand.phase is not Phase.SCORED:
        for seat in hand.waiting_for():
            view = seat_view(hand, seat)
            move = decide(view, Level.HARD, seed=deal * 1_000_003 + move_no, deals=search_deals)
            if isinstance(move, PlayCard) and len(Decision(deal, view, move.card, ()).classes()) > 1:
                again = tuple(
                    _hard_card(view, deal * 1_000_003 + move_no + 7919 * (j + 1), search_deals)
                    for j in range(ASKED_AGAIN)
                )
                out.append(Decision(deal, view, move.card, again))
            hand.apply(move)
            move_no += 1
            if hand.phase is not Phase.PASSING:
                break
    return out


def _hard_card(view: SeatView, seed: int, deals: int) -> Card:
    move = decide(view, Level.HARD, seed=seed, deals=deals)
    assert isinstance(move, PlayCard)
    return move.card


# --- the learned policy -----------------------------------------------------------------------------

SITUATIONS = 3  # leading, following suit, discarding
PER_SITUATION = 22


def features(d: Decision) -> np.ndarray:
    """One row per candidate: the same 22 features in the block of its situation (lead, follow,
    discard), zeros elsewhere."""
    view = d.view
    k = consts_of(view.rules)
    classes = d.classes()
    policy = class_of(card_for_view(view, eager=False), classes)
    textbook = class_of(textbook_card(k, view.legal, view.trick), classes)
    unseen = view.unseen
    holder, shared = _point_holder(k, view.taken)
    threat = not shared and holder not in (-1, view.seat)
    own_moon = not shared and holder == view.seat
    mine = view.rules.points_of(view.taken[view.seat])
    queen_out = k.queen >= 0 and bool(unseen >> k.queen & 1)
    progress = len(view.tricks) / (k.cards_per_player - 1)
    trick = trick_state(view)
    led = view.trick[0] // 13 if view.trick else -1
    in_trick = trick_points(view.rules, view.trick)
    rows = np.zeros((len(classes), SITUATIONS * PER_SITUATION))
    for i, c in enumerate(classes):
        suit, rank = divmod(c, 13)
        out_suit = unseen & SUIT_MASKS[suit]
        lower = (out_suit & ((1 << c) - 1)).bit_count()
        higher = (out_suit >> (c + 1)).bit_count()
        held = (view.hand & SUIT_MASKS[suit]).bit_count()
        spade = suit == k.queen // 13 if k.queen >= 0 else False
        common = [
            1.0, float(c == policy), float(c == textbook), rank / 12, lower / 12, higher / 12,
            float(higher == 0), float(lower == 0), held / 13, out_suit.bit_count() / 13,
            float(c == k.queen), float(k.points[c] > 0 and c != k.queen),
            float(spade and queen_out and c > k.queen), float(spade and queen_out and c < k.queen),
            progress, float(threat), float(own_moon), mine / 26,
        ]  # fmt: skip
        if led < 0:
            situation = 0
            extra = [
                float(suit == 0),
                float(suit == 1),
                float(out_suit == 0),
                float(k.points[c] > 0) * progress,
            ]
        elif suit == led:
            situation = 1
            wins = float(c > trick.top)
            last = float(len(view.trick) == view.players - 1)
            extra = [wins, wins * in_trick / 13, wins * last, wins * higher / 12]
        else:
            situation = 2
            extra = [
                k.points[c] / 13,
                float(held == 1),
                float(threat) * k.points[c] / 13,
                float(spade and c > k.queen),
            ]
        start = situation * PER_SITUATION
        rows[i, start : start + PER_SITUATION] = common + extra
    return rows


def _point_holder(k: Consts, taken: Sequence[int]) -> tuple[int, bool]:
    """The one seat holding every point card taken so far (-1 if none), and whether several do."""
    holders = [s for s, cards in enumerate(taken) if cards & k.penalty]
    return (holders[0] if holders else -1), len(holders) > 1


@dataclass(frozen=True)
class Stacked:
    """Decisions' candidate rows stacked: row ``start[i] + j`` is decision ``i``'s ``j``-th candidate."""

    rows: np.ndarray
    start: np.ndarray  # each decision's first row, then the end
    chosen: np.ndarray  # the chosen candidate's index within its decision

    @classmethod
    def of(cls, decisions: Sequence[Decision]) -> Stacked:
        blocks = [features(d) for d in decisions]
        start = np.concatenate([[0], np.cumsum([len(b) for b in blocks])])
        chosen = np.array([d.classes().index(class_of(d.card, d.classes())) for d in decisions])
        return cls(np.vstack(blocks), start, chosen)

    def probabilities(self, weights: np.ndarray) -> np.ndarray:
        scores = self.rows @ weights
        decision = np.repeat(np.arange(len(self.chosen)), np.diff(self.start))
        scores -= np.maximum.reduceat(scores, self.start[:-1])[decision]
        e = np.exp(scores)
        return e / np.add.reduceat(e, self.start[:-1])[decision]

    def accuracy(self, weights: np.ndarray) -> float:
        scores = self.rows @ weights
        best = [int(np.argmax(scores[a:b])) for a, b in zip(self.start[:-1], self.start[1:], strict=True)]
        return float(np.mean(np.array(best) == self.chosen))


def fit(data: Stacked, steps: int = 25) -> np.ndarray:
    """The conditional logit's weights by Newton's method (the log-likelihood is concave)."""
    n, width = len(data.chosen), data.rows.shape[1]
    weights = np.zeros(width)
    decision = np.repeat(np.arange(n), np.diff(data.start))
    for _ in range(steps):
        p = data.probabilities(weights)
        expected = np.zeros((n, width))
        np.add.at(expected, decision, data.rows * p[:, None])
        gradient = data.rows[data.start[:-1] + data.chosen].sum(0) - expected.sum(0) - 2 * RIDGE * n * weights
        hessian = (
            (data.rows * p[:, None]).T @ data.rows - expected.T @ expected + 2 * RIDGE * n * np.eye(width)
        )
        step = np.linalg.solve(hessian, gradient)
        weights += step
        if np.abs(step).max() < 1e-6:
            break
    return weights


# --- the report ---------------------------------------------------------------------------------------


Predictor = Callable[[Decision], Card]


def agreement(decisions: Sequence[Decision], predict: Predictor) -> float:
    hits = [class_of(predict(d), d.classes()) == class_of(d.card, d.classes()) for d in decisions]
    return float(np.mean(hits))


def _another_run(d: Decision) -> float:
    classes = d.classes()
    return float(np.mean([class_of(a, classes) == class_of(d.card, classes) for a in d.again]))


def _most_common(d: Decision) -> Card:
    return Counter(class_of(a, d.classes()) for a in d.again).most_common(1)[0][0]


def odd_deals(decisions: list[Decision]) -> list[Decision]:
    """What each player's figures are counted on; the learned policies are fit on the others."""
    return [d for d in decisions if d.deal % 2]


def even_fit(decisions: list[Decision]) -> np.ndarray:
    """The learned policy fit on the decisions of the even deals."""
    return fit(Stacked.of([d for d in decisions if not d.deal % 2]))


def report(name: str, decisions: list[Decision], hard_model: np.ndarray, own: np.ndarray | None) -> None:
    """``own``: the learned policy fit on this player's even deals (None: ``hard_model`` is it)."""
    odd = odd_deals(decisions)
    scored = Stacked.of(odd)
    fit_own = "" if own is None else f", fit on {name}'s even deals {scored.accuracy(own):.1%}"
    policy = agreement(odd, lambda d: card_for_view(d.view, eager=False))
    textbook = agreement(odd, lambda d: textbook_card(consts_of(d.view.rules), d.view.legal, d.view.trick))
    print(
        f"  {name}: {len(odd)} decisions of the odd deals ({np.mean([len(d.classes()) for d in odd]):.2f} "
        f"choices each); the chosen card predicted by: the policy {policy:.1%}, the textbook style "
        f"{textbook:.1%}, the learned policy fit on hard's even deals {scored.accuracy(hard_model):.1%}"
        f"{fit_own}; another run of {name} "
        f"{np.mean([_another_run(d) for d in odd]):.1%}, the most common of {ASKED_AGAIN} others "
        f"{agreement(odd, _most_common):.1%}",
        flush=True,
    )


def _collect(
    pool: ProcessPoolExecutor,
    play: Callable[[tuple[int, int]], list[Decision]],
    first: int,
    deals: int,
    search_deals: int,
) -> list[Decision]:
    jobs = [(first + i, search_deals) for i in range(deals)]
    return [d for found in pool.map(play, jobs) for d in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--ismcts-deals", type=int, default=24)
    parser.add_argument("--hard-deals", type=int, default=200)
    parser.add_argument("--first-deal", type=int, default=5000)
    parser.add_argument("--search-deals", type=int, default=300, help="hard's deals per decision")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    im._pyspiel()
    im.fixed_addresses()
    start = time.perf_counter()
    first = args.first_deal
    with ProcessPoolExecutor(args.workers) as pool:
        hard = [
            d
            for ds in pool.map(
                hard_decisions, [(first + i, args.search_deals) for i in range(args.hard_deals)]
            )
            for d in ds
        ]
        ismcts = [
            d
            for ds in pool.map(
                ismcts_decisions, [(first + i, args.search_deals) for i in range(args.ismcts_deals)]
            )
            for d in ds
        ]
    model = even_fit(hard)
    print(
        f"predictability: deals from {first}; hard at {args.search_deals} deals a decision; "
        f"{args.hard_deals} hands of four hard, {args.ismcts_deals} deals against IS-MCTS-"
        f"{im.SIMULATIONS} (uct_c {im.UCT_C:g}) x 4 seatings; wall {time.perf_counter() - start:.0f} s"
    )
    report("hard", hard, model, None)
    report("IS-MCTS", ismcts, model, even_fit(ismcts))


if __name__ == "__main__":
    main()
