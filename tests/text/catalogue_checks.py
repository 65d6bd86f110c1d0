"""What a template asks for: its fields and its plurals (shared by the catalogue tests)."""

from __future__ import annotations

import string
from dataclasses import dataclass

from bot.text.catalogue import PLURAL


@dataclass(frozen=True)
class Shape:
    fields: frozenset[str]
    """Every name the template reads, as a field or as a plural's number."""
    plural_forms: tuple[int, ...]
    """How many forms each ``{n|…}`` lists, in order."""


def shape(template: str) -> Shape:
    names: set[str] = set()
    forms: list[int] = []
    plain: list[str] = []
    last = 0
    for match in PLURAL.finditer(template):
        plain.append(template[last : match.start()])
        names.add(match.group(1))
        parts = match.group(2).split("|")
        forms.append(len(parts))
        plain.extend(parts)
        last = match.end()
    plain.append(template[last:])
    for piece in plain:
        for _, field, _, _ in string.Formatter().parse(piece):
            if field is not None:
                names.add(field)
    return Shape(frozenset(names), tuple(forms))
