"""A server's board of a day's challenge: the day's number and date, whether it is still open or
final, par, and per person their place, name, points, points against par, the four hands as the
Share line draws them (a coloured mark per hand) and their percentile among everyone who played.

Every member of a server who played the day has a place: the caller gives at most ``ROWS`` from the
top (drawn all, a big server's board would be a thin strip in Discord), a line saying how many more
there are, and, for the person who asked, their own row under it when it is further down
(outlined, as wherever it is drawn).

The daily challenge is measured against par, not against the three computers, so the board has no
ranking points and no crown. Every word comes in with the model (the caller takes them from the
catalogues); which mark a hand gets is the caller's too (``level``: 0 green … 3 red, as the Share
line's symbols), so the picture and the line can't disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from bot.render import png, theme
from bot.render.fonts import TextStyle, paste_text, text_width
from bot.render.panels import paste_panel, paste_row

WIDTH = 840  # as the final standings: legible when a phone shows it a third as wide
PAD = 14
TITLE_H = 58
STATUS_H = 40
HEADER_H = 36
ROW_H = 50
LEGEND_H = 36
GAP = 34  # under the rows: how many more there are, over the asker's own row
ROWS = 25  # the most rows from the top that are drawn (a readable height, as a leaderboard page)
PLACE_X = PAD + 14
NAME_X = PAD + 80
POINTS_RIGHT = WIDTH - PAD - 400
TO_PAR_RIGHT = WIDTH - PAD - 290
HANDS_X = WIDTH - PAD - 262
PERCENTILE_RIGHT = WIDTH - PAD - 20
COLUMN_W = 110
MARK = 22  # a hand's mark, as wide as high
MARK_GAP = 6

# The Share line's symbols, drawn: 🟢 🟡 🟠 🔴
LEVEL_COLOURS: Final[tuple[theme.RGB, ...]] = ((120, 177, 89), (253, 203, 88), (244, 144, 12), (221, 46, 68))
UNDER_PAR: Final[theme.RGB] = (120, 220, 140)

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
BADGE = TextStyle(17, theme.FELT_DARK, bold=True)
PAR = TextStyle(22, theme.TEXT, bold=True)
LABEL = TextStyle(17, theme.MUTED, bold=True)
CELL = TextStyle(25, theme.TEXT, bold=True)
LEGEND = TextStyle(16, theme.MUTED, bold=True)
MINE_FILL = theme.mix(theme.PANEL, theme.CYAN, 0.25)


@dataclass(frozen=True, slots=True)
class ToPar:
    """Points against par as shown: ``text`` ("+3", "−2", "±0", or a dash while par is worked
    out) and ``sign`` (its colour: under par green, over par red)."""

    text: str
    sign: int = 0


@dataclass(frozen=True, slots=True)
class DailyBoardRow:
    place: str  # "1", "=2"
    name: str
    points: str
    to_par: ToPar
    hands: tuple[int, ...]  # each hand's mark level (0..3)
    percentile: str
    leader: bool = False
    mine: bool = False  # the row of the person who asked: outlined


@dataclass(frozen=True, slots=True)
class DailyBoardImage:
    title: str  # "Daily challenge #12"
    day: str  # "2026-11-18"
    status: str  # "open until …" or "final"
    final: bool
    par: str  # "Par 45", or that it is still being worked out
    place: str  # the column headers
    player: str
    points: str
    to_par: str
    hands: str
    percentile: str
    rows: tuple[DailyBoardRow, ...]
    legend: tuple[str, ...] = ("0", "1–4", "5–12", "13+")  # what each mark level means, in points
    more: str = ""  # under the rows: how many more there are than are drawn
    me: DailyBoardRow | None = None  # the asker's row when it is below the rows drawn


def paste_marks(canvas: Image.Image, levels: Sequence[int], x: float, mid: float, size: int = MARK) -> None:
    """One round mark per hand from ``x``, coloured as the Share line's symbols."""
    for i, level in enumerate(levels):
        left = round(x + i * (size + MARK_GAP))
        top = round(mid - size / 2)
        colour = LEVEL_COLOURS[min(max(level, 0), len(LEVEL_COLOURS) - 1)]
        paste_panel(canvas, (left, top, left + size, top + size), colour, radius=size // 2)


def to_par_style(to_par: ToPar, size: int) -> TextStyle:
    colour = UNDER_PAR if to_par.sign < 0 else theme.RED_MARK if to_par.sign > 0 else theme.TEXT
    return TextStyle(size, colour, bold=True)


def paste_legend(canvas: Image.Image, legend: Sequence[str], x: float, mid: float) -> None:
    """What each mark means, in points: a mark and its range, side by side."""
    for level, words in enumerate(legend):
        paste_marks(canvas, [level], x, mid, 18)
        box = paste_text(canvas, words, LEGEND, x + 26, mid)
        x = box[2] + 24


def _row(canvas: Image.Image, row: DailyBoardRow, top: int) -> None:
    box = (PAD, top, WIDTH - PAD, top + ROW_H - 6)
    if row.mine:
        paste_panel(canvas, box, MINE_FILL, theme.CYAN, border=3)
    else:
        paste_row(canvas, box, row.leader)
    mid = (box[1] + box[3]) / 2
    paste_text(canvas, row.place, CELL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 6)
    paste_text(canvas, row.name, CELL, NAME_X, mid, max_width=POINTS_RIGHT - 70 - NAME_X)
    paste_text(canvas, row.points, CELL, POINTS_RIGHT, mid, "right")
    paste_text(canvas, row.to_par.text, to_par_style(row.to_par, CELL.size), TO_PAR_RIGHT, mid, "right")
    paste_marks(canvas, row.hands, HANDS_X, mid)
    paste_text(canvas, row.percentile, CELL, PERCENTILE_RIGHT, mid, "right")


def draw(model: DailyBoardImage) -> Image.Image:
    top = TITLE_H + STATUS_H + HEADER_H
    rows_end = top + max(1, len(model.rows)) * ROW_H
    below = rows_end + (GAP if model.more or model.me else 0) + (ROW_H if model.me else 0)
    canvas = Image.new("RGB", (WIDTH, below + LEGEND_H + PAD), theme.FELT)
    paste_text(canvas, model.title, TITLE, PAD + 4, TITLE_H / 2, max_width=WIDTH * 3 // 5)
    paste_text(canvas, model.day, SUBTITLE, WIDTH - PAD - 4, TITLE_H / 2, "right")
    mid = TITLE_H + STATUS_H / 2
    badge_w = min(text_width(model.status, BADGE), WIDTH // 2) + 24
    paste_panel(
        canvas,
        (PAD + 4, round(mid - 14), PAD + 4 + badge_w, round(mid + 14)),
        theme.GOLD if model.final else theme.CYAN,
        radius=14,
    )
    paste_text(canvas, model.status, BADGE, PAD + 4 + badge_w / 2, mid, "centre", max_width=WIDTH // 2)
    paste_text(canvas, model.par, PAR, WIDTH - PAD - 4, mid, "right", max_width=WIDTH // 2 - 40)
    mid = TITLE_H + STATUS_H + HEADER_H / 2
    paste_text(canvas, model.place, LABEL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 4)
    paste_text(canvas, model.player, LABEL, NAME_X, mid, max_width=POINTS_RIGHT - COLUMN_W - NAME_X)
    marks_end = HANDS_X + 4 * (MARK + MARK_GAP)
    for text, right, room in (
        (model.points, POINTS_RIGHT, COLUMN_W),
        (model.to_par, TO_PAR_RIGHT, COLUMN_W),
        (model.percentile, PERCENTILE_RIGHT, PERCENTILE_RIGHT - marks_end - 6),
    ):
        paste_text(canvas, text, LABEL, right, mid, "right", max_width=room)
    paste_text(canvas, model.hands, LABEL, HANDS_X, mid, max_width=marks_end - HANDS_X)
    for i, row in enumerate(model.rows):
        _row(canvas, row, top + i * ROW_H)
    if model.more:
        paste_text(canvas, model.more, SUBTITLE, PAD + 4, rows_end + GAP / 2, max_width=WIDTH - 2 * PAD - 8)
    if model.me is not None:
        _row(canvas, model.me, rows_end + GAP)
    paste_legend(canvas, model.legend, PAD + 8, below + LEGEND_H / 2)
    return canvas


def render(model: DailyBoardImage) -> bytes:
    """PNG bytes of the board: a pure function of its input."""
    return png.encode(draw(model))
