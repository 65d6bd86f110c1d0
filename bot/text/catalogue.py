"""The catalogues, the choice of language for a Discord locale, and filling a template.

The catalogues are gettext PO files (``bot/text/po/<code>.po``, read by ``bot.text.pofiles``; why
PO is said there), keyed by stable message ids (``refusal.not_your_turn``). What hand-written code
cannot do well is the *locale data* — which plural category a number takes in Hindi or Polish, how
a decimal is written — and that is what Babel ships, straight from Unicode CLDR. gettext's own
plural formulas (``ngettext``) are not used: a sentence may hold several numbers, each with its
own plural, so the choice is written inline in the template.

Templates are ``str.format`` strings. ``{count|card|cards}`` picks one form by the number
``count``: the forms are listed in the order of the language's CLDR plural categories (zero, one,
two, few, many, other — those the language has), so English and German write two forms, Hindi two
(0 and 1 are both "one"), Russian and Polish four, Japanese and Indonesian one (they need no plural
syntax at all). Numbers in a sentence are written by Babel for the language (``1,5 h`` in German),
without grouping separators so that table numbers read as names (``#1234``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from bot.text.pofiles import file_stem, read_languages
from bot.text.pseudo import PSEUDO_LOCALE, pseudo_catalogue

DEFAULT_LOCALE = "en"
LANGUAGES: tuple[str, ...] = (
    "en",
    "de",
    "id",
    "hi",
    "ja",
    "es",
    "es-419",
    "ko",
    "zh-TW",
    "th",
    "ro",
    "bg",
    "pt-BR",
    "ru",
    "pl",
    "zh-CN",
    "uk",
    "nl",
    "sv",
    "el",
    "da",
    "no",
    "lt",
    "fr",
    "tr",
    "it",
    "vi",
    "cs",
    "hu",
    "fi",
    "hr",
)
"""The complete languages, in the order they were added, by Discord's locale code where a
language needs its region (``pt-BR``, ``es-419``, ``zh-TW``); each is the file
``bot/text/po/<code>.po`` with ``_`` for ``-`` (``pt_BR.po``)."""

CATALOGUES: dict[str, Mapping[str, str]] = dict(read_languages(LANGUAGES))
ENGLISH: Mapping[str, str] = CATALOGUES[DEFAULT_LOCALE]
"""The source catalogue: every key the bot has, and the fallback of every other language."""
CATALOGUES[PSEUDO_LOCALE] = pseudo_catalogue(ENGLISH)

CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL = re.compile(r"\{(\w+)\|((?:[^{}]|\{[^{}|]*\})*)\}")
"""``{name|form|form…}``; a form may hold plain fields (``{count|this card|these {count}}``)."""


@cache  # asked at every sentence the bot writes, of the few locales Discord has
def language(locale: str | None) -> str:
    """The catalogue for a Discord locale (``de``, ``en-US``, ``pt-BR``, ``sv-SE``), a Babel-style
    one (``de_AT``) or a chosen language: the exact code (in any case), else its language's
    catalogue (``en-GB`` → ``en``, ``es-ES`` → ``es``), else one of the language for another region
    (``pt-PT`` → ``pt-BR``), else English."""
    if not locale:
        return DEFAULT_LOCALE
    by_code = {code.lower(): code for code in CATALOGUES}
    code = locale.replace("_", "-").lower()
    base = code.split("-")[0]
    if code in by_code or base in by_code:
        return by_code.get(code) or by_code[base]
    regional = [lang for lang in LANGUAGES if lang.lower().split("-")[0] == base]
    return regional[0] if regional else DEFAULT_LOCALE


def babel_locale(lang: str) -> str:
    """The CLDR locale whose rules a catalogue follows (the pseudo-locale follows English), in
    Babel's spelling (``pt_BR``)."""
    return DEFAULT_LOCALE if lang == PSEUDO_LOCALE else file_stem(lang)


