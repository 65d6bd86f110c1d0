"""Server events' words in every language: every template fills and nothing is left in English
(the catalogue tests compare the keys)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest

from bot.engine.rules import RuleSet
from bot.events import Entrant, Event, EventOptions, EventRefusal, EventRefused, EventStatus, Standing
from bot.events.board import BoardLine
from bot.render import event_standings as es
from bot.render.fonts import text_width
from bot.tables import TableOptions
from bot.text import LANGUAGES, t
from bot.text.events import (
    board_text,
    entrant_tags,
    list_text,
    refusal_text,
    review_texts,
    round_table_marks,
    round_text,
    signup_text,
    standings_alt,
    standings_image,
    standings_text,
)

LEFTOVER = re.compile(r"\{[a-z_]+[|}]")
OPTIONS = EventOptions(TableOptions(rules=RuleSet(target_score=None, fixed_hands=2)), rounds=3)


def event(status: EventStatus) -> Event:
    return Event(7, "g", "c", "o", "Cup", OPTIONS, 1, status, 2, None, None)


def texts(lang: str) -> list[str]:
    entrants = [Entrant("1", "in"), Entrant("2", "withdrew"), Entrant("3", "removed")]
    rows = [
        Standing("1", 1, False, Fraction(5, 2), 3, 83.3, 10, 2, False),
        Standing("2", 2, True, Fraction(1), 3, 33.3, 20, 1, True),
        Standing("3", None, False, Fraction(0), 0, None, 0, 0, True),
    ]
    tags = entrant_tags(entrants, lang)
    image = standings_image(event(EventStatus.RUNNING), 1, rows, False, {"1": "Ann"}, tags, lang)
    out = [signup_text(event(s), entrants, {"1": "Ann"}, lang) for s in EventStatus]
    out += [round_text(event(EventStatus.RUNNING), 2, [(4, ["<@1>"]), (5, ["<@2>"])], "soon", lang)]
    out += [standings_text(event(EventStatus.RUNNING), 1, final, lang) for final in (False, True)]
    out += [
        image.title,
        image.subtitle,
        *tags.values(),
        *(r.percentage for r in image.rows),
    ]
    out += [list_text([(event(s), 3) for s in EventStatus], lang), list_text([], lang)]
    out += [board_text([BoardLine("1", 3, 2, 1)], 2, {}, lang), board_text([], 0, {}, lang)]
    out += [
        refusal_text(EventRefused(code, max=10, hours=5, tables=100, days=30), lang) for code in EventRefusal
    ]
    timed = replace(event(EventStatus.SIGNUP), options=replace(OPTIONS, starts_at=1_700_000_000.0))
    out += [signup_text(timed, entrants, {}, lang), *review_texts([[3, 4], [5, 6]], lang)]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_text_fills(lang: str) -> None:
    for text in texts(lang):
        assert text and not LEFTOVER.search(text), text


def test_numbers_take_the_languages_decimal_sign() -> None:
    rows = [Standing("1", 1, False, Fraction(5, 2), 3, 83.25, 10, 2, False)]
    image = standings_image(event(EventStatus.RUNNING), 1, rows, False, {}, {}, "de")
    assert image.rows[0].percentage == "83,2" and image.rows[0].matchpoints == "2,5"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_equal_percentages_show_the_points_that_part_them_and_each_ones_table(lang: str) -> None:
    rows = [
        Standing("1", 1, False, Fraction(5, 2), 3, 83.3, 10, 1, False),
        Standing("2", 2, False, Fraction(5, 2), 3, 83.3, 14, 1, False),
        Standing("3", None, False, Fraction(0), 0, None, 0, 0, False),
    ]
    image = standings_image(event(EventStatus.RUNNING), 2, rows, False, {}, {}, lang, {"1": 4, "2": 5})
    assert [(r.points, r.table) for r in image.rows] == [("10", "#4"), ("14", "#5"), ("–", "–")]
    alt = standings_alt(image, "Cup", lang, len(rows))
    assert image.tiebreak in alt and "10" in alt and "14" in alt


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standings_headers_fit_their_columns(lang: str) -> None:
    """No column header of the standings is cut with "…" ("Matchpunkte %" was)."""
    image = standings_image(event(EventStatus.RUNNING), 1, [], False, {}, {}, lang)
    columns = [
        (image.table, es.TABLE_RIGHT),
        (image.percentage, es.PERCENT_RIGHT),
        (image.matchpoints, es.MATCHPOINTS_RIGHT),
        (image.points, es.POINTS_RIGHT),
        (image.rounds, es.ROUNDS_RIGHT),
    ]
    assert text_width(image.table, es.LABEL) <= es.TABLE_W
    for (_before, left), (header, right) in pairwise(columns):
        assert text_width(header, es.LABEL) <= right - left - 12, header


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standings_alt_text_stays_within_discords_limit(lang: str) -> None:
    """Long names: the alt text names the top rows that fit, counts the rest and keeps the
    tie-break line, within Discord's 1,024 characters."""
    rows = [Standing(str(i), i, False, Fraction(i), 90, 50.0, 26 * i, 3, False) for i in range(1, 91)]
    names = {str(i): "Bartholomew " * 4 for i in range(1, 91)}
    image = standings_image(event(EventStatus.RUNNING), 1, rows, True, names, {}, lang)
    alt = standings_alt(image, "Autumn Cup", lang, len(rows))
    named = alt.count("Bartholomew " * 4)
    assert len(alt) <= 1024 and 0 < named < len(image.rows) and image.tiebreak in alt
    assert t("reply.list_more", lang, items="", more=90 - named).strip() in alt


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("status", [EventStatus.SIGNUP, EventStatus.RUNNING])
def test_the_signup_message_names_as_many_entrants_as_fit_in_one_message(
    lang: str, status: EventStatus
) -> None:
    """An event takes hundreds of entrants: the message keeps within Discord's 2,000 characters
    (a longer edit is refused, and every later Join would be told nothing changed), with the
    count, the first names that fit and how many more."""
    entrants = [Entrant(str(i), "in") for i in range(700)]
    names = {str(i): f"Bartholomew{i:04d}" for i in range(700)}
    timed = replace(event(status), name="N" * 80, options=replace(OPTIONS, starts_at=1_700_000_000.0))
    text = signup_text(timed, entrants, names, lang)
    assert len(text) <= 2000
    shown = sum(1 for i in range(700) if names[str(i)] in text)
    assert 50 < shown < 700 and names["0"] in text
    assert t("reply.list_more", lang, items="", more=700 - shown).strip() in text
    few = signup_text(timed, entrants[:3], names, lang)
    assert all(names[str(i)] in few for i in range(3))  # all of them, when they fit
    assert t("reply.list_more", lang, items="", more=0).strip() not in few


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_of_events_keeps_within_one_message(lang: str) -> None:
    """20 events with names of 80 characters: as many whole lines as fit in 2,000 characters."""
    events = [
        (replace(event(EventStatus.RUNNING), event_id=i, name=f"{i:02d}" + "N" * 78), 400) for i in range(20)
    ]
    text = list_text(events, lang)
    assert len(text) <= 2000
    lines = text.split("\n")
    assert len(lines) >= 10 and all(line.startswith(f"#{i} ") for i, line in enumerate(lines))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rounds_tables_are_found_in_its_announcement_whatever_their_people(lang: str) -> None:
    """An owed announcement is found in the thread by its tables' lines up to their people (a
    pause moves its deadline, a withdrawal its pings): each mark names its table's number, so
    another round's announcement (other tables) never matches, nor table 5 in table 50's line."""
    posted = round_text(event(EventStatus.RUNNING), 2, [(5, ["<@1>"]), (6, ["<@2>"])], "soon", lang)
    marks = round_table_marks([5, 6], lang)
    assert all(mark in posted for mark in marks)
    assert ["5" in marks[0], "6" in marks[1]] == [True, True]
    other = round_text(event(EventStatus.RUNNING), 3, [(50, ["<@1>"]), (60, ["<@2>"])], "soon", lang)
    assert not any(mark in other for mark in marks)


