"""The table image: the current trick in the middle, every seat's plate around an oval table.

Seats sit clockwise in turn order (the next seat is to the left of the one before, as play goes),
with the viewer's seat at the bottom. Each seat has a plate with its name (a robot for a computer
player; a name too wide is drawn smaller, down to the plate's small figures, then cut with …: a
computer's before the number that tells it apart, "Comput… 3"), its score and the points it took
this hand; the card it played lies between its plate and the middle. The seat to play has a gold
plate and a dashed place for its card; the card that led carries a flag, and the card that takes a
completed trick a gold frame. The corners say whether hearts are broken and which hand and trick
this is.

Positions come from a table of hand-tuned ellipses per player count (3–7), checked by the tests
for overlap and clipping.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.render import png, sprites, theme
from bot.render.fonts import TextStyle, fit_name, paste_text, text_width
from bot.render.models import TableImage, TableSeat
from bot.render.panels import paste_panel
from bot.render.shapes import icon
from bot.render.texts import ENGLISH, Words

WIDTH = 800
MARGIN_Y = 52
"""Space above the top plate (the status line lives there) and below the bottom one."""
PLATE_H = 64
STATUS_H = 34

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class _Geometry:
    plate_w: int
    card_w: int
    seat_radii: tuple[float, float]
    card_radii: tuple[float, float]


# Per player count: plate width, card width, the ellipse of the plates, the ellipse of the cards.
# Found by a search maximising the smallest gap between any two boxes, then checked by eye.
_GEOMETRY = {
    3: _Geometry(184, 112, (310, 290), (110, 130)),
    4: _Geometry(184, 112, (296, 250), (135, 125)),
    5: _Geometry(184, 100, (294, 288), (125, 140)),
    6: _Geometry(168, 88, (318, 262), (140, 155)),
    7: _Geometry(168, 80, (288, 282), (115, 175)),
}
MIN_SEATS = min(_GEOMETRY)
MAX_SEATS = max(_GEOMETRY)

NAME = TextStyle(25, theme.TEXT, bold=True)
SCORE = TextStyle(24, theme.TEXT, bold=True)
SMALL = TextStyle(20, theme.MUTED, bold=True)
STATUS = TextStyle(22, theme.TEXT, bold=True)


@dataclass(frozen=True, slots=True)
class SeatBoxes:
    plate: Box
    card: Box


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Where everything goes for a number of seats (seat order, not screen order)."""

    width: int
    height: int
    seats: tuple[SeatBoxes, ...]
    status_left: Box
    status_right: Box
    card_w: int
    card_h: int

    def boxes(self) -> list[Box]:
        """Every box that must not overlap another."""
        out = [self.status_left, self.status_right]
        for seat in self.seats:
            out += [seat.plate, seat.card]
        return out


def _box(cx: float, cy: float, w: int, h: int) -> Box:
    x0, y0 = round(cx - w / 2), round(cy - h / 2)
    return x0, y0, x0 + w, y0 + h


def _centre(seats: int) -> tuple[float, float]:
    """The table's middle: the plates' top edge sits ``MARGIN_Y`` below the image's top."""
    g = _GEOMETRY[seats]
    top = min(g.seat_radii[1] * math.sin(math.radians(90 + k * 360 / seats)) for k in range(seats))
    return WIDTH / 2, MARGIN_Y + PLATE_H / 2 - top


def height(seats: int) -> int:
    """Image height for ``seats`` players (the width is always ``WIDTH``)."""
    return round(_centre(seats)[1] + _GEOMETRY[seats].seat_radii[1] + PLATE_H / 2 + MARGIN_Y)


@cache
def layout(seats: int, viewer: int = 0) -> TableLayout:
    """The layout for ``seats`` players with seat ``viewer`` at the bottom."""
    if seats not in _GEOMETRY:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    g = _GEOMETRY[seats]
    cx, cy = _centre(seats)
    card_h = sprites.card_height(g.card_w)
    out = []
    for seat in range(seats):
        angle = math.radians(90 + ((seat - viewer) % seats) * 360 / seats)
        cos, sin = math.cos(angle), math.sin(angle)
        plate = _box(cx + g.seat_radii[0] * cos, cy + g.seat_radii[1] * sin, g.plate_w, PLATE_H)
        card = _box(cx + g.card_radii[0] * cos, cy + g.card_radii[1] * sin, g.card_w, card_h)
        out.append(SeatBoxes(plate, card))
    status_w = 260  # the longest status of any language, the pseudo-locale's too, fits
    return TableLayout(
        width=WIDTH,
        height=height(seats),
        seats=tuple(out),
        status_left=(10, 8, 10 + status_w, 8 + STATUS_H),
        status_right=(WIDTH - 10 - status_w, 8, WIDTH - 10, 8 + STATUS_H),
        card_w=g.card_w,
        card_h=card_h,
    )


@cache
def _background(seats: int) -> Image.Image:
    """The felt with an oval table top under the plates (drawn supersampled once per count)."""
    s = 2
    im = Image.new("RGB", (WIDTH * s, height(seats) * s), theme.FELT_DARK)
    draw = ImageDraw.Draw(im)
    g = _GEOMETRY[seats]
    cx, cy = WIDTH / 2 * s, height(seats) / 2 * s
    rx, ry = (g.seat_radii[0] + 24) * s, (height(seats) / 2 - 36) * s
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=theme.FELT, outline=theme.FELT_LINE, width=3 * s)
    rx, ry = rx - 80 * s, ry - 70 * s
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=theme.FELT_LINE, width=2 * s)
    return im.resize((WIDTH, height(seats)), Image.Resampling.LANCZOS)


