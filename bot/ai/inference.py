"""Deals that explain the other seats' plays: what ``hard`` infers from the cards played so far.

A deal drawn uniformly among those the rules allow (``sampling``) ignores what a card says about the
hand it came from: a seat that ducked under the winner with a low card has no card just below it, a
discard of the K♦ while spades were led says a lot about the diamonds. ``hard`` reads the plays with
the model its playouts already use for the other seats (the ``normal`` policy, defending late).

Each seat is taken to play as the model except at a rate of its own: a deal's weight is multiplied,
for every play the model would not have made with the hands the deal gives, by that seat's odds of
playing otherwise (``error / (1 - error)``, at least ``MISS_WEIGHT``). The rate is estimated per
seat and decision, from how many of its plays the best deal found so far leaves unexplained, with a
prior of ``PRIOR_ERROR`` worth ``PRIOR_PLAYS`` plays. Measured after seven tricks: a ``normal``
player is read closely (a weight of 0.02 per play for the median seat, the floor for 63% of them),
a person or a program with habits of its own loosely (0.21 for the median seat of the benchmark's
textbook heuristic, 0.02 for 3% of them), so its plays mislead little.

It reads how each seat plays as well as what it holds: a seat whose plays the textbook style
(``textbook``: what many programs and casual players do) explains by ``STYLE_MARGIN`` plays more
than the policy is read in that style from then on (``styles``), and ``hard``'s playouts play it
so. Against textbook players that was worth about a point a hand; against players of the policy
nothing changes, since no seat of theirs is read so (docs/BENCHMARKS.md).

The draws come from a Metropolis chain over deals: the best of ``START_DRAWS`` uniform deals to
start, then ``STEPS`` proposed swaps of two unseen cards between two other seats (within what each
may hold) before each deal is handed out, a swap kept with probability the ratio of the weights
when it lowers the weight. A swap changes only the two seats' hands, so only their plays are read
again, and a seat's fit with a holding is kept for the search (``fits``): about half the holdings
the chain proposes it has read before, and keeping them gave ``hard`` 1.35x the deals in its
budget. Compiled with mypyc where a compiler is present (``setup.py``): the chain reads a play
thousands of times per decision. Measured in README, issue 15, and docs/BENCHMARKS.md.
"""

from __future__ import annotations

import math
import random

from bot.ai.consts import Consts, consts_of
from bot.ai.policy import choose_card
from bot.ai.sampling import DealSampler
from bot.ai.textbook import textbook_card
from bot.engine.cards import CardSet
from bot.engine.hand import Hand, Phase
from bot.engine.tricks import legal_cards
from bot.engine.view import SeatView

PRIOR_ERROR = 0.02
"""How often a seat is expected to play otherwise than the model, before its plays are read."""
PRIOR_PLAYS = 10
"""How many plays that expectation is worth against the seat's own."""
MISS_WEIGHT = 0.02
"""The least a deal's weight is multiplied by for a play the model would not have made with it (for
a seat that plays as the model does)."""
BURN_IN = 3
"""Rounds of ``STEPS`` swaps before the seats' error rates are estimated."""
IMPOSSIBLE = 4
"""Misses counted for a play the deal makes illegal (the real hands cannot be like that)."""
START_DRAWS = 32
"""Uniform deals drawn to start the chain; it starts from the one that explains the most plays."""
STEPS = 10
"""Proposed swaps before each deal is handed out."""
STYLE_MARGIN = 1
"""How many more of a seat's plays the textbook style must explain than the policy before the seat
is read in that style (``textbook``)."""
_SEAT_SHIFT = 52
_STYLE_SHIFT = 56  # a ``fits`` key: the holding's cards, then the seat, then its style
_PROPOSALS = 50
"""Draws of a pair of cards per step before giving up on finding one that may be swapped."""


class _Play:
    """One play of another seat (``_plays`` files it under that seat), with everything public when
    it was made."""

    __slots__ = (
        "card",
        "first_trick",
        "hearts_broken",
        "later",
        "leader",
        "played",
        "taken",
        "trick",
        "voids",
    )

    def __init__(self, card: int, later: CardSet, hand: Hand) -> None:
        self.card = card
        self.later = later  # what the seat played from then on, this card included: it held now | later
        self.trick: list[int] = list(hand.trick)
        self.leader = hand.leader
        self.played = hand.played
        self.taken: list[CardSet] = list(hand.taken)
        self.voids: list[int] = list(hand.voids)
        self.first_trick = not hand.tricks
        self.hearts_broken = hand.hearts_broken


