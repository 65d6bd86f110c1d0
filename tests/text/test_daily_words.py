"""The daily challenge's words in every language: every template fills, nothing is left in
English, and the Share line holds no card in any language."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from bot.daily import DailyResult, DailyStats
from bot.daily.days import RULES, seed
from bot.daily.results import day_board
from bot.engine.duplicate import boards
from bot.storage.daily import DayResult
from bot.text import LANGUAGES
from bot.text.cards import card_full_name, card_name
from bot.text.daily import (
    board_text,
    deals_text,
    intro_text,
    played_text,
    result_text,
    share_line,
    stats_text,
)

DAY = dt.date(2026, 11, 18)
RESULT = DailyResult(DAY, 3, "1", "g", (0, 13, 5, 26), 40, 2, 7, 71.4, 3)
LEFTOVER = re.compile(r"\{[a-z_]+[|}]")


def texts(lang: str) -> list[str]:
    board = day_board(
        DAY, 3, [DayResult("1", "g", 44), DayResult("2", "g", 44)], [DayResult("3", "h", 50)], 40
    )
    return [
        intro_text(3, DAY, lang),
        played_text(3, DAY, lang),
        result_text(RESULT, lang),
        share_line("Ann", RESULT, lang),
        board_text(board, {"1": "Ann"}, lang),
        deals_text(boards(RULES, seed("s", DAY), 4), lang),
        stats_text(DailyStats(5, 31, 2, 4, -1.5), lang),
        stats_text(DailyStats(0, None, 0, 0, None), lang),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_daily_text_fills_in_every_language(lang: str) -> None:
    for text in texts(lang):
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
