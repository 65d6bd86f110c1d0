"""PNG encoding (``bot.render.png``): the palette image stays as close to the drawing as the
quantizer allows, for the images the bot sends most (the table, a hand with red and black cards)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.engine.cards import FULL_DECK
from bot.render import hand, png, table
from bot.render.models import HandImage, TableImage, TableSeat
from bot.render.texts import ENGLISH


def off_pixels(drawn: Image.Image, threshold: int) -> int:
    """How many pixels of the PNG differ from ``drawn`` by ``threshold`` or more (in luminance)."""
    with Image.open(io.BytesIO(png.encode(drawn))) as im:
        sent = im.convert("RGB")
    return sum(ImageChops.difference(drawn, sent).convert("L").histogram()[threshold:])


def test_the_palette_image_keeps_the_drawings_colours() -> None:
    seats = tuple(TableSeat(name, played=c) for name, c in zip("ABCD", (0, 13, 26, 49), strict=True))
    for drawn in (table.draw(TableImage(seats=seats), ENGLISH), hand.draw(HandImage(cards=FULL_DECK))):
        pixels = drawn.width * drawn.height
        assert off_pixels(drawn, 10) < pixels / 2000, drawn.size  # a few anti-aliased edge pixels
        assert off_pixels(drawn, 24) == 0, drawn.size


def test_the_same_drawing_gives_the_same_bytes() -> None:
    drawn = hand.draw(HandImage(cards=FULL_DECK))
    assert png.encode(drawn) == png.encode(drawn.copy())
