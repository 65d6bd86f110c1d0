"""The words drawn in images, from the same catalogues as every message.

``bot.render`` knows nothing of catalogues (it depends on the engine only); it takes a ``Words``
value. This module fills one for a locale from the ``image.*`` keys, with the language's plural
rules and number format as its ``fill``, once per language.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from bot.render.texts import Words
from bot.text.catalogue import fill, language, template

TEMPLATE_FIELDS = tuple(f.name for f in fields(Words) if f.name != "fill")


@dataclass(frozen=True, slots=True)
class LocaleFill:
    """A language's template filling as a value: picklable for the render worker processes and
    equal across them, so ``Words`` stays a cacheable input."""

    lang: str

    def __call__(self, template: str, **params: Any) -> str:
        return fill(template, self.lang, params)


def _template(key: str, lang: str) -> str:
    found = template(key, lang)
    if found is None:
        raise KeyError(f"the catalogue has no {key!r}")
    return found[0]


@cache
def _words(lang: str) -> Words:
    words = {name: _template(f"image.{name}", lang) for name in TEMPLATE_FIELDS}
    return Words.from_mapping(words, fill=LocaleFill(lang))


def image_words(locale: str | None = None) -> Words:
    """Every word of the hand, table, score sheet and standings images in ``locale``'s language."""
    return _words(language(locale))
