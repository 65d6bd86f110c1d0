from bot.engine.moves import Refusal
from bot.text import has, t


def test_every_engine_refusal_has_english_text() -> None:
    for refusal in Refusal:
        assert has(f"refusal.{refusal.value}"), refusal


def test_params_and_fallbacks() -> None:
    assert t("refusal.wrong_pass_count", count=3) == "Choose exactly 3 cards to pass."
    assert t("refusal.not_your_turn", "de-DE") == t("refusal.not_your_turn")  # falls back to English
    assert t("no.such.key") == "no.such.key"


def test_every_rule_set_error_code_has_english_text() -> None:
    import inspect
    import re

    from bot.engine import rules

    codes = set(re.findall(r'InvalidRules\(\s*"(\w+)"', inspect.getsource(rules)))
    assert len(codes) >= 10
    for code in codes:
        assert has(f"rules.invalid.{code}"), code


def test_a_bad_rules_refusal_says_what_is_wrong_in_words() -> None:
    from bot.tables.refusals import TableRefusal
    from bot.text import refusal_text

    text = refusal_text(TableRefusal.BAD_RULES, rule="bml_omnibus")
    assert t("rules.invalid.bml_omnibus") in text
    assert "bml_omnibus" not in text
