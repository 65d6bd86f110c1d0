"""The committed card art: complete, the right colours, point cards easy to spot, in step with its script."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.engine.cards import (
    JACK_OF_DIAMONDS,
    NUM_CARDS,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    Suit,
    parse_card,
    suit_of,
)
from bot.render import card_art, sprites, theme
from tests.render.pixels import count_near, near, pixel

INDEX_BOX = (
    card_art.INDEX_X,
    card_art.INDEX_Y,
    card_art.INDEX_X + card_art.INDEX_W,
    card_art.INDEX_PIP_Y + 20,
)
FACE_SAMPLE = (6, card_art.CARD_H // 2)  # left margin, half-way down: plain face on every card


def committed(card: int, deck: str = "classic", bonus: bool = False) -> Image.Image:
    with Image.open(sprites.CARD_IMAGES / deck / card_art.face_filename(card, bonus)) as im:
        return im.convert("RGBA")


def test_every_face_back_and_bonus_variant_is_committed_at_full_size() -> None:
    for deck in card_art.DECKS:
        for card in range(NUM_CARDS):
            assert committed(card, deck).size == (card_art.CARD_W, card_art.CARD_H)
        for card in card_art.BONUS_CARDS:
            assert committed(card, deck, bonus=True).size == (card_art.CARD_W, card_art.CARD_H)
    with Image.open(sprites.CARD_IMAGES / card_art.BACK_FILENAME) as back:
        assert back.size == (card_art.CARD_W, card_art.CARD_H)


def test_corners_are_transparent_and_the_face_is_opaque() -> None:
    im = committed(parse_card("7C"))
    assert im.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert im.getpixel((card_art.CARD_W // 2, card_art.CARD_H // 2))[3] == 255  # type: ignore[index]


@pytest.mark.parametrize("code", ["2C", "9D", "QS", "AH", "KD", "JC"])
def test_index_is_in_the_suit_colour(code: str) -> None:
    card = parse_card(code)
    for deck, four in card_art.DECKS.items():
        colour = theme.suit_colour(suit_of(card), four)
        inked = count_near(committed(card, deck).convert("RGB"), INDEX_BOX, colour, tolerance=30)
        assert inked > 400, (code, deck, inked)


def test_four_colour_deck_has_green_clubs_and_blue_diamonds() -> None:
    assert theme.suit_colour(Suit.CLUBS, True) != theme.suit_colour(Suit.SPADES, True)
    assert theme.suit_colour(Suit.DIAMONDS, True) != theme.suit_colour(Suit.HEARTS, True)
    green = committed(parse_card("5C"), "four_colour").convert("RGB")
    assert count_near(green, INDEX_BOX, theme.GREEN_CLUBS, 30) > 400
    assert count_near(green, INDEX_BOX, theme.BLACK_SUIT, 30) == 0


def test_point_cards_have_tinted_faces_the_others_plain() -> None:
    def face(card: int, bonus: bool = False) -> tuple[int, int, int]:
        return pixel(committed(card, bonus=bonus), FACE_SAMPLE)

    assert near(face(parse_card("4H")), theme.FACE_HEARTS, 4)
    assert near(face(QUEEN_OF_SPADES), theme.FACE_QUEEN_OF_SPADES, 4)
    assert near(face(TEN_OF_DIAMONDS, bonus=True), theme.FACE_BONUS, 4)
    assert near(face(TEN_OF_DIAMONDS), theme.FACE, 4)
    assert near(face(parse_card("KS")), theme.FACE, 4)


def test_bonus_variants_carry_a_badge_under_the_index() -> None:
    for card in (TEN_OF_DIAMONDS, JACK_OF_DIAMONDS):
        badge_area = (
            0,
            card_art.INDEX_PIP_Y + 24,
            card_art.INDEX_X + card_art.INDEX_W + 8,
            card_art.INDEX_PIP_Y + 80,
        )
        plain = count_near(committed(card).convert("RGB"), badge_area, theme.BONUS_MARK, 30)
        marked = count_near(committed(card, bonus=True).convert("RGB"), badge_area, theme.BONUS_MARK, 30)
        assert plain == 0 and marked > 300


@pytest.mark.parametrize("code", ["QS", "TD", "7H", "AS", "JC", "KH"])
def test_committed_png_matches_what_the_script_draws(code: str) -> None:
    """Guards against art edited by hand or a script change without rerunning it."""
    card = parse_card(code)
    drawn = card_art.draw_face(card)
    diff = ImageChops.difference(drawn, committed(card))
    assert max(ImageStat.Stat(diff).mean) < 2.0


def test_missing_files_are_drawn_instead(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(sprites, "CARD_IMAGES", tmp_path)
    sprites.face.cache_clear()
    try:
        im = sprites.face(parse_card("3S"), 60)
    finally:
        sprites.face.cache_clear()
    assert im.size == (60, sprites.card_height(60))
    assert im.getpixel((30, 42))[3] == 255  # type: ignore[index]
