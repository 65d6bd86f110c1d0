"""The daily challenge's words in every language: every template fills, nothing is left in
English, and the Share line holds no card in any language."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

import pytest

from bot.daily import DailyResult, DailyStats, DayBoard
from bot.daily.days import RULES, seed
from bot.daily.results import day_board
from bot.engine.duplicate import boards
from bot.render import daily_board, daily_result
from bot.render.fonts import text_width
from bot.storage.daily import DayResult
from bot.text import LANGUAGES, PSEUDO_LOCALE, t
from bot.text.cards import card_full_name, card_name
from bot.text.daily import (
    board_alt,
    board_image,
    board_text,
    deal_lines,
    intro_text,
    level,
    played_text,
    result_alt,
    result_image,
    result_text,
    share_line,
    stats_text,
    summary_text,
    symbol,
)
from bot.text.moments import image_moment

DAY = dt.date(2026, 11, 18)
RESULT = DailyResult(DAY, 3, "1", "g", (0, 13, 5, 26), 40, 2, 7, 71.4, 3, (2, 13, 0, 25))
BOARD = day_board(
    DAY,
    3,
    [DayResult("1", "g", 44, (0, 13, 5, 26)), DayResult("2", "g", 44, (4, 4, 10, 26))],
    [DayResult("3", "h", 50, (13, 13, 12, 12))],
    40,
)
LEFTOVER = re.compile(r"\{[a-z_]+[|}]")


def image_texts(lang: str) -> list[str]:
    """Every word the board's and the game's end's pictures draw, and their alt texts."""
    out = []
    for closes in (1_763_596_800.0, None):
        image = board_image(BOARD, {"1": "Ann"}, closes, lang)
        out += [image.title, image.status, image.par, image.to_par, image.hands, image.percentile]
        out += [board_alt(BOARD, {"1": "Ann"}, image, lang)]
    end = result_image(RESULT, lang)
    out += [end.title, end.you, end.par, end.to_par, end.result, *(r.label for r in end.rows)]
    return [*out, result_alt(RESULT, lang), result_alt(replace(RESULT, par=None, par_hands=None), lang)]


