"""Every word a player reads, in one place.

Logic never holds prose: it produces codes (the engine's ``Refusal``, the table service's
``TableRefusal``, ``InvalidRules.code``, event kinds) and the presentation layer turns them into
text here. A language is a module with a ``MESSAGES`` mapping; English is complete and is the
fallback for keys another language lacks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from bot.engine.cards import Suit, card_name
from bot.engine.moves import Refusal
from bot.tables.refusals import RefusalCode, TableRefusal
from bot.text import en

CATALOGUES: dict[str, Mapping[str, str]] = {"en": en.MESSAGES}
DEFAULT_LOCALE = "en"


def _english_plural(n: float) -> int:
    """CLDR English: "one" for exactly 1 (and −1: "−1 point"), "other" otherwise."""
    return 0 if abs(n) == 1 else 1


# Per language: which of a ``{name|form|form…}``'s forms a number takes (the forms are listed in
# the order of the language's CLDR plural categories).
PLURAL_RULES: dict[str, Callable[[float], int]] = {"en": _english_plural}
_PLURAL = re.compile(r"\{(\w+)\|((?:[^{}]|\{\w+\})*)\}")


def _plurals(template: str, lang: str, params: Mapping[str, Any]) -> str:
    rule = PLURAL_RULES.get(lang, _english_plural)

    def form(match: re.Match[str]) -> str:
        forms = match.group(2).split("|")
        return forms[min(rule(params[match.group(1)]), len(forms) - 1)]

    return _PLURAL.sub(form, template)


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English), with ``params`` filled in.

    A missing key shows the key itself rather than failing an interaction; tests check that every
    code has an entry. ``{count|card|cards}`` in a template picks the noun's form for the number
    ``count`` by the language's plural rules.
    """
    lang = (locale or DEFAULT_LOCALE).split("-")[0]
    template = CATALOGUES.get(lang, en.MESSAGES).get(key)
    if not template:
        template, lang = en.MESSAGES.get(key), DEFAULT_LOCALE
    if template is None:
        return key
    if "|" in template:
        template = _plurals(template, lang, params)
    return template.format(**params) if params else template


def has(key: str) -> bool:
    return key in en.MESSAGES


def refusal_key(code: RefusalCode) -> str:
    prefix = "refusal" if isinstance(code, Refusal) else "table"
    return f"{prefix}.{code.value}"


def refusal_text(code: RefusalCode, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for a refusal code; cards, suits and rule problems given as engine values are
    named here."""
    shown = dict(params)
    if isinstance(shown.get("card"), int):
        shown["card"] = card_name(shown["card"])
    if isinstance(shown.get("suit"), int):
        shown["suit"] = Suit(shown["suit"]).symbol
    if isinstance(shown.get("rule"), str):  # an InvalidRules code: say what is wrong, in words
        shown["rule"] = t(f"rules.invalid.{shown['rule']}", locale)
    return t(refusal_key(code), locale, **shown)


__all__ = ["TableRefusal", "has", "refusal_key", "refusal_text", "t"]
