"""Plurals read right at 1, 2, 5, 11, 21 and 22 in every language of issue 32, by Babel's CLDR
rules: the form a ``{count|…}`` picks is the one of the number's plural category. Checked on
every language's categories before its catalogue exists, so a translator's forms land on rules
already known to work."""

from __future__ import annotations

import pytest
from babel import Locale

from bot.text import CATALOGUES, LANGUAGES
from bot.text.catalogue import PLURAL, babel_locale, fill, plural_categories
from tests.text.discord_locales import ALL_LANGUAGES

NUMBERS = (1, 2, 5, 11, 21, 22)


def categories_template(lang: str) -> str:
    """A plural whose forms are the names of the language's categories."""
    return "{n|" + "|".join(plural_categories(lang)) + "}"


@pytest.mark.parametrize("lang", sorted({*ALL_LANGUAGES, *LANGUAGES}))
def test_a_plural_picks_the_form_of_the_numbers_cldr_category(lang: str) -> None:
    rule = Locale.parse(babel_locale(lang)).plural_form
    for n in NUMBERS:
        assert fill(categories_template(lang), lang, {"n": n}) == rule(n), (lang, n)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "one few many many one few"),
        ("uk", "one few many many one few"),
        ("pl", "one few many many many few"),
        ("cs", "one few other other other other"),
        ("lt", "one few few other one few"),
        ("hr", "one few other other one few"),
        ("ro", "one few few few other other"),
        ("en", "one other other other other other"),
        ("fr", "one other other other other other"),
        ("ja", "other other other other other other"),
    ],
)
def test_slavic_baltic_and_romanian_plurals_read_right(lang: str, expected: str) -> None:
    """The categories a grammar book gives ("1 карта, 2 карты, 5 карт, 11 карт, 21 карта, 22 карты")."""
    assert [fill(categories_template(lang), lang, {"n": n}) for n in NUMBERS] == expected.split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_of_every_catalogue_picks_its_form_at_1_2_5_11_21_22(lang: str) -> None:
    rule = Locale.parse(babel_locale(lang)).plural_form
    categories = plural_categories(lang)
    for key, text in CATALOGUES[lang].items():
        for match in PLURAL.finditer(text):
            forms = match.group(2).split("|")
            for n in NUMBERS:
                want = forms[categories.index(rule(n))]
                got = fill(match.group(0), lang, {match.group(1): n, "count": n})
                assert got == fill(want, lang, {match.group(1): n, "count": n}), (lang, key, n)
