"""The replay's steps (``bot.render.replay``): a row of held cards never runs under the trick card or
the note after it, whatever the table's size (17 cards each at three seats), and four seats keep
their layout; the title and caption, sentences longer than a name, show to their end or end with …;
a note with a right-to-left name in it still reads left to right; every frame of the animation shows
its step's colours (the gold marks gold)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence

from bot.engine.cards import CardSet
from bot.render import fonts, replay, theme
from bot.render.replay import ReplayFrame, ReplaySeat
from bot.text import t
from tests.render.drawn_text import record_pasted, shows
from tests.render.pixels import Box, count_near, decode, ends_with_ellipsis, ink_columns

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


# -- the title, the caption and the notes: sentences of the bot's with names in them ---------------

LONG_CAPTION = "Stich 12: Alexander Schmidt spielte aus, Maximilian Müller nahm 13 Punkte"
LONG_TITLE = "Tisch #123456 · Runde 1 · Stich 12 von 13 · Maximilian Müller spielte aus"
HEADER_LINES = {"title": (replay.TITLE, 22), "caption": (replay.CAPTION, 54)}


def header_frame(line: str, text: str) -> ReplayFrame:
    """Four seats, no trick, with ``text`` as its title or its caption (the other line empty)."""
    f = frame(4, trick=False, note=False)
    return ReplayFrame(f.seats, text if line == "title" else "", text if line == "caption" else "")


def line_box(line: str) -> Box:
    style, middle = HEADER_LINES[line]
    ascent, descent = fonts.line_metrics(style)
    return 0, round(middle - (ascent + descent) / 2), replay.WIDTH, round(middle + (ascent + descent) / 2)


@pytest.mark.parametrize(("line", "text"), [("title", LONG_TITLE), ("caption", LONG_CAPTION)])
def test_a_title_or_caption_longer_than_a_name_is_drawn_to_its_end(line: str, text: str) -> None:
    """More characters than a name may have (the trick caption with two long names, the "as dealt"
    caption in German): drawn whole when they fit the width, not cut after 64 characters."""
    style, _ = HEADER_LINES[line]
    assert len(text) > fonts.MAX_CODEPOINTS
    cut = fonts.MAX_CODEPOINTS
    im = drawn(header_frame(line, text))
    blobs = ink_columns(im, line_box(line), theme.FELT_DARK)
    assert not ends_with_ellipsis(im, line_box(line), theme.FELT_DARK, style.size)
    rest = fonts.text_width(text[cut:], style)
    assert blobs[-1][2] > replay.MARGIN + fonts.text_width(text[:cut], style) + 0.8 * rest
    assert blobs[-1][2] <= replay.WIDTH - replay.MARGIN


@pytest.mark.parametrize("line", ["title", "caption"])
def test_a_title_or_caption_too_long_for_the_width_ends_with_an_ellipsis(line: str) -> None:
    style, _ = HEADER_LINES[line]
    text = f"Stich 12: {'Wolfgang Amadeus Mozartbewunderer ' * 3}spielte aus und nahm 13 Punkte"
    im = drawn(header_frame(line, text))
    box = line_box(line)
    assert ends_with_ellipsis(im, box, theme.FELT_DARK, style.size)
    end = ink_columns(im, box, theme.FELT_DARK)[-1][2]
    assert replay.WIDTH - replay.MARGIN - 40 < end <= replay.WIDTH - replay.MARGIN  # cut at the width


@pytest.mark.parametrize("name", ["דוד בן גוריון", "محمد عبد الرحمن الكبير", "דוד 😀 כהן", "Zoë"])
def test_a_pass_note_keeps_its_arrow_left_of_the_name_in_any_script(name: str) -> None:
    """ "→ {name}" is the bot's sentence: its arrow comes first even when the name reads right to
    left (the same pixels as a note of the arrow alone), and the name follows it."""
    base = frame(4, trick=False, note=False)

    def with_note(note: str) -> Image.Image:
        seats = (ReplaySeat(base.seats[0].name, base.seats[0].held, note=note), *base.seats[1:])
        return drawn(ReplayFrame(seats, base.title, base.caption))

    row = (replay.TRICK_X, replay.HEADER_H, replay.WIDTH, replay.HEADER_H + replay.ROW_H)
    arrow_only = ink_columns(with_note("→"), row, theme.FELT_DARK)
    assert len(arrow_only) == 1
    arrow = (row[0], row[1], arrow_only[0][2], row[3])
    full = with_note(f"→ {name}")
    assert full.crop(arrow).tobytes() == with_note("→").crop(arrow).tobytes()
    assert ink_columns(full, row, theme.FELT_DARK)[-1][2] > arrow[2] + 30


# -- the animation: every frame in its step's colours ----------------------------------------------


def gif_frames(gif: bytes) -> list[Image.Image]:
    """Each frame of an animated GIF as it shows (the changed pixels over the frame before)."""
    with Image.open(io.BytesIO(gif)) as im:
        assert im.format == "GIF"
        return [step.convert("RGB") for step in ImageSequence.Iterator(im)]


def pixels_off(a: Image.Image, b: Image.Image, tolerance: int) -> int:
    """How many pixels of ``b`` differ from ``a`` by more than ``tolerance`` in some channel."""
    red, green, blue = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(worst.histogram()[tolerance + 1 :])


@pytest.mark.parametrize("seats", [3, 4, 7])
def test_every_frame_of_the_animation_has_its_steps_colours(seats: int) -> None:
    """The GIF's frames are its steps as drawn, within a palette's rounding: the trick winner's
    gold frame and plate border and the lead flag are gold, though the first step (as dealt, the
    passes marked red) has no gold (one palette taken from that frame drew them pink)."""
    steps = [frame(seats, trick=False, note=True), frame(seats, trick=True, note=False)]
    steps.append(ReplayFrame(steps[1].seats, "t", "c", leader=seats - 1, winner=0))
    gif = replay.render_animation(steps)
    cards = max(replay.row_cards(step) for step in steps)
    shown = gif_frames(gif)
    assert len(shown) == len(steps)
    for step, im in zip(steps, shown, strict=True):
        assert pixels_off(replay.draw(step, cards), im, 40) == 0
    for step, im in zip(steps[1:], shown[1:], strict=True):  # the marks: gold as drawn
        for seat in (step.winner, step.leader):
            assert seat is not None
            top = replay.HEADER_H + seat * replay.ROW_H
            row = (0, top, replay.WIDTH, top + replay.ROW_H)
            gold = count_near(replay.draw(step, cards), row, theme.GOLD, 24)
            assert gold > 50  # the lead flag alone: 84 px
            assert count_near(im, row, theme.GOLD, 24) >= 0.95 * gold, (seat, gold)
    assert replay.render_animation(steps) == gif  # the same steps, the same bytes


# -- the plates: computers told apart -------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "el", "lt", "ja"])
def test_a_computers_number_shows_on_its_plate(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Computers are told apart only by their number: a name too wide for the plate beside its
    robot is cut before it ("Kompiute… 3"), never to two alike "Kompiut…"."""
    base = frame(4, trick=True, note=False)
    names = ["P0", *(t("seat.computer", locale, number=k) for k in (2, 3, 4))]
    pasted = record_pasted(monkeypatch)
    seats = tuple(
        ReplaySeat(name, s.held, is_computer=k > 0)
        for k, (name, s) in enumerate(zip(names, base.seats, strict=True))
    )
    drawn(ReplayFrame(seats, base.title, base.caption))
    for number, name in enumerate(names[1:], start=2):
        shown = [line for line in pasted.texts() if shows(line, name)]
        assert len(shown) == 1 and shown[0].endswith(str(number)), (name, shown)
