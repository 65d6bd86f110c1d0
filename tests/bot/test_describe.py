"""The readable rules text follows the table's options (no Discord needed)."""

from bot.engine.rules import MoonScoring, Omnibus, RuleSet, Scoring
from bot.presenter.describe import rules_text
from bot.tables import TableOptions


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
