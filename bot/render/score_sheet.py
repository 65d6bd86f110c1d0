"""The score sheet: every hand's points per player with the running totals, moons marked.

One column per player (3–7), one row per hand: the points taken in big figures and the running
total after the hand in small grey figures at the right of the cell. The hand in which a player
shot the moon (or made a slam, or took all tricks) carries a gold icon in that player's cell. The
leaders' columns are tinted and crowned, their totals gold. A long game keeps the image short:
the earliest hands are folded into one row showing the totals after them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import Image

from bot.engine.standings import leaders as lowest_totals
from bot.render import png, theme
from bot.render.fonts import TextStyle, fit_name, paste_text, text_width
from bot.render.models import ScoreRow, ScoreSheetImage, Shot
from bot.render.panels import paste_panel
from bot.render.shapes import IconKind, icon
from bot.render.texts import ENGLISH, Words

WIDTH = 800
PAD = 14
TITLE_H = 56
HEADER_H = 50
ROW_H = 38
TOTAL_H = 50
LEGEND_H = 36
HAND_COL_W = 96
"""Wide enough for the "hand" and "total" labels of every language (tests/text/test_image_words.py)."""
MAX_ROWS = 16
"""Rows shown at most; earlier hands are folded into one row."""

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
NAME = TextStyle(21, theme.TEXT, bold=True)
NAME_SMALL = TextStyle(19, theme.TEXT, bold=True)
POINTS = TextStyle(22, theme.TEXT, bold=True)
ZERO = TextStyle(22, theme.MUTED)
RUNNING = TextStyle(17, theme.MUTED)
TOTAL = TextStyle(25, theme.TEXT, bold=True)
LEADER_TOTAL = TextStyle(25, theme.GOLD, bold=True)
LABEL = TextStyle(20, theme.MUTED, bold=True)

SHOT_ICONS: dict[Shot, IconKind] = {Shot.MOON: "moon", Shot.ALL_TRICKS: "burst", Shot.SLAM: "star"}


@dataclass(frozen=True, slots=True)
class CellFit:
    """How a hand's cell is set: the shot icon's size and the step from it to the points, the
    space at the cell's left and right, the sizes of the points and the running total."""

    icon: int
    icon_step: int
    left: int
    right: int
    points: int
    running: int


CELL_FITS = (
    CellFit(20, 24, 10, 8, POINTS.size, RUNNING.size),
    CellFit(16, 18, 8, 6, POINTS.size, RUNNING.size),
    CellFit(16, 18, 6, 4, POINTS.size, RUNNING.size),
    CellFit(16, 18, 6, 4, POINTS.size, 15),
    CellFit(16, 18, 6, 4, POINTS.size, 13),
    CellFit(14, 16, 6, 4, 18, 13),
)
"""Tried in order until the points and the running total fit side by side: the first is the usual
look; the others, for narrow columns (seven players) with a shot icon and long figures, shrink the
icon, the margins, then the figures. The last fits every score the rules allow (a hand from −36, an
all-tricks −26 with the Omnibus card, to +52; a total of up to five characters: 100 hands)."""
CELL_GAP = 4
"""The least space between a cell's points and its running total."""


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A row as drawn: one hand, or several folded ones (``first`` < ``last``)."""

    first: int
    last: int
    row: ScoreRow


@dataclass(frozen=True, slots=True)
class SheetLayout:
    width: int
    height: int
    columns: tuple[tuple[int, int], ...]
    """Left and right x of each player's column."""
    rows: tuple[SheetRow, ...]
    header_y: int
    rows_y: int
    total_y: int
    legend: bool


def visible_rows(sheet: ScoreSheetImage) -> tuple[SheetRow, ...]:
    """The rows drawn: all hands, or a folded row and the last ``MAX_ROWS - 1`` hands."""
    n = len(sheet.rows)
    if n <= MAX_ROWS:
        return tuple(SheetRow(i + 1, i + 1, r) for i, r in enumerate(sheet.rows))
    folded = n - (MAX_ROWS - 1)
    carried = sheet.rows[folded - 1]
    head = SheetRow(1, folded, ScoreRow(points=carried.totals, totals=carried.totals))
    return (head, *(SheetRow(i + 1, i + 1, sheet.rows[i]) for i in range(folded, n)))


