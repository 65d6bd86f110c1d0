"""The replay's steps (``bot.render.replay``): a row of held cards never runs under the trick card or
the note after it, whatever the table's size (17 cards each at three seats), and four seats keep
their layout."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.engine.cards import CardSet
from bot.render import replay, theme
from bot.render.replay import ReplayFrame, ReplaySeat
from tests.render.pixels import decode

LONG_NOTE = "passed to Wilhelmina Featherstonehaugh"


def dealt(seats: int) -> list[CardSet]:
    """A whole deal at ``seats`` seats: 52 // seats cards each (a removed card or two left out)."""
    hands = [0] * seats
    for i in range(seats * (52 // seats)):
        hands[i % seats] |= 1 << i
    return hands


def frame(seats: int, *, trick: bool, note: bool) -> ReplayFrame:
    """Every seat holding a whole deal, its cards to pass raised; with a trick card each (not one
    of its held cards: only the layout matters) and a long note, or neither."""
    hands = dealt(seats)
    rows = tuple(
        ReplaySeat(
            name=f"P{i}",
            held=hands[i],
            marked=hands[i] & -hands[i],
            played=(i + 1) % seats if trick else None,
            note=LONG_NOTE if note else "",
        )
        for i in range(seats)
    )
    return ReplayFrame(
        rows, "Table 1, hand 1", "Trick 1", leader=0 if trick else None, winner=1 if trick else None
    )


def drawn(f: ReplayFrame) -> Image.Image:
    """The step as drawn, before the PNG's palette (which may differ from one image to another)."""
    return replay.draw(f)


def rightmost_drawn(im: Image.Image) -> int:
    """The rightmost pixel column right of the plates that is not bare felt, in any row."""
    felt = Image.new("RGB", im.size, theme.FELT_DARK)
    box = (
        ImageChops.difference(im, felt).crop((replay.CARDS_X, replay.HEADER_H, im.width, im.height)).getbbox()
    )
    assert box is not None
    return replay.CARDS_X + box[2] - 1


@pytest.mark.parametrize("seats", range(3, 8))
def test_held_cards_end_left_of_the_trick_column(seats: int) -> None:
    held_only = drawn(frame(seats, trick=False, note=False))
    assert rightmost_drawn(held_only) < replay.TRICK_X


@pytest.mark.parametrize("seats", range(3, 8))
@pytest.mark.parametrize("note", [False, True])
def test_the_trick_and_notes_draw_over_no_held_card(seats: int, note: bool) -> None:
    """Drawing the trick cards, the lead flag, the winner's frame and the notes changes no pixel of
    the held cards: everything they add is right of where the cards end."""
    held_only = drawn(frame(seats, trick=False, note=False))
    end = rightmost_drawn(held_only)
    for trick in (False, True) if note else (True,):
        full = drawn(frame(seats, trick=trick, note=note))
        changed = ImageChops.difference(held_only, full).crop((replay.CARDS_X, replay.HEADER_H, *full.size))
        box = changed.getbbox()
        assert box is not None
        assert replay.CARDS_X + box[0] > end


def test_seventeen_cards_fit_and_every_step_of_the_hand_is_laid_out_alike() -> None:
    dealt_frame = frame(3, trick=True, note=True)
    assert decode(replay.render(dealt_frame)).size == (replay.WIDTH, replay.height(3))
    assert replay.row_cards(dealt_frame) == 17
    after_four_tricks = ReplayFrame(tuple(ReplaySeat(f"P{i}", (1 << 13) - 1) for i in range(3)), "t", "c")
    assert replay.row_cards(after_four_tricks) == 17
    step = replay.card_step(17)
    assert replay.CARDS_X + 16 * step + replay.CARD_W <= replay.TRICK_X - 20
    assert replay.card_step(18) < step < replay.CARD_STEP


@pytest.mark.parametrize("seats", range(4, 8))
def test_four_seats_or_more_keep_the_full_step(seats: int) -> None:
    f = frame(seats, trick=True, note=True)
    assert replay.card_step(replay.row_cards(f)) == replay.CARD_STEP
    im = drawn(frame(4, trick=False, note=False))
    assert im.size == (replay.WIDTH, replay.height(4))
    # the 13th card of a four-seat row ends where it always did
    assert rightmost_drawn(im) == replay.CARDS_X + 12 * replay.CARD_STEP + replay.CARD_W - 1


def test_an_animation_lays_every_frame_out_for_its_largest_hand() -> None:
    """A frame holding more than a whole deal (only a test makes one) widens nothing: its cards
    close up, in every frame of the animation alike."""
    big = ReplayFrame(
        (ReplaySeat("P0", (1 << 20) - 1), ReplaySeat("P1", 0), ReplaySeat("P2", 0), ReplaySeat("P3", 0)),
        "t",
        "c",
    )
    small = ReplayFrame((ReplaySeat("P0", (1 << 10) - 1), *big.seats[1:]), "t", "c")
    assert replay.row_cards(big) == 20
    together = replay.draw(small, replay.row_cards(big))
    alone = replay.draw(small)
    assert rightmost_drawn(together) == replay.CARDS_X + 9 * replay.card_step(20) + replay.CARD_W - 1
    assert rightmost_drawn(alone) == replay.CARDS_X + 9 * replay.CARD_STEP + replay.CARD_W - 1
    gif = replay.render_animation([big, small])
    with Image.open(io.BytesIO(gif)) as im:
        im.seek(1)
        second = im.convert("RGB")
    assert rightmost_drawn(second) < replay.CARDS_X + 9 * replay.CARD_STEP + replay.CARD_W - 1
