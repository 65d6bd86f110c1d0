"""No image the bot draws holds a word that bypassed the catalogues: every string drawn, recorded
where ``bot.render.fonts`` turns text into pixels, while each kind of image is built in the
pseudo-locale through the functions the bot builds it with, is a marked catalogue word, a person's
name, or digits, signs and symbols (a field filled into a marked template is checked too: its
letters would not be the pseudo-locale's accented ones). Nothing draws text any other way, and the
card faces carry nothing but their ranks."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import random
import sys
from collections.abc import Awaitable, Callable
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PIL import ImageFont

import bot
from bot.daily import DailyResult
from bot.daily.days import closes_at
from bot.daily.results import day_board
from bot.engine.cards import QUEEN_OF_SPADES, Rank, Suit, make_card
from bot.engine.game import EndReason, Game, GameResult, Occupant, Standing
from bot.engine.hand import Hand, Phase
from bot.engine.randomplay import random_move
from bot.engine.rules import OMNIBUS_BONUS, PassRotation, RuleSet
from bot.engine.scoring import HandOutcome
from bot.events import Entrant, Event, EventOptions, EventStatus
from bot.events import Standing as EventStanding
from bot.render import card_art, fonts
from bot.render.event_standings import render as render_event_standings
from bot.render.leaderboard import render as render_leaderboard
from bot.render.profile import render as render_profile
from bot.render.replay import render as render_replay_step
from bot.review.history import record_of
from bot.review.profile import HandFigures, Profile
from bot.seasons import SeasonSummary
from bot.storage.daily import DayResult
from bot.storage.leaderboard import Board, BoardRow, Order, PlayerStats
from bot.storage.reviews import Accuracy
from bot.storage.seasons import Season
from bot.tables import TableOptions, TableStatus
from bot.tables.snapshot import private_hand, score_sheet, table_snapshot
from bot.tables.table import Table
from bot.text import PSEUDO_LOCALE, pseudo, t
from bot.text.events import entrant_tags, standings_image
from bot.text.help import help_images
from bot.text.moments import image_moment
from bot.text.pseudo import OPEN, accent
from bot.text.review import profile_image, replay_frames
from bot.text.seasons import board_image, summary_image
from cogs.daily._presenter import board_file, result_file
from cogs.hearts import _images as images
from cogs.review._cog import _animation

L = PSEUDO_LOCALE
NAMES = {"111": "Alice", "222": "Bob", "444": "Chloé", "555": "李小龙"}
EVENT_NAME = "Autumn Cup"  # named by whoever made the event: not the bot's word
DAY = dt.date(2026, 11, 18)
# The open day's closing instant is written by CLDR's patterns and names in the image's language
# (``bot.text.moments``), as the language menu's names are: not a word a catalogue gives.
ALLOWED = (*NAMES.values(), EVENT_NAME, image_moment(closes_at(DAY), L))
ROOT = Path(bot.__file__).resolve().parents[1]
VENV = ROOT / ".venv"


# -- recording what is drawn -------------------------------------------------------------------


@dataclasses.dataclass
class Drawn:
    texts: list[str] = dataclasses.field(default_factory=list)
    """Every string handed to ``fonts.text_image`` to be drawn (not those only measured)."""
    rasterised_by: set[str] = dataclasses.field(default_factory=set)
    """The project functions that had FreeType rasterise text (to catch text drawn around fonts)."""


DRAWS_TEXT = {
    fonts.text_image.__wrapped__.__code__: "fonts.text_image",
    card_art._label.__code__: "card_art._label",
}


def _project_caller() -> str:
    frame = sys._getframe(2)
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if path.is_relative_to(ROOT) and not path.is_relative_to(VENV) and path != Path(__file__):
            return DRAWS_TEXT.get(frame.f_code, f"{path.relative_to(ROOT)}:{frame.f_code.co_name}")
        frame = frame.f_back  # type: ignore[assignment]
    return "outside the project"


def _line_of(frame: FrameType | None) -> str | None:
    """The whole line when ``frame`` draws a piece of one for ``fonts.paste_line``."""
    while frame is not None:
        if frame.f_code is fonts.paste_line.__code__:
            line = frame.f_locals["text"]
            assert isinstance(line, str)
            return line
        frame = frame.f_back
    return None


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    record = Drawn()
    text_image = fonts.text_image
    measuring = fonts.text_width.__code__

    def recording_text_image(text: str, style: fonts.TextStyle, max_width: int | None = None) -> Any:
        caller = sys._getframe(1)
        if caller.f_code is not measuring:
            line = _line_of(caller)  # a piece of a line of prose: the whole line is checked
            record.texts.append(text if line is None else line)
        return text_image(text, style, max_width)

    getmask2 = ImageFont.FreeTypeFont.getmask2

    def recording_getmask2(self: ImageFont.FreeTypeFont, *args: Any, **kwargs: Any) -> Any:
        record.rasterised_by.add(_project_caller())
        return getmask2(self, *args, **kwargs)

    monkeypatch.setattr(fonts, "text_image", recording_text_image)
    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", recording_getmask2)
    return record


def unmarked(text: str) -> list[str]:
    """The words no catalogue gave (``bot.text.pseudo.unmarked`` with ``values``: a field's value
    inside a marked sentence counts), once the people's and the event's names are taken out."""
    return pseudo.unmarked(text, ALLOWED)


def leaks(texts: list[str]) -> dict[str, list[str]]:
    """Each drawn text with words no catalogue gave."""
    found = {text: unmarked(text) for text in texts}
    return {text: words for text, words in found.items() if words}


# -- the games, boards and records the images show ---------------------------------------------


def _play(game: Game, rng: random.Random, until: Callable[[Game], bool]) -> None:
    while not game.over and not until(game):
        game.apply(random_move(game.hand, game.hand.waiting_for()[0], rng))


def _table(hands: int) -> Table:
    """Alice, Bob, a person whose name is not known, and a computer, at the start of a game."""
    rules = RuleSet(target_score=None, fixed_hands=hands)
    seats = [Occupant.person("111"), Occupant.person("222"), Occupant.person("333"), Occupant.computer()]
    table = Table(1, "9", "8", "111", TableOptions(rules=rules), seed=7, created_at=0.0, lobby=list(seats))
    table.game = Game(rules, 7, list(seats))
    table.status = TableStatus.PLAYING
    return table


def _started(hands: int) -> tuple[Table, Game]:
    table = _table(hands)
    assert table.game is not None
    return table, table.game


async def table_images() -> list[bytes]:
    """The table picture as the game goes: passing, mid-trick, between hands, after a quit, over."""
    pool = images.RenderPool()
    table, game = _started(hands=3)
    rng = random.Random(1)
    moments = [
        lambda g: True,
        lambda g: g.hand.phase is Phase.PLAYING and len(g.hand.trick) == 2,
        lambda g: g.hand.hearts_broken and len(g.hand.trick) == 3,
        lambda g: g.hand_number == 2 and not g.hand.tricks,
        lambda g: g.hand_number == 3 and len(g.hand.tricks) == 5,
    ]
    out = []
    for viewer, moment in enumerate(moments):
        _play(game, rng, moment)
        if game.hand_number == 3 and "222" in (s.player_id for s in game.seats):
            game.quit(1)
        out.append(await pool.table(images.table_image(table_snapshot(table), NAMES, viewer % 4, L), L))
    _play(game, rng, lambda g: False)
    table.status = TableStatus.FINISHED
    out.append(await pool.table(images.table_image(table_snapshot(table), NAMES, 0, L), L))
    return out


async def hand_images() -> list[bytes]:
    """Alice's hand: to pass, passed, to play (some cards not playable), and a bonus card."""
    pool = images.RenderPool()
    table, game = _started(hands=1)
    rng = random.Random(2)
    out = [await pool.hand(images.hand_image(private_hand(table, 0), None, selected=0))]
    _play(game, rng, lambda g: g.hand.phase is Phase.PLAYING and g.hand.waiting_for() == [0])
    out.append(await pool.hand(images.hand_image(private_hand(table, 0), 9, four_colour=True)))
    help_hand = help_images(L).hand
    return [*out, await pool.hand(help_hand)]


