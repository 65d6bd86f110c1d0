"""The computer players' interface: the level enum and ``decide``."""

from __future__ import annotations

import random
from enum import Enum

from bot.ai.consts import consts_of
from bot.ai.easy import easy_card, easy_pass
from bot.ai.objective import Objective, choose_moon
from bot.ai.passing import choose_pass
from bot.ai.policy import card_for_view
from bot.ai.search import search_card, search_pass
from bot.engine.hand import Phase
from bot.engine.moves import ChooseMoon, Move, PassCards, PlayCard
from bot.engine.view import SeatView


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def decide(
    view: SeatView,
    level: Level,
    *,
    seed: int,
    time_budget: float | None = None,
    deals: int | None = None,
) -> Move:
    """The move of the seat of ``view``: the cards to pass, a card to play, or the moon choice.

    Deterministic for a given ``seed`` (for ``hard``: only with ``deals`` given, since its search
    runs until ``time_budget`` is spent). ``time_budget`` (seconds) bounds
    the search of ``hard``; None means its default. ``deals`` fixes the number of sampled deals
    ``hard`` plays out (tests).
    Pure CPU work: call it off the event loop.
    """
    seat = view.seat
    if view.phase is Phase.PASSING:
        if view.passed is not None or view.pass_target is None:
            raise ValueError("this seat has nothing to pass")
        if level is Level.EASY:
            return PassCards(seat, easy_pass(view, random.Random(seed)))
        if level is Level.HARD:
            return PassCards(seat, search_pass(view, seed=seed, time_budget=time_budget, deals=deals))
        return PassCards(seat, choose_pass(consts_of(view.rules), view.hand, view.rules.pass_count))
    if view.phase is Phase.MOON_CHOICE:
        if view.to_move != seat:
            raise ValueError("it is not this seat's moon choice")
        if level is Level.EASY:
            return ChooseMoon(seat, True)
        objective = Objective.of(view.rules, seat, view.scores, view.hand_number)
        return ChooseMoon(seat, choose_moon(view.rules, objective, view.taken, view.tricks_won))
    if not view.legal:
        raise ValueError("it is not this seat's turn to play")
    if level is Level.EASY:
        return PlayCard(seat, easy_card(view, random.Random(seed)))
    if level is Level.HARD:
        return PlayCard(seat, search_card(view, seed=seed, time_budget=time_budget, deals=deals))
    card = card_for_view(view)
    return PlayCard(seat, card)
