"""What a computer player plays for: hand points early in the game, the ranking near its end.

``Objective.value`` turns one seat's hand result into a number to maximise: the other seats' mean
points minus its own (26 points to everyone else is as good as −26 for itself), plus a large bonus
for finishing first when the hand can end the game (target reached or last of a fixed number of
hands). The ``hard`` level scores every simulated hand with it, and the moon choice uses it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import CardSet
from bot.engine.rules import RuleSet
from bot.engine.scoring import score_hand

WIN_BONUS = 30.0
"""Worth of finishing first, in hand points: large enough to trade points for a win at the end."""


@dataclass(frozen=True, slots=True)
class Objective:
    seat: int
    scores: tuple[int, ...]
    final: bool  # whether this hand can end the game

    @classmethod
    def of(cls, rules: RuleSet, seat: int, scores: Sequence[int], hand_number: int) -> Objective:
        scores = tuple(scores)
        if rules.fixed_hands is not None:
            final = hand_number >= rules.fixed_hands
        else:
            assert rules.target_score is not None
            final = max(scores) + 2 * rules.moon_points >= rules.target_score  # all tricks: 2P
        return cls(seat, scores, final)

    def value(self, rules: RuleSet, points: Sequence[int]) -> float:
        seat = self.seat
        n = len(points)
        mine = points[seat]
        diff = (sum(points) - mine) / (n - 1) - mine
        if not self.final:
            return diff
        totals = [s + p for s, p in zip(self.scores, points, strict=True)]
        if rules.fixed_hands is None:
            assert rules.target_score is not None
            if max(totals) < rules.target_score:
                return diff
        best = min(totals)
        if totals[seat] != best:
            return diff
        return diff + WIN_BONUS / totals.count(best)


def choose_moon(
    rules: RuleSet, objective: Objective, taken: Sequence[CardSet], tricks_won: Sequence[int]
) -> bool:
    """Shooter-chooses: True to add the moon points to everyone else, False to subtract them from
    itself. Picks the better one for the objective; when equal, adding to the others brings the end
    of the game closer, which suits the seat in the lead and nobody else."""
    others = objective.value(rules, score_hand(rules, list(taken), list(tricks_won), True).points)
    itself = objective.value(rules, score_hand(rules, list(taken), list(tricks_won), False).points)
    if others != itself:
        return others > itself
    scores = objective.scores
    return scores[objective.seat] == min(scores)
