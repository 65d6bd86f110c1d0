"""Names people chose and event names organisers typed are plain text in the bot's messages
(``bot.text.markdown.text_name``): Discord reads a message as markdown, so a nickname could pass
for the bot's own link or restyle its lines. The pictures (and their alt text) draw the same names
as they are, where a backslash would show."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from discord.utils import escape_markdown, escape_mentions

from bot.daily import DailyResult
from bot.daily.results import day_board
from bot.engine.rules import RuleSet
from bot.events import Entrant, Event, EventOptions, EventStatus, Standing
from bot.events.board import BoardLine
from bot.seasons import SeasonSummary
from bot.storage.daily import DayResult
from bot.storage.leaderboard import Board, BoardRow, Order
from bot.storage.seasons import Season
from bot.tables import TableOptions
from bot.text import daily, events, seasons
from bot.text.markdown import text_name

LINK = "[Show my hand](https://ev.il)"  # a masked link that looks like one of the bot's buttons
STYLED = "**b** ||c|| `d` ~~e~~ _f_ @everyone"
NAMES = {"1": LINK, "2": STYLED}


def said_plainly(name: str, text: str) -> bool:
    """``name`` is in ``text``, and only escaped: no markdown of it is live."""
    escaped = escape_mentions(escape_markdown(name))
    return escaped in text and name not in text.replace(escaped, "")


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        STYLED,
        LINK,
        "a\\b*c_d~e|f`g",
        "# Heading",
        "### h",
        "#### four",
        "> quoted",
        ">>> quoted",
        ">no space",
        "- item",
        "  - item",
        "-# small print",
        "@here and <@12345678901234567890> and <@&123456789012345678> and <@!123456789012345678>",
        "@everyone@here",
        "@1234",  # too short for an id: not a mention
        "[a](b) [c]",
        "]( [x]",
        "ɱàñ 🂡 ❤️ 名前",
    ],
)
def test_a_name_is_escaped_as_discord_py_escapes_it(name: str) -> None:
    assert text_name(name) == escape_mentions(escape_markdown(name, ignore_links=False))
    if "://" not in name:
        assert text_name(name) == escape_mentions(escape_markdown(name))


def test_a_name_holding_an_address_or_markdown_in_a_link_is_escaped_whole() -> None:
    """Stricter than ``escape_markdown``: an address in a name is escaped like the rest (a name is
    no link), and a masked link's text too (``escape_markdown`` leaves its ``**`` live)."""
    assert text_name("x_https://ev.il/a_b") == "x\\_https://ev.il/a\\_b"
    assert text_name("[**Show**](https://ev.il/_)") == "\\[\\*\\*Show\\*\\*](https://ev.il/\\_)"


# == the daily challenge =========================================================================

DAY = dt.date(2026, 11, 18)
RESULT = DailyResult(DAY, 3, "1", "g", (0, 13, 5, 26), 40, 2, 7, 71.4, 3, (2, 13, 0, 25))
PLAYED = [DayResult("1", "g", 44, (0, 13, 5, 26)), DayResult("2", "g", 44, (4, 4, 10, 26))]
BOARD = day_board(DAY, 3, PLAYED, PLAYED, 40)


def test_the_daily_board_and_summary_say_names_plainly_and_draw_them_as_they_are() -> None:
    for text in (daily.board_text(BOARD, NAMES, "en"), daily.summary_text(BOARD, (), NAMES, "en")):
        assert said_plainly(LINK, text) and said_plainly(STYLED, text), text
    image = daily.board_image(BOARD, NAMES, None, "en")
    assert {row.name for row in image.rows} == {LINK, STYLED}
    alt = daily.board_alt(BOARD, NAMES, image, "en")
    assert LINK in alt and STYLED in alt and "\\" not in alt
    assert "Player" in daily.board_text(BOARD, {}, "en")  # someone whose name is unknown


@pytest.mark.parametrize("name", [LINK, STYLED])
def test_the_share_line_says_the_name_plainly(name: str) -> None:
    line = daily.share_line(name, RESULT, "en")
    assert said_plainly(name, line) and line.startswith(escape_mentions(escape_markdown(name)) + " · ")


# == server events ===============================================================================

OPTIONS = EventOptions(TableOptions(rules=RuleSet(target_score=None, fixed_hands=2)), rounds=3)
EVENT_NAME = "[Free nitro](https://ev.il) **cup** ||spoiler||"


def event(status: EventStatus) -> Event:
    return Event(7, "g", "c", "o", EVENT_NAME, OPTIONS, 1, status, 2, None, None)


def test_event_messages_say_the_event_and_its_people_plainly_and_the_picture_as_they_are() -> None:
    entrants = [Entrant("1", "in"), Entrant("2", "in")]
    running = event(EventStatus.RUNNING)
    texts = [events.signup_text(event(s), entrants, NAMES, "en") for s in EventStatus]
    texts += [events.round_text(running, 2, [(4, ["<@1>"])], "soon", "en")]
    texts += [events.standings_text(running, 1, final, "en") for final in (False, True)]
    texts += [events.list_text([(event(s), 2) for s in EventStatus], "en")]
    for text in texts:
        assert said_plainly(EVENT_NAME, text), text
    for text in texts[: len(EventStatus)]:
        assert said_plainly(LINK, text) and said_plainly(STYLED, text), text
    board = events.board_text([BoardLine("1", 3, 2, 1), BoardLine("2", 2, 2, 0)], 2, NAMES, "en")
    assert said_plainly(LINK, board) and said_plainly(STYLED, board), board
    # The standings picture and its alt text draw them as they are.
    rows = [
        Standing("1", 1, False, Fraction(2), 1, 50.0, 10, 1, False),
        Standing("2", 2, False, Fraction(1), 1, 25.0, 20, 0, False),
    ]
    image = events.standings_image(event(EventStatus.RUNNING), 1, rows, False, NAMES, {}, "en")
    assert EVENT_NAME in image.title and [r.name for r in image.rows] == [LINK, STYLED]
    alt = events.standings_alt(image, EVENT_NAME, "en", len(rows))
    assert EVENT_NAME in alt and LINK in alt and "\\" not in alt


# == seasons =====================================================================================

JULY = dt.datetime(2026, 7, 1, tzinfo=dt.UTC).timestamp()
AUGUST = dt.datetime(2026, 8, 1, tzinfo=dt.UTC).timestamp()
ROWS = (BoardRow("1", 0, 1, 30, 5, 3, 20, 80, 26.0, None), BoardRow("2", 1, 2, 20, 5, 1, 20, 120, 24.0, None))


def test_a_seasons_summary_says_names_plainly_and_its_board_draws_them_as_they_are() -> None:
    closed = Season("g", 12, "monthly", JULY, AUGUST, AUGUST + 60, None)
    summary = SeasonSummary(closed, 2, ROWS, ROWS, ROWS, ("1", "2"), (), "5", "6")
    text = seasons.summary_text(summary, NAMES, "en")
    assert text.count(escape_markdown(LINK)) == 3 and LINK not in text.replace(escape_markdown(LINK), "")
    assert said_plainly(STYLED, text), text
    image = seasons.board_image(Board(Order.POINTS, ROWS[:1], 2, 0, ROWS[1]), 0, 1, closed, NAMES, "2", "en")
    assert image.rows[0].name == LINK and image.me is not None and image.me.name == STYLED
    assert STYLED in image.me_label and "\\" not in seasons.board_alt(image, "en")
