"""The README's screenshots: a hand and a table as a player sees them, in two languages.

``python -m bot.text.screenshots docs/images`` writes ``screenshot_<hand|table>_<lang>.png``.
Each is a Discord message drawn with Pillow — the bot's author line, the catalogue's text, the
image exactly as the renderers draw it for ``/hearts help`` (``bot.text.help``), and the buttons
labelled from the catalogue — so the pictures can't drift from what the bot says: rerun after
changing a catalogue or a renderer. Only the frame (colours, spacing) imitates Discord's dark
theme; it is not a capture of a real client.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from PIL import Image, ImageDraw

from bot.engine.cards import cards_of, cardset, suit_of
from bot.render import render_hand, render_table
from bot.render.fonts import TextStyle, paste_text, text_width
from bot.render.png import encode
from bot.render.theme import RGB, mix
from bot.text.cards import card_list, card_name
from bot.text.catalogue import t
from bot.text.help import help_images

LANGUAGES_SHOWN = ("de", "ja")
TABLE_NUMBER = 12

BACKGROUND: RGB = (49, 51, 56)
TEXT: RGB = (219, 222, 225)
AUTHOR: RGB = (242, 243, 245)
WHITE: RGB = (255, 255, 255)
AVATAR: RGB = (200, 40, 60)
WIDTH, MARGIN, LEFT, AVATAR_SIZE = 640, 16, 72, 40
LINE, BODY, BOLD = 24, TextStyle(16, TEXT), TextStyle(16, AUTHOR, bold=True)
IMAGE_WIDTH = WIDTH - LEFT - MARGIN
BUTTON_H, BUTTON_PAD, BUTTON_GAP = 32, 14, 8
BUTTON_TEXT = TextStyle(14, WHITE)  # regular weight: synthetic bold smudges small kana


class Style(Enum):
    """Discord's button colours."""

    PRIMARY = (88, 101, 242)
    SECONDARY = (78, 80, 88)
    SUCCESS = (36, 128, 70)


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    style: Style = Style.SECONDARY
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Message:
    lines: tuple[str, ...]
    """Discord markdown: ``**bold**`` is honoured, nothing else."""
    image: bytes
    rows: tuple[tuple[Button, ...], ...]


def _paste_markdown(canvas: Image.Image, line: str, x: float, y: float) -> None:
    for i, part in enumerate(line.split("**")):
        style = BOLD if i % 2 else BODY
        space = text_width("x x", style) - text_width("xx", style)  # a run's edge spaces aren't drawn
        x += space * (len(part) - len(part.lstrip(" ")))
        if part.strip(" "):
            paste_text(canvas, part.strip(" "), style, x, y)
            x += text_width(part.strip(" "), style)
        x += space * (len(part) - len(part.rstrip(" "))) if part.strip(" ") else 0


def _paste_button(canvas: Image.Image, button: Button, x: float, y: float) -> float:
    width = text_width(button.label, BUTTON_TEXT) + 2 * BUTTON_PAD
    fill = button.style.value if not button.disabled else mix(button.style.value, BACKGROUND, 0.5)
    ImageDraw.Draw(canvas).rounded_rectangle((x, y, x + width, y + BUTTON_H), radius=4, fill=fill)
    label = BUTTON_TEXT if not button.disabled else TextStyle(14, mix(WHITE, BACKGROUND, 0.4))
    paste_text(canvas, button.label, label, x + width / 2, y + BUTTON_H / 2, align="centre")
    return x + width + BUTTON_GAP


def draw_message(message: Message, author: str = "Hearts") -> bytes:
    """One bot message in a dark Discord channel: author, text, image, rows of buttons."""
    picture = Image.open(io.BytesIO(message.image)).convert("RGBA")
    picture = picture.resize(
        (IMAGE_WIDTH, round(picture.height * IMAGE_WIDTH / picture.width)), Image.Resampling.LANCZOS
    )
    height = (
        MARGIN
        + LINE * (1 + len(message.lines))
        + 8
        + picture.height
        + len(message.rows) * (BUTTON_H + BUTTON_GAP)
        + MARGIN
    )
    canvas = Image.new("RGBA", (WIDTH, height), (*BACKGROUND, 255))
    draw = ImageDraw.Draw(canvas)
    draw.ellipse((MARGIN, MARGIN, MARGIN + AVATAR_SIZE, MARGIN + AVATAR_SIZE), fill=AVATAR)
    paste_text(
        canvas,
        "♥",
        TextStyle(22, WHITE, bold=True),
        MARGIN + AVATAR_SIZE / 2,
        MARGIN + AVATAR_SIZE / 2,
        "centre",
    )
    y = MARGIN + LINE / 2
    paste_text(canvas, author, TextStyle(16, AUTHOR, bold=True), LEFT, y)
    for line in message.lines:
        y += LINE
        _paste_markdown(canvas, line, LEFT, y)
    y += LINE / 2 + 8
    canvas.paste(picture, (LEFT, round(y)), picture)
    y += picture.height + BUTTON_GAP
    for row in message.rows:
        x: float = LEFT
        for button in row:
            x = _paste_button(canvas, button, x, y)
        y += BUTTON_H + BUTTON_GAP
    return encode(canvas.convert("RGB"))


def hand_message(lang: str) -> Message:
    """The private hand: whose table, the trick so far, one button per card by suit (the cards
    that may not be played disabled), and the Last trick button."""
    images = help_images(lang)
    trick = cardset(seat.played for seat in images.table.seats if seat.played is not None)
    playable = images.hand.playable or 0
    suits: dict[int, list[Button]] = {}
    for card in cards_of(images.hand.cards):
        can = bool(playable >> card & 1)
        button = Button(card_name(card, lang), Style.PRIMARY if can else Style.SECONDARY, disabled=not can)
        suits.setdefault(suit_of(card), []).append(button)
    rows = [tuple(row) for row in suits.values()]
    rows.append((Button(t("button.last_trick", lang)), Button(t("button.score_sheet", lang))))
    lines = (
        t("hand.header", lang, table=TABLE_NUMBER, hand=images.table.hand_number),
        t("hand.trick_so_far", lang, cards=card_list(trick, lang)),
    )
    return Message(lines, render_hand(images.hand), tuple(rows))


def table_message(lang: str) -> Message:
    """The table message in the channel: title, the hand (its cards passed: a trick is under way),
    the table image, buttons."""
    images = help_images(lang)
    lines = (
        f"**{t('lobby.title', lang, table=TABLE_NUMBER)}**",
        t("table.hand_title_played", lang, hand=images.table.hand_number),
    )
    buttons = (
        Button(t("button.show_hand", lang), Style.PRIMARY),
        Button(t("button.score_sheet", lang)),
        Button(t("button.last_trick", lang)),
    )
    return Message(lines, render_table(images.table, images.words), (buttons,))


def screenshots(languages: Sequence[str] = LANGUAGES_SHOWN) -> dict[str, bytes]:
    shots: dict[str, bytes] = {}
    for lang in languages:
        shots[f"screenshot_hand_{lang}.png"] = draw_message(hand_message(lang))
        shots[f"screenshot_table_{lang}.png"] = draw_message(table_message(lang))
    return shots


def main(argv: Sequence[str]) -> None:
    out = Path(argv[0] if argv else "docs/images")
    out.mkdir(parents=True, exist_ok=True)
    for name, data in screenshots().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data) / 1000:.1f} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
