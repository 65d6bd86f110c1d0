"""``fill``'s parsed templates write every catalogue's text exactly as ``str.format``'s way did."""

from __future__ import annotations

import string

import pytest

from bot.text.catalogue import CATALOGUES, PLURAL, _formatter, choose_plurals, fill


def fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("number", [1, -1234, 2.5])
def test_every_template_of_every_language_is_filled_as_str_format_fills_it(number: float):
    checked = 0
    for lang, catalogue in CATALOGUES.items():
        for template in catalogue.values():
            params = dict.fromkeys(_names(template), number)
            chosen = choose_plurals(template, lang, params) if "|" in template else template
            if not params:
                continue
            assert fill(template, lang, params) == _formatter(lang).vformat(chosen, (), params), template
            checked += 1
    assert checked > 5_000


def _names(template: str) -> set[str]:
    """The fields of a template, plurals' counts included (``{count|card|cards}``)."""
    counts = {match[0] for match in PLURAL.findall(template)}
    return counts | fields(PLURAL.sub("", template))


def test_a_field_that_is_more_than_a_name_is_still_filled_the_way_str_format_does():
    assert fill("{a[0]} {b!r} {c:>{w}}", "en", {"a": "xy", "b": "q", "c": 7, "w": 3}) == "x 'q'   7"
    assert fill("{score:+d} {{kept}}", "de", {"score": 5}) == "+5 {kept}"
