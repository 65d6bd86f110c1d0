"""Discord's limits on the texts the catalogues' words are put together into (DISCORD_NOTES): a
text that would pass one is shortened where it is made, in its reader's words, not cut by Discord."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

MESSAGE_MAX: Final = 2000  # characters in a message's content


def lines_within(lines: Sequence[str], room: int, more: Callable[[int], str] | None = None) -> list[str]:
    """The first ``lines`` that fit in ``room`` characters, one to a line; with ``more``, then the
    line ``more(count)`` that stands for the ``count`` left out, the room for it kept."""
    shown: list[str] = []
    length = -1  # of the lines shown so far, with the newlines between them
    for i, line in enumerate(lines):
        rest = len(lines) - i - 1
        tail = 1 + len(more(rest)) if more is not None and rest else 0
        if length + 1 + len(line) + tail > room:
            if more is not None:
                shown.append(more(len(lines) - i))  # fits: checked with the line before
            break
        shown.append(line)
        length += 1 + len(line)
    return shown


def in_messages(lines: Sequence[str], limit: int = MESSAGE_MAX) -> list[str]:
    """``lines`` in as few messages as hold them within Discord's ``limit`` characters, each
    message whole lines (a round's announcement of up to 100 tables, the review's rounds: no line,
    nor a mention in it, is cut)."""
    texts: list[str] = []
    for line in lines:
        if texts and len(texts[-1]) + 1 + len(line) <= limit:
            texts[-1] += "\n" + line
        else:
            texts.append(line[:limit])
    return texts
