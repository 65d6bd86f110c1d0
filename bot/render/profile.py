"""The ``/stats`` profile: a person's name, then sections of figures (a big value over a small
label, three to a row). Sections come as a list, so another set of figures (e.g. daily challenges)
is one more ``ProfileSection``; the words come in already worded (``bot.text`` fills them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image

from bot.render import png, theme
from bot.render.fonts import TextStyle, paste_text
from bot.render.panels import paste_panel

WIDTH: Final = 720
MARGIN: Final = 16
HEADER_H: Final = 64
SECTION_TITLE_H: Final = 40
CELL_H: Final = 78
PER_ROW: Final = 3
GAP: Final = 14

NAME = TextStyle(30, theme.TEXT, bold=True)
SECTION = TextStyle(21, theme.GOLD, bold=True)
VALUE = TextStyle(30, theme.TEXT, bold=True)
LABEL = TextStyle(17, theme.MUTED, bold=True)


@dataclass(frozen=True, slots=True)
class ProfileFigure:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class ProfileSection:
    title: str
    figures: tuple[ProfileFigure, ...]


@dataclass(frozen=True, slots=True)
class ProfileImage:
    name: str
    sections: tuple[ProfileSection, ...]


def _rows(section: ProfileSection) -> int:
    return max(1, -(-len(section.figures) // PER_ROW))


def height(profile: ProfileImage) -> int:
    body = sum(SECTION_TITLE_H + _rows(s) * CELL_H + GAP for s in profile.sections)
    return HEADER_H + body + MARGIN


def draw(profile: ProfileImage) -> Image.Image:
    canvas = Image.new("RGB", (WIDTH, height(profile)), theme.FELT_DARK)
    paste_text(canvas, profile.name, NAME, MARGIN, HEADER_H / 2, max_width=WIDTH - 2 * MARGIN)
    top = HEADER_H
    cell_w = (WIDTH - 2 * MARGIN) // PER_ROW
    for section in profile.sections:
        bottom = top + SECTION_TITLE_H + _rows(section) * CELL_H
        paste_panel(canvas, (MARGIN, top, WIDTH - MARGIN, bottom), theme.PANEL, theme.FELT_LINE, border=2)
        paste_text(canvas, section.title, SECTION, MARGIN + 14, top + 22, max_width=WIDTH - 2 * MARGIN - 28)
        for i, figure in enumerate(section.figures):
            x = MARGIN + (i % PER_ROW) * cell_w + 14
            y = top + SECTION_TITLE_H + (i // PER_ROW) * CELL_H
            paste_text(canvas, figure.value, VALUE, x, y + 24, max_width=cell_w - 20)
            paste_text(canvas, figure.label, LABEL, x, y + 56, max_width=cell_w - 20)
        top = bottom + GAP
    return canvas


def render(profile: ProfileImage) -> bytes:
    """PNG bytes of the profile: a pure function of its input."""
    return png.encode(draw(profile))
