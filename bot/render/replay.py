"""The replay of a finished hand, face up: one image per step (the hands as dealt with the passes
marked, then each trick) and the whole hand as one animated GIF, which Discord plays inline.

One row per seat, in turn order: the seat's plate (name, a robot for a computer player, the points
it has taken so far), every card it still holds (closer together when a deal is more than 13 cards:
17 at three seats), then the card it played to this step's trick (the card that led carries a flag,
the card that took the trick a gold frame) and a short note (where its pass went). The title and
caption come in already worded (``bot.text`` fills them), so this module draws and never words;
they and the notes are drawn as lines of prose (longer than a name, cut with … only at the width)
left to right, whatever script a name filled into them is written in.

Discord's documented attachment limit for bots is 10 MiB (and each interaction says its own limit);
the animation of a whole hand stays far below it: frames are quantized to one palette chosen from
all of them and the GIF keeps only what changed between frames (``bench/replay_images.py`` prints
the sizes).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from bot.engine.cards import Card, CardSet, display_order
from bot.render import png, sprites, theme
from bot.render.fonts import TextStyle, fit_name, paste_line, paste_text
from bot.render.panels import paste_panel
from bot.render.shapes import icon

WIDTH: Final = 960
HEADER_H: Final = 74
ROW_H: Final = 96
MARGIN: Final = 12
PLATE_W: Final = 190
CARD_W: Final = 54
CARD_STEP: Final = 36
"""The distance between two held cards when a row holds at most 13 (closer when it holds more)."""
CARDS_X: Final = MARGIN + PLATE_W + 14
HELD_W: Final = 12 * CARD_STEP + CARD_W
"""The room for a row's held cards: 13 at ``CARD_STEP``, more closer together."""
TRICK_X: Final = CARDS_X + HELD_W + 28
DECK: Final = 52
RAISE: Final = 10
FRAME_MS: Final = 1400
"""How long each step of the animation shows (the last one twice as long, before it loops)."""

TITLE = TextStyle(26, theme.TEXT, bold=True)
CAPTION = TextStyle(21, theme.MUTED, bold=True)
NAME = TextStyle(22, theme.TEXT, bold=True)
POINTS = TextStyle(20, theme.MUTED, bold=True)
NOTE = TextStyle(19, theme.MUTED, bold=True)


@dataclass(frozen=True, slots=True)
class ReplaySeat:
    name: str
    held: CardSet  # the cards it still holds at this step
    points: int = 0  # card points taken so far this hand
    is_computer: bool = False
    marked: CardSet = 0  # cards drawn raised with a red frame (the cards it passed)
    played: Card | None = None  # its card in this step's trick
    note: str = ""  # a short line after its cards (e.g. where its pass went)


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    seats: tuple[ReplaySeat, ...]
    title: str
    caption: str
    leader: int | None = None  # the seat that led this step's trick
    winner: int | None = None  # the seat that took it
    bonus_card: Card | None = None
    four_colour: bool = False


def height(seats: int) -> int:
    return HEADER_H + seats * ROW_H + MARGIN


def _card_h() -> int:
    return sprites.card_height(CARD_W)


def row_cards(frame: ReplayFrame) -> int:
    """How many held cards the rows of ``frame`` are laid out for: a whole deal at its table (the
    deck shared by its seats: 13 cards each at four, 17 at three), so every step of a hand is laid
    out alike, or the most any seat holds if that is more."""
    dealt = DECK // len(frame.seats) if frame.seats else 0
    return max([dealt, *(seat.held.bit_count() for seat in frame.seats)])


def card_step(cards: int) -> int:
    """The distance between two held cards in a row laid out for ``cards``: ``CARD_STEP`` up to 13,
    closer beyond, so the last card still ends within ``HELD_W``, left of the trick column."""
    if cards <= 13:
        return CARD_STEP
    return (HELD_W - CARD_W) // (cards - 1)


