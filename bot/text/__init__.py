"""Every word a player reads, in one place.

Logic never holds prose: it produces codes (the engine's ``Refusal``, the table service's
``TableRefusal``, ``InvalidRules.code``, event kinds) and the presentation layer turns them into
text here. A language is a module with a ``MESSAGES`` mapping; English is complete and is the
fallback for keys another language lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.cards import Suit, card_name
from bot.engine.moves import Refusal
from bot.tables.refusals import RefusalCode, TableRefusal
from bot.text import en

CATALOGUES: dict[str, Mapping[str, str]] = {"en": en.MESSAGES}
DEFAULT_LOCALE = "en"


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English), with ``params`` filled in.

    A missing key shows the key itself rather than failing an interaction; tests check that every
    code has an entry.
    """
    lang = (locale or DEFAULT_LOCALE).split("-")[0]
    template = CATALOGUES.get(lang, en.MESSAGES).get(key) or en.MESSAGES.get(key)
    if template is None:
        return key
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
