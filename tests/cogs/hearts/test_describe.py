"""The readable rules text follows the table's options (no Discord needed)."""

from bot.engine.rules import MoonScoring, Omnibus, RuleSet, Scoring
from bot.tables import TableOptions
from bot.text import LANGUAGES, t
from cogs.hearts._wording import rules_text, time_limit


def test_standard_rules_text() -> None:
    text = rules_text(TableOptions())
    assert "everyone else +26" in text
    assert "2♣ leads" in text and "100 points" in text
    assert "−10" not in text


def test_variant_rules_text() -> None:
    choose = rules_text(TableOptions(rules=RuleSet(moon=MoonScoring.SHOOTER_CHOOSES, all_tricks_bonus=True)))
    assert "−26 for you, or +26 for everyone else" in choose and "+52" in choose
    omnibus = rules_text(TableOptions(rules=RuleSet(omnibus=Omnibus.JACK_OF_DIAMONDS)))
    assert "J♦ counts −10" in omnibus and "slam" in omnibus
    tournament = rules_text(TableOptions(rules=RuleSet(scoring=Scoring.TOURNAMENT)))
    assert "−13, everyone else +13" in tournament
    bml = rules_text(
        TableOptions(rules=RuleSet(black_maria_less=True, players=5, target_score=None, fixed_hands=4))
    )
    assert "Q♠ is an ordinary card" in bml and "4 hands" in bml and "+13" in bml and "3♣ leads" in bml


def test_rules_text_quotes_the_engine_scores_for_each_variant() -> None:
    # Tournament without the all-tricks option: every trick is a moon (RULES.md 2a.2).
    tournament = rules_text(TableOptions(rules=RuleSet(scoring=Scoring.TOURNAMENT)))
    assert "counts as shooting the moon" in tournament and "−26" not in tournament
    # The bonus card keeps its −10 whatever else happens (2a.3).
    omnibus = rules_text(
        TableOptions(rules=RuleSet(scoring=Scoring.TOURNAMENT, omnibus=Omnibus.TEN_OF_DIAMONDS))
    )
    assert "10♦ counts −10 for whoever takes it, whatever else happens" in omnibus
    # Black-Maria-less: the Q♠ neither breaks hearts nor is kept off the first trick (2a.4).
    bml = rules_text(TableOptions(rules=RuleSet(black_maria_less=True, all_tricks_bonus=True)))
    assert "No hearts on the first trick" in bml and "or the Q♠ has been played" not in bml
    assert "everyone else +13" in bml and "everyone else +26" in bml
    assert "docs/RULES.md" in bml


def test_rules_summary_names_the_rotation_and_plurals() -> None:
    from bot.engine.rules import PassRotation
    from cogs.hearts._wording import rules_summary

    assert "without a hold hand" in rules_summary(RuleSet(pass_rotation=PassRotation.NO_HOLD))
    one = rules_summary(RuleSet(target_score=None, fixed_hands=1))
    assert one == "4 players, 1 hand"


def test_the_passing_line_says_where_the_cards_go() -> None:
    """Always left says left; the rotating line is only for tables whose direction does rotate."""
    from bot.engine.rules import PassRotation

    left = rules_text(TableOptions(rules=RuleSet(pass_rotation=PassRotation.LEFT)))
    assert "everyone passes 3 cards to the left." in left and "rotates" not in left
    for players in range(3, 8):
        for rotation in (PassRotation.STANDARD, PassRotation.NO_HOLD):
            rules = RuleSet(players=players, pass_rotation=rotation)
            directions = {rules.pass_direction(hand) for hand in range(1, 13)}
            assert len(directions) > 1, (players, rotation)
            assert "(the direction rotates; see the table message)" in rules_text(TableOptions(rules=rules))
    assert "passes" not in rules_text(TableOptions(rules=RuleSet(pass_rotation=PassRotation.NONE)))


def test_every_trick_is_a_slam_where_it_holds_the_bonus_card() -> None:
    """Tournament scoring with Omnibus and no all-tricks option: every trick holds the bonus card,
    and the engine scores a slam (RULES.md 2a.1), not the moon the plain tournament line promises."""
    from bot.engine.scoring import HandOutcome, score_hand

    for bonus, name in ((Omnibus.TEN_OF_DIAMONDS, "10♦"), (Omnibus.JACK_OF_DIAMONDS, "J♦")):
        rules = RuleSet(scoring=Scoring.TOURNAMENT, omnibus=bonus)
        scored = score_hand(rules, [rules.deck, 0, 0, 0], [13, 0, 0, 0])
        assert scored.outcome is HandOutcome.SLAM and scored.points == (-26, 0, 0, 0)
        text = rules_text(TableOptions(rules=rules))
        assert f"Taking every trick also takes the {name}, so it counts as a slam, not a moon." in text
        assert "counts as shooting the moon" not in text
        assert "−26 for you, 0 for the others" in text
    plain = rules_text(TableOptions(rules=RuleSet(scoring=Scoring.TOURNAMENT)))
    assert "counts as shooting the moon" in plain and "slam" not in plain
    with_all_tricks = rules_text(
        TableOptions(
            rules=RuleSet(scoring=Scoring.TOURNAMENT, omnibus=Omnibus.TEN_OF_DIAMONDS, all_tricks_bonus=True)
        )
    )
    assert (
        "Taking every trick" not in with_all_tricks and "Take every trick: you score −26" in with_all_tricks
    )


def test_a_time_limit_of_whole_hours_reads_in_hours_from_one_hour() -> None:
    # The "1 hour" choice read "60 min" in the lobby, the settings and the rules text.
    assert time_limit(3600, "en") == "1 h" and time_limit(7200, "en") == "2 h"
    assert time_limit(3600, "ru") == "1 ч" and time_limit(3600, "pl") == "1 godz."  # one, few, many…
    assert time_limit(10800, "ru") == "3 ч"
    for lang in LANGUAGES:
        assert time_limit(3600, lang) == t("time.hours", lang, n=1), lang
    assert "1 h per move" in rules_text(TableOptions(time_limit=3600))
    # Less than an hour, or not a whole hour below two, stays in minutes; seconds under two minutes.
    assert [time_limit(s, "en") for s in (15, 60, 119, 120, 300, 3599, 5400)] == [
        "15 s",
        "60 s",
        "119 s",
        "2 min",
        "5 min",
        "59 min",
        "90 min",
    ]
    assert time_limit(9000, "en") == "2.5 h" and time_limit(9000, "de") == "2,5 h"
    assert time_limit(86400, "en") == "24 h"
