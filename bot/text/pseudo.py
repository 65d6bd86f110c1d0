"""A pseudo-locale generated from English, to find text that does not come from a catalogue.

Every string of the pseudo catalogue is wrapped in ``⟦…⟧`` and its letters are accented
(``⟦Ýóú ţóóķ á šéáţ…⟧``), while placeholders, plural syntax, Discord markup (``<t:…>``,
``<@…>``, ``**``) and emoji stay intact. A test that plays a whole game with locale
``PSEUDO_LOCALE`` can then flag any word a player sees outside ``⟦…⟧`` (names and numbers aside,
``unmarked`` finds them) as text that bypassed the catalogues, and the accents show at a glance where a layout assumes
English widths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

PSEUDO_LOCALE = "en-XA"
"""The code CLDR reserves for pseudo-accented English; no Discord client sends it."""
OPEN, CLOSE = "⟦", "⟧"

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ",
)
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|`[^`]*`|https?://\S+)")
"""Fields (``{name}``, and the selector of a plural), Discord markup, code and links."""
_PLURAL = re.compile(r"\{(\w+)\|((?:[^{}]|\{[^{}|]*\})*)\}")


def _accent_plain(text: str) -> str:
    return "".join(part if _KEEP.fullmatch(part) else part.translate(_ACCENTED) for part in _KEEP.split(text))


def accent(template: str) -> str:
    """The template with the letters of its prose accented; fields and plural selectors kept."""
    out: list[str] = []
    last = 0
    for match in _PLURAL.finditer(template):
        out.append(_accent_plain(template[last : match.start()]))
        forms = "|".join(_accent_plain(form) for form in match.group(2).split("|"))
        out.append("{" + match.group(1) + "|" + forms + "}")
        last = match.end()
    out.append(_accent_plain(template[last:]))
    return "".join(out)


def pseudo(template: str) -> str:
    return OPEN + accent(template) + CLOSE


def pseudo_catalogue(messages: Mapping[str, str]) -> dict[str, str]:
    return {key: pseudo(value) for key, value in messages.items()}


_MARKUP = re.compile(r"<[^<>]*>|https?://\S+")
_FIELD_NAME = re.compile(r"\{\w+")
"""A template's field name (``{count``), which ``accent`` keeps as it is."""
_WORD = re.compile(r"[^\W\d_]{2,}")
_MARK_LETTERS = frozenset(chr(accented) for accented in _ACCENTED.values())
"""The letters a catalogue's prose has in the pseudo-locale: every other one inside ``⟦…⟧`` came
in through a field."""


def unmarked(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside every ``⟦…⟧``: what a player saw in the pseudo-locale that no
    catalogue gave. ``allowed`` are texts that are rightly not translated (people's names);
    mentions, timestamps and links are ignored. Inside the marks, a word whose letters are not
    accented (code spans and a template's field names aside) counts too: a field filled with words
    no catalogue gave, such as an English date in a marked sentence. An empty list means every
    word was marked."""
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    seen: list[str] = []
    depth = 0
    code = False  # in a code span of a marked text: ``accent`` keeps it as it is
    for ch in _FIELD_NAME.sub(" ", _MARKUP.sub(" ", text)):
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        elif ch == "`" and depth:
            code = not code
        marked = depth > 0 or ch in (OPEN, CLOSE)
        value = ch.isalpha() and ch not in _MARK_LETTERS and not code
        seen.append(ch if not marked or value else " ")
    return _WORD.findall("".join(seen))
