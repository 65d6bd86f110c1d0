"""Every character a catalogue can put in an image has a glyph in the font stack, in every script
of issue 32's languages, so no image shows "?" or an empty box for a word of a catalogue; and the
words fit where Discord and the images put them (a button label's 80 characters, an image line).

The catalogues are checked as they are; the scripts of the languages still being translated are
checked on CLDR's own text in each language (Babel's names of languages, countries, months and
days: Cyrillic, Greek, Thai, Hangul, simplified and traditional Han, Vietnamese with its stacked
diacritics, written composed and decomposed), so a font gap shows before a translation lands.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import pytest
from babel import Locale

from bot.render import fonts
from bot.text import CATALOGUES, LANGUAGES, PSEUDO_LOCALE, t
from bot.text.catalogue import babel_locale
from bot.text.po.check import shape
from tests.text.discord_locales import ALL_LANGUAGES

STYLE = fonts.TextStyle(20, (255, 255, 255))
BUTTON_LABEL_MAX = 80
"""Discord's limit on a button's label."""


def missing_glyphs(texts: Iterable[str]) -> dict[str, list[str]]:
    """The clusters of ``texts`` no font of the stack draws (regular or bold), with a text each is in."""
    seen: dict[str, str] = {}
    for text in texts:
        for cluster in fonts.clusters(" ".join(text.split())):  # a line break is no glyph
            seen.setdefault(cluster, text)
    missing: dict[str, list[str]] = {}
    for cluster, text in seen.items():
        japanese = fonts.is_japanese(text)
        for bold in (False, True):
            drawn, face = fonts._resolve(cluster, bold, japanese)
            if (drawn == "?" != cluster) or face.path is None:
                missing.setdefault(cluster, []).append(text[:40])
    return missing


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_every_character_of_every_catalogue_string_has_a_glyph_and_is_drawn(lang: str) -> None:
    texts = [text for text in CATALOGUES[lang].values() if not text.isascii()]
    assert not missing_glyphs(texts), f"{lang}: no font draws {missing_glyphs(texts)}"
    # Each distinct character drawn once, a line at a time (one image a template would take minutes)
    distinct = sorted({c for text in texts for c in fonts.clusters(" ".join(text.split()))})
    for start in range(0, len(distinct), 24):
        line = "".join(distinct[start : start + 24])
        assert fonts.text_image(line, STYLE).getbbox() is not None, line  # something was drawn


def cldr_sample(lang: str) -> list[str]:
    """Text written in ``lang`` by CLDR: a sample of its script with every letter it commonly uses."""
    locale = Locale.parse(babel_locale(lang))
    texts = [*locale.languages.values(), *locale.territories.values()]
    texts += [*locale.months["format"]["wide"].values(), *locale.days["format"]["wide"].values()]
    return texts


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_every_script_of_the_bots_languages_has_glyphs(lang: str) -> None:
    sample = cldr_sample(lang)
    assert len("".join(sample)) > 1000
    decomposed = [unicodedata.normalize("NFD", text) for text in sample]
    assert not missing_glyphs([*sample, *decomposed]), lang


@pytest.mark.parametrize(
    "text",
    [
        "Người chơi đã ăn con đầm bích Q♠: ặ ẫ ể ỗ ữ ỹ",  # Vietnamese: a tone mark on a vowel mark
        "ผู้เล่นได้รับแต้มจากไพ่โพแดงทุกใบ",  # Thai: vowels and tone marks above and below
        "하트 퀸이 나왔습니다",  # Hangul
        "紅心皇后：這一墩由你贏得",  # traditional Han
        "红心皇后：这一墩由你赢得",  # simplified Han
        "Ο παίκτης πήρε τη ντάμα σπαθί",  # Greek with tonos
        "Игрок взял даму пик; Гравець узяв їх; Играчът",  # Russian, Ukrainian, Bulgarian
        "Spieler·Stichübersicht ÄÖÜß · Pelaaja · Játékos ő ű · Žaidėjas ąčęėįšųūž · Hráč ř ů",
    ],
)
def test_sample_sentences_of_each_script_are_drawn_with_real_glyphs(text: str) -> None:
    assert not missing_glyphs([text, unicodedata.normalize("NFD", text)])


def test_the_check_finds_a_character_without_a_glyph() -> None:
    assert missing_glyphs(["Ok 𓀀"]) == {"𓀀": ["Ok 𓀀", "Ok 𓀀"]}  # an Egyptian hieroglyph


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO_LOCALE])
def test_every_button_label_fits_discords_80_characters(lang: str) -> None:
    """Filled with long values (a ten of a card, a five-digit number), in every language."""
    for key in CATALOGUES[lang]:
        if key.startswith("button."):
            fields = shape(CATALOGUES[lang][key]).fields
            label = t(key, lang, **{name: "10♥" if name == "card" else 99999 for name in fields})
            assert 1 <= len(label) <= BUTTON_LABEL_MAX, (lang, key, label)


@pytest.mark.parametrize(
    "text",
    [
        "Durchmarschwahrscheinlichkeitsberechnung",  # German
        "Pistelaskentasääntöjenyhteenveto",  # Finnish
        "Játékszabálygyűjteményösszefoglaló",  # Hungarian
        "ผู้เล่นได้รับแต้มจากไพ่โพแดงทุกใบในกองนี้",  # Thai: no spaces, marks above and below
        "紅心皇后這一墩由你贏得紅心皇后這一墩由你贏得",  # Chinese: no spaces
        unicodedata.normalize("NFD", "Người chơi đã ăn con đầm bích"),  # Vietnamese, decomposed
    ],
)
def test_a_long_word_or_a_line_without_spaces_is_cut_cleanly_to_its_box(text: str) -> None:
    """An image line is cut between two characters, never inside one (a Thai or Vietnamese mark
    stays on its letter), and ends in "…" within the box's width."""
    assert all(not unicodedata.combining(cluster[0]) for cluster in fonts.clusters(text))
    full = fonts.text_image(text, STYLE)
    cut = fonts.text_image(text, STYLE, max_width=full.width // 2)
    assert full.width // 4 < cut.width <= full.width // 2 + 1  # (a line image has one pixel of margin)
