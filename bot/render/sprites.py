"""Card images ready to paste: loaded from ``card_images/`` once per process, scaled and cached.

Each renderer asks for cards at its own width; the scaled image (and its dimmed variant) is made
once and reused, so rendering is only pasting. Missing files are drawn with ``card_art`` instead,
so an install without the PNGs still works (slower at the first use of each card).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from bot.engine.cards import Card
from bot.render import card_art, theme

CARD_IMAGES = Path(__file__).resolve().parents[2] / "card_images"
DIM_TOWARDS = theme.FELT_DARK
DIM_AMOUNT = 0.55
"""Cards that may not be played are blended this far towards the dark felt: clearly darker."""

_LOCK = threading.Lock()


def card_height(width: int) -> int:
    """Height of a card drawn ``width`` pixels wide (the art's 5:7 ratio)."""
    return round(width * card_art.CARD_H / card_art.CARD_W)


def _load(path: Path, draw: Callable[[], Image.Image]) -> Image.Image:
    """The committed PNG at ``path``, or the same art drawn now if the file is missing."""
    if path.is_file():
        with Image.open(path) as im:
            return im.convert("RGBA")
    return draw()


def _scaled(im: Image.Image, width: int) -> Image.Image:
    if width == im.width:
        return im
    return im.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _dimmed(im: Image.Image) -> Image.Image:
    overlay = Image.new("RGBA", im.size, (*DIM_TOWARDS, 255))
    out = Image.blend(im, overlay, DIM_AMOUNT)
    out.putalpha(im.getchannel("A"))
    return out


@lru_cache(maxsize=1024)
def face(
    card: Card, width: int, four_colour: bool = False, bonus: bool = False, dimmed: bool = False
) -> Image.Image:
    """The face of ``card``, ``width`` px wide, RGBA (shared: treat as read-only)."""
    if dimmed:
        return _dimmed(face(card, width, four_colour, bonus))
    deck = "four_colour" if four_colour else "classic"
    bonus = bonus and card in card_art.BONUS_CARDS
    path = CARD_IMAGES / deck / card_art.face_filename(card, bonus)
    with _LOCK:
        im = _load(path, lambda: card_art.draw_face(card, four_colour, bonus))
    return _scaled(im, width)


@lru_cache(maxsize=16)
def back(width: int) -> Image.Image:
    """The card back, ``width`` px wide."""
    with _LOCK:
        im = _load(CARD_IMAGES / card_art.BACK_FILENAME, card_art.draw_back)
    return _scaled(im, width)


@lru_cache(maxsize=64)
def outline(
    width: int, height: int, colour: theme.RGB, thickness: int = 4, dashed: bool = False
) -> Image.Image:
    """An anti-aliased rounded frame the size of a card: marks selected, received or empty places.

    ``dashed`` cuts the frame with diagonal gaps: an empty place waiting for a card.
    """
    s = 4
    radius = round(card_art.RADIUS * width / card_art.CARD_W) * s
    im = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    t = thickness * s
    box = (t // 2, t // 2, width * s - 1 - t // 2, height * s - 1 - t // 2)
    ImageDraw.Draw(im).rounded_rectangle(box, radius=radius, outline=(*colour, 255), width=t)
    if dashed:
        gaps = Image.new("L", im.size, 255)
        draw = ImageDraw.Draw(gaps)
        dash = 12 * s
        for k in range(-im.height, im.width, dash * 2):
            draw.polygon(
                [(k, 0), (k + dash, 0), (k + dash + im.height, im.height), (k + im.height, im.height)], fill=0
            )
        im.putalpha(ImageChops.multiply(im.getchannel("A"), gaps))
    return im.resize((width, height), Image.Resampling.LANCZOS)
