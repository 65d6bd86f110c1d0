"""An event's standings (after a round, or final): place, name, table, matchpoint percentage,
matchpoints, points taken and rounds played of every entrant, best first. Points taken are the
tie-break of equal percentages (RULES.md §3a), so they stand beside them and a line under the rows
says so. Every word comes in with the model (the caller takes them from the catalogues); the
leaders' rows are gold, a removed or withdrawn entrant's name is greyed with its tag."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render import png, theme
from bot.render.fonts import TextStyle, paste_line, paste_text, text_width
from bot.render.panels import paste_panel, paste_row

WIDTH = 960
PAD = 14
TITLE_H = 60
HEADER_H = 38
ROW_H = 42
NOTE_H = 34
PLACE_X = PAD + 14
NAME_X = PAD + 90
TABLE_RIGHT = WIDTH - PAD - 530
PERCENT_RIGHT = WIDTH - PAD - 375
MATCHPOINTS_RIGHT = WIDTH - PAD - 235
POINTS_RIGHT = WIDTH - PAD - 110
ROUNDS_RIGHT = WIDTH - PAD - 20
TABLE_W = 100  # the room of the table's header (the columns right of it: up to their neighbour)

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
LABEL = TextStyle(17, theme.MUTED, bold=True)
NOTE = TextStyle(16, theme.MUTED)
CELL = TextStyle(22, theme.TEXT, bold=True)
NAME_MARKED = TextStyle(22, theme.MUTED, bold=True)
TAG = TextStyle(15, theme.RED_MARK, bold=True)


@dataclass(frozen=True, slots=True)
class EventStandingsRow:
    place: str  # "1", "=3", or a dash for someone with no result yet
    name: str
    percentage: str
    matchpoints: str
    rounds: int
    points: str = ""  # points taken over the boards: the tie-break of equal percentages
    table: str = ""  # the table played at in the round shown, as everywhere else ("#4")
    leader: bool = False
    tag: str | None = None  # "removed", "withdrew": the name is greyed and tagged


@dataclass(frozen=True, slots=True)
class EventStandingsImage:
    title: str
    subtitle: str  # e.g. "after round 2 of 3"
    place: str  # the column headers
    player: str
    percentage: str
    matchpoints: str
    rounds: str
    rows: tuple[EventStandingsRow, ...]
    points: str = "Points"
    table: str = "Table"
    tiebreak: str = ""  # the line under the rows: how equal percentages are ordered


def _row(canvas: Image.Image, row: EventStandingsRow, top: int) -> None:
    box = (PAD, top, WIDTH - PAD, top + ROW_H - 4)
    paste_row(canvas, box, row.leader)
    mid = (box[1] + box[3]) / 2
    paste_text(canvas, row.place, CELL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 6)
    room = TABLE_RIGHT - 70 - NAME_X
    if row.tag is not None:
        room -= text_width(row.tag, TAG) + 26
    name_box = paste_text(canvas, row.name, NAME_MARKED if row.tag else CELL, NAME_X, mid, max_width=room)
    if row.tag is not None:
        tag_w = text_width(row.tag, TAG) + 14
        tx = name_box[2] + 10
        paste_panel(
            canvas,
            (tx, round(mid - 11), tx + tag_w, round(mid + 11)),
            theme.PANEL_LIGHT,
            theme.RED_MARK,
            2,
            11,
        )
        paste_text(canvas, row.tag, TAG, tx + tag_w / 2, mid, "centre")
    paste_text(canvas, row.table, CELL, TABLE_RIGHT, mid, "right")
    paste_text(canvas, row.percentage, CELL, PERCENT_RIGHT, mid, "right")
    paste_text(canvas, row.matchpoints, CELL, MATCHPOINTS_RIGHT, mid, "right")
    paste_text(canvas, row.points, CELL, POINTS_RIGHT, mid, "right")
    paste_text(canvas, str(row.rounds), CELL, ROUNDS_RIGHT, mid, "right")


def draw(model: EventStandingsImage) -> Image.Image:
    top = TITLE_H + HEADER_H
    rows_end = top + max(1, len(model.rows)) * ROW_H
    height = rows_end + (NOTE_H if model.tiebreak else 0) + PAD
    canvas = Image.new("RGB", (WIDTH, height), theme.FELT)
    paste_text(canvas, model.title, TITLE, PAD + 4, TITLE_H / 2, max_width=WIDTH * 3 // 5)
    paste_text(canvas, model.subtitle, SUBTITLE, WIDTH - PAD - 4, TITLE_H / 2, "right")
    mid = TITLE_H + HEADER_H / 2
    paste_text(canvas, model.place, LABEL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 4)
    paste_text(canvas, model.player, LABEL, NAME_X, mid)
    columns = (
        (model.table, TABLE_RIGHT),
        (model.percentage, PERCENT_RIGHT),
        (model.matchpoints, MATCHPOINTS_RIGHT),
        (model.points, POINTS_RIGHT),
        (model.rounds, ROUNDS_RIGHT),
    )
    for i, (text, right) in enumerate(columns):
        room = TABLE_W if i == 0 else right - columns[i - 1][1] - 12
        paste_text(canvas, text, LABEL, right, mid, "right", max_width=room)
    for i, row in enumerate(model.rows):
        _row(canvas, row, top + i * ROW_H)
    if model.tiebreak:
        paste_line(canvas, model.tiebreak, NOTE, PAD + 4, rows_end + NOTE_H / 2, WIDTH - 2 * PAD - 8)
    return canvas


def render(model: EventStandingsImage) -> bytes:
    """PNG bytes of the standings: a pure function of its input."""
    return png.encode(draw(model))
