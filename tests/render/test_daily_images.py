"""The daily challenge's own pictures: the board of a day (open or final, par, a mark per hand in
the Share line's colours) and the end of a person's game (each hand against par, no winner)."""

from __future__ import annotations

from bot.render import daily_board, daily_result, theme
from bot.render.daily_board import DailyBoardImage, DailyBoardRow, ToPar
from bot.render.daily_result import DailyHandRow, DailyResultImage
from tests.render.pixels import count_near, decode, near, pixel

ROWS = (
    DailyBoardRow("1", "Ann", "31", ToPar("−3", -1), (0, 3, 2, 3), "80", leader=True),
    DailyBoardRow("2", "Bob", "40", ToPar("+6", 1), (1, 1, 3, 0), "40"),
)


def board(final: bool) -> DailyBoardImage:
    return DailyBoardImage(
        "Daily challenge #12",
        "2026-11-18",
        "Final" if final else "Open until 2026-11-20 00:00 UTC",
        final,
        "Par 34",
        "Place",
        "Player",
        "Points",
        "To par",
        "Hands",
        "Percentile",
        ROWS,
    )


def mark_centre(row: int, hand: int) -> tuple[float, float]:
    top = daily_board.TITLE_H + daily_board.STATUS_H + daily_board.HEADER_H + row * daily_board.ROW_H
    mid = (top + top + daily_board.ROW_H - 6) / 2
    x = daily_board.HANDS_X + hand * (daily_board.MARK + daily_board.MARK_GAP) + daily_board.MARK / 2
    return x, mid


def test_the_board_draws_each_hand_in_the_share_lines_colour() -> None:
    im = decode(daily_board.render(board(final=True)))
    assert im.width == daily_board.WIDTH
    for r, row in enumerate(ROWS):
        for h, mark in enumerate(row.hands):
            assert near(pixel(im, mark_centre(r, h)), daily_board.LEVEL_COLOURS[mark]), (r, h)


def test_an_open_day_and_a_final_one_are_told_apart() -> None:
    badge = (daily_board.PAD, daily_board.TITLE_H, daily_board.WIDTH // 2, daily_board.TITLE_H + 40)
    final, still_open = decode(daily_board.render(board(True))), decode(daily_board.render(board(False)))
    assert count_near(final, badge, theme.GOLD) > 200 and count_near(final, badge, theme.CYAN) < 20
    assert count_near(still_open, badge, theme.CYAN) > 200 and count_near(still_open, badge, theme.GOLD) < 20


def test_the_end_of_a_daily_game_has_a_row_per_hand_and_the_total() -> None:
    hands = tuple(DailyHandRow(f"Hand {i}", "5", "3", ToPar("+2", 1), 2) for i in range(1, 5))
    model = DailyResultImage(
        "Daily challenge #12",
        "2026-11-18",
        "Hand",
        "You",
        "Par",
        "To par",
        (*hands, DailyHandRow("Total", "20", "12", ToPar("+8", 1))),
        "20 points · 8 over par",
    )
    im = decode(daily_result.render(model))
    rows_end = daily_result.TITLE_H + daily_result.HEADER_H + 5 * daily_result.ROW_H
    assert im.height == rows_end + daily_result.RESULT_H + daily_result.LEGEND_H + daily_result.PAD
    # the result line in gold under the rows
    line = (0, rows_end, daily_result.WIDTH, rows_end + daily_result.RESULT_H)
    assert count_near(im, line, theme.GOLD) > 300