async def help_table() -> list[bytes]:
    pictures = help_images(L)
    return [await images.RenderPool().table(pictures.table, L)]


async def score_sheets() -> list[bytes]:
    """Before any hand, a short game with every kind of shot, and a long one (rows folded)."""
    pool = images.RenderPool()
    table = _table(hands=18)
    game = table.game
    assert game is not None
    out = [await pool.sheet(images.score_sheet_image(score_sheet(table), NAMES, 100, L), L)]
    _play(game, random.Random(3), lambda g: False)
    sheet = score_sheet(table)
    shots = [(HandOutcome.MOON, 0), (HandOutcome.SLAM, 1), (HandOutcome.ALL_TRICKS, 3)]
    rows = [
        dataclasses.replace(r, outcome=o, shooter=s) for r, (o, s) in zip(sheet.rows, shots, strict=False)
    ]
    short = dataclasses.replace(sheet, rows=(*rows, *sheet.rows[3:5]))
    out.append(await pool.sheet(images.score_sheet_image(short, NAMES, 100, L), L))
    out.append(await pool.sheet(images.score_sheet_image(sheet, NAMES, None, L), L))
    return out


async def final_standings() -> list[bytes]:
    """A game played out (Bob quit), and one with a shared place and a person not known by name."""
    pool = images.RenderPool()
    table = _table(hands=2)
    game = table.game
    assert game is not None
    _play(game, random.Random(4), lambda g: g.hand_number == 2)
    game.quit(1)
    _play(game, random.Random(4), lambda g: False)
    out = [await pool.standings(images.standings_image(game.result(), NAMES, 2, L), L)]
    shared = GameResult(
        EndReason.TARGET,
        (
            Standing(0, "111", False, 40, 1, 110),
            Standing(2, "444", False, 40, 1, 110),
            Standing(3, None, True, 60, 3, 0),
            Standing(1, "333", False, 101, 4, -20),
            Standing(None, "222", False, 12, None, -40, quit=True),
        ),
    )
    return [*out, await pool.standings(images.standings_image(shared, NAMES, 9, L), L)]


