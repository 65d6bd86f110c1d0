"""Writing the PO files: the template from English, and each language brought up to date with it.

The English catalogue ``en.po`` is where a developer writes English (its ``msgstr``); ``extract``
sets its ``msgid`` to the same text and derives ``hearts.pot``. Comments for translators are the
template's extracted comments (``#.``): the topic and section a key was written under.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog

from bot.text.catalogue import DEFAULT_LOCALE
from bot.text.pofiles import (
    PO_DIR,
    add_entry,
    entries,
    new_catalog,
    po_path,
    read_catalog,
    template_path,
    write_catalog,
)

_SECTION = re.compile(r"^\s*#\s*(.+?)\s*$")
_KEY = re.compile(r'^\s*"([^"]+)":')


def extract(directory: Path = PO_DIR) -> Catalog:
    """``en.po``'s ``msgid`` set to its English (``msgstr``), and ``hearts.pot`` written from it."""
    english = read_catalog(po_path(DEFAULT_LOCALE, directory))
    source, template = new_catalog(DEFAULT_LOCALE), new_catalog(None)
    for key, m in entries(english).items():
        text = str(m.string or m.id)
        add_entry(source, key, text, text, auto_comments=m.auto_comments)
        add_entry(template, key, text, "", auto_comments=m.auto_comments)
    write_catalog(po_path(DEFAULT_LOCALE, directory), source)
    write_catalog(template_path(directory), template)
    return template


def merged(code: str, old: Catalog, template: Catalog) -> Catalog:
    """``old`` brought in line with ``template``: its keys and order, its English; a translation
    whose English changed kept but fuzzy, with the English it translated as ``previous_id``."""
    found = entries(old)
    catalog = new_catalog(code)
    for key, source in entries(template).items():
        before = found.get(key)
        text = str(before.string) if before is not None and before.string else ""
        outdated = bool(text) and before is not None and (before.fuzzy or before.id != source.id)
        previous: Sequence[str] | str = ()
        if outdated and before is not None and before.id != source.id:
            # the English it translated; Babel does not read ``#|`` back, so an entry fuzzy
            # already keeps what the last update wrote only until it is updated again
            previous = before.id
        add_entry(
            catalog,
            key,
            str(source.id),
            text,
            flags=("fuzzy",) if outdated else (),
            auto_comments=source.auto_comments,
            user_comments=before.user_comments if before is not None else (),
            previous_id=previous,
        )
    return catalog


def update(code: str, directory: Path = PO_DIR) -> Catalog:
    catalog = merged(code, read_catalog(po_path(code, directory)), read_catalog(template_path(directory)))
    write_catalog(po_path(code, directory), catalog)
    return catalog