@cache
def _lead_badge() -> Image.Image:
    """A dark disc with a gold flag, set in the top corner of the card that led the trick."""
    size, s = 28, 4
    im = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((0, 0, size * s - 1, size * s - 1), fill=theme.PANEL)
    im = im.resize((size, size), Image.Resampling.LANCZOS)
    flag = icon("lead", 18, theme.GOLD)
    im.alpha_composite(flag, (6, 5))
    return im


def _draw_plate(canvas: Image.Image, seat: TableSeat, box: Box, active: bool, led: bool) -> None:
    x0, y0, x1, _ = box
    border = theme.GOLD if active else theme.FELT_LINE
    paste_panel(canvas, box, theme.PANEL, border, border=4 if active else 2, radius=12)
    left = x0 + 12
    name_room = x1 - 12 - left
    if seat.is_computer:
        robot = icon("robot", 22, theme.MUTED)
        canvas.paste(robot, (left, y0 + 8), robot)
        left += 28
        name_room -= 28
    if led:
        name_room -= 24
        flag = icon("lead", 20, theme.GOLD)
        canvas.paste(flag, (x1 - 30, y0 + 9), flag)
    name, style = fit_name(seat.name, NAME, name_room, SMALL.size, keep_number=seat.is_computer)
    paste_text(canvas, name, style, left, y0 + 19, max_width=name_room)
    line2 = y0 + 47
    score_right = paste_text(canvas, str(seat.score), SCORE, x0 + 12, line2)[2]
    show_points, show_left = plate_extras(seat, x1 - x0)
    if show_points and seat.hand_points is not None:
        heart = icon("heart", 18, theme.RED_MARK)
        canvas.paste(heart, (score_right + 10, line2 - 9), heart)
        paste_text(canvas, signed(seat.hand_points), SMALL, score_right + 32, line2)
    if show_left:
        back = sprites.back(14)
        text = str(seat.cards_left)
        tx = x1 - 12 - text_width(text, SMALL)
        canvas.paste(back, (tx - back.width - 6, line2 - back.height // 2), back)
        paste_text(canvas, text, SMALL, tx, line2)


def signed(points: int) -> str:
    """A hand's points as the plate shows them: "+3", "−10" (a minus sign, as the standings write
    it: the Omnibus card's −10), "0". Drawn and measured (:func:`plate_extras`) alike."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def plate_extras(seat: TableSeat, plate_w: int) -> tuple[bool, bool]:
    """Whether the hand's points and the cards left fit beside the score (the points come first).

    Mirrors the positions :func:`_draw_plate` uses, relative to the plate's left edge.
    """
    end = 12 + text_width(str(seat.score), SCORE)
    points = None if seat.hand_points is None else signed(seat.hand_points)
    if points is not None and end + 32 + text_width(points, SMALL) <= plate_w - 12:
        end += 32 + text_width(points, SMALL)
        show_points = True
    else:
        show_points = False
    left_start = plate_w - 12 - text_width(str(seat.cards_left), SMALL) - 6 - sprites.back(14).width
    return show_points, seat.cards_left is not None and left_start - end >= 4


def _draw_status(canvas: Image.Image, table: TableImage, lay: TableLayout, words: Words) -> None:
    x0, y0, x1, y1 = lay.status_left
    mid = (y0 + y1) / 2
    kind = "broken_heart" if table.hearts_broken else "heart"
    colour = theme.RED_MARK if table.hearts_broken else theme.MUTED
    heart = icon(kind, 26, colour)
    canvas.paste(heart, (x0, round(mid - 13)), heart)
    label = words.hearts_broken if table.hearts_broken else words.hearts_not_broken
    style = STATUS if table.hearts_broken else TextStyle(STATUS.size, theme.MUTED, bold=True)
    paste_text(canvas, label, style, x0 + 34, mid, max_width=x1 - x0 - 34)
    parts = []
    if table.hand_number is not None:
        parts.append(words.fill(words.hand_number, hand=table.hand_number))
    if table.trick_number is not None:
        parts.append(words.fill(words.trick_number, trick=table.trick_number))
    if parts:
        x0, y0, x1, y1 = lay.status_right
        paste_text(canvas, "  ·  ".join(parts), STATUS, x1, mid, align="right", max_width=x1 - x0)


def draw(table: TableImage, words: Words = ENGLISH) -> Image.Image:
    """The table as an RGB image (see :func:`render` for PNG bytes)."""
    lay = layout(len(table.seats), table.viewer % len(table.seats) if table.seats else 0)
    canvas = _background(len(table.seats)).copy()
    _draw_status(canvas, table, lay, words)
    for i, seat in enumerate(table.seats):
        boxes = lay.seats[i]
        x0, y0 = boxes.card[0], boxes.card[1]
        if seat.played is not None:
            face = sprites.face(seat.played, lay.card_w, table.four_colour, seat.played == table.bonus_card)
            canvas.paste(face, (x0, y0), face)
            if table.winner == i:
                frame = sprites.outline(lay.card_w, lay.card_h, theme.GOLD, thickness=5)
                canvas.paste(frame, (x0, y0), frame)
            if table.leader == i:
                badge = _lead_badge()
                canvas.paste(badge, (boxes.card[2] - badge.width - 4, y0 + 4), badge)
        elif table.to_move == i:
            slot = sprites.outline(lay.card_w, lay.card_h, theme.GOLD, thickness=3, dashed=True)
            canvas.paste(slot, (x0, y0), slot)
        _draw_plate(canvas, seat, boxes.plate, active=table.to_move == i, led=table.leader == i)
    return canvas


def render(table: TableImage, words: Words = ENGLISH) -> bytes:
    """PNG bytes of the table image: a pure function of its input."""
    return png.encode(draw(table, words))
