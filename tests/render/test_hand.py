"""The hand image: fixed size, a card at each laid-out place, dimmed, raised and marked cards."""

from __future__ import annotations

import pytest

from bot.engine.cards import (
    CLUBS,
    FULL_DECK,
    HEARTS,
    TEN_OF_DIAMONDS,
    card_code,
    cards_of,
    display_order,
    parse_cards,
)
from bot.render import card_art, hand, theme
from bot.render.models import HandImage
from tests.render.pixels import count_near, decode, mean_luminance, near, pixel

THIRTEEN = parse_cards("2C 5C KC 3D TD JD QD 4S 9S QS AS 2H AH")
SEVENTEEN = parse_cards("2C 3C 4C 5C 6C 3D TD JD QD 4S 9S QS AS 2H 7H JH AH")
MID_Y = hand.TOP + hand.CARD_H // 2


def strip(slot: hand.CardSlot) -> tuple[int, int, int, int]:
    """The part of a card that shows, below the corner index."""
    return slot.x + 2, slot.y + hand.CARD_H // 2, slot.x + slot.visible_width - 2, slot.y + hand.CARD_H - 8


@pytest.mark.parametrize("cards", [0, parse_cards("QS"), THIRTEEN, SEVENTEEN])
def test_image_has_a_fixed_size_whatever_the_number_of_cards(cards: int) -> None:
    im = decode(hand.render(HandImage(cards=cards)))
    assert im.size == (hand.WIDTH, hand.HEIGHT)


@pytest.mark.parametrize("cards", [parse_cards("7H"), parse_cards("2C 9S AH"), THIRTEEN, SEVENTEEN])
def test_a_card_shows_at_each_laid_out_place_and_felt_around_the_row(cards: int) -> None:
    slots = hand.layout(HandImage(cards=cards))
    assert [s.card for s in slots] == display_order(cards)  # sorted by suit, then rank
    im = decode(hand.render(HandImage(cards=cards)))
    for slot in slots:
        px = pixel(im, (slot.x + slot.visible_width / 2, slot.y + hand.CARD_H - 12))
        assert min(px) > 200, (card_code(slot.card), px)  # a light card face, not the felt
    assert near(pixel(im, (slots[0].x - 4, MID_Y)), theme.FELT)
    assert near(pixel(im, (slots[-1].x + hand.CARD_W + 4, MID_Y)), theme.FELT)


def test_cards_stay_inside_the_image_and_the_index_shows_even_with_17_cards() -> None:
    slots = hand.layout(HandImage(cards=SEVENTEEN))
    assert slots[0].x >= 0 and slots[-1].x + hand.CARD_W <= hand.WIDTH
    index_right = (card_art.INDEX_X + card_art.INDEX_W) * hand.CARD_W / card_art.CARD_W
    assert min(s.visible_width for s in slots) >= index_right


def test_unplayable_cards_are_darker_than_playable_ones() -> None:
    h = HandImage(cards=THIRTEEN, playable=THIRTEEN & CLUBS)
    im = decode(hand.render(h))
    slots = hand.layout(h)
    bright = [mean_luminance(im, strip(s)) for s in slots if not s.dimmed]
    dim = [mean_luminance(im, strip(s)) for s in slots if s.dimmed]
    assert len(bright) == 3 and len(dim) == 10
    assert max(dim) < 0.75 * min(bright)


def test_nothing_is_dimmed_without_a_playable_set() -> None:
    assert not any(s.dimmed for s in hand.layout(HandImage(cards=THIRTEEN)))


def test_cards_chosen_to_pass_are_raised_with_a_gold_frame() -> None:
    chosen = parse_cards("QS AS AH")
    h = HandImage(cards=THIRTEEN, selected=chosen)
    im = decode(hand.render(h))
    slots = hand.layout(h)
    for slot in slots:
        x = slot.x + slot.visible_width / 2
        top = pixel(im, (x, hand.TOP - hand.RAISE + 8))
        covered = any(s.raised and s.x <= x < s.x + hand.CARD_W for s in slots)  # by a raised card
        if chosen >> slot.card & 1:
            assert slot.raised and min(top) > 150, card_code(slot.card)
        else:
            assert not slot.raised and (covered or near(top, theme.FELT)), card_code(slot.card)
    gold = [
        count_near(im, (s.x, s.y, s.x + s.visible_width, s.y + hand.CARD_H), theme.GOLD)
        for s in hand.layout(h)
    ]
    assert sum(1 for g in gold if g > 50) == 3


def test_received_cards_are_marked_above_their_index() -> None:
    received = parse_cards("2C 9S")
    h = HandImage(cards=THIRTEEN, received=received)
    im = decode(hand.render(h))
    for slot in hand.layout(h):
        above = (slot.x, slot.y - hand.STAR - 6, slot.x + slot.visible_width, slot.y)
        marked = count_near(im, above, theme.CYAN) > 20
        assert marked == bool(received >> slot.card & 1), card_code(slot.card)


def test_the_bonus_card_shows_its_badge_only_when_omnibus_is_on() -> None:
    def badge_pixels(bonus: int | None) -> int:
        h = HandImage(cards=THIRTEEN, bonus_card=bonus)
        slot = next(s for s in hand.layout(h) if s.card == TEN_OF_DIAMONDS)
        im = decode(hand.render(h))
        return count_near(
            im, (slot.x, slot.y, slot.x + slot.visible_width, slot.y + hand.CARD_H), theme.BONUS_MARK, 30
        )

    assert badge_pixels(None) == 0
    assert badge_pixels(TEN_OF_DIAMONDS) > 60


def test_hearts_stand_out_from_diamonds_by_their_face() -> None:
    h = HandImage(cards=THIRTEEN)
    im = decode(hand.render(h))
    for slot in hand.layout(h):
        face = pixel(im, (slot.x + 4, slot.y + hand.CARD_H // 2))
        assert near(face, theme.FACE_HEARTS, 6) == bool(HEARTS >> slot.card & 1), card_code(slot.card)


def test_four_colour_hand_uses_the_four_colour_art() -> None:
    cards = parse_cards("5C 9D")
    classic = decode(hand.render(HandImage(cards=cards)))
    four = decode(hand.render(HandImage(cards=cards, four_colour=True)))
    box = (0, 0, hand.WIDTH, hand.HEIGHT)
    assert (
        count_near(four, box, theme.GREEN_CLUBS, 20) > 300
        and count_near(classic, box, theme.GREEN_CLUBS, 20) == 0
    )
    assert count_near(four, box, theme.BLUE_DIAMONDS, 20) > 300


def test_rendering_is_deterministic_and_small() -> None:
    h = HandImage(cards=SEVENTEEN, playable=SEVENTEEN & CLUBS, selected=parse_cards("AH"))
    first = hand.render(h)
    assert first == hand.render(h)
    assert len(first) < 150_000
    # the full deck also lays out (a debugging view): every card once, left to right, inside the image,
    # each showing some of itself
    slots = hand.layout(HandImage(cards=FULL_DECK))
    assert sorted(slot.card for slot in slots) == cards_of(FULL_DECK)
    xs = [slot.x for slot in slots]
    assert xs == sorted(xs) and xs[0] >= 0 and xs[-1] + hand.CARD_W <= hand.WIDTH
    assert all(slot.visible_width > 0 for slot in slots)
