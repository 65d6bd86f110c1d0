"""The table image: every seat count lays out without overlap or clipping; the trick, turn and lead show."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.cards import parse_card
from bot.render import fonts, table, theme
from bot.render.models import TableImage, TableSeat
from bot.text import image_words, t
from tests.render.drawn_text import record_pasted, shows
from tests.render.pixels import count_near, decode, near, pixel

GAP = 4
ODD_NAMES = ["Alice", "王小明的朋友们", "محمد علي", "😀 Zoë 🔥🎉👨‍👩‍👧", "𝓙𝓸𝓱𝓷𝓷𝔂", "W" * 32, "\u202eevil"]


def seats(n: int, played: int = 0) -> tuple[TableSeat, ...]:
    cards = ["QS", "2H", "AS", "TD", "KH", "5C", "JD"]
    return tuple(
        TableSeat(
            ODD_NAMES[i],
            is_computer=i == 1,
            score=47 * i,
            hand_points=i,
            played=parse_card(cards[i]) if i < played else None,
            cards_left=13,
        )
        for i in range(n)
    )


def gap(a: table.Box, b: table.Box) -> int:
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


@pytest.mark.parametrize("n", range(table.MIN_SEATS, table.MAX_SEATS + 1))
def test_every_seat_count_lays_out_without_overlap_or_clipping(n: int) -> None:
    for viewer in range(n):
        lay = table.layout(n, viewer)
        boxes = lay.boxes()
        for a, b in combinations(boxes, 2):
            assert gap(a, b) >= GAP, (n, viewer, a, b)
        for x0, y0, x1, y1 in boxes:
            assert 0 <= x0 < x1 <= lay.width and 0 <= y0 < y1 <= lay.height, (n, viewer)


@pytest.mark.parametrize("n", range(table.MIN_SEATS, table.MAX_SEATS + 1))
def test_viewer_sits_at_the_bottom_and_play_goes_clockwise(n: int) -> None:
    for viewer in (0, n - 1):
        lay = table.layout(n, viewer)
        bottom = max(range(n), key=lambda i: lay.seats[i].plate[1])
        assert bottom == viewer
        after = lay.seats[(viewer + 1) % n].plate
        assert after[0] < lay.seats[viewer].plate[0]  # the next seat is to the viewer's left


@pytest.mark.parametrize("n", range(table.MIN_SEATS, table.MAX_SEATS + 1))
def test_played_cards_show_at_their_seats_and_names_stay_on_their_plates(n: int) -> None:
    img = TableImage(seats(n, played=n - 1), leader=0, to_move=n - 1, hand_number=2, trick_number=4)
    im = decode(table.render(img))
    lay = table.layout(n)
    assert im.size == (lay.width, lay.height)
    for i, boxes in enumerate(lay.seats):
        x0, _, x1, y1 = boxes.card
        bottom_middle = pixel(im, ((x0 + x1) / 2, y1 - 6))
        if i < n - 1:
            assert min(bottom_middle) > 200, (n, i, bottom_middle)  # a card face
        else:
            assert not min(bottom_middle) > 200  # still empty: felt inside a dashed frame
        _, py0, px1, py1 = boxes.plate
        beside = (px1 + 1, py0, min(px1 + 4, lay.width), py1)  # just right of the plate: no spilled name
        assert count_near(im, beside, theme.TEXT, 30) == 0, (n, i)


def test_the_seat_to_play_has_a_gold_plate_and_an_empty_dashed_place() -> None:
    img = TableImage(seats(4, played=2), leader=0, to_move=2)
    im = decode(table.render(img))
    lay = table.layout(4)
    gold = [count_near(im, s.plate, theme.GOLD, 30) for s in lay.seats]
    assert gold[2] > 200 and gold[1] < 50 and gold[3] < 50
    assert count_near(im, lay.seats[2].card, theme.GOLD, 40) > 100
    assert count_near(im, lay.seats[3].card, theme.GOLD, 40) == 0


def test_the_card_that_led_carries_a_flag_and_the_winner_a_gold_frame() -> None:
    base = TableImage(seats(4, played=4))
    lay = table.layout(4)
    plain = decode(table.render(base))
    marked = decode(table.render(TableImage(seats(4, played=4), leader=1, winner=3)))
    for i in range(4):
        before = count_near(plain, lay.seats[i].card, theme.GOLD, 40)
        after = count_near(marked, lay.seats[i].card, theme.GOLD, 40)
        assert (after > before + 40) == (i in (1, 3)), i


def test_hearts_broken_is_shown_in_the_corner() -> None:
    lay = table.layout(4)
    broken = decode(table.render(TableImage(seats(4), hearts_broken=True)))
    whole = decode(table.render(TableImage(seats(4), hearts_broken=False)))
    assert count_near(broken, lay.status_left, theme.RED_MARK, 30) > 100
    assert count_near(whole, lay.status_left, theme.RED_MARK, 30) == 0


def test_the_background_outside_the_boxes_is_felt() -> None:
    im = decode(table.render(TableImage(seats(5))))
    lay = table.layout(5)
    assert near(pixel(im, (lay.width / 2, lay.height / 2)), theme.FELT, 10)


def test_seat_counts_outside_3_to_7_are_refused() -> None:
    for n in (2, 8):
        with pytest.raises(ValueError):
            table.layout(n)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.text(max_size=40), min_size=3, max_size=7))
def test_any_names_render(names: list[str]) -> None:
    img = TableImage(
        tuple(TableSeat(name, score=999, hand_points=26, cards_left=17) for name in names), to_move=0
    )
    assert decode(table.render(img)).size == (table.WIDTH, table.height(len(names)))


def test_the_score_line_drops_the_cards_left_rather_than_overlap() -> None:
    narrow = min(g.plate_w for g in table._GEOMETRY.values())
    assert table.plate_extras(TableSeat("a", score=12, hand_points=3, cards_left=9), narrow) == (True, True)
    crowded = TableSeat("a", score=12_345, hand_points=26, cards_left=17)
    assert table.plate_extras(crowded, narrow) == (True, False)
    huge = TableSeat("a", score=10**12, hand_points=26, cards_left=17)
    assert table.plate_extras(huge, narrow) == (False, False)


def test_rendering_from_several_threads_gives_the_same_images() -> None:
    """The bot renders in worker threads; shared caches and fonts must not mix their output."""
    images = [TableImage(seats(n, played=k), to_move=k % n) for n in (3, 5, 7) for k in range(3)]
    expected = [table.render(img) for img in images]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            assert list(pool.map(table.render, images)) == expected


@pytest.mark.parametrize(
    ("hand_points", "shown"), [(-10, "−10"), (3, "+3"), (0, "0"), (-7, "−7"), (26, "+26")]
)
def test_a_plates_hand_points_carry_their_own_sign(
    hand_points: int, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Omnibus card's −10 reads "−10" (a minus sign, as the standings write it), never "+-10";
    the room beside the score is measured for the very text that is drawn."""
    drawn: list[str] = []
    measured: list[str] = []
    paste_text, text_width = fonts.paste_text, fonts.text_width

    def recording_paste(canvas: Any, text: str, *args: Any, **kwargs: Any) -> tuple[int, int, int, int]:
        drawn.append(text)
        return paste_text(canvas, text, *args, **kwargs)

    def recording_width(text: str, *args: Any, **kwargs: Any) -> int:
        measured.append(text)
        return text_width(text, *args, **kwargs)

    monkeypatch.setattr(table, "paste_text", recording_paste)
    monkeypatch.setattr(table, "text_width", recording_width)
    plates = tuple(TableSeat(f"P{i}", score=5, hand_points=hand_points if i == 0 else None) for i in range(4))
    table.draw(TableImage(plates))
    assert shown in drawn and shown in measured
    assert not any("+-" in text or "+−" in text for text in drawn + measured)


