"""Slash-command names, descriptions, options and choices in every language.

discord.py asks a ``Translator`` for each string of the command tree in each Discord locale when
the tree syncs; ``cogs.translation`` is that translator and asks this module. Keys come from
where the string sits, so the cogs keep their English literals and need no change:

- a command or group: ``command.<qualified name, dots>.name`` / ``.description``
  (``command.hearts.new.description``);
- an option: ``command.<qualified name>.option.<option>.name`` / ``.description``;
- a choice: ``choice.<value>`` (a value reads the same wherever it is offered).

Descriptions that quote a score take it from the engine (``COMMAND_PARAMS``), never a literal.
Discord's rules for a localized name (1–32 characters, lowercase where the script has case,
letters, digits, ``-``, ``_``, Devanagari and Thai marks) are checked by ``valid_name``.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from bot.engine.rules import MoonScoring, Omnibus, RuleSet, Scoring
from bot.engine.scoring import all_tricks_score, moon_score, moon_self_score
from bot.text.catalogue import CATALOGUES, DEFAULT_LOCALE, LANGUAGES, has, language, t, template
from bot.text.languages import menu_name
from bot.text.pseudo import PSEUDO_LOCALE

NAME_MAX, DESCRIPTION_MAX, CHOICE_MAX = 32, 100, 100


@cache
def command_params() -> dict[str, int]:
    """The standard game's scores that option descriptions quote, from the engine."""
    moon_self = moon_self_score(RuleSet(moon=MoonScoring.SHOOTER_CHOOSES))
    all_tricks = all_tricks_score(RuleSet(all_tricks_bonus=True))
    tournament_all = all_tricks_score(RuleSet(scoring=Scoring.TOURNAMENT, all_tricks_bonus=True))
    assert moon_self is not None and all_tricks is not None and tournament_all is not None
    return {
        "moon_others": moon_score(RuleSet()).others,
        "moon_self": moon_self.taker,
        "all_tricks_others": all_tricks.others,
        "tournament_moon": moon_score(RuleSet(scoring=Scoring.TOURNAMENT)).others,
        "tournament_all": tournament_all.others,
        "bonus": RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS).bonus_points,
    }


def command_key(qualified_name: str, field: str) -> str:
    """``field``: ``name`` or ``description``."""
    return f"command.{qualified_name.replace(' ', '.')}.{field}"


def option_key(qualified_name: str, option: str, field: str) -> str:
    return f"command.{qualified_name.replace(' ', '.')}.option.{option}.{field}"


def choice_key(value: str | int | float) -> str:
    return f"choice.{value}"


def option_name(option: str, locale: str | None) -> str:
    """An option as the reader's Discord shows it: its name in their language (an option keeps one
    name in every command that has it), else as declared."""
    suffix = f".option.{option}.name"
    for key in CATALOGUES[DEFAULT_LOCALE]:
        if key.startswith("command.") and key.endswith(suffix):
            return t(key, locale)
    return option


def choice_names(values: tuple[str, ...], locale: str | None) -> str:
    """The values an option takes, as the command's menu names them (a language by its own name,
    a value without a label, such as a boolean's, as it is), each in backticks."""
    names = (
        menu_name(v)
        if v in LANGUAGES
        else t(choice_key(v), locale, **command_params())
        if has(choice_key(v))
        else v
        for v in values
    )
    return t("list.separator", locale).join(f"`{name}`" for name in names)


def english(key: str) -> str:
    """The English text of a command string: what the cogs' literals must say."""
    return t(key, DEFAULT_LOCALE, **command_params())


@cache  # every start's command sync asks for each string in each of Discord's locales
def localized(key: str, locale: str) -> str | None:
    """The text for ``key`` in a Discord locale, or None where Discord should show the English
    default (English locales, locales the bot does not speak, the pseudo-locale)."""
    lang = language(locale)
    found = template(key, lang)
    if lang in (DEFAULT_LOCALE, PSEUDO_LOCALE) or found is None or found[1] != lang:
        return None
    return t(key, lang, **command_params())


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    lowercase where the letters have case."""
    if not 1 <= len(name) <= NAME_MAX or name != name.lower():
        return False
    return all(
        c in "-_"
        or unicodedata.category(c)[0] in "LN"
        or "\u0900" <= c <= "\u097f"  # Devanagari, with its vowel signs and virama
        or "\u0e00" <= c <= "\u0e7f"  # Thai
        for c in name
    )
