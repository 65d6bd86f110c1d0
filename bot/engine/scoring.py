"""Scoring: card points, a trick's points, shooting the moon, the Omnibus slam, all tricks.

The one place where these rules live (RULES.md sections 1, 2 and 2a). Precedence, when several
apply to the same player: all tricks (if that option is on) > Omnibus slam > moon; only a plain moon
offers the shooter a choice. With "P" the moon points (26, or 13 in Black-Maria-less):

- all tricks, standard: taker 0, every other player +2P (the GameDuell "+52").
- all tricks, tournament: taker −P, every other player +P.
- Omnibus slam (all hearts, the Q♠ and the bonus card): taker −P, every other player 0.
- moon, tournament (also taking every trick while the all-tricks option is off): taker −P/2,
  every other player +P/2 (−13/+13).
- moon, "others +26": taker 0, every other player +P.
- moon, "shooter chooses": as "others +26", or the taker −P and the others nothing.

The Omnibus bonus card keeps its −10 for whoever took it in every one of these, except the slam,
whose −P already replaces the counting cards (the bonus card among them).

Wording and images ask these functions what an outcome gives rather than working it out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import Card, CardSet, cardset
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


@dataclass(frozen=True, slots=True)
class ShotScore:
    """What a special outcome scores: for the player who made it and for every other player
    (before the Omnibus bonus card's own points, which its taker keeps on top)."""

    taker: int
    others: int


def trick_points(rules: RuleSet, cards: Iterable[Card]) -> int:
    """The card points in a trick (or any cards), before moon and slam adjustments."""
    return rules.points_of(cardset(cards))


def moon_score(rules: RuleSet) -> ShotScore:
    """A plain moon under the table's options; with "shooter chooses", the "everyone else" choice."""
    p = rules.moon_points
    if rules.scoring is Scoring.TOURNAMENT:
        return ShotScore(-(p // 2), p // 2)
    return ShotScore(0, p)


def moon_self_score(rules: RuleSet) -> ShotScore | None:
    """The shooter's other choice ("me −26"), or None where the shooter has no choice."""
    if rules.moon is not MoonScoring.SHOOTER_CHOOSES:
        return None
    return ShotScore(-rules.moon_points, 0)


def all_tricks_score(rules: RuleSet) -> ShotScore | None:
    """Taking every trick, or None when the option is off (taking every trick is then a moon, or a
    slam with the bonus card)."""
    if not rules.all_tricks_bonus:
        return None
    p = rules.moon_points
    return ShotScore(-p, p) if rules.scoring is Scoring.TOURNAMENT else ShotScore(0, 2 * p)


def slam_score(rules: RuleSet) -> ShotScore | None:
    """The Omnibus slam (every counting card, the bonus card included), or None without Omnibus."""
    if rules.bonus_card is None:
        return None
    return ShotScore(-rules.moon_points, 0)


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
    shooter = moon_shooter(rules, taken)
    if shooter is None:
        return HandScore(tuple(rules.points_of(t) for t in taken), HandOutcome.NORMAL)
    outcome = _special_outcome(rules, taken, tricks_won, shooter)
    choice: bool | None = None
    shot: ShotScore | None
    if outcome is HandOutcome.ALL_TRICKS:
        shot = all_tricks_score(rules)
    elif outcome is HandOutcome.SLAM:
        shot = slam_score(rules)
    else:
        shot = moon_score(rules)
        self_score = moon_self_score(rules)
        if self_score is not None:
            if moon_choice is None:
                raise ValueError("this moon needs the shooter's choice")
            choice = moon_choice
            if not moon_choice:
                shot = self_score
    assert shot is not None
    bonus = rules.bonus_card
    points = []
    for seat, cards in enumerate(taken):
        own = shot.taker if seat == shooter else shot.others
        if bonus is not None and cards >> bonus & 1 and outcome is not HandOutcome.SLAM:
            own += rules.bonus_points
        points.append(own)
    return HandScore(tuple(points), outcome, shooter, choice)
