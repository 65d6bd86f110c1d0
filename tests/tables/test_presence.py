"""Who has a table open live: a person's pages are counted per table, and the table is told once,
when their last page closes."""

from __future__ import annotations

from bot.tables.presence import LivePages


def test_the_last_page_of_a_person_at_a_table_closing_is_told_once() -> None:
    told: list[tuple[int, str]] = []
    live = LivePages(lambda table, person: told.append((table, person)))
    live.opened(1, "alice")
    live.opened(1, "alice")  # a second device
    live.opened(2, "alice")  # another table
    live.closed(1, "alice")
    assert live.watching(1, "alice") and told == []
    live.closed(1, "alice")
    assert not live.watching(1, "alice") and live.watching(2, "alice")
    assert told == [(1, "alice")]
    live.closed(1, "alice")  # closed again (never counted twice): nothing more
    assert told == [(1, "alice")] and not live.watching(1, "bob")


def test_pages_forgotten_at_a_stop_tell_nothing_when_they_close() -> None:
    told: list[tuple[int, str]] = []
    live = LivePages(lambda table, person: told.append((table, person)))
    live.opened(1, "alice")
    live.clear()
    assert not live.watching(1, "alice")
    live.closed(1, "alice")
    assert told == []
