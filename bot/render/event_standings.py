"""An event's standings (after a round, or final): place, name, table, matchpoint percentage,
matchpoints, points taken and rounds played of every entrant, best first. Points taken are the
tie-break of equal percentages (RULES.md §3a), so they stand beside them and a line under the rows
says so. An event takes up to 700 entrants: the caller gives at most ``ROWS`` from the top (drawn
all, the picture would be tens of thousands of pixels high, which Discord shows as a thin strip),
a line saying how many more there are, and, for the person who asked, their own row under it when
it is further down (outlined, as wherever it is drawn). Every word comes in with the model (the
caller takes them from the catalogues); the leaders' rows are gold, a removed or withdrawn
entrant's name is greyed with its tag."""

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
GAP = 34  # under the rows: how many more there are, over the asker's own row
ROWS = 25  # the most rows from the top that are drawn (a readable height, as a leaderboard page)
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
MINE_FILL = theme.mix(theme.PANEL, theme.CYAN, 0.25)


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
    mine: bool = False  # the row of the person who asked: outlined


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
    more: str = ""  # under the rows: how many more there are than are drawn
    me: EventStandingsRow | None = None  # the asker's row when it is below the rows drawn


def _row(canvas: Image.Image, row: EventStandingsRow, top: int) -> None:
    box = (PAD, top, WIDTH - PAD, top + ROW_H - 4)
    if row.mine:
        paste_panel(canvas, box, MINE_FILL, theme.CYAN, border=3)
    else:
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
    below = rows_end + (GAP if model.more or model.me else 0) + (ROW_H if model.me else 0)
    height = below + (NOTE_H if model.tiebreak else 0) + PAD
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
    if model.more:
        paste_text(canvas, model.more, SUBTITLE, PAD + 4, rows_end + GAP / 2, max_width=WIDTH - 2 * PAD - 8)
    if model.me is not None:
        _row(canvas, model.me, rows_end + GAP)
    if model.tiebreak:
        paste_line(canvas, model.tiebreak, NOTE, PAD + 4, below + NOTE_H / 2, WIDTH - 2 * PAD - 8)
    return canvas


def render(model: EventStandingsImage) -> bytes:
    """PNG bytes of the standings: a pure function of its input."""
    return png.encode(draw(model))
