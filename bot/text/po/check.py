"""The checks ``python -m bot.text.po check`` runs, and the tests with it: is a catalogue complete,
current, and does every translation keep what the English template needs?

A translation may move a ``{field}`` and drop a plural its language does not need, but it must
read the same fields, write one form per CLDR plural category of its language in every
``{count|…}``, and keep Discord's markup: as many ``**`` (bold), the same `` `code` `` spans (a
slash command in one may be written with the language's own command names), ``<t:…>``
timestamps, ``<@…>`` mentions and the same links.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from babel.messages.catalog import Catalog

from bot.text.catalogue import PLURAL, plural_categories
from bot.text.commands import CHOICE_MAX, DESCRIPTION_MAX, valid_name
from bot.text.pofiles import entries


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


_CODE = re.compile(r"`[^`\n]+`")
_ANGLE = re.compile(r"<(?:t:|@|#|/)[^<>\s]*>")
_URL = re.compile(r"https?://[^\s<>)`]+")


def markup(template: str) -> Counter[str]:
    """The Discord markup of a template, as a multiset: code spans, timestamps and mentions,
    links, and the count of bold markers."""
    found: Counter[str] = Counter()
    for pattern in (_CODE, _ANGLE, _URL):
        found.update(pattern.findall(template))
    found["**"] = template.count("**")
    return found


def localized_command(span: str, texts: Mapping[str, str]) -> str:
    """A `` `/command sub` `` span with each command word in the catalogue ``texts``' names."""
    words = span.strip("`").split(" ")
    if not words[0].startswith("/"):
        return span
    path: list[str] = []
    shown: list[str] = []
    for word in words:
        path.append(word.lstrip("/"))
        name = texts.get(f"command.{'.'.join(path)}.name")
        if name is None:
            return span
        shown.append(name)
    return "`/" + " ".join(shown) + "`"


BUTTON_LABEL_MAX = 80
"""Discord's limit on a button's label (every label is a ``button.*`` template)."""


def limit_problem(key: str, text: str) -> str | None:
    """What Discord would refuse of this text where the key says it goes: a button's label over
    80 characters, a command or option name it does not accept (1–32 characters, lowercase, no
    spaces), a description or choice over 100. Measured on the template (a field counts as its
    name; the tests fill them)."""
    if key.startswith("button.") and len(text) > BUTTON_LABEL_MAX:
        return f"a button label longer than Discord's {BUTTON_LABEL_MAX} characters ({len(text)})"
    if key.startswith("command.") and key.endswith(".name") and not valid_name(text):
        return "not a name Discord accepts: 1-32 characters, lowercase, letters, digits, - and _"
    limited = key.startswith("choice.") or (key.startswith("command.") and key.endswith(".description"))
    if limited and len(text) > max(CHOICE_MAX, DESCRIPTION_MAX):
        return f"longer than Discord's {DESCRIPTION_MAX} characters ({len(text)})"
    return None


@dataclass(frozen=True)
class Problem:
    code: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.code}: {self.key}: {self.what}"


def translation_problems(code: str, key: str, english: str, text: str, texts: Mapping[str, str]) -> list[str]:
    """What is wrong with one translated template (empty: nothing)."""
    wrong: list[str] = []
    if (limit := limit_problem(key, text)) is not None:
        wrong.append(limit)
    theirs, source = shape(text), shape(english)
    if theirs.fields != source.fields:
        wrong.append(f"placeholders {sorted(theirs.fields)} instead of {sorted(source.fields)}")
    categories = len(plural_categories(code))
    if any(n != categories for n in theirs.plural_forms):
        wrong.append(f"a plural needs {categories} form(s) in this language, not {list(theirs.plural_forms)}")
    kept, needed = markup(text), markup(english)
    for span in list(needed):
        local = localized_command(span, texts) if span.startswith("`/") else span
        if local != span and kept[local] and not kept[span]:
            kept[span], kept[local] = kept[local], 0
    if +kept != +needed:
        lost, added = needed - kept, kept - needed
        wrong.append(
            f"Discord markup differs: missing {sorted(lost.elements())}, extra {sorted(added.elements())}"
        )
    return wrong


def catalog_problems(code: str, catalog: Catalog, template: Catalog) -> list[Problem]:
    """Everything that keeps a language's catalogue from being complete and current."""
    found, wanted = entries(catalog), entries(template)
    texts = {key: str(m.string) for key, m in found.items() if m.string}
    problems = [
        Problem(code, key, "not in the template (a stale entry)") for key in found if key not in wanted
    ]
    for key, source in wanted.items():
        entry = found.get(key)
        if entry is None or not entry.string:
            problems.append(Problem(code, key, f"untranslated: {source.id!r}"))
            continue
        if entry.fuzzy or entry.id != source.id:
            problems.append(Problem(code, key, f"outdated (fuzzy): the English is now {source.id!r}"))
        for what in translation_problems(code, key, str(source.id), str(entry.string), texts):
            problems.append(Problem(code, key, what))
    return problems


def source_problems(english: Catalog, template: Catalog) -> list[Problem]:
    """The English catalogue's own: its ``msgid`` must be its text, and the template made from it
    (``extract`` fixes both)."""
    problems = [
        Problem("en", key, "msgid and msgstr differ: run `python -m bot.text.po extract`")
        for key, m in entries(english).items()
        if m.id != m.string
    ]
    made = {key: m.id for key, m in entries(english).items()}
    if made != {key: m.id for key, m in entries(template).items()}:
        problems.append(Problem("hearts.pot", "*", "out of date: run `python -m bot.text.po extract`"))
    return problems