# -- the names on the plates -----------------------------------------------------------------------


def computer(locale: str, number: int) -> str:
    """A computer player's name as the bot gives it (the seat number told apart, in ``locale``)."""
    return t("seat.computer", locale, number=number)


@pytest.mark.parametrize("locale", ["en", "de", "el", "ja", "lt"])
@pytest.mark.parametrize("n", [3, 4, 7])
def test_a_computers_number_shows_on_its_plate(locale: str, n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Computers are told apart only by their number ("🤖 Computer 3 to play"): their plates show
    it, the one that led (its flag takes room) too, never two alike "Comput…"; cut at all, the cut
    comes before the number ("Comput… 3")."""
    names = ["Alice", computer(locale, 3), computer(locale, 4), *[f"P{i}" for i in range(3, n)]]
    pasted = record_pasted(monkeypatch)
    for leader in (1, 2):
        pasted.lines.clear()
        plates = tuple(TableSeat(name, is_computer=i in (1, 2)) for i, name in enumerate(names))
        table.draw(TableImage(plates, leader=leader, to_move=0), image_words(locale))
        for number, name in ((3, names[1]), (4, names[2])):
            shown = [line for line in pasted.texts() if shows(line, name)]
            assert len(shown) == 1, (name, pasted.texts())
            assert shown[0].endswith(str(number)), shown  # whole, or its end after the …


def test_a_name_too_wide_for_its_plate_is_drawn_smaller_before_it_is_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Down to the size of the plate's small figures first: "Bot Bernard" beside its robot shows
    whole; a name too wide even then is cut at its end (a person's: its start tells them apart)."""
    long = "Wilhelmina Featherstonehaugh"
    pasted = record_pasted(monkeypatch)
    plates = (
        TableSeat("Alice"),
        TableSeat("Bot Bernard", is_computer=True),
        TableSeat(long),
        TableSeat("Zoë"),
    )
    table.draw(TableImage(plates))
    size = dict(pasted.lines)
    assert size["Alice"] == size["Zoë"] == table.NAME.size
    assert table.SMALL.size <= size["Bot Bernard"] < table.NAME.size
    cut = [line for line in pasted.texts() if shows(line, long)]
    assert len(cut) == 1 and cut[0].endswith(fonts.ELLIPSIS) and size[cut[0]] == table.SMALL.size
