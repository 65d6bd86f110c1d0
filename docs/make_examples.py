"""Write the example renders shown in the README: ``python docs/make_examples.py``.

Each image is one renderer's output for a made-up moment of a game, so the README shows what
players see; rerun after changing the art or a renderer.
"""

from __future__ import annotations

import datetime as dt
import sys
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bot.daily import DailyResult  # noqa: E402
from bot.daily.days import closes_at  # noqa: E402
from bot.daily.results import day_board  # noqa: E402
from bot.engine.cards import JACK_OF_DIAMONDS, SPADES, TEN_OF_DIAMONDS, parse_card, parse_cards  # noqa: E402
from bot.engine.rules import RuleSet  # noqa: E402
from bot.events import Entrant, Event, EventOptions, EventStatus, Standing  # noqa: E402
from bot.render import (  # noqa: E402
    FinalStandings,
    HandImage,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    Shot,
    StandingRow,
    TableImage,
    TableSeat,
    render_final_standings,
    render_hand,
    render_score_sheet,
    render_table,
)
from bot.render.daily_board import render as render_daily_board  # noqa: E402
from bot.render.daily_result import render as render_daily_result  # noqa: E402
from bot.render.event_standings import render as render_event_standings  # noqa: E402
from bot.storage.daily import DayResult  # noqa: E402
from bot.tables import TableOptions  # noqa: E402
from bot.text import image_words  # noqa: E402
from bot.text.daily import board_image, result_image  # noqa: E402
from bot.text.events import entrant_tags, standings_image  # noqa: E402

HAND = parse_cards("3C 8C KC 2D 9D TD QD 5S 9S JS QS 4H 8H")
DAY = dt.date(2026, 11, 18)


def daily_and_event_examples() -> dict[str, bytes]:
    """The daily's board (open, and final) and a game's end against par, and an event's standings
    with two people on the same percentage, in English, German and Japanese."""
    people = [
        DayResult("1", "g", 31, (0, 13, 5, 13)),
        DayResult("2", "g", 31, (1, 4, 26, 0)),
        DayResult("3", "g", 40, (13, 14, 0, 13)),
        DayResult("4", "g", 83, (26, 26, 18, 13)),
    ]
    board = day_board(DAY, 12, people, [*people, DayResult("9", "h", 20, (0, 0, 20, 0))], 34)
    names = {"1": "Alice", "2": "王小明", "3": "😀 Zoë", "4": "Dmitri"}
    result = DailyResult(DAY, 12, "4", "g", (26, 26, 18, 13), 34, 4, 4, 20.0, 3, (0, 13, 8, 13))
    event = Event(
        3,
        "g",
        "c",
        "o",
        "Autumn Cup",
        EventOptions(TableOptions(rules=RuleSet(target_score=None, fixed_hands=2)), rounds=3),
        2,
        EventStatus.RUNNING,
        2,
        None,
        None,
    )
    rows = [
        Standing("1", 1, False, Fraction(5), 6, 83.3, 10, 2, False),
        Standing("2", 2, False, Fraction(5), 6, 83.3, 24, 2, False),
        Standing("3", 3, False, Fraction(3), 6, 50.0, 31, 2, False),
        Standing("4", 4, False, Fraction(0), 6, 0.0, 52, 2, True),
    ]
    seated = {"1": 4, "2": 5, "3": 4, "4": 6}
    drawn: dict[str, bytes] = {}
    for lang, suffix in (("en", ""), ("de", "_de"), ("ja", "_ja")):
        closes = None if lang == "de" else closes_at(DAY)  # the German one: the day closed, final
        drawn[f"daily_board{suffix}.png"] = render_daily_board(board_image(board, names, closes, lang))
        drawn[f"daily_result{suffix}.png"] = render_daily_result(result_image(result, lang))
        tags = entrant_tags([Entrant("4", "removed")], lang)
        standings = standings_image(event, 2, rows, False, names, tags, lang, seated)
        drawn[f"event_standings{suffix}.png"] = render_event_standings(standings)
    return drawn


