"""Write the example renders shown in the README: ``python docs/make_examples.py``.

Each image is one renderer's output for a made-up moment of a game, so the README shows what
players see; rerun after changing the art or a renderer.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bot.engine.cards import JACK_OF_DIAMONDS, SPADES, TEN_OF_DIAMONDS, parse_card, parse_cards  # noqa: E402
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
from bot.text import image_words  # noqa: E402

HAND = parse_cards("3C 8C KC 2D 9D TD QD 5S 9S JS QS 4H 8H")


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
    }


if __name__ == "__main__":
    out = HERE / "images"
    out.mkdir(exist_ok=True)
    for name, data in examples().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data) / 1000:.1f} KB")