def texts(lang: str) -> list[str]:
    board = BOARD
    return [
        intro_text(3, DAY, lang),
        played_text(3, DAY, lang),
        result_text(RESULT, lang),
        share_line("Ann", RESULT, lang),
        board_text(board, {"1": "Ann"}, lang),
        *deal_lines(boards(RULES, seed("s", DAY), 4), lang),
        stats_text(DailyStats(5, 31, 2, 4, -1.5), lang),
        stats_text(DailyStats(0, None, 0, 0, None), lang),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_daily_text_fills_in_every_language(lang: str) -> None:
    for text in texts(lang) + image_texts(lang):
        assert text and not LEFTOVER.search(text) and "daily." not in text, (lang, text)
    if lang != "en":
        assert all(a != b for a, b in zip(texts(lang), texts("en"), strict=True) if not a.startswith("<")), (
            lang
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_share_line_holds_no_card(lang: str) -> None:
    line = share_line("Ann", RESULT, lang)
    names = {card_name(c, other) for c in range(52) for other in LANGUAGES}
    names |= {card_full_name(c, other) for c in range(52) for other in LANGUAGES}
    assert not [n for n in names if n in line]
    assert not re.search(r"[♠♥♦♣]", line)
    assert "3" in line and "🟢🔴🟠🔴" in line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_picture_is_the_days_own_open_or_final_with_par_and_the_share_lines_hands(
    lang: str,
) -> None:
    open_day = board_image(BOARD, {"1": "Ann"}, 1_763_596_800.0, lang)
    final = board_image(BOARD, {"1": "Ann"}, None, lang)
    assert not open_day.final and final.final and open_day.status != final.status
    assert image_moment(1_763_596_800.0, lang) in open_day.status and "40" in open_day.par
    assert text_width(open_day.status, daily_board.BADGE) <= daily_board.WIDTH // 2  # the badge's room
    assert [r.place for r in final.rows] == [t("image.shared_place", lang, place=1)] * 2
    assert [r.to_par.text for r in final.rows] == ["+4", "+4"] and final.rows[0].to_par.sign == 1
    # The marks are the Share line's symbols, hand by hand.
    marks = "".join("🟢🟡🟠🔴"[m] for m in final.rows[0].hands)
    assert marks == "".join(symbol(h) for h in BOARD.entries[0].hands) == "🟢🔴🟠🔴"
    alt = board_alt(BOARD, {"1": "Ann"}, final, lang)
    assert final.status in alt and "0, 13, 5, 26" in alt and "Ann" in alt


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_a_daily_game_shows_each_hand_against_par_and_no_winner(lang: str) -> None:
    end = result_image(RESULT, lang)
    assert [r.points for r in end.rows] == ["0", "13", "5", "26", "44"]
    assert [r.par for r in end.rows] == ["2", "13", "0", "25", "40"]
    assert [r.to_par.text for r in end.rows] == ["−2", "±0", "+5", "+1", "+4"]
    assert [r.level for r in end.rows] == [level(h) for h in RESULT.hands] + [None]
    assert t("daily.par.over", lang, count=4) in end.result
    alt = result_alt(RESULT, lang)
    assert end.result in alt and t("daily.alt.result_hand", lang, hand=4, points=26, par=25) in alt
    pending = result_image(replace(RESULT, par=None, par_hands=None), lang)
    assert [r.par for r in pending.rows] == ["–"] * 5 and t("daily.par.pending", lang) in pending.result


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_words_fit_their_places(lang: str) -> None:
    """No header or title of the daily's pictures is cut with "…" in any language."""
    board = board_image(BOARD, {}, 1_763_596_800.0, lang)
    marks_end = daily_board.HANDS_X + 4 * (daily_board.MARK + daily_board.MARK_GAP)
    room = daily_board.PERCENTILE_RIGHT - marks_end - 6
    assert text_width(board.percentile, daily_board.LABEL) <= room, board.percentile
    assert text_width(board.hands, daily_board.LABEL) <= marks_end - daily_board.HANDS_X, board.hands
    for header in (board.points, board.to_par):
        assert text_width(header, daily_board.LABEL) <= daily_board.COLUMN_W, header
    end = result_image(RESULT, lang)
    for header in (end.you, end.par, end.to_par):
        assert text_width(header, daily_result.LABEL) <= daily_result.COLUMN_W, header
    title_room = daily_result.WIDTH - 2 * daily_result.PAD - daily_result.DAY_W
    assert text_width(end.title, daily_result.TITLE) <= title_room, end.title
    assert text_width(end.result, daily_result.RESULT) <= daily_result.WIDTH - 2 * daily_result.PAD


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_boards_alt_text_stays_within_discords_limit(lang: str) -> None:
    many = [DayResult(str(i), "g", 26 + i, (26, 0, 0, i)) for i in range(60)]
    board = day_board(DAY, 3, many, many, 40)
    names = {str(i): "Bartholomew " * 4 for i in range(60)}
    alt = board_alt(board, names, board_image(board, names, None, lang), lang)
    named = alt.count("Bartholomew " * 4)
    assert len(alt) <= 1024 and named > 0
    assert t("reply.list_more", lang, items="…", more=60 - named) in alt


def test_deals_too_long_for_one_message_are_cut_whole_and_counted() -> None:
    """In the pseudo-locale (every card and separator marked) the title and the deals pass
    Discord's 2,000 characters: the summary keeps the deals that fit, whole, and says how many
    more, instead of a message Discord would refuse at every retry."""
    many = [DayResult(str(i), "g", 26 + i, (26, 0, 0, i)) for i in range(60)]
    board = day_board(DAY, 3, many, many, 40)
    deals = boards(RULES, seed("s", DAY), 4)
    dealt = deal_lines(deals, PSEUDO_LOCALE)
    text = summary_text(board, deals, {}, PSEUDO_LOCALE)
    lines = text.split("\n")
    assert len(text) <= 2000
    shown = [line for line in lines if line in dealt]
    assert shown and shown == dealt[: len(shown)] and len(shown) < len(dealt)
    assert lines[-1] == t("reply.list_more", PSEUDO_LOCALE, items="…", more=len(dealt) - len(shown))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_big_boards_summary_keeps_every_deal_within_discords_limit(lang: str) -> None:
    """Sixty people with the longest names Discord allows: the summary holds the whole of every
    deal and the board's top places, the others counted; the board alone fits any limit given."""
    many = [DayResult(str(i), "g", 26 + i, (26, 0, 0, i)) for i in range(60)]
    board = day_board(DAY, 3, many, many, 40)
    names = {str(i): "B" * 32 for i in range(60)}
    deals = boards(RULES, seed("s", DAY), 4)
    text = summary_text(board, deals, names, lang)
    assert len(text) <= 2000 and text.endswith("\n" + "\n".join(deal_lines(deals, lang)))
    assert t("reply.list_more", lang, items="…", more=60 - text.count("B" * 32)) in text
    for limit in (400, 1000, 2000):
        fitted = board_text(board, names, lang, limit)
        more = t("reply.list_more", lang, items="…", more=60 - fitted.count("B" * 32))
        assert len(fitted) <= limit and fitted.endswith("\n" + more)
    assert board_text(board, names, lang, 10_000).count("B" * 32) == 60  # all of it, when it fits


def big_board(count: int) -> tuple[DayBoard, dict[str, str]]:
    """``count`` members of a server played the day, each with a place of their own."""
    played = [DayResult(str(i), "g", 26 + i, (26, 0, 0, i)) for i in range(count)]
    return day_board(DAY, 3, played, played, 40), {str(i): f"Player{i:04d}" for i in range(count)}


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_a_big_servers_board_draws_the_top_and_says_how_many_more(lang: str) -> None:
    """Every member who played has a place: the picture drew them all (a thin strip in Discord
    for a big server). It draws the top ``ROWS`` and a line saying how many more, as high as the
    board of a server just past the cut; the alt text names no one it does not draw."""
    board, names = big_board(300)
    image = board_image(board, names, None, lang)
    assert [r.name for r in image.rows] == [names[str(i)] for i in range(daily_board.ROWS)]
    assert image.me is None and image.more == t(
        "reply.list_more", lang, items="…", more=300 - daily_board.ROWS
    )
    few, _ = big_board(daily_board.ROWS + 5)
    height = daily_board.draw(image).height
    assert height == daily_board.draw(board_image(few, names, None, lang)).height
    top = daily_board.TITLE_H + daily_board.STATUS_H + daily_board.HEADER_H
    assert height <= top + (daily_board.ROWS + 2) * daily_board.ROW_H + daily_board.GAP + daily_board.LEGEND_H
    alt = board_alt(board, names, image, lang)
    named = [n for n in names.values() if n in alt]
    assert named == [names[str(i)] for i in range(len(named))] and len(named) <= daily_board.ROWS
    assert t("reply.list_more", lang, items="…", more=300 - len(named)) in alt and len(alt) <= 1024


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_askers_own_row_is_drawn_under_the_top_of_the_board(lang: str) -> None:
    """/hearts daily board asked by someone further down: their row, outlined, under the top and
    the count of the others left out (the summary's public board has none); right under the cut
    it is simply the next row; in the top it is outlined where it is."""
    board, names = big_board(300)
    image = board_image(board, names, None, lang, "250")
    assert image.me is not None and image.me.mine and image.me.name == names["250"]
    assert image.me.place == "251" and len(image.rows) == daily_board.ROWS
    assert image.more == t("reply.list_more", lang, items="…", more=300 - daily_board.ROWS - 1)
    public = board_image(board, names, None, lang)
    assert daily_board.draw(image).height == daily_board.draw(public).height + daily_board.ROW_H
    alt = board_alt(board, names, image, lang, "250")
    named = [n for n in names.values() if n in alt]
    assert named[-1] == names["250"] and len(alt) <= 1024
    assert t("reply.list_more", lang, items="…", more=300 - len(named)) in alt
    next_one = board_image(board, names, None, lang, str(daily_board.ROWS))
    assert next_one.me is None and len(next_one.rows) == daily_board.ROWS + 1 and next_one.rows[-1].mine
    in_top = board_image(board, names, None, lang, "2")
    assert in_top.me is None and in_top.rows[2].mine and in_top.more == public.more
