from bot.engine.moves import Refusal
from bot.text import has, t


def test_every_engine_refusal_has_english_text() -> None:
    for refusal in Refusal:
        assert has(f"refusal.{refusal.value}"), refusal


def test_params_and_fallbacks() -> None:
    assert t("refusal.wrong_pass_count", count=3) == "Choose exactly 3 cards to pass."
    assert t("refusal.not_your_turn", "eo") == t("refusal.not_your_turn")  # falls back to English
    assert (
        t("refusal.not_your_turn", "de-DE") == t("refusal.not_your_turn", "de") != t("refusal.not_your_turn")
    )
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


def test_plural_forms_follow_the_number() -> None:
    """RULES.md 2a.9: "Choose 1 card to pass", never "1 cards"."""
    assert t("hand.pass_tap_prompt", count=1, direction="left").startswith("Tap 1 card to pass left;")
    assert t("hand.pass_tap_prompt", count=3, direction="left").startswith("Tap 3 cards to pass left;")
    assert t("hand.pass_cleared", count=1) == "Choice cleared: tap 1 card to pass."
    assert t("refusal.wrong_pass_count", count=1) == "Choose exactly 1 card to pass."
    assert t("announce.rating_change", name="a", delta=-1, total=9) == "a: −1 ranking point (now 9)"


def test_no_message_with_a_number_reads_one_cards() -> None:
    """Every catalogue sentence, filled with 1 and then 2 for every parameter: no plural noun after
    1 and no singular noun after 2."""
    import re

    from bot.text.catalogue import ENGLISH

    nouns = (
        "card",
        "point",
        "hand",
        "game",
        "win",
        "quit",
        "moon",
        "timeout",
        "seat",
        "second",
        "player",
        "pt",
    )
    either = "|".join(nouns)
    plural_after_one = re.compile(rf"\b1 (?:ranking )?(?:{either})s\b|\(s\)")
    singular_after_two = re.compile(rf"\b2 (?:ranking )?(?:{either})\b")
    for key, template in ENGLISH.items():
        names = set(re.findall(r"\{(\w+)", template))
        one = t(key, **dict.fromkeys(names, 1))
        two = t(key, **dict.fromkeys(names, 2))
        assert not plural_after_one.search(one), (key, one)
        assert not singular_after_two.search(two), (key, two)
