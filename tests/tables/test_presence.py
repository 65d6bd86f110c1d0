"""Who has a table open live: a person's pages are counted per table, and the table is told once,
when their last page closes."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from bot.engine.cards import cards_of, cardset
from bot.storage.records import PageNotice, TableWrite
from bot.tables import events as ev
from bot.tables.presence import LivePages
from tests.tables.helpers import Rig
from tests.tables.test_turns import ALICE, BOB, two_people


def test_a_persons_first_page_opening_and_last_closing_are_told_once() -> None:
    told: list[tuple[int, str, bool]] = []
    live = LivePages(lambda table, person, shown: told.append((table, person, shown)))
    live.opened(1, "alice")
    live.opened(1, "alice")  # a second device
    live.opened(2, "alice")  # another table
    assert told == [(1, "alice", True), (2, "alice", True)]
    live.closed(1, "alice")
    assert live.watching(1, "alice") and len(told) == 2
    live.closed(1, "alice")
    assert not live.watching(1, "alice") and live.watching(2, "alice")
    assert told[2:] == [(1, "alice", False)]
    live.closed(1, "alice")  # closed again (never counted twice): nothing more
    assert len(told) == 3 and not live.watching(1, "bob")
    assert live.own() == [(2, "alice")]


def test_pages_forgotten_at_a_stop_tell_nothing_when_they_close() -> None:
    told: list[tuple[int, str, bool]] = []
    live = LivePages(lambda table, person, shown: told.append((table, person, shown)))
    live.opened(1, "alice")
    live.clear()
    assert not live.watching(1, "alice")
    live.closed(1, "alice")
    assert told == [(1, "alice", True)]


def test_pages_announced_elsewhere_count_until_closed_or_not_announced_again_in_time() -> None:
    live = LivePages(lambda table, person, shown: None)
    assert not live.heard(1, "alice", "p1", 100.0)
    assert not live.heard(1, "alice", "p2", 130.0)  # a second device, on another process
    assert live.watching(1, "alice")
    assert not live.heard(1, "alice", "p1", None)  # p1's closed; p2's is still open
    assert live.expire(129.0) == [] and live.watching(1, "alice")
    assert live.expire(130.0) == [(1, "alice")]  # p2 said nothing more: gone
    assert not live.watching(1, "alice")
    live.opened(2, "bob")  # open here as well as elsewhere: the elsewhere's end changes nothing
    assert not live.heard(2, "bob", "p1", 100.0)
    assert not live.heard(2, "bob", "p1", None)
    assert live.expire(1000.0) == [] and live.watching(2, "bob")
    assert live.heard(3, "carol", "p1", None)  # a close heard of a page never heard: none left


async def test_a_page_closed_while_a_move_is_saved_offers_the_turn_after_that_move(r: Rig) -> None:
    """alice's page closes while bob's pass is being saved (in memory already, not yet in the
    database): her turn is offered again after the pass's events, never ahead of them, and only
    her seat's."""
    tid = await two_people(r)
    r.service.live.opened(tid, "alice")
    save, gate, saving = r.db.save_table, asyncio.Event(), asyncio.Event()

    async def held(write: TableWrite) -> Any:
        saving.set()
        await gate.wait()
        return await save(write)

    r.db.save_table = held  # type: ignore[method-assign]
    hand = r.service.private_hand(BOB, tid)
    passing = asyncio.create_task(
        r.service.pass_cards(BOB, tid, hand.move_number, cardset(cards_of(hand.cards)[:3]))
    )
    async with asyncio.timeout(20):
        await saving.wait()
    seen = len(r.presenter.events)
    r.service.live.closed(tid, "alice")
    await asyncio.sleep(0)  # (anything the close does at once, it has done)
    gate.set()
    await passing
    r.db.save_table = save  # type: ignore[method-assign]
    await r.service.settle()
    after = r.presenter.events[seen:]
    assert [type(e) for e in after] == [ev.PassChosen, ev.TurnStarted], after
    offered = after[1]
    assert isinstance(offered, ev.TurnStarted)
    alices = r.service.private_hand(ALICE, tid).seat
    assert offered.seats == (alices,) and [h.seat for h in offered.hands] == [alices]
    assert offered.offered  # (the Discord side draws nothing new for it)


async def test_a_page_closed_when_it_is_not_the_persons_turn_offers_nothing(r: Rig) -> None:
    tid = await two_people(r)
    hand = r.service.private_hand(BOB, tid)
    await r.service.pass_cards(BOB, tid, hand.move_number, cardset(cards_of(hand.cards)[:3]))
    await r.service.settle()
    seen = len(r.presenter.events)
    for person in ("bob", "eve"):  # bob has passed; eve has no seat
        r.service.live.opened(tid, person)
        r.service.live.closed(tid, person)
    await r.service.settle()
    assert r.presenter.events[seen:] == []


def test_a_page_notice_reads_back_as_written_and_anything_else_is_refused() -> None:
    notice = PageNotice(12, "1480898012774535168", "9f86d081884c7d65", True, 7)
    assert PageNotice.parse(notice.text()) == notice
    closed = replace(notice, shown=False, number=8)
    assert PageNotice.parse(closed.text()) == closed and closed.text() != notice.text()
    for text in ("page 12 h 1 2 alice", "page x h 1 1 alice", "page 12 h x 1 alice", "page 12 h 1 1", "12 3"):
        with pytest.raises(ValueError):
            PageNotice.parse(text)
