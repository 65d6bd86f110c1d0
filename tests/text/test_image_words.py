"""Every word in every image from the catalogues, fitting its place and drawn in the right script."""

from __future__ import annotations

from dataclasses import fields

import pytest
from PIL import features

from bot.render import fonts, score_sheet, standings, table
from bot.render.models import (
    FinalStandings,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    StandingRow,
    TableImage,
    TableSeat,
)
from bot.render.texts import ENGLISH, Words
from bot.text import LANGUAGES, PSEUDO_LOCALE, image_words
from bot.text.images import LocaleFill

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_of_the_words_comes_from_the_catalogue(lang: str) -> None:
    marked = image_words(PSEUDO_LOCALE)
    for f in fields(Words):
        if f.name != "fill":
            assert getattr(marked, f.name).startswith("⟦"), f.name
    assert image_words(lang).fill == LocaleFill(lang)


def test_english_words_match_the_renderers_defaults() -> None:
    words = image_words("en")
    for f in fields(Words):
        if f.name not in ("fill", "hands_played"):
            assert getattr(words, f.name) == getattr(ENGLISH, f.name), f.name
    assert words.fill(words.hands_played, count=1) == "1 hand"
    assert words.fill(words.hands_played, count=2) == "2 hands"


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_the_words_fit_their_places(lang: str) -> None:
    """Nothing a translation says is cut with "…" (status lines with two-digit numbers); the
    pseudo-locale, longer than English, catches a layout that only just fits English."""
    w = image_words(lang)
    lay = table.layout(4)
    left, right = lay.status_left, lay.status_right
    for label in (w.hearts_broken, w.hearts_not_broken):
        assert fonts.text_width(label, table.STATUS) <= left[2] - left[0] - 34, label
    status = "  ·  ".join((w.fill(w.hand_number, hand=12), w.fill(w.trick_number, trick=13)))
    assert fonts.text_width(status, table.STATUS) <= right[2] - right[0], status
    for label in (w.hand, w.total):
        assert fonts.text_width(label, score_sheet.LABEL) <= score_sheet.HAND_COL_W - 18, label
    assert fonts.text_width(w.place, standings.LABEL) <= standings.NAME_X - standings.PLACE_X - 4


def test_devanagari_is_shaped() -> None:
    """Hindi needs complex shaping (the vowel sign of "ि" drawn before its consonant, conjuncts):
    Pillow's Raqm layout does it; without it Hindi would be drawn wrongly."""
    assert features.check("raqm")
    assert fonts.LAYOUT_ENGINE is None  # Pillow's choice: Raqm where available


@pytest.mark.parametrize("lang", ["hi", "ja"])
def test_hindi_and_japanese_words_have_real_glyphs(lang: str) -> None:
    w = image_words(lang)
    for f in fields(Words):
        if f.name == "fill":
            continue
        for cluster in fonts.clusters(getattr(w, f.name)):
            drawn, _ = fonts._resolve(cluster, bold=True, japanese=lang == "ja")
            assert drawn != "?", (f.name, cluster)


def test_japanese_kanji_take_japanese_forms_and_match_the_kana() -> None:
    assert fonts._resolve("表", True, japanese=True)[1].name == fonts.JAPANESE
    assert fonts._resolve("ス", True, japanese=True)[1].name == fonts.JAPANESE
    assert fonts._resolve("表", True, japanese=False)[1].name != fonts.JAPANESE  # a Chinese or Korean name
    assert fonts.is_japanese("スコア表") and not fonts.is_japanese("李小龙")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_images_are_drawn_with_the_languages_words(lang: str) -> None:
    seats = tuple(TableSeat(n) for n in "ABCD")
    img = TableImage(seats, hearts_broken=True, hand_number=2, trick_number=3)
    assert table.render(img, image_words(lang)) != table.render(img)
    sheet = ScoreSheetImage(
        tuple(ScorePlayer(n) for n in "ABCD"), (ScoreRow((1, 2, 3, 20), (1, 2, 3, 20)),), 100
    )
    assert score_sheet.render(sheet, image_words(lang)) != score_sheet.render(sheet)
    final = FinalStandings((StandingRow(1, "A", 10, 120), StandingRow(2, "B", 20, 100)), hands_played=1)
    assert standings.render(final, image_words(lang)) != standings.render(final)
