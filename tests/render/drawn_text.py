"""The text an image draws, as drawn: each string pasted (``fonts.paste_text``), after the cut with …
that ``fonts.text_image`` makes when it does not fit its room, with the size it is drawn at."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import ImageDraw

from bot.render import fonts


@dataclass
class Pasted:
    lines: list[tuple[str, int]] = field(default_factory=list)
    """Each pasted string as it was drawn (its runs, in drawing order) and its font size."""

    def texts(self) -> list[str]:
        return [line for line, _ in self.lines]


def record_pasted(monkeypatch: pytest.MonkeyPatch) -> Pasted:
    """Record what every ``fonts.paste_text`` draws from now on (drawn afresh, past the cache of
    ``fonts.text_image``, so that its runs are seen; text only measured is not recorded)."""
    record = Pasted()
    cached = fonts.text_image
    uncached = fonts.text_image.__wrapped__
    pasting = fonts.paste_text.__code__
    draw_text = ImageDraw.ImageDraw.text
    runs: list[list[str]] = []

    def recording_text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if runs:
            runs[-1].append(str(text))
        return draw_text(self, xy, text, *args, **kwargs)

    def recording_text_image(text: str, style: fonts.TextStyle, max_width: int | None = None) -> Any:
        if sys._getframe(1).f_code is not pasting:
            return cached(text, style, max_width)
        runs.append([])
        try:
            im = uncached(text, style, max_width)
        finally:
            record.lines.append(("".join(runs.pop()), style.size))
        return im

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    monkeypatch.setattr(fonts, "text_image", recording_text_image)
    return record


def shows(line: str, name: str) -> bool:
    """Whether ``line`` as drawn is ``name``, whole or cut with one … (its start before the …, its
    end after it: nothing after it for a cut at the end)."""
    if line == name:
        return True
    if line.count(fonts.ELLIPSIS) != 1:
        return False
    head, tail = line.split(fonts.ELLIPSIS)
    return bool(head) and name.startswith(head) and name.endswith(tail) and len(head) + len(tail) < len(name)