def entrants_standings(count: int) -> list[Standing]:
    """``count`` entrants, best first, each with a place of their own."""
    return [
        Standing(str(i), i, False, Fraction(count - i), 3 * count, 100 * (count - i) / count, i, 3, False)
        for i in range(1, count + 1)
    ]


def drawn_height(image: es.EventStandingsImage) -> int:
    return es.draw(image).height


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_standings_of_700_entrants_draw_the_top_and_say_how_many_more(lang: str) -> None:
    """An event takes 700 entrants: the picture drew every row (960 × 29,546 px, a thin strip in
    Discord). It draws the top ``ROWS`` and a line saying how many more, as high as the picture of
    an event just past the cut, and its alt text names no one it does not draw."""
    rows = entrants_standings(700)
    names = {s.person: f"Entrant{s.person:>04}" for s in rows}
    image = standings_image(event(EventStatus.RUNNING), 2, rows, False, names, {}, lang)
    assert [r.name for r in image.rows] == [names[str(i)] for i in range(1, es.ROWS + 1)]
    assert image.me is None and image.more == t("reply.list_more", lang, items="…", more=700 - es.ROWS)
    few = standings_image(event(EventStatus.RUNNING), 2, rows[: es.ROWS + 5], False, names, {}, lang)
    height = drawn_height(image)
    assert height == drawn_height(few) <= es.TITLE_H + es.HEADER_H + (es.ROWS + 2) * es.ROW_H + 2 * es.GAP
    alt = standings_alt(image, "Cup", lang, len(rows))
    named = [n for n in names.values() if n in alt]
    assert named == [names[str(i)] for i in range(1, len(named) + 1)] and len(named) <= es.ROWS
    assert t("reply.list_more", lang, items="", more=700 - len(named)).strip() in alt and len(alt) <= 1024


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_askers_own_row_is_drawn_under_the_top_when_they_are_further_down(lang: str) -> None:
    """A private ask (/hearts-event standings) shows the asker's own row, outlined, under the top
    and the count of the rest: the others left out, not the asker. Right under the cut it is
    simply the next row; in the top it is outlined where it is; the thread's post has none."""
    rows = entrants_standings(700)
    names = {s.person: f"Entrant{s.person:>04}" for s in rows}

    def asked(asker: str | None) -> es.EventStandingsImage:
        return standings_image(event(EventStatus.RUNNING), 2, rows, False, names, {}, lang, None, asker)

    image = asked("300")
    assert image.me is not None and image.me.mine and image.me.name == names["300"]
    assert image.me.place == "300" and len(image.rows) == es.ROWS and not any(r.mine for r in image.rows)
    assert image.more == t("reply.list_more", lang, items="…", more=700 - es.ROWS - 1)
    assert drawn_height(image) == drawn_height(asked(None)) + es.ROW_H
    alt = standings_alt(image, "Cup", lang, len(rows))
    named = [n for n in names.values() if n in alt]
    assert named[-1] == names["300"] and len(alt) <= 1024 and alt.index(names["300"]) > alt.index(names["1"])
    assert t("reply.list_more", lang, items="", more=700 - len(named)).strip() in alt
    next_one = asked(str(es.ROWS + 1))
    assert next_one.me is None and len(next_one.rows) == es.ROWS + 1 and next_one.rows[-1].mine
    assert next_one.more == t("reply.list_more", lang, items="…", more=700 - es.ROWS - 1)
    in_top = asked("3")
    assert in_top.me is None and [r.mine for r in in_top.rows].index(True) == 2
    assert len(in_top.rows) == es.ROWS and in_top.more == asked(None).more
    few = entrants_standings(4)
    whole = standings_image(event(EventStatus.RUNNING), 2, few, False, names, {}, lang, None, "4")
    assert len(whole.rows) == 4 and whole.me is None and whole.more == "" and whole.rows[-1].mine
