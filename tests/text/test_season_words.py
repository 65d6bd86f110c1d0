"""The leaderboard image's title names a season whole in every language: a closed season's first
and last day, a running one's last day (the instants, "2026-07-01 00:00 UTC", did not fit), on a
line of its own above the order and page."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.render.fonts import text_width
from bot.render.leaderboard import LINE, SUBTITLE, TITLE
from bot.storage.leaderboard import Board, Order
from bot.storage.seasons import Season
from bot.text import LANGUAGES
from bot.text.seasons import board_image, season_line

JULY = dt.datetime(2026, 7, 1, tzinfo=dt.UTC).timestamp()
AUGUST = dt.datetime(2026, 8, 1, tzinfo=dt.UTC).timestamp()


def season(closed: bool) -> Season:
    return Season("g", 12, "monthly", JULY, AUGUST, AUGUST + 60 if closed else None, None)


def test_a_season_in_the_title_is_its_first_and_last_day() -> None:
    assert season_line(season(closed=True), "en", days=True) == "Season 12 · 2026-07-01 to 2026-07-31 · final"
    assert season_line(season(closed=False), "en", days=True) == "Season 12 · until 2026-07-31"
    # Messages keep the instants, as Discord timestamps: each reader's own language and time zone.
    assert (
        season_line(season(closed=True), "en")
        == f"Season 12 · <t:{int(JULY)}:f> to <t:{int(AUGUST)}:f> · final"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("closed", [True, False])
def test_the_seasons_title_and_the_subtitle_fit_their_lines(lang: str, closed: bool) -> None:
    board = Board(Order.POINTS, (), 300, 0, None)
    image = board_image(board, 29, 30, season(closed), {}, None, lang)
    assert text_width(image.title, TITLE) <= LINE, image.title
    assert text_width(image.subtitle, SUBTITLE) <= LINE, image.subtitle
