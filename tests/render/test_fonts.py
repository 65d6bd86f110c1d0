"""Names in any script: drawn with a font that has the glyphs, cut to fit, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFont, ImageStat

from bot.render import fonts
from bot.render.fonts import TextStyle, clusters, sanitize, text_image
from tests.render.pixels import ends_with_ellipsis, ink_columns

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
    left, top, right, bottom = fonts.line_box(im)  # the image is larger where ink passes the line
    assert 0 <= left < right <= im.width and 0 <= top < bottom <= im.height
    assert bottom - top == ascent + descent
    assert right - left == fonts.text_width(name, STYLE, width) <= max(width, 1) + 1


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


def test_sanitize_never_cuts_silently() -> None:
    """A string cut to ``MAX_CODEPOINTS`` ends with "…", between two characters (an emoji
    sequence is not split before it); one that needs no cut is kept whole."""
    for long in (
        "x" * 65,
        "x" * 500,
        "a" * 62 + " 👨\u200d👩\u200d👧 b",
        "\u200b" * 200 + "abc",
        "word " * 30,
    ):
        cut = sanitize(long)
        assert cut.endswith("…") and len(cut) <= fonts.MAX_CODEPOINTS, long
        assert "\u200d…" not in cut and not cut[:-1].endswith(" ")
    assert sanitize("x" * fonts.MAX_CODEPOINTS) == "x" * fonts.MAX_CODEPOINTS
    im = text_image("Bartholomew " * 10, STYLE)
    canvas = Image.new("RGB", im.size)
    canvas.paste(im, (0, 0), im)
    assert ends_with_ellipsis(canvas, (0, 0, *im.size), (0, 0, 0), STYLE.size)  # drawn with it


def test_a_left_to_right_sentence_keeps_a_hebrew_names_arrow_on_the_left() -> None:
    """The replay's note "→ {name}": a sentence of the bot's, drawn left to right whatever the name's
    script, so its arrow is first; the same pixels as the arrow alone."""
    ltr = TextStyle(19, (255, 255, 255), bold=True, direction="ltr")
    arrow = text_image("→", ltr).getchannel("A")
    right = arrow.getbbox()
    assert right is not None
    for name in ("דוד בן גוריון", "محمد عبد الرحمن", "דוד 😀 כהן"):  # the last in two fonts
        line = text_image(f"→ {name}", ltr).getchannel("A")
        assert line.width > 3 * right[2]
        head = (0, 0, right[2], line.height)
        assert line.crop(head).tobytes() == arrow.crop(head).tobytes(), name


def test_the_direction_given_to_paste_text_reaches_the_drawing() -> None:
    rtl_name = "→ שלום"
    drawn = {}
    for direction in ("auto", "ltr"):
        canvas = Image.new("RGBA", (200, 40))
        fonts.paste_text(canvas, rtl_name, STYLE, 0, 20, direction=direction)
        drawn[direction] = canvas.tobytes()
    assert drawn["ltr"] != drawn["auto"]
    expected = Image.new("RGBA", (200, 40))
    im = text_image(rtl_name, TextStyle(STYLE.size, STYLE.colour, STYLE.bold, "ltr"))
    expected.paste(im, (0, round(20 - im.height / 2)), im)
    assert drawn["ltr"] == expected.tobytes()


def test_a_line_of_prose_cut_between_two_pieces_still_ends_with_an_ellipsis() -> None:
    """When the width ends just after a piece, with no room for any of the next one, that piece
    carries the "…" (it is cut to make room if need be): the line never just stops."""
    prose = "Equal percentages: fewer points taken places higher, " * 3
    first = fonts.pieces(prose)[0][0]
    width = text_image(first, STYLE).width
    background = (0, 0, 0)
    for extra in (2, 8, 16):
        canvas = Image.new("RGB", (width + 60, 40), background)
        fonts.paste_line(canvas, prose, STYLE, 0, 20, width + extra)
        assert ends_with_ellipsis(canvas, (0, 0, canvas.width, 40), background, STYLE.size), extra
        inked = ink_columns(canvas, (0, 0, canvas.width, 40), background)
        assert inked[-1][2] <= width + extra


# -- fitting a name to its room ---------------------------------------------------------------------


def test_a_name_is_drawn_whole_at_the_largest_size_that_holds_it() -> None:
    width = fonts.text_width("Computer 3", STYLE)
    assert fonts.fit_name("Computer 3", STYLE, width, 18) == ("Computer 3", STYLE)
    text, style = fonts.fit_name("Computer 3", STYLE, width - 10, 18)
    assert text == "Computer 3" and 18 <= style.size < STYLE.size
    assert (
        fonts.text_width(text, style)
        <= width - 10
        < fonts.text_width(text, TextStyle(style.size + 1, STYLE.colour, True))
    )


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("Computer 3", " 3"),
        ("Computer 12", " 12"),
        ("コンピューター3", "3"),
        ("⟦Çóɱƥúţéŕ 4⟧", " 4⟧"),
        ("R2D2 unit 7", " 7"),
    ],
)
@pytest.mark.parametrize("room", [50, 60, 80])
def test_a_computers_name_too_wide_at_the_smallest_size_is_cut_before_its_number(
    name: str, kept: str, room: int
) -> None:
    text, style = fonts.fit_name(name, STYLE, room, 20, keep_number=True)
    assert (
        style.size == 20 and text.endswith(fonts.ELLIPSIS + kept) and name.startswith(text[: -len(kept) - 1])
    )
    assert fonts.fits(text, style, room)
    person, _ = fonts.fit_name(name, STYLE, room, 20)
    assert person == name  # a person's name: cut at its end, by text_image
    assert not fonts.fits(name, style, room)


def test_a_name_without_a_number_or_too_narrow_a_room_is_cut_at_its_end() -> None:
    assert fonts.fit_name("Bot Bernard", STYLE, 50, 20, keep_number=True)[0] == "Bot Bernard"
    assert fonts.fit_name("Computer 3", STYLE, 12, 20, keep_number=True)[0] == "Computer 3"