def examples() -> dict[str, bytes]:
    follow_spades = HandImage(cards=HAND, playable=HAND & SPADES, bonus_card=TEN_OF_DIAMONDS)
    passing = HandImage(
        cards=parse_cards("2C 4C 7C JC AC 6D TD KD 3S 8S QS KS AS 2H 9H QH AH"),
        selected=parse_cards("QS KS AS"),
        four_colour=True,
    )
    received = HandImage(cards=HAND, received=parse_cards("KC 9S 8H"))
    four = TableImage(
        seats=(
            TableSeat("Alice", score=23, hand_points=0, played=parse_card("9S"), cards_left=9),
            TableSeat(
                "Bot Bernard",
                is_computer=True,
                score=41,
                hand_points=5,
                played=parse_card("KS"),
                cards_left=9,
            ),
            TableSeat("王小明", score=12, hand_points=13, cards_left=10),
            TableSeat("😀 Zoë", score=57, hand_points=1, played=parse_card("5S"), cards_left=9),
        ),
        leader=3,
        to_move=2,
        hearts_broken=True,
        hand_number=4,
        trick_number=4,
    )
    names = ["Alice", "Bernard", "王小明", "محمد", "Zoë", "𝓙𝓸𝓱𝓷𝓷𝔂", "Eve"]
    trick = [parse_card(code) for code in ("QS", "2S", "8S", "AS", "3S", "JS", "9S")]
    seven = TableImage(
        seats=tuple(
            TableSeat(n, is_computer=i == 1, score=10 + 7 * i, played=c, cards_left=6)
            for i, (n, c) in enumerate(zip(names, trick, strict=True))
        ),
        leader=0,
        winner=3,
        hearts_broken=False,
        hand_number=2,
        trick_number=2,
        bonus_card=JACK_OF_DIAMONDS,
    )
    points = [(3, 13, 6, 4), (0, 1, 22, 3), (26, 26, 0, 26), (5, 17, 0, 4), (1, 2, 3, 20), (13, 0, 9, 4)]
    rows, totals = [], (0, 0, 0, 0)
    for hand_points in points:
        totals = tuple(t + p for t, p in zip(totals, hand_points, strict=True))
        shooter = 2 if hand_points == (26, 26, 0, 26) else None
        rows.append(ScoreRow(hand_points, totals, shooter=shooter, shot=Shot.MOON))
    sheet = ScoreSheetImage(
        players=(
            ScorePlayer("Alice"),
            ScorePlayer("Bot Bernard", is_computer=True),
            ScorePlayer("王小明"),
            ScorePlayer("😀 Zoë"),
        ),
        rows=tuple(rows),
        target=100,
    )
    final = FinalStandings(
        rows=(
            StandingRow(1, "王小明", 40, 130, shared=True),
            StandingRow(1, "Alice", 40, 130, shared=True),
            StandingRow(3, "😀 Zoë", 101, 100),
            StandingRow(4, "Dmitri", 77, -100, quit=True),
            StandingRow(None, "Bot Bernard", 62, None, is_computer=True),
        ),
        hands_played=6,
    )
    return {
        "hand_follow_suit.png": render_hand(follow_spades),
        "hand_passing_four_colour.png": render_hand(passing),
        "hand_received.png": render_hand(received),
        "table_4.png": render_table(four),
        "table_7.png": render_table(seven),
        "score_sheet.png": render_score_sheet(sheet),
        "final_standings.png": render_final_standings(final),
        "table_4_ja.png": render_table(four, image_words("ja")),
        "table_4_hi.png": render_table(four, image_words("hi")),
        "score_sheet_de.png": render_score_sheet(sheet, image_words("de")),
        "final_standings_id.png": render_final_standings(final, image_words("id")),
        **daily_and_event_examples(),
    }


if __name__ == "__main__":
    out = HERE / "images"
    out.mkdir(exist_ok=True)
    for name, data in examples().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data) / 1000:.1f} KB")