def _draw_row(canvas: Image.Image, frame: ReplayFrame, index: int, step: int) -> None:
    seat = frame.seats[index]
    top = HEADER_H + index * ROW_H
    card_top = top + (ROW_H - _card_h()) // 2 + RAISE // 2
    active = frame.winner == index
    border = theme.GOLD if active else theme.FELT_LINE
    plate = (MARGIN, top + 10, MARGIN + PLATE_W, top + ROW_H - 10)
    paste_panel(canvas, plate, theme.PANEL, border, border=3 if active else 2, radius=12)
    left = MARGIN + 12
    room = PLATE_W - 24
    if seat.is_computer:
        robot = icon("robot", 20, theme.MUTED)
        canvas.paste(robot, (left, top + 22), robot)
        left += 26
        room -= 26
    name, style = fit_name(seat.name, NAME, room, POINTS.size, keep_number=seat.is_computer)
    paste_text(canvas, name, style, left, top + 32, max_width=room)
    heart = icon("heart", 16, theme.RED_MARK)
    canvas.paste(heart, (MARGIN + 12, top + 56), heart)
    paste_text(canvas, str(seat.points), POINTS, MARGIN + 34, top + 64)
    for i, card in enumerate(display_order(seat.held)):
        x = CARDS_X + i * step
        raised = bool(seat.marked >> card & 1)
        y = card_top - RAISE if raised else card_top
        face = sprites.face(card, CARD_W, frame.four_colour, card == frame.bonus_card)
        canvas.paste(face, (x, y), face)
        if raised:
            mark = sprites.outline(CARD_W, _card_h(), theme.RED_MARK, thickness=3)
            canvas.paste(mark, (x, y), mark)
    if seat.played is not None:
        face = sprites.face(seat.played, CARD_W, frame.four_colour, seat.played == frame.bonus_card)
        canvas.paste(face, (TRICK_X, card_top), face)
        if frame.winner == index:
            gold = sprites.outline(CARD_W, _card_h(), theme.GOLD, thickness=4)
            canvas.paste(gold, (TRICK_X, card_top), gold)
        if frame.leader == index:
            flag = icon("lead", 20, theme.GOLD)
            canvas.paste(flag, (TRICK_X + CARD_W + 6, card_top + 4), flag)
    if seat.note:
        x = TRICK_X + CARD_W + 32 if seat.played is not None else TRICK_X
        paste_line(canvas, seat.note, NOTE, x, top + ROW_H / 2, WIDTH - MARGIN - x, direction="ltr")


def draw(frame: ReplayFrame, cards: int | None = None) -> Image.Image:
    """One step of the replay as an RGB image, its rows laid out for ``cards`` held cards
    (``row_cards(frame)`` unless given: an animation lays every frame out alike)."""
    step = card_step(max(cards or 0, row_cards(frame)))
    canvas = Image.new("RGB", (WIDTH, height(len(frame.seats))), theme.FELT_DARK)
    # Sentences with names filled in: longer than a name may be, and left to right whatever the names.
    paste_line(canvas, frame.title, TITLE, MARGIN, 22, WIDTH - 2 * MARGIN, direction="ltr")
    paste_line(canvas, frame.caption, CAPTION, MARGIN, 54, WIDTH - 2 * MARGIN, direction="ltr")
    for index in range(len(frame.seats)):
        _draw_row(canvas, frame, index, step)
    return canvas


def render(frame: ReplayFrame) -> bytes:
    """PNG bytes of one step: a pure function of its input."""
    return png.encode(draw(frame))


def render_animation(frames: Sequence[ReplayFrame]) -> bytes:
    """The steps as one looping animated GIF. Every frame is quantized to one palette chosen from
    all of them (``png.shared_palette``): one palette lets the GIF store only the pixels that
    change, and a colour the first frame lacks (the gold of a trick's winner and its lead flag:
    the first step, as dealt, has no trick) is in it all the same, not drawn as its nearest there."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    cards = max(row_cards(frame) for frame in frames)
    images = [draw(frame, cards) for frame in frames]
    palette = png.shared_palette(images)
    quantized = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    durations = [FRAME_MS] * (len(quantized) - 1) + [FRAME_MS * 2]
    buf = io.BytesIO()
    quantized[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=quantized[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buf.getvalue()
