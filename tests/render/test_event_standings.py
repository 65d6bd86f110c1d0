"""An event's standings picture: the top rows, how many more there are, and the asker's own row
under them, outlined."""

from __future__ import annotations

from bot.render import event_standings as es
from bot.render import theme
from bot.render.event_standings import EventStandingsImage, EventStandingsRow
from tests.render.pixels import count_near, decode


def standings(count: int, more: str = "", me: EventStandingsRow | None = None) -> EventStandingsImage:
    rows = tuple(EventStandingsRow(str(i), f"Entrant {i}", "50", "3", 2, "20", "#4") for i in range(count))
    return EventStandingsImage(
        "Cup",
        "after round 2 of 3",
        "Place",
        "Player",
        "%",
        "MP",
        "Rounds",
        rows,
        tiebreak="Ties…",
        more=more,
        me=me,
    )


def test_the_askers_row_is_outlined_under_the_line_saying_how_many_more() -> None:
    me = EventStandingsRow("300", "Me", "10", "1", 2, "40", "#9", mine=True)
    top = decode(es.render(standings(es.ROWS, more="… and 674 more")))
    asked = decode(es.render(standings(es.ROWS, more="… and 674 more", me=me)))
    rows_end = es.TITLE_H + es.HEADER_H + es.ROWS * es.ROW_H
    assert top.height == rows_end + es.GAP + es.NOTE_H + es.PAD
    assert asked.height == top.height + es.ROW_H
    gap = (0, rows_end, es.WIDTH, rows_end + es.GAP)
    assert count_near(top, gap, theme.MUTED, 30) > 100  # the line is drawn
    mine = (0, rows_end + es.GAP, es.WIDTH, rows_end + es.GAP + es.ROW_H)
    assert count_near(asked, mine, theme.CYAN, 30) > 1000  # outlined
    assert count_near(top, (0, 0, es.WIDTH, top.height), theme.CYAN, 30) == 0