def _plays(view: SeatView, hands: list[CardSet]) -> list[list[_Play]]:
    """Per seat, the plays of ``view``'s hand so far by the other seats (none for ``view``'s own),
    replayed from ``hands`` (any deal consistent with the view: what is public at each play does
    not depend on the hidden cards)."""
    rules = view.rules
    n = rules.players
    order = [(t.seat_of(i, n), c) for t in view.tricks for i, c in enumerate(t.cards)]
    order += [((view.leader + i) % n, c) for i, c in enumerate(view.trick)]
    dealt = hands.copy()
    later: list[CardSet] = []  # per play: what its seat played from then on
    after = [0] * n
    for seat, card in reversed(order):
        after[seat] |= 1 << card
        dealt[seat] |= 1 << card
        later.append(after[seat])
    later.reverse()
    hand = Hand.in_play(rules, dealt, view.hand_number, (), (), 0)
    out: list[list[_Play]] = [[] for _ in range(n)]
    for (seat, card), rest in zip(order, later, strict=True):
        if seat != view.seat:
            out[seat].append(_Play(card, rest, hand))
        hand._play(seat, card)
    return out


class InferredSampler:
    """Draws deals of the unseen cards for ``view`` weighted by how well they explain the other seats'
    plays (module docstring). ``sample`` has ``DealSampler.sample``'s contract."""

    def __init__(self, view: SeatView, read_styles: bool = True) -> None:
        self.base = DealSampler(view)
        self.read_styles = read_styles  # False: every seat read as the policy (benchmarks)
        self.k: Consts = consts_of(view.rules)
        self.first_lead: int = view.rules.first_lead
        self.forbidden: CardSet = view.rules.first_trick_forbidden
        n = view.players
        playing = view.phase is Phase.PLAYING
        # What was public at each play does not depend on the deal used to replay it.
        self.plays: list[list[_Play]] = (
            _plays(view, self.base.sample(random.Random(0))) if playing else [[] for _ in range(n)]
        )
        self.reads = sum(len(p) for p in self.plays)
        self.swappable = sum(1 for room in self.base.room if room > 0) > 1
        self.miss_cost: list[float] = [-math.log(PRIOR_ERROR / (1 - PRIOR_ERROR))] * n
        self.state: list[CardSet] = []
        self.missed: list[int] = [0] * n  # per seat, for ``state``
        self.styles = 0  # the seats read (and played in the playouts) in the textbook style
        self.fits: dict[int, tuple[int, int]] = {}  # ``seat_fit`` by holding, seat and style

    def seat_fit(self, seat: int, held: CardSet) -> tuple[int, int]:
        """For ``seat`` holding ``held`` now: the plays the model would not have made (a play the
        deal makes illegal counts ``IMPOSSIBLE``) and the plays where it had a choice. Kept for
        the search (``fits``): half the holdings the chain proposes it has read before."""
        key = held | seat << _SEAT_SHIFT | (self.styles >> seat & 1) << _STYLE_SHIFT
        known = self.fits.get(key)
        if known is not None:
            return known
        fit = self._read_seat(seat, held)
        self.fits[key] = fit
        return fit

    def _read_seat(self, seat: int, held: CardSet) -> tuple[int, int]:
        k = self.k
        first_lead = self.first_lead
        forbidden = self.forbidden
        missed = 0
        chances = 0
        for p in self.plays[seat]:
            now = held | p.later
            legal = legal_cards(now, p.trick, p.first_trick, p.hearts_broken, first_lead, forbidden)
            if not legal >> p.card & 1:
                missed += IMPOSSIBLE
            elif legal & (legal - 1):
                chances += 1
                if self.styles >> seat & 1:
                    choice = textbook_card(k, legal, p.trick)
                else:
                    choice = choose_card(
                        k,
                        seat,
                        now,
                        legal,
                        p.trick,
                        p.leader,
                        p.played,
                        p.taken,
                        p.voids,
                        p.first_trick,
                        False,
                    )
                if choice != p.card:
                    missed += 1
        return missed, chances

    def misses(self, hands: list[CardSet]) -> int:
        """How many of the other seats' plays the model would not have made with ``hands``."""
        return sum(self.seat_fit(s, hands[s])[0] for s in range(len(hands)))

    def sample(self, rng: random.Random) -> list[CardSet]:
        if not self.reads:
            return self.base.sample(rng)
        if not self.state:
            self._start(rng)
        for _ in range(STEPS):
            self._step(rng)
        return self.state.copy()

    def _cost(self, missed: list[int]) -> float:
        """Minus the log-likelihood of the other seats' plays (up to a constant)."""
        total = 0.0
        for m, c in zip(missed, self.miss_cost, strict=True):
            total += m * c
        return total

    def _start(self, rng: random.Random) -> None:
        """The chain's first state: the best of ``START_DRAWS`` uniform deals, moved on for a while
        under the prior error rate; then each seat's error rate is estimated from how many of its
        plays that state leaves unexplained."""
        n = len(self.missed)
        best = math.inf
        for _ in range(START_DRAWS):
            hands = self.base.sample(rng)
            missed = [self.seat_fit(s, hands[s])[0] for s in range(n)]
            cost = self._cost(missed)
            if cost < best:
                self.state, self.missed, best = hands, missed, cost
            if not cost:
                break
        for _ in range(STEPS * BURN_IN):
            self._step(rng)
        if self.read_styles and self._read_styles():
            for _ in range(STEPS * BURN_IN):
                self._step(rng)
        for seat in range(n):
            m, c = self.seat_fit(seat, self.state[seat])
            error = (min(m, c) + PRIOR_ERROR * PRIOR_PLAYS) / (c + PRIOR_PLAYS)
            self.miss_cost[seat] = -math.log(max(error / (1 - error), MISS_WEIGHT))

    def _read_styles(self) -> bool:
        """Each other seat whose plays the textbook style explains by at least ``STYLE_MARGIN``
        more than the policy (with the chain's deal) is read, and played, in that style from
        now on; whether any is. The chain's deal was found under the policy's reading, so a
        seat of the other style is judged on a deal that favours the policy: the margin is small."""
        found = False
        for seat in range(len(self.state)):
            if not self.plays[seat]:
                continue
            usual = self.missed[seat]  # the chain keeps it for its deal
            self.styles ^= 1 << seat
            textbook = self.seat_fit(seat, self.state[seat])[0]
            if usual - textbook >= STYLE_MARGIN:
                self.missed[seat] = textbook
                found = True
            else:
                self.styles ^= 1 << seat
        return found

    def _step(self, rng: random.Random) -> None:
        """One proposed swap of two unseen cards between two other seats, kept by Metropolis' rule.
        Pairs that cannot be swapped (one holder, or a seat that showed out of the other's suit)
        are drawn again."""
        cards = self.base.cards
        count = len(cards)
        if count < 2 or not self.swappable:
            return
        allowed = self.base.allowed
        hands = self.state
        for _ in range(_PROPOSALS):
            a = cards[int(rng.random() * count)]
            b = cards[int(rng.random() * count)]
            holder_a = holder_b = -1
            for s in range(len(hands)):
                held = hands[s]
                if held >> a & 1:
                    holder_a = s
                if held >> b & 1:
                    holder_b = s
            if holder_a != holder_b and holder_b in allowed[a // 13] and holder_a in allowed[b // 13]:
                break
        else:
            return
        swap = 1 << a | 1 << b
        miss_a = self.seat_fit(holder_a, hands[holder_a] ^ swap)[0]
        miss_b = self.seat_fit(holder_b, hands[holder_b] ^ swap)[0]
        cost = self.miss_cost
        delta = (miss_a - self.missed[holder_a]) * cost[holder_a]
        delta += (miss_b - self.missed[holder_b]) * cost[holder_b]
        if delta <= 0 or rng.random() < math.exp(-delta):
            hands[holder_a] ^= swap
            hands[holder_b] ^= swap
            self.missed[holder_a] = miss_a
            self.missed[holder_b] = miss_b
