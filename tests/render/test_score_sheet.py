"""The score sheet: a row per hand, running totals, moons marked, leaders highlighted, long games folded."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from bot.render import fonts, score_sheet, theme
from bot.render.models import ScorePlayer, ScoreRow, ScoreSheetImage, Shot
from bot.text import t
from tests.render.drawn_text import record_pasted, shows
from tests.render.pixels import count_near, decode


def sheet(players: int, hands: int, moon_in: int | None = None, shooter: int = 1) -> ScoreSheetImage:
    totals = [0] * players
    rows = []
    for h in range(hands):
        if h == moon_in:
            points = [26] * players
            points[shooter] = 0
        else:
            points = [0] * players
            points[h % players] = 13
            points[(h + 1) % players] += 13
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        rows.append(ScoreRow(tuple(points), tuple(totals), shooter=shooter if h == moon_in else None))
    names = tuple(
        ScorePlayer(n, is_computer=i == 2)
        for i, n in enumerate(["Ann", "Bo", "Cy", "王", "😀", "Eve", "W" * 32])
    )
    return ScoreSheetImage(names[:players], tuple(rows), target=100)


@pytest.mark.parametrize("players", range(3, 8))
def test_columns_fit_the_width_side_by_side(players: int) -> None:
    lay = score_sheet.layout(sheet(players, 3))
    assert len(lay.columns) == players
    assert lay.columns[0][0] >= score_sheet.PAD + score_sheet.HAND_COL_W
    assert lay.columns[-1][1] <= lay.width - score_sheet.PAD
    assert all(a[1] <= b[0] for a, b in pairwise(lay.columns))
    assert decode(score_sheet.render(sheet(players, 3))).size == (lay.width, lay.height)


def test_height_grows_with_hands_until_early_hands_fold_into_one_row() -> None:
    heights = [score_sheet.layout(sheet(4, h)).height for h in (1, 2, 10, score_sheet.MAX_ROWS)]
    assert heights == sorted(heights) and len(set(heights)) == 4
    long_game = sheet(4, 30)
    rows = score_sheet.visible_rows(long_game)
    assert len(rows) == score_sheet.MAX_ROWS
    assert (rows[0].first, rows[0].last) == (1, 30 - score_sheet.MAX_ROWS + 1)
    assert rows[0].row.points == long_game.rows[rows[0].last - 1].totals  # the folded row shows the totals
    assert rows[-1].first == 30
    assert score_sheet.layout(long_game).height == score_sheet.layout(sheet(4, score_sheet.MAX_ROWS)).height


def test_a_moon_is_marked_in_the_shooters_cell_and_explained_below() -> None:
    with_moon = sheet(4, 3, moon_in=1, shooter=2)
    lay = score_sheet.layout(with_moon)
    assert lay.legend and not score_sheet.layout(sheet(4, 3)).legend
    im = decode(score_sheet.render(with_moon))
    y = lay.rows_y + 1 * score_sheet.ROW_H
    cells = [count_near(im, (x0, y, x1, y + score_sheet.ROW_H), theme.GOLD, 30) for x0, x1 in lay.columns]
    assert cells[2] > 40 and max(cells[:2] + cells[3:]) < 10


def test_leaders_default_to_the_lowest_total_and_get_a_gold_total() -> None:
    s = sheet(4, 3)
    totals = s.rows[-1].totals
    expected = {i for i, t in enumerate(totals) if t == min(totals)}
    assert score_sheet.leaders(s) == expected
    lay = score_sheet.layout(s)
    im = decode(score_sheet.render(s))
    for i, (x0, x1) in enumerate(lay.columns):
        gold = count_near(im, (x0, lay.total_y, x1, lay.total_y + score_sheet.TOTAL_H), theme.GOLD, 30)
        assert (gold > 40) == (i in expected), i


def test_leaders_can_be_given_explicitly() -> None:
    s = sheet(4, 3)
    given = ScoreSheetImage(s.players, s.rows, leaders=(3,))
    assert score_sheet.leaders(given) == {3}


def test_a_sheet_without_hands_renders() -> None:
    empty = ScoreSheetImage(tuple(ScorePlayer(n) for n in "ABC"), ())
    assert decode(score_sheet.render(empty)).size[0] == score_sheet.WIDTH


def test_every_kind_of_shot_has_an_icon() -> None:
    assert set(score_sheet.SHOT_ICONS) == set(Shot)


HAND_POINTS = (-36, -26, -13, -10, 0, 9, 26, 52)
"""A hand's points, from an all-tricks −26 with the Omnibus card's −10 to an all-tricks +52."""
RUNNING_TOTALS = (-3600, -360, -13, 0, 101, 1051, 5200)
"""The widest totals of each length (the digits are as wide as each other), to 100 hands."""


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("points", HAND_POINTS)
def test_a_cells_points_never_run_into_its_running_total(
    players: int, points: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seven players leave a cell 96 px: a slam's −26 after its icon and a total of 101 read
    "−26101" unless the cell makes room (a smaller icon and margins, then smaller figures)."""
    drawn: list[tuple[str, tuple[int, int, int, int]]] = []
    paste_text = fonts.paste_text

    def recording(canvas: Any, text: str, *args: Any, **kwargs: Any) -> tuple[int, int, int, int]:
        box = paste_text(canvas, text, *args, **kwargs)
        drawn.append((text, box))
        return box

    monkeypatch.setattr(score_sheet, "paste_text", recording)
    rows = tuple(
        ScoreRow((points,) * players, (total,) * players, shooter=r % players, shot=Shot.SLAM)
        for r, total in enumerate(RUNNING_TOTALS)
    )
    image = ScoreSheetImage(sheet(players, 0).players, rows)
    lay = score_sheet.layout(image)
    im = score_sheet.draw(image)
    for r, total in enumerate(RUNNING_TOTALS):
        mid = lay.rows_y + r * score_sheet.ROW_H + score_sheet.ROW_H / 2
        for c, (x0, x1) in enumerate(lay.columns):
            cell = [box for text, box in drawn if x0 <= box[0] and box[2] <= x1 and box[1] < mid < box[3]]
            texts = [text for text, box in drawn if box in cell]
            assert texts == [str(points), str(total)], (r, c, texts)
            ours, running = cell
            assert ours[2] < running[0], (players, points, total, c == r % players)
            if c == r % players:  # the shot icon, in gold, left of the points
                top, bottom = round(mid - score_sheet.ROW_H / 2), round(mid + score_sheet.ROW_H / 2)
                assert count_near(im, (x0, top, ours[0], bottom), theme.GOLD, 30) > 10
                assert count_near(im, (ours[0], top, running[2], bottom), theme.GOLD, 30) == 0


@pytest.mark.parametrize("locale", ["en", "el", "ja"])
@pytest.mark.parametrize("players", [4, 5, 7])
def test_a_computers_number_shows_in_its_column(
    locale: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Computers are told apart only by their number: a narrow column cuts the name before it
    ("Comp… 3"), never to two alike "Comp…"."""
    names = [t("seat.computer", locale, number=k + 1) if k else "Ann" for k in range(players)]
    pasted = record_pasted(monkeypatch)
    players_row = tuple(ScorePlayer(name, is_computer=k > 0) for k, name in enumerate(names))
    score_sheet.draw(ScoreSheetImage(players_row, sheet(players, 2).rows, target=100))
    for number, name in enumerate(names[1:], start=2):
        shown = [line for line in pasted.texts() if shows(line, name)]
        assert len(shown) == 1 and shown[0].endswith(str(number)), (name, shown)
