"""Every word a player reads, in one place, in every language the bot speaks.

Logic never holds prose: it produces codes (the engine's ``Refusal``, the table service's
``TableRefusal``, ``InvalidRules.code``, event kinds) and the presentation layer turns them into
text here. A language is a gettext PO file, ``po/<code>.po``, holding the same keys as English
(``pofiles`` reads it; ``python -m bot.text.po check`` checks it); English is the fallback for a
locale the bot does not speak (and for a key a language has not translated yet, or whose English
changed since, which the check refuses). Plural rules, number formats and the languages' names
come from Babel's CLDR data (``catalogue``, ``languages``); ``docs/TRANSLATING.md`` says how to
add a language. ``locales`` picks the language of private and
public text from the settings and Discord's locales; ``alt_text`` describes every image in words;
``controls`` words the one-tap hand controls and the Last trick answer; ``help`` is the
``/hearts help`` guide.
"""

from __future__ import annotations

from typing import Any

from bot.engine.cards import Suit
from bot.engine.moves import Refusal
from bot.tables.refusals import RefusalCode, TableRefusal
from bot.text.cards import card_full_name, card_list, card_name, suit_name
from bot.text.catalogue import CATALOGUES, DEFAULT_LOCALE, LANGUAGES, has, language, t
from bot.text.commands import choice_names, option_name
from bot.text.images import image_words
from bot.text.locales import private_locale, public_locale
from bot.text.pseudo import PSEUDO_LOCALE


def refusal_key(code: RefusalCode) -> str:
    prefix = "refusal" if isinstance(code, Refusal) else "table"
    return f"{prefix}.{code.value}"


def refusal_text(code: RefusalCode, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for a refusal code; cards, suits and rule problems given as engine values are
    named here, in the reader's language."""
    shown = dict(params)
    if isinstance(shown.get("card"), int):
        shown["card"] = card_name(shown["card"], locale)
    if isinstance(shown.get("suit"), int):
        shown["suit"] = Suit(shown["suit"]).symbol
    for key in ("option", "all"):  # a command's options: by their names in the reader's Discord
        if isinstance(shown.get(key), str):
            shown[key] = option_name(shown[key], locale)
    if isinstance(shown.get("allowed"), tuple):
        shown["allowed"] = choice_names(shown["allowed"], locale)
    if isinstance(shown.get("rule"), str):  # an InvalidRules code: say what is wrong, in words
        shown["rule"] = t(f"rules.invalid.{shown['rule']}", locale)
    return t(refusal_key(code), locale, **shown)


__all__ = [
    "CATALOGUES",
    "DEFAULT_LOCALE",
    "LANGUAGES",
    "PSEUDO_LOCALE",
    "TableRefusal",
    "card_full_name",
    "card_list",
    "card_name",
    "has",
    "image_words",
    "language",
    "private_locale",
    "public_locale",
    "refusal_key",
    "refusal_text",
    "suit_name",
    "t",
]
