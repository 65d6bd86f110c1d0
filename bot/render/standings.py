"""The final standings: place, name, total and ranking points of everyone at the end of a game.

Shared places read "=1" (the ``shared_place`` word), as ties keep the better place for all who
share it; the winners' rows are gold with a crown. Computer players are unranked: their place
shows a dash. A player who quit is greyed with a "left" tag; ranking points show their sign,
green for a gain and red for a loss.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render import png, theme
from bot.render.fonts import TextStyle, paste_text, text_width
from bot.render.models import FinalStandings, StandingRow
from bot.render.panels import paste_panel, paste_row
from bot.render.shapes import icon
from bot.render.texts import ENGLISH, Words

WIDTH = 800
PAD = 14
TITLE_H = 60
HEADER_H = 40
ROW_H = 58
PLACE_X = PAD + 16
NAME_X = PAD + 110
TOTAL_RIGHT = WIDTH - PAD - 200
RANKING_RIGHT = WIDTH - PAD - 24

TITLE = TextStyle(28, theme.TEXT, bold=True)
SUBTITLE = TextStyle(20, theme.MUTED, bold=True)
LABEL = TextStyle(18, theme.MUTED, bold=True)
PLACE = TextStyle(28, theme.TEXT, bold=True)
NAME = TextStyle(26, theme.TEXT, bold=True)
NAME_QUIT = TextStyle(26, theme.MUTED, bold=True)
TOTAL = TextStyle(26, theme.TEXT, bold=True)
TAG = TextStyle(17, theme.RED_MARK, bold=True)
GAIN = TextStyle(24, (120, 220, 140), bold=True)
LOSS = TextStyle(24, theme.RED_MARK, bold=True)


@dataclass(frozen=True, slots=True)
class StandingsLayout:
    width: int
    height: int
    row_boxes: tuple[tuple[int, int, int, int], ...]


def layout(standings: FinalStandings) -> StandingsLayout:
    top = TITLE_H + HEADER_H
    boxes = tuple(
        (PAD, top + i * ROW_H, WIDTH - PAD, top + (i + 1) * ROW_H - 6) for i in range(len(standings.rows))
    )
    height = top + max(1, len(standings.rows)) * ROW_H + PAD
    return StandingsLayout(WIDTH, height, boxes)


def place_label(row: StandingRow, words: Words) -> str:
    if row.place is None:
        return words.unranked
    return words.fill(words.shared_place, place=row.place) if row.shared else str(row.place)


def _draw_row(canvas: Image.Image, row: StandingRow, box: tuple[int, int, int, int], words: Words) -> None:
    winner = row.place == 1 and not row.is_computer
    paste_row(canvas, box, winner)
    mid = (box[1] + box[3]) / 2
    place_style = TextStyle(PLACE.size, theme.GOLD if winner else theme.TEXT, bold=True)
    paste_text(canvas, place_label(row, words), place_style, PLACE_X, mid, max_width=NAME_X - PLACE_X - 40)
    if winner:
        crown = icon("crown", 26, theme.GOLD)
        canvas.paste(crown, (NAME_X - 38, round(mid - 14)), crown)
    left = NAME_X
    if row.is_computer:
        robot = icon("robot", 24, theme.MUTED)
        canvas.paste(robot, (left, round(mid - 12)), robot)
        left += 32
    room = TOTAL_RIGHT - 90 - left
    if row.quit:
        tag_w = text_width(words.quit, TAG) + 16
        room -= tag_w + 10
    name_box = paste_text(canvas, row.name, NAME_QUIT if row.quit else NAME, left, mid, max_width=room)
    if row.quit:
        tx = name_box[2] + 10
        paste_panel(
            canvas,
            (tx, round(mid - 13), tx + tag_w, round(mid + 13)),
            theme.PANEL_LIGHT,
            theme.RED_MARK,
            2,
            13,
        )
        paste_text(canvas, words.quit, TAG, tx + tag_w / 2, mid, "centre")
    paste_text(canvas, str(row.total), TOTAL, TOTAL_RIGHT, mid, "right")
    if row.ranking_points is not None:
        rp = row.ranking_points
        text = f"+{rp}" if rp > 0 else ("−" + str(-rp) if rp < 0 else "0")
        paste_text(canvas, text, GAIN if rp >= 0 else LOSS, RANKING_RIGHT, mid, "right")


def draw(standings: FinalStandings, words: Words = ENGLISH) -> Image.Image:
    """The final standings as an RGB image (see :func:`render` for PNG bytes)."""
    lay = layout(standings)
    canvas = Image.new("RGB", (lay.width, lay.height), theme.FELT)
    paste_text(canvas, words.final_standings, TITLE, PAD + 4, TITLE_H / 2)
    if standings.hands_played is not None:
        sub = words.fill(words.hands_played, count=standings.hands_played)
        paste_text(canvas, sub, SUBTITLE, WIDTH - PAD - 4, TITLE_H / 2, "right")
    mid = TITLE_H + HEADER_H / 2
    paste_text(canvas, words.place, LABEL, PLACE_X, mid, max_width=NAME_X - PLACE_X - 4)
    paste_text(canvas, words.player, LABEL, NAME_X, mid)
    paste_text(canvas, words.total, LABEL, TOTAL_RIGHT, mid, "right")
    paste_text(canvas, words.ranking_points, LABEL, RANKING_RIGHT, mid, "right")
    for row, box in zip(standings.rows, lay.row_boxes, strict=True):
        _draw_row(canvas, row, box, words)
    return canvas


def render(standings: FinalStandings, words: Words = ENGLISH) -> bytes:
    """PNG bytes of the final standings: a pure function of its input."""
    return png.encode(draw(standings, words))
