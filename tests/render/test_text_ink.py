"""Text is never clipped: every pixel of ink Pillow draws for a glyph reaches the image, even the
marks that rise above the font's ascent (Vietnamese capitals with two accents, Thai tone marks) or
hang below its descent, and the overhang of a "J" or an "f" past the glyph's advance."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.render import fonts
from bot.render.fonts import TextStyle

SAMPLES = {
    "vietnamese capitals": "ẤẦẨẪẬ ẾỀỂỄ ỐỒỔỖỘ Ở Ữ",  # a tone mark above a circumflex or a horn
    "vietnamese below": "Ợ ụ ặ ệ ỵ Ỵ",  # a dot below, with marks above too
    "thai": "ผู้เล่นปั้นญฐฎ",  # a tone mark above a vowel sign, vowels below, letters with tails
    "descenders": "Jeff gjpqy staff",  # and a J and an f that reach past their advance
}
SIZES = (15, 19, 24, 30)
WHITE = (255, 255, 255)
X, Y_MIDDLE = 60, 100
"""Where the line is pasted on a canvas large enough for any of the samples' ink."""


def ink(im: Image.Image) -> tuple[int, int, int, int]:
    box = im.getbbox()
    assert box is not None
    return box


def by_paste_text(text: str, style: TextStyle) -> Image.Image:
    canvas = Image.new("L", (700, 200), 0)
    line_box = fonts.paste_text(canvas, text, style, X, Y_MIDDLE)
    ascent, descent = fonts.line_metrics(style)
    advance = round(fonts.primary_font(style.size, style.bold).getlength(text)) + 1
    top = round(Y_MIDDLE - (ascent + descent) / 2)
    # The box layouts go by stays the font's line, as wide as the advance, whatever the ink does.
    assert line_box == (X, top, X + advance, top + ascent + descent)
    assert fonts.text_width(text, style) == advance
    return canvas


def by_pillow(text: str, style: TextStyle) -> Image.Image:
    """``text`` as ``ImageDraw.text`` draws it in one go, on the baseline ``paste_text`` uses."""
    font = fonts.primary_font(style.size, style.bold)
    ascent, descent = fonts.line_metrics(style)
    canvas = Image.new("L", (700, 200), 0)
    baseline = round(Y_MIDDLE - (ascent + descent) / 2) + ascent
    ImageDraw.Draw(canvas).text((X, baseline), text, fill=255, font=font, anchor="ls")
    return canvas


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("sample", SAMPLES)
def test_paste_text_draws_all_the_ink_pillow_draws(sample: str, size: int, bold: bool) -> None:
    text = SAMPLES[sample]
    style = TextStyle(size, WHITE, bold=bold)
    assert {face for _, face in (fonts._resolve(c, bold) for c in fonts.clusters(text))} == {
        fonts.font_stack(bold)[0]
    }  # one font: the reference below draws the same glyphs
    drawn, expected = by_paste_text(text, style), by_pillow(text, style)
    assert ink(drawn) == ink(expected), (sample, size, bold)
    assert drawn.tobytes() == expected.tobytes()


def test_the_samples_do_reach_outside_the_fonts_line() -> None:
    """The test above would prove nothing if no sample's ink passed the line box: the top and both
    sides are passed (Pillow's own measure of the glyphs, ``getbbox``); the tails below the
    baseline reach into the font's descent."""
    style = TextStyle(24, WHITE, bold=True)
    ascent, descent = fonts.line_metrics(style)
    font = fonts.primary_font(style.size, style.bold)
    viet = font.getbbox(SAMPLES["vietnamese capitals"], anchor="ls")
    assert -viet[1] > ascent
    tails = font.getbbox(SAMPLES["descenders"], anchor="ls")
    assert tails[0] < 0 and tails[2] > round(font.getlength(SAMPLES["descenders"])) + 1
    assert all(font.getbbox(SAMPLES[s], anchor="ls")[3] > descent / 2 for s in SAMPLES)


def test_ordinary_text_keeps_its_line_box_image() -> None:
    """Latin text whose ink stays inside the line is drawn as before: an image exactly as wide as
    its advance (plus one pixel) and as high as the font's line."""
    for bold in (False, True):
        for size in SIZES:
            style = TextStyle(size, WHITE, bold=bold)
            ascent, descent = fonts.line_metrics(style)
            length = fonts.primary_font(size, bold).getlength("Hello World 123")
            im = fonts.text_image("Hello World 123", style)
            assert im.size == (round(length) + 1, ascent + descent)
