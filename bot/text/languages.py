"""The bot's languages by name, and finding one by what a person types.

A language is named from CLDR through Babel, not by catalogue entries: its own name ("Deutsch",
"ไทย") and its name in any reader's language, for every language the bot has or will have, with
no key per language per catalogue to keep. A person finds theirs in one step: more languages
than Discord's 25 choices of an option, so the language options autocomplete, matching what was
typed against each language's own name, its English name, its name in the reader's language and
its code, accents and case aside ("franc" finds "français").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from babel import Locale

from bot.text.catalogue import DEFAULT_LOCALE, LANGUAGES, babel_locale, language, t

CHOICES_MAX = 25
"""Discord's limit on the choices of an autocomplete answer."""


def _menu_case(name: str) -> str:
    """A name as a menu item starts: "français" → "Français" (CLDR writes language names in
    running-text case; scripts without case are unchanged)."""
    return name[:1].upper() + name[1:]


@cache
def name_in(code: str, reader: str) -> str:
    """The language ``code`` named in the language ``reader`` (both catalogue codes), as CLDR
    writes it in running text ("français", "Deutsch")."""
    return Locale.parse(babel_locale(code)).get_display_name(babel_locale(reader)) or code


def own_name(code: str) -> str:
    """The language in its own words, for a sentence ("je t'écris en français")."""
    return name_in(code, code)


def menu_name(code: str) -> str:
    """The language in its own words as a menu or a setting shows it ("Français", "日本語")."""
    return _menu_case(own_name(code))


def english_name(code: str) -> str:
    return name_in(code, DEFAULT_LOCALE)


@dataclass(frozen=True, slots=True)
class LanguageChoice:
    """One suggestion of a language option: what the menu shows and the value it sends."""

    name: str
    value: str


def folded(text: str) -> str:
    """Text compared without case or accents ("Français" and "francais" are equal)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def label(code: str, reader: str) -> str:
    """A language as the menu lists it for ``reader``: its own name, and the reader's name for it
    where that differs ("Français — Französisch", "Deutsch — allemand")."""
    own, theirs = menu_name(code), name_in(code, reader)
    return own if folded(own) == folded(theirs) else f"{own} — {theirs}"


def _rank(typed: str, names: Sequence[str]) -> int | None:
    """0: a name starts with the typed text; 1: a word of one does; 2: one contains it; None: no match."""
    wanted = folded(typed.strip())
    if not wanted:
        return 0
    keys = [folded(n) for n in names]
    if any(k.startswith(wanted) for k in keys):
        return 0
    if any(word.startswith(wanted) for k in keys for word in k.replace("(", " ").split()):
        return 1
    return 2 if any(wanted in k for k in keys) else None


def language_choices(typed: str, locale: str | None, automatic: str) -> list[LanguageChoice]:
    """The suggestions for what a person typed into a language option, in their language
    ``locale``: "automatic" (the value ``automatic``, worded by ``choice.<automatic>``) and the languages
    whose names or code match, best matches first, the reader's own language first among equals;
    at most Discord's 25."""
    reader = language(locale)
    found: list[tuple[int, int, str, LanguageChoice]] = []
    automatic_label = t(f"choice.{automatic}", reader)
    rank = _rank(typed, [automatic_label, automatic])
    if rank is not None:
        found.append((rank, 0, "", LanguageChoice(automatic_label, automatic)))
    for code in LANGUAGES:
        rank = _rank(typed, [own_name(code), english_name(code), name_in(code, reader), code])
        if rank is not None:
            shown = LanguageChoice(label(code, reader), code)
            found.append((rank, 1 if code == reader else 2, folded(own_name(code)), shown))
    found.sort(key=lambda item: item[:3])
    return [choice for *_, choice in found[:CHOICES_MAX]]
