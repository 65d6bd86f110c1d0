"""The end of a person's daily game: their points in each hand beside par's (what ``hard`` took in
the same seat against the same computers), the difference, and the result line (total against
par). A daily game names no winner (three computers are no opponents to rank against), so there
is no place, crown or ranking points here. Words and marks come in with the model, as for the
board (``bot.render.daily_board``)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render import png, theme
from bot.render.daily_board import MARK, ToPar, paste_legend, paste_marks, to_par_style
from bot.render.fonts import TextStyle, paste_text
from bot.render.panels import paste_panel

WIDTH = 720
PAD = 14
TITLE_H = 58
HEADER_H = 36
ROW_H = 46
RESULT_H = 64
LEGEND_H = 34
LABEL_X = PAD + 18
MARK_X = PAD + 200
YOU_RIGHT = WIDTH - PAD - 330
PAR_RIGHT = WIDTH - PAD - 190
TO_PAR_RIGHT = WIDTH - PAD - 40
COLUMN_W = 120
DAY_W = 140  # the date, right of the title

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
LABEL = TextStyle(17, theme.MUTED, bold=True)
CELL = TextStyle(25, theme.TEXT, bold=True)
RESULT = TextStyle(28, theme.GOLD, bold=True)
TOTAL_FILL = theme.PANEL_LIGHT


@dataclass(frozen=True, slots=True)
class DailyHandRow:
    label: str  # "Hand 1", or the total's word
    points: str
    par: str  # a dash while par is worked out
    to_par: ToPar
    level: int | None = None  # the hand's mark (None on the total's row)


@dataclass(frozen=True, slots=True)
class DailyResultImage:
    title: str  # "Daily challenge #12"
    day: str
    hand: str  # the column headers
    you: str
    par: str
    to_par: str
    rows: tuple[DailyHandRow, ...]  # the hands, then the total
    result: str  # "83 points · 12 over par"
    legend: tuple[str, ...] = ("0", "1–4", "5–12", "13+")


def _row(canvas: Image.Image, row: DailyHandRow, top: int) -> None:
    total = row.level is None
    box = (PAD, top, WIDTH - PAD, top + ROW_H - 6)
    paste_panel(
        canvas, box, TOTAL_FILL if total else theme.PANEL, theme.MUTED if total else None, 2 if total else 0
    )
    mid = (box[1] + box[3]) / 2
    paste_text(canvas, row.label, CELL, LABEL_X, mid, max_width=MARK_X - LABEL_X - 10)
    if row.level is not None:
        paste_marks(canvas, [row.level], MARK_X, mid, MARK)
    paste_text(canvas, row.points, CELL, YOU_RIGHT, mid, "right")
    paste_text(canvas, row.par, CELL, PAR_RIGHT, mid, "right")
    paste_text(canvas, row.to_par.text, to_par_style(row.to_par, CELL.size), TO_PAR_RIGHT, mid, "right")


def draw(model: DailyResultImage) -> Image.Image:
    top = TITLE_H + HEADER_H
    rows_end = top + len(model.rows) * ROW_H
    canvas = Image.new("RGB", (WIDTH, rows_end + RESULT_H + LEGEND_H + PAD), theme.FELT)
    paste_text(canvas, model.title, TITLE, PAD + 4, TITLE_H / 2, max_width=WIDTH - 2 * PAD - DAY_W)
    paste_text(canvas, model.day, SUBTITLE, WIDTH - PAD - 4, TITLE_H / 2, "right")
    mid = TITLE_H + HEADER_H / 2
    paste_text(canvas, model.hand, LABEL, LABEL_X, mid, max_width=MARK_X - LABEL_X)
    for text, right in ((model.you, YOU_RIGHT), (model.par, PAR_RIGHT), (model.to_par, TO_PAR_RIGHT)):
        paste_text(canvas, text, LABEL, right, mid, "right", max_width=COLUMN_W)
    for i, row in enumerate(model.rows):
        _row(canvas, row, top + i * ROW_H)
    paste_text(
        canvas, model.result, RESULT, WIDTH / 2, rows_end + RESULT_H / 2, "centre", max_width=WIDTH - 2 * PAD
    )
    paste_legend(canvas, model.legend, PAD + 8, rows_end + RESULT_H + LEGEND_H / 2)
    return canvas


def render(model: DailyResultImage) -> bytes:
    """PNG bytes of the game's end: a pure function of its input."""
    return png.encode(draw(model))
