"""Moves a seat can make, and why a move is refused.

Refusals carry a code and parameters, never prose: the words a player reads are looked up from the
code in the text catalogue (one place for every language), not written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.engine.cards import Card, CardSet


@dataclass(frozen=True, slots=True)
class PassCards:
    seat: int
    cards: CardSet


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChooseMoon:
    """Shooter-chooses moon scoring: True = everyone else +26, False = shooter −26."""

    seat: int
    add_to_others: bool


Move = PassCards | PlayCard | ChooseMoon


class Refusal(Enum):
    WRONG_PHASE = "wrong_phase"  # e.g. playing during passing
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    MUST_LEAD_FIRST_CARD = "must_lead_first_card"  # params: card
    MUST_FOLLOW_SUIT = "must_follow_suit"  # params: suit
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    NO_HEARTS_ON_FIRST_TRICK = "no_hearts_on_first_trick"  # the same, where the Q♠ is no point card
    WRONG_PASS_COUNT = "wrong_pass_count"  # params: count
    ALREADY_PASSED = "already_passed"
    NO_SUCH_SEAT = "no_such_seat"
    GAME_OVER = "game_over"


class IllegalMove(ValueError):
    """A refused move. ``refusal`` and ``params`` are what a translated message is built from."""

    def __init__(self, refusal: Refusal, **params: Any) -> None:
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{refusal.value}" + (f" ({detail})" if detail else ""))
        self.refusal = refusal
        self.params = params
