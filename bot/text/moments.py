"""Instants as people read them.

In a message, a Discord timestamp (``<t:…>``): each reader's Discord shows it in their own
language and time zone. An image is the same for every reader, so it writes the instant in UTC the
way its language writes a date and a time, and names the zone as that language does (CLDR's
patterns and names, through Babel, as the language menu's names are)."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from babel import Locale
from babel.dates import format_datetime, format_skeleton

from bot.text.catalogue import babel_locale


def timestamp(at: float, style: str = "f") -> str:
    """A Discord timestamp of ``at`` (epoch seconds) in one of Discord's styles (``f``: date and
    time, ``F``: with the weekday, ``R``: relative)."""
    return f"<t:{int(at)}:{style}>"


def image_moment(at: float, locale: str) -> str:
    """``Nov 20, 2026, 00:00 UTC``, ``20. Nov. 2026, 00:00 UTC``, ``2026年11月20日 0:00 UTC``."""
    when = dt.datetime.fromtimestamp(at, dt.UTC)
    cldr = babel_locale(locale)
    date = format_skeleton("yMMMd", when, tzinfo=dt.UTC, locale=cldr)
    time = format_skeleton("Hm", when, tzinfo=dt.UTC, locale=cldr)
    zone = format_datetime(when, "z", tzinfo=dt.UTC, locale=cldr)
    return _date_and_time(cldr).format(f"{time} {zone}", date)


@cache
def _date_and_time(cldr: str) -> str:
    """How the language joins a date ({1}) and a time ({0})."""
    return unquoted(str(Locale.parse(cldr).datetime_formats["medium"]))


def unquoted(pattern: str) -> str:
    """A CLDR pattern's quoted literals as CLDR reads them (``{1} 'um' {0}``: ``{1} um {0}``;
    ``''`` is a quote). None of today's medium patterns quotes a word; a later CLDR may."""
    return _QUOTED.sub(lambda quoted: quoted.group(1) or "'", pattern)


_QUOTED = re.compile(r"'([^']*)'")
