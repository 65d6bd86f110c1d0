"""Hand scoring: points, the moon, the Omnibus slam, all tricks, tournament scoring."""

import pytest

from bot.engine.cards import HEARTS, QUEEN_OF_SPADES, parse_cards
from bot.engine.rules import MoonScoring, Omnibus, RuleSet, Scoring
from bot.engine.scoring import HandOutcome, needs_moon_choice, score_hand

QS = 1 << QUEEN_OF_SPADES
TD = parse_cards("TD")
ALL = HEARTS | QS


def test_hearts_one_each_queen_thirteen() -> None:
    rules = RuleSet()
    taken = [parse_cards("2H 3H QS"), parse_cards("4H 5H 6H"), 0, HEARTS & ~parse_cards("2H 3H 4H 5H 6H")]
    score = score_hand(rules, taken, [3, 3, 0, 7])
    assert score.points == (15, 3, 0, 8)
    assert sum(score.points) == 26
    assert score.outcome is HandOutcome.NORMAL


def test_moon_others_plus_26() -> None:
    score = score_hand(RuleSet(), [0, ALL, 0, 0], [2, 8, 2, 1])
    assert score.points == (26, 0, 26, 26)
    assert score.outcome is HandOutcome.MOON and score.shooter == 1


def test_moon_shooter_chooses() -> None:
    rules = RuleSet(moon=MoonScoring.SHOOTER_CHOOSES)
    assert needs_moon_choice(rules, [0, ALL, 0, 0], [2, 8, 2, 1]) == 1
    assert needs_moon_choice(rules, [QS, HEARTS, 0, 0], [2, 8, 2, 1]) is None
    with pytest.raises(ValueError):
        score_hand(rules, [0, ALL, 0, 0], [2, 8, 2, 1])
    assert score_hand(rules, [0, ALL, 0, 0], [2, 8, 2, 1], moon_choice=False).points == (0, -26, 0, 0)
    assert score_hand(rules, [0, ALL, 0, 0], [2, 8, 2, 1], moon_choice=True).points == (26, 0, 26, 26)


def test_all_tricks_bonus() -> None:
    rules = RuleSet(all_tricks_bonus=True)
    everything = rules.deck
    score = score_hand(rules, [everything, 0, 0, 0], [13, 0, 0, 0])
    assert score.outcome is HandOutcome.ALL_TRICKS and score.points == (0, 52, 52, 52)
    # All tricks with the option off is an ordinary moon.
    assert score_hand(RuleSet(), [everything, 0, 0, 0], [13, 0, 0, 0]).points == (0, 26, 26, 26)
    # Shooter-chooses gives no choice for all tricks: the bonus applies.
    chooser = RuleSet(all_tricks_bonus=True, moon=MoonScoring.SHOOTER_CHOOSES)
    assert needs_moon_choice(chooser, [everything, 0, 0, 0], [13, 0, 0, 0]) is None


def test_omnibus_bonus_card_and_slam() -> None:
    rules = RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS)
    normal = score_hand(rules, [QS | TD, HEARTS, 0, 0], [4, 9, 0, 0])
    assert normal.points == (3, 13, 0, 0) and sum(normal.points) == 16
    slam = score_hand(rules, [ALL | TD, 0, 0, 0], [10, 1, 1, 1])
    assert slam.outcome is HandOutcome.SLAM and slam.points == (-26, 0, 0, 0)
    # A moon without the bonus card: others +26, and the bonus card still counts for its taker.
    moon = score_hand(rules, [ALL, TD, 0, 0], [10, 1, 1, 1])
    assert moon.outcome is HandOutcome.MOON and moon.points == (0, 16, 26, 26)


def test_tournament_scoring() -> None:
    rules = RuleSet(scoring=Scoring.TOURNAMENT, all_tricks_bonus=True)
    assert score_hand(rules, [ALL, 0, 0, 0], [9, 2, 1, 1]).points == (-13, 13, 13, 13)
    assert score_hand(rules, [rules.deck, 0, 0, 0], [13, 0, 0, 0]).points == (-26, 26, 26, 26)


def test_black_maria_less_counts_only_hearts() -> None:
    rules = RuleSet(black_maria_less=True)
    assert score_hand(rules, [QS, HEARTS, 0, 0], [1, 12, 0, 0]).points == (13, 0, 13, 13)
    assert score_hand(
        rules, [QS | parse_cards("2H"), HEARTS & ~parse_cards("2H"), 0, 0], [1, 12, 0, 0]
    ).points == (
        1,
        12,
        0,
        0,
    )
