"""Instants: a Discord timestamp in messages (each reader's own language and zone), and in images
the UTC instant as the image's language writes a date, a time and the zone's name (CLDR)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.text import LANGUAGES, PSEUDO_LOCALE
from bot.text.moments import image_moment, timestamp, unquoted

MIDNIGHT = dt.datetime(2026, 11, 20, tzinfo=dt.UTC).timestamp()


def test_a_message_carries_a_discord_timestamp_in_the_asked_style() -> None:
    assert timestamp(MIDNIGHT) == f"<t:{int(MIDNIGHT)}:f>"
    assert timestamp(MIDNIGHT + 0.9, "R") == f"<t:{int(MIDNIGHT)}:R>"


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("en", "Nov 20, 2026, 00:00 UTC"),
        (PSEUDO_LOCALE, "Nov 20, 2026, 00:00 UTC"),  # the pseudo-locale follows English's rules
        ("de", "20. Nov. 2026, 00:00 UTC"),
        ("fr", "20 nov. 2026, 00:00 TU"),
        ("ja", "2026年11月20日 0:00 UTC"),
        ("vi", "0:00 UTC 20 thg 11, 2026"),  # the time before the date, as Vietnamese writes it
    ],
)
def test_an_image_writes_the_instant_as_its_language_does(lang: str, written: str) -> None:
    assert image_moment(MIDNIGHT, lang) == written


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_writes_the_year_day_hour_and_minute(lang: str) -> None:
    late = dt.datetime(2026, 11, 17, 23, 59, tzinfo=dt.UTC).timestamp()  # no digit pair repeated
    written = image_moment(late, lang)
    assert all(part in written for part in ("2026", "17", "23", "59")), written


def test_a_patterns_quoted_words_are_written_without_their_quotes() -> None:
    assert unquoted("{1} 'um' {0} o''clock") == "{1} um {0} o'clock"
    assert unquoted("{1}, {0}") == "{1}, {0}"
