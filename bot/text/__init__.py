"""Every word a player reads, in one place.

Logic never holds prose: it produces codes (``Refusal``, ``InvalidRules.code``, event kinds) and the
presentation layer turns them into text here. A language is a module with a ``MESSAGES`` mapping;
English is complete and is the fallback for keys another language lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text import en

CATALOGUES: dict[str, Mapping[str, str]] = {"en": en.MESSAGES}
DEFAULT_LOCALE = "en"


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English), with ``params`` filled in.

    A missing key is a programming error in tests; in production it shows the key itself rather
    than failing an interaction.
    """
    lang = (locale or DEFAULT_LOCALE).split("-")[0]
    template = CATALOGUES.get(lang, en.MESSAGES).get(key) or en.MESSAGES.get(key)
    if template is None:
        return key
    return template.format(**params) if params else template


def has(key: str) -> bool:
    return key in en.MESSAGES
