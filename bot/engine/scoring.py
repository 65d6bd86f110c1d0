"""Scoring a finished hand: card points, shooting the moon, the Omnibus slam, all tricks.

The one place where these rules live. Precedence, when several apply to the same player:
all tricks (if that option is on) > Omnibus slam > moon. With "P" the moon points (26, or 13 in
Black-Maria-less):

- all tricks, standard: taker 0, every other player +2P (the GameDuell "+52").
- all tricks, tournament: taker −P, every other player +P.
- Omnibus slam (all hearts, the Q♠ and the bonus card): taker −P, every other player 0.
- moon, tournament: taker −P/2, every other player +P/2 (−13/+13).
- moon, "others +26": taker 0, every other player +P plus their own card points (only the Omnibus
  bonus card can be among those, since the taker has every penalty card).
- moon, "shooter chooses": as "others +26", or the taker −P and the others their own card points.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import CardSet
from bot.engine.rules import MoonScoring, RuleSet, Scoring


class HandOutcome(Enum):
    NORMAL = "normal"
    MOON = "moon"
    SLAM = "slam"  # Omnibus: all counting cards
    ALL_TRICKS = "all_tricks"


@dataclass(frozen=True, slots=True)
class HandScore:
    points: tuple[int, ...]
    outcome: HandOutcome
    shooter: int | None = None
    # Shooter-chooses: True = others +P, False = shooter −P, None = not a choice.
    moon_choice: bool | None = None


def moon_shooter(rules: RuleSet, taken: list[CardSet]) -> int | None:
    """The seat that took every penalty card, if any."""
    penalty = rules.penalty_cards
    for seat, cards in enumerate(taken):
        if cards & penalty == penalty:
            return seat
    return None


def needs_moon_choice(rules: RuleSet, taken: list[CardSet], tricks_won: list[int]) -> int | None:
    """The seat that must choose how its moon is scored, or None when no choice is due."""
    if rules.moon is not MoonScoring.SHOOTER_CHOOSES:
        return None
    shooter = moon_shooter(rules, taken)
    if shooter is None:
        return None
    outcome = _special_outcome(rules, taken, tricks_won, shooter)
    return shooter if outcome is HandOutcome.MOON else None


def _special_outcome(
    rules: RuleSet, taken: list[CardSet], tricks_won: list[int], shooter: int
) -> HandOutcome:
    if rules.all_tricks_bonus and tricks_won[shooter] == rules.cards_per_player:
        return HandOutcome.ALL_TRICKS
    bonus = rules.bonus_card
    if bonus is not None and taken[shooter] >> bonus & 1:
        return HandOutcome.SLAM
    return HandOutcome.MOON


def score_hand(
    rules: RuleSet, taken: list[CardSet], tricks_won: list[int], moon_choice: bool | None = None
) -> HandScore:
    """Points of each seat for a finished hand. ``moon_choice`` is required when a choice is due."""
    n = rules.players
    card_points = [rules.points_of(t) for t in taken]
    shooter = moon_shooter(rules, taken)
    if shooter is None:
        return HandScore(tuple(card_points), HandOutcome.NORMAL)
    p = rules.moon_points
    outcome = _special_outcome(rules, taken, tricks_won, shooter)
    tournament = rules.scoring is Scoring.TOURNAMENT
    if outcome is HandOutcome.ALL_TRICKS:
        mine, others = (-p, p) if tournament else (0, 2 * p)
        return HandScore(_spread(n, shooter, mine, others), outcome, shooter)
    if outcome is HandOutcome.SLAM:
        return HandScore(_spread(n, shooter, -p, 0), outcome, shooter)
    if tournament:
        return HandScore(_spread(n, shooter, -(p // 2), p // 2), outcome, shooter)
    choice: bool | None = None
    add_to_others = True
    if rules.moon is MoonScoring.SHOOTER_CHOOSES:
        if moon_choice is None:
            raise ValueError("this moon needs the shooter's choice")
        choice = add_to_others = moon_choice
    points = [cp + (p if add_to_others else 0) for cp in card_points]
    points[shooter] = 0 if add_to_others else -p
    return HandScore(tuple(points), outcome, shooter, choice)


def _spread(n: int, shooter: int, mine: int, others: int) -> tuple[int, ...]:
    return tuple(mine if s == shooter else others for s in range(n))
