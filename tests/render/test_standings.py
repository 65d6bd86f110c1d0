"""Final standings: shared places shown as such, computer players unranked, gains and losses signed."""

from __future__ import annotations

from bot.render import standings, theme
from bot.render.models import FinalStandings, StandingRow
from bot.render.texts import ENGLISH
from tests.render.pixels import count_near, decode

ROWS = (
    StandingRow(1, "Alice", 40, 130, shared=True),
    StandingRow(1, "王小明", 40, 130, shared=True),
    StandingRow(3, "محمد", 70, 100),
    StandingRow(4, "😀 Zoë", 104, -100, quit=True),
    StandingRow(None, "Computer", 35, None, is_computer=True),
)


def test_place_labels_show_shared_places_and_unranked_players() -> None:
    labels = [standings.place_label(r, ENGLISH) for r in ROWS]
    assert labels == ["=1", "=1", "3", "4", ENGLISH.unranked]


def test_one_row_per_player_and_the_winners_rows_are_gold() -> None:
    fs = FinalStandings(ROWS, hands_played=9)
    lay = standings.layout(fs)
    assert len(lay.row_boxes) == len(ROWS)
    im = decode(standings.render(fs))
    assert im.size == (lay.width, lay.height)
    gold = [count_near(im, box, theme.GOLD, 30) for box in lay.row_boxes]
    assert gold[0] > 300 and gold[1] > 300 and max(gold[2:]) < 50


def test_losses_are_red_and_gains_green() -> None:
    fs = FinalStandings(ROWS)
    lay = standings.layout(fs)
    im = decode(standings.render(fs))
    ranking = [(standings.RANKING_RIGHT - 90, b[1], standings.RANKING_RIGHT, b[3]) for b in lay.row_boxes]
    assert count_near(im, ranking[3], standings.LOSS.colour, 30) > 40
    assert count_near(im, ranking[2], standings.GAIN.colour, 30) > 40
    assert count_near(im, ranking[4], standings.GAIN.colour, 30) == 0  # computer: no ranking points


def test_no_rows_still_renders() -> None:
    assert decode(standings.render(FinalStandings(()))).size[0] == standings.WIDTH
