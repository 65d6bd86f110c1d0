"""The objective of the computer players: hand points early, the ranking when the game can end."""

from __future__ import annotations

from bot.ai.objective import Objective
from bot.engine.rules import RuleSet

RULES = RuleSet(target_score=100)


def test_early_in_the_game_only_the_point_difference_counts() -> None:
    objective = Objective.of(RULES, 0, (10, 12, 8, 20), hand_number=2)
    assert not objective.final
    assert objective.value(RULES, (0, 26, 0, 0)) > objective.value(RULES, (4, 22, 0, 0))
    assert objective.value(RULES, (3, 3, 10, 10)) == (3 + 10 + 10) / 3 - 3


def test_near_the_end_winning_the_game_beats_a_better_hand() -> None:
    # Seat 0 leads with 80 against 90, 95, 97. Sole first place at the end is worth more than a
    # better point difference that only shares it.
    objective = Objective.of(RULES, 0, (80, 90, 95, 97), hand_number=5)
    assert objective.final
    alone_first = (9, 0, 0, 4)  # 89 vs 90, 95, 101: the game ends, seat 0 first
    shared_first = (10, 0, 16, 0)  # 90 vs 90, 111, 97: the game ends, seats 0 and 1 first
    assert objective.value(RULES, alone_first) > objective.value(RULES, shared_first)
    assert Objective.of(RULES, 0, (0, 0, 0, 0), 1).value(RULES, alone_first) < Objective.of(
        RULES, 0, (0, 0, 0, 0), 1
    ).value(RULES, shared_first)


def test_fixed_number_of_hands_makes_the_last_hand_final() -> None:
    rules = RuleSet(target_score=None, fixed_hands=3)
    assert not Objective.of(rules, 0, (0, 0, 0, 0), hand_number=2).final
    last = Objective.of(rules, 1, (30, 20, 25, 40), hand_number=3)
    assert last.final
    # Seat 1 keeps first place by taking 4 points, but loses it by taking 13.
    assert last.value(rules, (0, 4, 9, 13)) > last.value(rules, (9, 13, 4, 0))
