"""One hand of Hearts as a state machine: deal → passing → tricks → (moon choice) → scored.

The state is mutable and kept in plain ints and lists: computer players copy and play out hands many
thousands of times per decision. Every public mutator validates its move and raises ``IllegalMove``
with a reason a player can be told; validation reuses the same legal-move mask that is offered, so
what is offered and what is accepted can never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from bot.engine.cards import SUIT_MASKS, Card, CardSet
from bot.engine.moves import IllegalMove, Move, PassCards, PlayCard, Refusal
from bot.engine.rules import RuleSet
from bot.engine.scoring import HandScore, needs_moon_choice, score_hand

# ``winning_index`` is also kept importable from here: the computer players of earlier revisions,
# which the benchmarks run on today's engine (bench/baseline.py), import both from this module.
from bot.engine.tricks import legal_cards, winning_index  # noqa: F401


class Phase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"
    SCORED = "scored"


class Trick(NamedTuple):
    """A completed trick: ``cards[i]`` was played by seat ``(leader + i) % players``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players


class PlayResult(NamedTuple):
    """What one card did: the trick it completed (if any) and whether the hand is now over."""

    trick: Trick | None
    hand_over: bool


_TRICK_GOES_ON = PlayResult(None, False)
_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (simulations' hot path)


def deal(rules: RuleSet, seed: int | str) -> list[CardSet]:
    """Deal the rule set's deck from a seed: the same seed always gives the same hands.

    A Fisher–Yates shuffle drawing floats, which is faster than ``random.shuffle``'s integer draws
    (simulations deal many hands); the bias of a 53-bit float is far below anything measurable.
    """
    rnd = random.Random(seed).random
    deck = list(rules.deck_cards)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    k = rules.cards_per_player
    bit = _BITS.__getitem__
    # Distinct powers of two: their sum is their union, and sum/map run in C.
    return [sum(map(bit, deck[seat * k : (seat + 1) * k])) for seat in range(rules.players)]


_BITS: tuple[CardSet, ...] = tuple(1 << c for c in range(52))


class Hand:
    """The state of one hand. Seats are 0..players-1 in turn order (play goes to seat+1)."""

    __slots__ = (
        "_breakers",
        "_forbidden",
        "_legal",
        "_tricks_total",
        "dealt",
        "hand_number",
        "hands",
        "hearts_broken",
        "leader",
        "moves_made",
        "n",
        "passed",
        "phase",
        "played",
        "received",
        "result",
        "rules",
        "taken",
        "to_move",
        "trick",
        "tricks",
        "tricks_won",
        "voids",
    )

    def __init__(self, rules: RuleSet, hands: list[CardSet], hand_number: int = 1) -> None:
        if len(hands) != rules.players:
            raise ValueError("one hand per seat is needed")
        self.rules = rules
        self.n = rules.players
        self.hand_number = hand_number
        self.dealt: tuple[CardSet, ...] = tuple(hands)
        self.hands: list[CardSet] = list(hands)
        self.passed: list[CardSet | None] = [None] * self.n
        self.received: list[CardSet] = [0] * self.n
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.taken: list[CardSet] = [0] * self.n
        self.tricks_won: list[int] = [0] * self.n
        self.voids: list[int] = [0] * self.n  # bit s set: this seat showed out of suit s
        self.played: CardSet = 0
        self.hearts_broken = False
        self.result: HandScore | None = None
        self.moves_made = 0
        self._legal = -1
        self._breakers = rules.breakers
        self._forbidden = rules.first_trick_forbidden
        self._tricks_total = rules.cards_per_player
        self.leader = 0
        self.to_move = 0
        if rules.pass_target(0, hand_number) is None:
            self._start_play()
        else:
            self.phase = Phase.PASSING

    @classmethod
    def new(cls, rules: RuleSet, seed: int | str, hand_number: int = 1) -> Hand:
        return cls(rules, deal(rules, seed), hand_number)

    @classmethod
    def in_play(
        cls,
        rules: RuleSet,
        hands: Sequence[CardSet],
        hand_number: int,
        tricks: Sequence[Trick],
        trick: Sequence[Card],
        leader: int,
    ) -> Hand:
        """A hand in its playing phase at a given position: ``hands`` are the cards each seat holds
        now, ``tricks`` the completed tricks and ``trick`` the cards ``leader`` and the seats after
        it played to the current one. For searches over sampled deals of the unseen cards (the
        passes are not recorded). The played cards are replayed (unchecked: they were legal in the
        real hand, which a sampled deal may not show), so voids, points taken and broken hearts
        are derived exactly as in the real hand."""
        n = rules.players
        dealt = list(hands)
        for t in tricks:
            for i, c in enumerate(t.cards):
                dealt[t.seat_of(i, n)] |= 1 << c
        for i, c in enumerate(trick):
            dealt[(leader + i) % n] |= 1 << c
        hand = cls(rules, dealt, hand_number)
        if hand.phase is Phase.PASSING:
            hand._start_play()
        for c in [c for t in tricks for c in t.cards] + list(trick):
            hand._play(hand.to_move, c)
        return hand

    # -- questions ----------------------------------------------------------------------

    @property
    def first_trick(self) -> bool:
        return not self.tricks

    def waiting_for(self) -> list[int]:
        """Seats that must act now (several at once while passing)."""
        if self.phase is Phase.PASSING:
            return [s for s in range(self.n) if self.passed[s] is None]
        if self.phase is Phase.SCORED:
            return []
        return [self.to_move]

    def legal_plays(self) -> CardSet:
        """The cards the seat to move may play now (a mask). Empty outside the playing phase."""
        if self._legal >= 0:
            return self._legal
        if self.phase is not Phase.PLAYING:
            return 0
        legal = legal_cards(
            self.hands[self.to_move],
            self.trick,
            not self.tricks,
            self.hearts_broken,
            self.rules.first_lead,
            self._forbidden,
        )
        self._legal = legal
        return legal

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMove:
            return False
        return True

    # -- moves --------------------------------------------------------------------------

    def apply(self, move: Move) -> PlayResult | None:
        """Apply any move; returns the PlayResult for a card, None for a pass or moon choice."""
        if isinstance(move, PlayCard):
            return self.play(move.seat, move.card)
        if isinstance(move, PassCards):
            self.pass_cards(move.seat, move.cards)
        else:
            self.choose_moon(move.seat, move.add_to_others)
        return None

    def pass_cards(self, seat: int, cards: CardSet) -> None:
        """Choose the cards ``seat`` passes. The exchange happens once every seat has chosen."""
        self._check_pass(seat, cards)
        self.passed[seat] = cards
        self.moves_made += 1
        if None not in self.passed:
            self._exchange()

    def play(self, seat: int, card: Card) -> PlayResult:
        legal = self._legal
        if legal < 0:
            legal = self.legal_plays()
        if seat != self.to_move or self.phase is not Phase.PLAYING or card < 0 or not legal >> card & 1:
            self._check_play(seat, card)  # raises with the reason
        return self._play(seat, card)

    def choose_moon(self, seat: int, add_to_others: bool) -> None:
        self._check_moon(seat)
        self.moves_made += 1
        self._finish(add_to_others)

    # -- internals --------------------------------------------------------------------

    def _check(self, move: Move) -> None:
        """Raise IllegalMove with the most helpful reason if ``move`` is not allowed now."""
        if isinstance(move, PassCards):
            self._check_pass(move.seat, move.cards)
        elif isinstance(move, PlayCard):
            self._check_play(move.seat, move.card)
        else:
            self._check_moon(move.seat)

    def _check_seat(self, seat: int, phase: Phase) -> None:
        if not 0 <= seat < self.n:
            raise IllegalMove(Refusal.NO_SUCH_SEAT, seat=seat)
        if self.phase is not phase:
            raise IllegalMove(Refusal.WRONG_PHASE, phase=self.phase.value)
        if phase is not Phase.PASSING and seat != self.to_move:
            raise IllegalMove(Refusal.NOT_YOUR_TURN)

    def _check_pass(self, seat: int, cards: CardSet) -> None:
        self._check_seat(seat, Phase.PASSING)
        if self.passed[seat] is not None:
            raise IllegalMove(Refusal.ALREADY_PASSED)
        if cards < 0 or cards.bit_count() != self.rules.pass_count:
            raise IllegalMove(Refusal.WRONG_PASS_COUNT, count=self.rules.pass_count)
        if cards & ~self.hands[seat]:
            raise IllegalMove(Refusal.NOT_IN_HAND)

    def _check_moon(self, seat: int) -> None:
        self._check_seat(seat, Phase.MOON_CHOICE)

    def _check_play(self, seat: int, card: Card) -> None:
        self._check_seat(seat, Phase.PLAYING)
        if not 0 <= card < 52 or not self.hands[seat] >> card & 1:
            raise IllegalMove(Refusal.NOT_IN_HAND)
        if self.legal_plays() >> card & 1:
            return
        if not self.trick:
            if not self.tricks:
                raise IllegalMove(Refusal.MUST_LEAD_FIRST_CARD, card=self.rules.first_lead)
            raise IllegalMove(Refusal.HEARTS_NOT_BROKEN)
        led = self.trick[0] // 13
        if self.hands[seat] & SUIT_MASKS[led]:
            raise IllegalMove(Refusal.MUST_FOLLOW_SUIT, suit=led)
        raise IllegalMove(
            Refusal.NO_POINTS_ON_FIRST_TRICK if self.rules.queen_counts else Refusal.NO_HEARTS_ON_FIRST_TRICK
        )

    def _exchange(self) -> None:
        for seat in range(self.n):
            cards = self.passed[seat]
            assert cards is not None
            target = self.rules.pass_target(seat, self.hand_number)
            assert target is not None
            self.hands[seat] &= ~cards
            self.received[target] = cards
        for seat in range(self.n):
            self.hands[seat] |= self.received[seat]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAYING
        first = 1 << self.rules.first_lead
        self.leader = self.to_move = next(s for s in range(self.n) if self.hands[s] & first)
        self._legal = -1

    def _play(self, seat: int, card: Card) -> PlayResult:
        """Apply a card already known to be legal (the fast path used by simulations)."""
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        self.moves_made += 1
        self._legal = -1
        if bit & self._breakers:
            self.hearts_broken = True
        trick = self.trick
        if trick:
            led = trick[0] // 13
            if card // 13 != led:
                self.voids[seat] |= 1 << led
        trick.append(card)
        n = self.n
        if len(trick) < n:
            self.to_move = seat + 1 if seat + 1 < n else 0
            return _TRICK_GOES_ON
        return self._complete_trick(trick)

    def _complete_trick(self, trick: list[Card]) -> PlayResult:
        n = self.n
        best = trick[0]
        led = best // 13
        best_i = 0
        mask = 1 << best
        for i in range(1, n):
            c = trick[i]
            mask |= 1 << c
            if c > best and c // 13 == led:
                best = c
                best_i = i
        winner = (self.leader + best_i) % n
        done = _new_tuple(Trick, (self.leader, tuple(trick), winner))  # Trick(...), minus a call
        self.tricks.append(done)
        self.taken[winner] |= mask
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self.to_move = winner
        if len(self.tricks) < self._tricks_total:
            return _new_tuple(PlayResult, (done, False))
        self._tricks_over()
        return PlayResult(done, True)

    def _tricks_over(self) -> None:
        """After the last trick: the moon choice if one is due, else the score."""
        chooser = needs_moon_choice(self.rules, self.taken, self.tricks_won)
        if chooser is not None:
            self.phase = Phase.MOON_CHOICE
            self.to_move = chooser
        else:
            self._finish(None)

    def _finish(self, moon_choice: bool | None) -> None:
        self.result = score_hand(self.rules, self.taken, self.tricks_won, moon_choice)
        self.phase = Phase.SCORED

    # -- copying and snapshots ------------------------------------------------------------

    def copy(self) -> Hand:
        """A cheap independent copy (for simulations)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands.copy()
        other.passed = self.passed.copy()
        other.received = self.received.copy()
        other.trick = self.trick.copy()
        other.tricks = self.tricks.copy()
        other.taken = self.taken.copy()
        other.tricks_won = self.tricks_won.copy()
        other.voids = self.voids.copy()
        return other

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON state. The dealt hands and the moves rebuild the rest; both are kept for audit."""
        return {
            "hand_number": self.hand_number,
            "dealt": list(self.dealt),
            "passed": list(self.passed),
            "tricks": [[t.leader, list(t.cards)] for t in self.tricks],
            "trick": list(self.trick),
            "moon_choice": None if self.result is None else self.result.moon_choice,
        }

    @classmethod
    def from_json(cls, rules: RuleSet, data: dict[str, Any]) -> Hand:
        """Rebuild a hand by replaying its recorded passes and cards through the rules."""
        hand = cls(rules, [int(h) for h in data["dealt"]], int(data["hand_number"]))
        passed = data["passed"]
        if hand.phase is Phase.PASSING:
            for seat, cards in enumerate(passed):
                if cards is not None:
                    hand.pass_cards(seat, int(cards))
        cards_played = [c for _leader, cs in data["tricks"] for c in cs] + list(data["trick"])
        for card in cards_played:
            hand.play(hand.to_move, int(card))
        if hand.phase is Phase.MOON_CHOICE and data.get("moon_choice") is not None:
            hand.choose_moon(hand.to_move, bool(data["moon_choice"]))
        return hand