JULY = dt.datetime(2026, 7, 1, tzinfo=dt.UTC).timestamp()
AUGUST = dt.datetime(2026, 8, 1, tzinfo=dt.UTC).timestamp()
BOARD_ROWS = (
    BoardRow("111", 0, 1, 340, 12, 5, 150, 820, 31.46, change=1.27),
    BoardRow("444", 1, 2, 300, 11, 3, 140, 900, 28.1, change=-0.6, shared=True),
    BoardRow("555", 2, 2, 300, 9, 2, 110, 700, 27.0, shared=True),
    BoardRow("333", 3, 4, 220, 7, 1, 90, 800, 25.25, change=0.01),
)
ME = BoardRow("222", 56, 57, 40, 2, 0, 20, 260, 22.5, change=-2.0)


async def leaderboards() -> list[bytes]:
    """Every game and a running season's, the reader on the page or below it, and empty."""
    running = Season("9", 3, "monthly", JULY, AUGUST, None, None)
    boards = [
        (Board(Order.POINTS, BOARD_ROWS, 80, 0, ME), None, "222"),
        (Board(Order.SKILL, BOARD_ROWS, 80, 20, None), None, "444"),
        (Board(Order.POINTS, BOARD_ROWS, 80, 0, ME), running, "222"),
        (Board(Order.SKILL, (), 0, 0, None), running, None),
    ]
    out = []
    for board, season, reader in boards:
        image = board_image(board, board.offset // 20, 4, season, NAMES, reader, L)
        out.append(await asyncio.to_thread(render_leaderboard, image))
    return out


async def season_summary() -> list[bytes]:
    """A closed season's final board, as ``cogs.leaderboard._seasons`` builds it for its summary."""
    closed = Season("9", 2, "monthly", JULY, AUGUST, AUGUST + 60, None)
    summary = SeasonSummary(closed, 4, BOARD_ROWS, BOARD_ROWS[:2], BOARD_ROWS[1:3], ("111",), (), "5", "6")
    image = summary_image(summary, NAMES, L)
    return [await asyncio.to_thread(render_leaderboard, image)]


async def profiles() -> list[bytes]:
    """``/stats``: every figure known, and a newcomer's (no rank, no review, no hand)."""
    stats = PlayerStats("111", 2, 35, 4, 1, 0, 2.25, 6.5, 1, 0, 24.3)
    known = profile_image("Alice", stats, Profile(HandFigures(4, 30, 6, 1, 2), Accuracy(3, 40, 30)), L)
    empty = PlayerStats("444", None, 0, 1, 0, 0, None, None, 0, 0, 25.0)
    newcomer = profile_image("Chloé", empty, Profile(HandFigures(), Accuracy(0, 0, 0)), L)
    return [await asyncio.to_thread(render_profile, image) for image in (known, newcomer)]


RESULT = DailyResult(DAY, 3, "111", "9", (0, 13, 5, 26), 40, 2, 7, 71.4, 3, (2, 13, 0, 25))
DAY_BOARD = day_board(
    DAY,
    3,
    [
        DayResult("111", "9", 44, (0, 13, 5, 26)),
        DayResult("444", "9", 44, (4, 4, 10, 26)),
        DayResult("333", "9", 30, (0, 1, 3, 26)),
    ],
    [DayResult("777", "8", 50, (13, 13, 12, 12))],
    40,
)


async def daily_boards() -> list[bytes]:
    """A day's board open (par known or still being worked out) and final."""
    pending = dataclasses.replace(DAY_BOARD, par=None)
    out = []
    for board, closes in ((DAY_BOARD, closes_at(DAY)), (pending, closes_at(DAY)), (DAY_BOARD, None)):
        file = await board_file(board, NAMES, closes, L)
        out.append(file.fp.read())
    return out


async def daily_results() -> list[bytes]:
    """The end of a daily game, with par and while par is still being worked out."""
    no_par = dataclasses.replace(RESULT, par=None, par_hands=None)
    return [(await result_file(result, L)).fp.read() for result in (RESULT, no_par)]


async def event_standings() -> list[bytes]:
    """After a round (a withdrawn and a removed entrant, a shared place) and final."""
    options = EventOptions(TableOptions(rules=RuleSet(target_score=None, fixed_hands=2)), rounds=3)
    event = Event(7, "9", "8", "111", EVENT_NAME, options, 2, EventStatus.RUNNING, 2, None, None)
    entrants = [
        Entrant("111", "in"),
        Entrant("444", "withdrew"),
        Entrant("333", "removed"),
        Entrant("555", "in"),
    ]
    rows = [
        EventStanding("111", 1, False, Fraction(5, 2), 3, 83.3, 10, 2, False),
        EventStanding("555", 2, True, Fraction(3, 2), 3, 50.0, 14, 2, False),
        EventStanding("444", 2, True, Fraction(3, 2), 3, 50.0, 14, 2, True),
        EventStanding("333", None, False, Fraction(0), 0, None, 0, 0, True),
    ]
    tags = entrant_tags(entrants, L)
    out = []
    for final in (False, True):
        image = standings_image(event, 2, rows, final, NAMES, tags, L, {"111": 4, "555": 5, "444": 4})
        out.append(await asyncio.to_thread(render_event_standings, image))
    return out


def _replay_names() -> list[str]:
    """The seats' names as the review cog gives them (``Review._names``): known, a computer's,
    a person's whose name is not known."""
    return ["Alice", t("seat.computer", L, number=2), "Chloé", t("seat.unknown_player", L, short="0333")]


def _record(hand_number: int) -> Any:
    hand = Hand.new(RuleSet(pass_rotation=PassRotation.STANDARD), "drawn-words", hand_number)
    rng = random.Random(hand_number)
    while hand.phase is not Phase.SCORED:
        hand.apply(random_move(hand, hand.waiting_for()[0], rng))
    seats = (Occupant.person("111"), Occupant.computer(), Occupant.person("444"), Occupant.person("333"))
    return record_of(12, "9", hand, seats, (0, 0, 0, 0))


async def replay_steps() -> list[bytes]:
    """The replay's steps: dealt with passes, dealt without (a hold hand), a trick."""
    frames = replay_frames(_record(1), _replay_names(), L)
    hold = replay_frames(_record(4), _replay_names(), L)
    return [await asyncio.to_thread(render_replay_step, f) for f in (frames[0], frames[5], hold[0])]


async def replay_animation() -> list[bytes]:
    """A whole hand's replay as the animated GIF (every frame drawn), as the review cog draws it."""
    frames = tuple(replay_frames(_record(2), _replay_names(), L))
    return [await asyncio.to_thread(_animation.__wrapped__, frames)]


IMAGES: dict[str, Callable[[], Awaitable[list[bytes]]]] = {
    "table": table_images,
    "help table": help_table,
    "score sheet": score_sheets,
    "final standings": final_standings,
    "leaderboard": leaderboards,
    "season summary board": season_summary,
    "profile": profiles,
    "daily board": daily_boards,
    "daily result": daily_results,
    "event standings": event_standings,
    "replay step": replay_steps,
    "replay animation": replay_animation,
}


# -- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", IMAGES)
async def test_every_string_drawn_is_a_catalogue_word_a_name_or_a_number(kind: str, drawn: Drawn) -> None:
    pictures = await IMAGES[kind]()
    assert pictures and all(p[:4] in (b"\x89PNG", b"GIF8") for p in pictures)
    assert drawn.texts, "nothing drawn: the recording missed the renderer's text"
    assert any(OPEN in text for text in drawn.texts), "no catalogue word drawn"
    assert leaks(drawn.texts) == {}
    assert drawn.rasterised_by <= {"fonts.text_image"}


async def test_a_hand_is_only_cards(drawn: Drawn) -> None:
    assert all(p[:4] == b"\x89PNG" for p in await hand_images())
    assert drawn.texts == []
    assert drawn.rasterised_by <= {"fonts.text_image"}


def test_a_card_face_carries_only_its_rank_and_the_bonus_cards_points(
    drawn: Drawn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The faces are committed PNGs (``card_images/``) drawn by ``card_art``: the ten, the court
    cards, the ace, the Q♠, a bonus card and the back, drawn here, carry no word, only rank labels
    and the bonus's "−10"."""
    labels: list[str] = []
    label = card_art._label

    def recording_label(text: str, *args: Any) -> Any:
        labels.append(text)
        return label(text, *args)

    monkeypatch.setattr(card_art, "_label", recording_label)
    for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
        card_art.draw_face(make_card(rank, Suit.HEARTS))
    card_art.draw_face(QUEEN_OF_SPADES)
    card_art.draw_face(min(card_art.BONUS_CARDS), bonus=True)
    card_art.draw_back()
    ranks = {rank.label for rank in Rank}
    assert set(labels) <= ranks | {f"−{-OMNIBUS_BONUS}"}
    assert {"J", "Q", "K", "A"} <= set(labels)
    assert drawn.texts == [] and drawn.rasterised_by == {"card_art._label"}


def test_the_check_finds_words_outside_the_catalogues() -> None:
    marked = t("image.final_standings", L)
    assert unmarked(marked) == [] and unmarked("Alice ⟦" + accent("won") + "⟧ +12 ▲ 1.5 ♠ 10–13") == []
    assert unmarked("Total") and unmarked(marked + " left") and unmarked("⟦" + accent("Open until") + " UTC⟧")
    assert unmarked("Bobby's") == ["by"] and unmarked(f"⟦{accent('Season')} Straße⟧") == ["Straße"]