@cache
def plural_categories(lang: str) -> tuple[str, ...]:
    """The plural categories a language distinguishes, in CLDR order (always ending "other")."""
    tags = Locale.parse(babel_locale(lang)).plural_form.tags
    return tuple(c for c in CLDR_CATEGORIES if c in tags or c == "other")


@cache
def _plural_rule(lang: str) -> Callable[[float], str]:
    return Locale.parse(babel_locale(lang)).plural_form


def plural_index(lang: str, n: float) -> int:
    """Which of a plural's forms the number ``n`` takes in ``lang``."""
    return plural_categories(lang).index(_plural_rule(lang)(abs(n)))


def choose_plurals(template: str, lang: str, params: Mapping[str, Any]) -> str:
    def form(match: re.Match[str]) -> str:
        forms = match.group(2).split("|")
        return forms[min(plural_index(lang, params[match.group(1)]), len(forms) - 1)]

    return PLURAL.sub(form, template)


class _LocaleFormatter(string.Formatter):
    """``str.format`` with numbers written by Babel for the language (decimal sign, digits)."""

    def __init__(self, lang: str) -> None:
        self.locale = babel_locale(lang)
        # Where integers read as Python writes them (Latin digits), the common case skips Babel.
        digits = "1234567890"
        self.plain_integers = format_decimal(int(digits), locale=self.locale, group_separator=False) == digits

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return str(super().format_field(value, format_spec))
        sign = ""
        if format_spec.startswith("+"):
            sign, format_spec = ("+" if value > 0 else "−" if value < 0 else ""), format_spec[1:]
            value = abs(value)
        elif value < 0:
            sign, value = "−", -value
        if self.plain_integers and isinstance(value, int) and format_spec in ("", "d", "g"):
            return sign + str(value)
        if format_spec in ("", "d", "g"):
            pattern = None
        elif re.fullmatch(r"\.\d+f", format_spec):
            pattern = "0." + "0" * int(format_spec[1:-1])
        else:
            return sign + str(super().format_field(value, format_spec))
        return sign + format_decimal(value, format=pattern, locale=self.locale, group_separator=False)


@cache
def _formatter(lang: str) -> _LocaleFormatter:
    return _LocaleFormatter(lang)


def fill(template: str, lang: str, params: Mapping[str, Any]) -> str:
    """A template with its plurals chosen and its fields filled for ``lang``."""
    if "|" in template:
        template = choose_plurals(template, lang, params)
    if not params:
        return template
    formatter = _formatter(lang)
    pieces = _pieces(template)
    if pieces is None:
        return formatter.vformat(template, (), params)
    return "".join(
        literal if field is None else literal + formatter.format_field(params[field], spec)
        for literal, field, spec in pieces
    )


@lru_cache(maxsize=8192)
def _pieces(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A template split once into its text and its fields (name, format): ``str.format``'s own
    way parses the template again at every call, in Python, and every message, label and command
    name of every language comes through here. None for a field that is more than a name (an
    attribute, an index, a conversion, a field inside its format): those keep that way."""
    pieces: list[tuple[str, str | None, str]] = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if field is not None and (conversion or not field.isidentifier() or "{" in (spec or "")):
            return None
        pieces.append((literal, field, spec or ""))
    return tuple(pieces)


def template(key: str, locale: str | None = None) -> tuple[str, str] | None:
    """The unfilled template for ``key`` and the language it is in (English where the locale's
    language lacks it), or None for an unknown key."""
    lang = language(locale)
    text = CATALOGUES[lang].get(key)
    if not text:
        text, lang = ENGLISH.get(key), DEFAULT_LOCALE
    return None if text is None else (text, lang)


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English), with ``params`` filled in.

    A missing key shows the key itself rather than failing an interaction; tests check that every
    code has an entry and that every language has every key. ``{count|card|cards}`` in a template
    picks the noun's form for the number ``count`` by the language's plural rules.
    """
    found = template(key, locale)
    if found is None:
        return key
    return fill(found[0], found[1], params)


def has(key: str) -> bool:
    return key in ENGLISH