def layout(sheet: ScoreSheetImage) -> SheetLayout:
    players = max(1, len(sheet.players))
    col_w = (WIDTH - 2 * PAD - HAND_COL_W) // players
    x = PAD + HAND_COL_W
    columns = tuple((x + i * col_w, x + (i + 1) * col_w) for i in range(players))
    rows = visible_rows(sheet)
    legend = any(r.row.shooter is not None for r in rows)
    header_y = TITLE_H
    rows_y = header_y + HEADER_H
    total_y = rows_y + max(1, len(rows)) * ROW_H + 6
    height = total_y + TOTAL_H + (LEGEND_H if legend else 0) + PAD
    return SheetLayout(WIDTH, height, columns, rows, header_y, rows_y, total_y, legend)


def leaders(sheet: ScoreSheetImage) -> set[int]:
    """The players highlighted: as given, or those with the lowest total after the last hand."""
    if sheet.leaders is not None:
        return set(sheet.leaders)
    if not sheet.rows:
        return set()
    totals = sheet.rows[-1].totals
    return set(lowest_totals(totals, range(len(totals))))


def _shot_word(shot: Shot, words: Words) -> str:
    return {Shot.MOON: words.moon, Shot.ALL_TRICKS: words.all_tricks, Shot.SLAM: words.slam}[shot]


def draw(sheet: ScoreSheetImage, words: Words = ENGLISH) -> Image.Image:
    """The score sheet as an RGB image (see :func:`render` for PNG bytes)."""
    lay = layout(sheet)
    lead = leaders(sheet)
    canvas = Image.new("RGB", (lay.width, lay.height), theme.FELT)
    paste_text(canvas, words.score_sheet, TITLE, PAD + 4, TITLE_H / 2)
    if sheet.target is not None:
        paste_text(
            canvas,
            words.fill(words.game_to, target=sheet.target),
            SUBTITLE,
            WIDTH - PAD - 4,
            TITLE_H / 2,
            "right",
        )
    body = (PAD, lay.header_y, WIDTH - PAD, lay.total_y + TOTAL_H)
    paste_panel(canvas, body, theme.PANEL, radius=12)
    # Header: names.
    mid = lay.header_y + HEADER_H / 2
    paste_text(canvas, words.hand, LABEL, PAD + 14, mid, max_width=HAND_COL_W - 18)
    for i, player in enumerate(sheet.players):
        x0, x1 = lay.columns[i]
        left, room = x0 + 8, x1 - x0 - 14
        if player.is_computer:
            robot = icon("robot", 18, theme.MUTED)
            canvas.paste(robot, (left, round(mid - 9)), robot)
            left, room = left + 22, room - 22
        style = NAME if len(sheet.players) < 6 else NAME_SMALL
        name, style = fit_name(player.name, style, room, style.size, keep_number=player.is_computer)
        paste_text(canvas, name, style, left, mid, max_width=room)
    # Hands.
    for r, shown in enumerate(lay.rows):
        y = lay.rows_y + r * ROW_H
        if r % 2 == 0:
            paste_panel(canvas, (PAD + 4, y + 2, WIDTH - PAD - 4, y + ROW_H - 2), theme.PANEL_LIGHT, radius=6)
        mid = y + ROW_H / 2
        label = (
            str(shown.first)
            if shown.first == shown.last
            else words.fill(words.earlier_hands, first=shown.first, last=shown.last)
        )
        paste_text(canvas, label, LABEL, PAD + 14, mid, max_width=HAND_COL_W - 18)
        _draw_row_cells(canvas, lay, shown, mid)
    for i, (x0, x1) in enumerate(lay.columns):  # over the stripes, under the totals
        if i in lead:
            paste_panel(
                canvas,
                (x0 + 2, lay.header_y + 4, x1 - 2, lay.total_y + TOTAL_H - 4),
                theme.GOLD,
                radius=8,
                alpha=34,
            )
    if not lay.rows:
        paste_text(canvas, words.no_hands_yet, LABEL, WIDTH / 2, lay.rows_y + ROW_H / 2, "centre")
    # Totals.
    y = lay.total_y
    canvas.paste(theme.FELT_LINE, (PAD + 8, y - 3, WIDTH - PAD - 8, y - 1))
    mid = y + TOTAL_H / 2
    paste_text(canvas, words.total, LABEL, PAD + 14, mid, max_width=HAND_COL_W - 18)
    totals = sheet.rows[-1].totals if sheet.rows else tuple(0 for _ in sheet.players)
    for i, total in enumerate(totals[: len(lay.columns)]):
        x0, x1 = lay.columns[i]
        box = paste_text(
            canvas, str(total), LEADER_TOTAL if i in lead else TOTAL, (x0 + x1) / 2, mid, "centre"
        )
        if i in lead:
            crown = icon("crown", 20, theme.GOLD)
            canvas.paste(crown, (box[0] - 26, round(mid - 11)), crown)
    if lay.legend:
        _draw_legend(canvas, lay, words)
    return canvas


