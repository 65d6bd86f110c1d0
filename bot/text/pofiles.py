"""Where the catalogues are stored, and reading and writing them: gettext PO files through Babel.

Why PO: it is the format translation platforms (Weblate, Crowdin, Pontoon, Poedit) read and
write, and Babel, already here for CLDR's plural rules, reads and writes it without a compile step.
Each language is one file, ``bot/text/po/<code>.po`` (``pt_BR.po`` for Discord's ``pt-BR``), and
``hearts.pot`` is the template made from the English catalogue (``python -m bot.text.po extract``).
An entry's ``msgctxt`` is its stable key (``refusal.not_your_turn``), its ``msgid`` the English
source text and its ``msgstr`` the translation: the key, not the English words, identifies a
message, so an improved English sentence never orphans a translation, and an entry whose
``msgid`` differs from the template's English is known to be outdated (marked fuzzy).

This module only moves text between files and dicts; ``bot.text.po`` holds the tools (extract,
update, check, the converter from the old Python catalogues) and ``bot.text.catalogue`` the lookups.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import re
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

PO_DIR = Path(__file__).parent / "po"
"""Shipped as package data (``[tool.setuptools.package-data]`` in pyproject.toml)."""
DOMAIN = "hearts"
PROJECT = "hearts-bot"
_PLURAL_START = re.compile(r"\{\w+\|")
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The header's dates: fixed, so that writing a file unchanged changes nothing (git has the history)."""


def file_stem(code: str) -> str:
    """The PO file name of a Discord locale code, gettext style: ``pt-BR`` → ``pt_BR``."""
    return code.replace("-", "_")


def po_path(code: str, directory: Path = PO_DIR) -> Path:
    return directory / f"{file_stem(code)}.po"


def template_path(directory: Path = PO_DIR) -> Path:
    """The template, ``hearts.pot``: every key with its English and no translation."""
    return directory / f"{DOMAIN}.pot"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, domain=DOMAIN, abort_invalid=True)


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Written in a stable form (fixed dates, no wrapping), so a change shows as a small diff."""
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    with path.open("wb") as file:
        write_po(file, catalog, width=0, omit_header=False, include_previous=True)


def new_catalog(code: str | None) -> Catalog:
    """An empty catalogue with the project's header (``code`` None: the template)."""
    locale = None if code is None else file_stem(code)
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project=PROJECT,
        version="1",
        header_comment=f"# {PROJECT}: {'template' if code is None else code}. See docs/TRANSLATING.md.\n#",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )


def entries(catalog: Catalog) -> dict[str, Message]:
    """The entries of a catalogue by key (``msgctxt``); the header and keyless entries left out."""
    return {m.context: m for m in catalog if m.id and m.context}


def usable(message: Message) -> str | None:
    """The text of an entry the bot may show: translated and not outdated (fuzzy), else None."""
    text = message.string
    if not isinstance(text, str) or not text or message.fuzzy:
        return None
    return text


def read_messages(code: str, directory: Path = PO_DIR) -> dict[str, str]:
    """A language's catalogue as the bot uses it: key → template, untranslated and outdated
    entries left out (the reader then gets English)."""
    found = entries(read_catalog(po_path(code, directory)))
    return {key: text for key, m in found.items() if (text := usable(m)) is not None}


def read_languages(codes: Sequence[str], directory: Path = PO_DIR) -> dict[str, dict[str, str]]:
    """Every language's catalogue as ``read_messages`` gives it, from a compiled copy while the PO
    files and this reader are unchanged.

    Why: parsing the PO files takes a quarter to half a second of CPU at every start of a process
    (each bot process, test worker and tool); the copy loads in about 10 ms. It is kept beside
    the files as Python keeps its bytecode (``__pycache__``), named by a digest of the files and of
    this module, so an edited catalogue or reader is read afresh; where that folder cannot be
    written, the files are parsed every time."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for code in codes:
        digest.update(code.encode() + b"\0" + po_path(code, directory).read_bytes())
    cache = directory / "__pycache__" / f"catalogues.{sys.implementation.cache_tag}.{digest.hexdigest()[:16]}"
    with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
        found = marshal.loads(cache.read_bytes())
        if isinstance(found, dict):
            return found
    read = {code: read_messages(code, directory) for code in codes}
    with contextlib.suppress(OSError):
        cache.parent.mkdir(exist_ok=True)
        for old in cache.parent.glob("catalogues.*"):
            old.unlink(missing_ok=True)
        scratch = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
        scratch.write_bytes(marshal.dumps(read))
        scratch.replace(cache)  # whole or not at all: other processes may be reading
    return read


def add_entry(catalog: Catalog, key: str, english: str, text: str, **details: Any) -> Message:
    """An entry added to ``catalog``. Babel flags a template with braces ``python-brace-format``;
    not one with a plural, ``{count|card|cards}``, which is no ``str.format`` syntax (a
    platform's brace check would call every plural's translated forms a wrong placeholder)."""
    message = catalog.add(english, text, context=key, **details)
    if _PLURAL_START.search(english):
        message.flags.discard("python-brace-format")
    return message
