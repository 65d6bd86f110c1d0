"""/hearts rules in every language: the same rules, every line translated, the same numbers."""

from __future__ import annotations

import re

import pytest

from bot.engine.rules import MoonScoring, Omnibus, PassRotation, RuleSet, Scoring
from bot.tables import TableOptions
from bot.text import LANGUAGES, PSEUDO_LOCALE
from bot.text.catalogue import ENGLISH, template
from cogs.hearts._wording import rules_text

TABLES = [
    TableOptions(),
    TableOptions(
        rules=RuleSet(players=3, moon=MoonScoring.SHOOTER_CHOOSES, target_score=50), time_limit=3600
    ),
    TableOptions(rules=RuleSet(players=5, omnibus=Omnibus.TEN_OF_DIAMONDS, all_tricks_bonus=True)),
    TableOptions(rules=RuleSet(scoring=Scoring.TOURNAMENT, queen_breaks_hearts=False), time_limit=90),
    TableOptions(
        rules=RuleSet(
            players=6,
            black_maria_less=True,
            pass_rotation=PassRotation.NONE,
            target_score=None,
            fixed_hands=1,
        ),
        time_limit=86400,
    ),
    TableOptions(
        rules=RuleSet(
            pass_rotation=PassRotation.LEFT, scoring=Scoring.TOURNAMENT, omnibus=Omnibus.JACK_OF_DIAMONDS
        )
    ),
]
RULES_KEYS = [key for key in ENGLISH if key.startswith("rules.text.")]


def numbers(text: str) -> list[str]:
    """The scores and counts a rules text states (a lone 1, as in "1 point" or Japanese "1枚",
    is grammar rather than a rule)."""
    found = re.findall(r"[+−]?\d+(?:[.,]\d+)?", text)
    return sorted(n for n in found if n != "1")


@pytest.mark.parametrize("options", TABLES)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_rules_state_the_same_numbers_in_every_language(options: TableOptions, lang: str) -> None:
    english, translated = rules_text(options), rules_text(options, lang)
    assert numbers(translated) == numbers(english), (lang, translated)
    assert translated.count("\n") == english.count("\n")
    assert "rules.text." not in translated and "{" not in translated


@pytest.mark.parametrize("options", TABLES)
def test_every_line_of_the_rules_comes_from_the_catalogue(options: TableOptions) -> None:
    """In the pseudo-locale every line is marked: nothing in the rules text bypasses the catalogue."""
    for line in rules_text(options, PSEUDO_LOCALE).splitlines():
        assert line.startswith("⟦") and line.endswith("⟧"), line


def test_every_rules_line_is_used_by_some_table() -> None:
    shown = "\n".join(rules_text(options, PSEUDO_LOCALE) for options in TABLES)
    for key in RULES_KEYS:
        found = template(key, PSEUDO_LOCALE)
        assert found is not None
        assert found[0].split("{")[0][:12] in shown, key


def test_the_german_rules_speak_of_the_pik_dame() -> None:
    text = rules_text(TableOptions(), "de")
    assert "Pik-Dame" in text and "Q♠" not in text
    assert "• Kreuz" not in text and "2♣ eröffnet den ersten Stich" in text
