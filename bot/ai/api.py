"""The computer players' interface: the level enum and ``decide``."""

from __future__ import annotations

import random
from enum import Enum

from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.hand import Phase
from bot.engine.moves import ChooseMoon, Move, PassCards, PlayCard
from bot.engine.view import SeatView


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def decide(view: SeatView, level: Level, *, seed: int, time_budget: float | None = None) -> Move:
    """The move of the seat of ``view``: three cards to pass, a card to play, or the moon choice.

    ``time_budget`` (seconds) bounds the search of the ``hard`` level; None means its default.
    Placeholder policy until the real players land: uniformly random legal moves.
    """
    rng = random.Random(seed)
    if view.phase is Phase.PASSING:
        return PassCards(view.seat, cardset(rng.sample(cards_of(view.hand), view.rules.pass_count)))
    if view.phase is Phase.MOON_CHOICE:
        return ChooseMoon(view.seat, True)
    if not view.legal:
        raise ValueError("it is not this seat's turn to play")
    return PlayCard(view.seat, nth_card(view.legal, rng.randrange(view.legal.bit_count())))
