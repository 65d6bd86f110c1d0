"""What one seat may see of a hand: the information boundary for players and computer players.

A ``SeatView`` holds nothing a person at that seat could not know: their own cards, every card played
(and by whom), who showed out of which suit, the cards they passed and received, the points taken so
far, and the game scores. Computer players decide from this alone, so they can never cheat.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import Card, CardSet
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: RuleSet
    hand_number: int
    phase: Phase
    hand: CardSet
    legal: CardSet  # cards this seat may play now (empty when it is not its turn to play)
    to_move: int | None  # None while passing (every seat chooses at once) and after scoring
    leader: int  # who led (or leads) the current trick
    trick: tuple[Card, ...]  # cards in the current trick, in play order from the leader
    tricks: tuple[Trick, ...]  # completed tricks of this hand
    played: CardSet  # every card played so far in this hand
    voids: tuple[int, ...]  # per seat: bit s set = that seat showed out of suit s
    taken: tuple[CardSet, ...]  # per seat: cards won in tricks (public: they were played face up)
    tricks_won: tuple[int, ...]
    hearts_broken: bool
    passed: CardSet | None  # what this seat passed (None: not yet chosen / hold hand)
    pass_target: int | None  # who gets this seat's passed cards this hand (None on a hold hand)
    received: CardSet  # what this seat received (0 until the exchange)
    scores: tuple[int, ...]  # game totals before this hand

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def unseen(self) -> CardSet:
        """Cards in play that this seat has not seen: held by the other seats."""
        return self.rules.deck & ~self.hand & ~self.played


def seat_view(hand: Hand, seat: int, scores: tuple[int, ...] | None = None) -> SeatView:
    """The view of ``seat`` of ``hand``. ``scores`` are the game totals (zeros if not given)."""
    passing = hand.phase is Phase.PASSING
    playing_turn = hand.phase is Phase.PLAYING and hand.to_move == seat
    return SeatView(
        seat=seat,
        rules=hand.rules,
        hand_number=hand.hand_number,
        phase=hand.phase,
        hand=hand.hands[seat],
        legal=hand.legal_plays() if playing_turn else 0,
        to_move=None if passing or hand.phase is Phase.SCORED else hand.to_move,
        leader=hand.leader,
        trick=tuple(hand.trick),
        tricks=tuple(hand.tricks),
        played=hand.played,
        voids=tuple(hand.voids),
        taken=tuple(hand.taken),
        tricks_won=tuple(hand.tricks_won),
        hearts_broken=hand.hearts_broken,
        passed=hand.passed[seat],
        pass_target=hand.rules.pass_target(seat, hand.hand_number),
        received=hand.received[seat],
        scores=scores if scores is not None else (0,) * hand.n,
    )