def _points_style(points: int, size: int) -> TextStyle:
    style = ZERO if points == 0 else POINTS
    return style if size == style.size else replace(style, size=size)


def cell_fit(points: int, running: int | None, width: int, shot: bool) -> CellFit:
    """The first of ``CELL_FITS`` that sets ``points`` (after the shot icon if ``shot``) and the
    ``running`` total (None: a folded row has none) side by side in a cell ``width`` wide."""
    for fit in CELL_FITS:
        end = (
            fit.left
            + (fit.icon_step if shot else 0)
            + text_width(str(points), _points_style(points, fit.points))
        )
        if running is None:
            return fit
        start = width - fit.right - text_width(str(running), replace(RUNNING, size=fit.running))
        if end + CELL_GAP <= start:
            return fit
    return CELL_FITS[-1]


def _draw_row_cells(canvas: Image.Image, lay: SheetLayout, shown: SheetRow, mid: float) -> None:
    folded = shown.first != shown.last
    for i, points in enumerate(shown.row.points[: len(lay.columns)]):
        x0, x1 = lay.columns[i]
        shot = shown.row.shooter == i
        running = None if folded else shown.row.totals[i]
        fit = cell_fit(points, running, x1 - x0, shot)
        left = x0 + fit.left
        if shot:
            mark = icon(SHOT_ICONS[shown.row.shot], fit.icon, theme.GOLD)
            canvas.paste(mark, (left, round(mid - fit.icon / 2)), mark)
            left += fit.icon_step
        paste_text(canvas, str(points), _points_style(points, fit.points), left, mid)
        if running is not None:
            paste_text(
                canvas, str(running), replace(RUNNING, size=fit.running), x1 - fit.right, mid + 2, "right"
            )


def _draw_legend(canvas: Image.Image, lay: SheetLayout, words: Words) -> None:
    shots = []
    for shown in lay.rows:
        if shown.row.shooter is not None and shown.row.shot not in shots:
            shots.append(shown.row.shot)
    x = PAD + 8
    mid = lay.total_y + TOTAL_H + LEGEND_H / 2 + 2
    for shot in shots:
        mark = icon(SHOT_ICONS[shot], 20, theme.GOLD)
        canvas.paste(mark, (x, round(mid - 10)), mark)
        x = paste_text(canvas, _shot_word(shot, words), LABEL, x + 26, mid)[2] + 24


def render(sheet: ScoreSheetImage, words: Words = ENGLISH) -> bytes:
    """PNG bytes of the score sheet: a pure function of its input."""
    return png.encode(draw(sheet, words))
