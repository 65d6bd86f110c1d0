"""Names in any script: drawn with a font that has the glyphs, cut to fit, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFont, ImageStat

from bot.render import fonts
from bot.render.fonts import TextStyle, clusters, sanitize, text_image

STYLE = TextStyle(24, (255, 255, 255), bold=True)


def test_sanitize_drops_controls_and_bidi_overrides_but_keeps_joiners() -> None:
    assert sanitize("\u202eevil\u202c\tname\n") == "evil name"
    assert sanitize("a\x00b\u200bc") == "a bc"
    family = "👨\u200d👩\u200d👧"
    assert sanitize(family) == family
    assert len(sanitize("x" * 500)) == fonts.MAX_CODEPOINTS


def test_clusters_keep_emoji_sequences_flags_and_accents_whole() -> None:
    assert clusters("👨\u200d👩\u200d👧x") == ["👨\u200d👩\u200d👧", "x"]
    assert clusters("🇩🇪🇫🇷") == ["🇩🇪", "🇫🇷"]
    assert clusters("e\u0301a") == ["e\u0301", "a"]
    assert clusters("👍🏽!") == ["👍🏽", "!"]


def test_every_script_of_a_display_name_finds_a_real_font() -> None:
    for sample in (
        "Zoë",
        "Дмитрий",
        "محمد",
        "שלום",
        "王小明",
        "さくら",
        "김민준",
        "राहुल",
        "สมชาย",
        "😀🔥",
        "𝓙𝓸𝓱𝓷",
    ):
        for cluster in clusters(sample):
            drawn, face = fonts._resolve(cluster, bold=True)
            assert drawn == cluster and face.path is not None, (sample, cluster, face)


def test_a_character_no_font_has_becomes_a_question_mark() -> None:
    drawn, _ = fonts._resolve("\U00013000", bold=True)  # an Egyptian hieroglyph: none of the fonts has it
    assert drawn == "?"


def test_long_names_are_cut_to_the_width_with_an_ellipsis() -> None:
    full = text_image("Bartholomew the Magnificent", STYLE)
    cut = text_image("Bartholomew the Magnificent", STYLE, max_width=120)
    assert full.width > 120 >= cut.width > 60


def test_text_is_drawn_not_blank() -> None:
    for sample in ("Alice", "王小明", "😀", "محمد"):
        im = text_image(sample, STYLE)
        assert ImageStat.Stat(im.getchannel("A")).extrema[0][1] == 255, sample


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.integers(min_value=1, max_value=300))
def test_any_string_renders_within_its_width(name: str, width: int) -> None:
    im = text_image(name, STYLE, max_width=width)
    ascent, descent = fonts.line_metrics(STYLE)
    assert im.height == ascent + descent
    assert im.width <= max(width, 1) + 1


def test_names_render_with_the_basic_layout_engine_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Raqm needs system libraries (fribidi) a machine may lack; Pillow then uses its basic engine."""
    monkeypatch.setattr(fonts, "LAYOUT_ENGINE", ImageFont.Layout.BASIC)
    fonts.load.cache_clear()
    text_image.cache_clear()
    try:
        for sample in ("محمد علي", "👨\u200d👩\u200d👧 Zoë", "王小明", "שלום world"):
            im = text_image(sample, STYLE, max_width=150)
            assert 1 < im.width <= 151
    finally:
        fonts.load.cache_clear()
        text_image.cache_clear()


def test_a_line_of_prose_longer_than_a_name_is_drawn_whole_in_pieces() -> None:
    prose = "Equal percentages: fewer points taken places higher, " * 3
    parts = fonts.pieces(prose)
    assert all(len(p) <= fonts.MAX_CODEPOINTS for p, _spaced in parts) and len(parts) > 1
    assert " ".join(p for p, _s in parts) == prose.strip()
    assert "".join(p for p, _s in fonts.pieces("猫" * 100)) == "猫" * 100  # no spaces: cut anywhere
    canvas = Image.new("RGB", (3000, 40))
    fonts.paste_line(canvas, prose, STYLE, 0, 20, 3000)
    inked = canvas.convert("L").point(lambda v: 255 if v > 60 else 0).getbbox()
    assert inked is not None and inked[2] > text_image(sanitize(prose), STYLE).width + 200
