"""Server events' service on a real database (SQLite and PostgreSQL): sign-up, a random first round
with computers filling, the same boards at every table of a round, the round scored once when its
last table ends, the next round by standing avoiding pairs that met, the final standings, a restart
in the middle of a round, and every refusal."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from bot.engine.duplicate import boards
from bot.engine.rules import RuleSet
from bot.events import (
    Event,
    EventOptions,
    EventRefusal,
    EventRefused,
    EventService,
    EventStatus,
    Standing,
)
from bot.events.model import MAX_TABLES
from bot.events.seating import Placement, pairs
from bot.events.service import CARRY_ON_RETRY
from bot.storage import StorageUnavailable, WriteFault
from bot.storage import events as store
from bot.storage.leaderboard import leaderboard, player_stats
from bot.tables import Actor, ManualClock, Refused, TableOptions, TableRefusal, TableSnapshot, TableStatus
from bot.tables import events as ev
from bot.tables.requests import SettingsRequest
from cogs.hearts._controls import TableAction, table_view
from discord_emulator.pytest_plugin import Allowance, ErrorLogCollector
from tests.storage.targets import RawDatabase
from tests.tables.helpers import GUILD, Rig, act_once, damage_logged, play_to_end, rig, settings_unreadable

ORGANISER = Actor("org", is_moderator=True, manages_server=True)
PEOPLE = [Actor(f"p{i}") for i in range(9)]
HANDS = 2


@dataclass
class Shown:
    rounds: list[tuple[int, list[int]]] = field(default_factory=list)
    posted: list[tuple[int, list[Standing], bool]] = field(default_factory=list)
    again: list[int] = field(default_factory=list)  # rounds whose standings were owed at a start

    async def round_started(
        self, event: Event, rnd: int, table_ids: list[int], *, again: bool = False
    ) -> bool:
        self.rounds.append((rnd, table_ids))
        return True

    async def ready(self) -> None:
        return None

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        self.posted.append((rnd, rows, final))
        if again:
            self.again.append(rnd)
        return True


@dataclass
class Events:
    rig: Rig
    service: EventService
    shown: Shown

    async def close(self) -> None:
        await self.rig.service.settle()
        await self.service.settle()
        await self.service.stop()
        await self.rig.close()


async def events(url: str, clock: ManualClock) -> Events:
    return await events_on(await rig(url, clock), Shown())


async def events_on(r: Rig, shown: Shown) -> Events:
    """The event service on ``r``'s tables, started, showing through ``shown``."""
    service = EventService(r.service, r.db)
    service.attach(shown)
    await service.start()
    return Events(r, service, shown)


@pytest.fixture
async def e(db_url: str) -> AsyncIterator[Events]:
    the = await events(db_url, ManualClock())
    yield the
    await the.close()


def options(rounds: int = 2, players: int = 4, hands: int = HANDS, **kw: float) -> EventOptions:
    rules = RuleSet(players=players, target_score=None, fixed_hands=hands)
    return EventOptions(TableOptions(rules=rules), rounds=rounds, **kw)  # type: ignore[arg-type]


async def signed_up(e: Events, people: list[Actor], rounds: int = 2) -> Event:
    event = await e.service.new(ORGANISER, GUILD, "chan-1", "Autumn Cup", options(rounds))
    for p in people:
        await e.service.join(p, GUILD, event.event_id)
    return event


async def play_round(e: Events, table_ids: list[int]) -> None:
    actors = {p.user_id: p for p in PEOPLE}
    for i, table_id in enumerate(table_ids):
        await play_to_end(e.rig.service, table_id, actors, seed=i + 1)
    await settle(e)


async def settle(e: Events) -> None:
    """Until the table service and the event service are both idle (each can start the other)."""
    for _ in range(100):
        await e.rig.service.settle()
        await e.service.settle()
        if e.rig.service.idle:
            return
    raise AssertionError("the services did not settle")


@contextmanager
def disk_full_after(e: Events, owner: object, name: str) -> Iterator[None]:
    """Within the block, ``owner.name`` fills the disk as soon as its own work is done (a command
    whose first write landed, cut short after it)."""
    original = getattr(owner, name)

    async def then_full(*args: Any, **kwargs: Any) -> Any:
        done = await original(*args, **kwargs)
        e.rig.db.faults.fail(WriteFault.DISK_FULL)
        return done

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(owner, name, then_full)
        yield


async def mended_a_minute_later(e: Events) -> None:
    """The disk mended after it failed the work at least once, and the minute the event service
    waits before carrying on again gone by."""
    assert e.rig.db.faults.raised
    e.rig.db.faults.clear()
    e.rig.clock.advance(CARRY_ON_RETRY)
    await settle(e)


async def seating_of(e: Events, event: Event, rnd: int) -> list[Placement]:
    """The round's seating as stored with its claim."""
    return [
        Placement(s.player_id, s.table_index, s.seat)
        for _r, s in await store.seats(e.rig.db, event.event_id, rnd)
    ]


async def test_two_rounds_of_nine_people_at_four_player_tables(e: Events) -> None:
    event = await signed_up(e, PEOPLE)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await e.rig.service.settle()
    ((rnd, first),) = e.shown.rounds
    assert rnd == 1 and len(first) == 3
    snaps = [e.rig.service.snapshot(t) for t in first]
    computer_seats = set()
    for snap in snaps:
        assert snap.status is TableStatus.PLAYING and snap.options.event_id == event.event_id
        assert sum(s.is_computer for s in snap.seats) == 1  # three people and a computer each
        computer_seats |= {s.seat for s in snap.seats if s.is_computer}
    assert len(computer_seats) == 3  # rotated: every table's computer holds another seat's cards
    placed = await seating_of(e, event, 1)
    assert sorted(p.player_id for p in placed) == sorted(p.user_id for p in PEOPLE)
    for p in placed:  # the stored seating is the tables' seating
        assert snaps[p.table_index].seats[p.seat].player_id == p.player_id

    # The same cards reach the same seat at every table: the round's first board.
    stored = await e.service.event(GUILD, event.event_id)
    board = boards(stored.options.table.rules, stored.round_seed(1), 1)[0]
    for snap in snaps:
        for s in snap.seats:
            if s.player_id is not None:
                hand = e.rig.service.private_hand(Actor(s.player_id), snap.table_id)
                assert hand.cards == board.hands[s.seat]

    await play_round(e, first)
    assert [r for r, _rows, _final in e.shown.posted] == [1]
    assert (await e.service.event(GUILD, event.event_id)).round == 2
    (rnd, second) = e.shown.rounds[1]
    assert rnd == 2 and len(second) == 3 and not set(second) & set(first)
    # By standing, avoiding pairs that met: nine people at three tables can all meet new faces.
    assert not pairs(await seating_of(e, event, 1)) & pairs(await seating_of(e, event, 2))

    await play_round(e, second)
    rounds = [(r, final) for r, _rows, final in e.shown.posted]
    assert rounds == [(1, False), (2, True)]
    done = await e.service.event(GUILD, event.event_id)
    assert done.status is EventStatus.FINISHED
    rows = e.shown.posted[-1][1]
    assert {s.person for s in rows} == {p.user_id for p in PEOPLE}
    # Each board and seat compares the people who held it, a pair sharing one matchpoint: the
    # computers sit in three different seats, so one seat has 3 people (3 pairs) and three seats
    # have 2 (1 pair each).
    assert sum(s.matchpoints for s in rows) == 2 * HANDS * (3 + 3 * 1)
    assert all(s.rounds == 2 for s in rows)
    assert [s.place for s in rows] == sorted(s.place for s in rows if s.place is not None)
    scores = await store.scores(e.rig.db, event.event_id)
    assert len(scores) == 9 * HANDS * 2  # every person, every board, recorded once


async def test_restart_in_the_middle_of_a_round(db_url: str) -> None:
    clock = ManualClock()
    e = await events(db_url, clock)
    event = await signed_up(e, PEOPLE[:5], rounds=2)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    await play_round(e, first[:1])  # one table done, the other still playing
    await e.close()

    e = await events(db_url, clock)
    try:
        assert e.shown.rounds == []  # nothing seated twice
        await play_round(e, first[1:])
        assert [r for r, _rows, _final in e.shown.posted] == [1]
        ((rnd, second),) = e.shown.rounds
        assert rnd == 2
        await play_round(e, second)
        assert [final for _r, _rows, final in e.shown.posted] == [False, True]
        assert len(await store.scores(e.rig.db, event.event_id)) == 5 * HANDS * 2
    finally:
        await e.close()


@pytest.mark.parametrize("stop_at", ["the table made", "one person seated"])
async def test_a_stop_while_a_round_is_seated_leaves_no_table_half_seated(db_url: str, stop_at: str) -> None:
    """A stop (the table service stopping under the seating: a deploy, a SIGTERM) in the middle of
    seating round 1: the next start seats everyone once, at started tables, and leaves no lobby."""
    clock = ManualClock()
    e = await events(db_url, clock)
    event = await signed_up(e, PEOPLE[:5], rounds=2)
    service = e.rig.service
    create, join = service.create_table, service.join

    async def create_then_stop(*args: Any, **kwargs: Any) -> TableSnapshot:
        made = await create(*args, **kwargs)
        if stop_at == "the table made":
            await service.stop()
            raise Refused(TableRefusal.BUSY)  # as if the stop came before the table was recorded
        return made

    async def join_then_stop(actor: Actor, table_id: int, *args: Any, **kwargs: Any) -> TableSnapshot:
        joined = await join(actor, table_id, *args, **kwargs)
        if stop_at == "one person seated":
            await service.stop()
        return joined

    service.create_table = create_then_stop  # type: ignore[method-assign]
    service.join = join_then_stop  # type: ignore[method-assign]
    with pytest.raises(Refused):
        await e.service.begin(ORGANISER, GUILD, event.event_id)
    await e.service.join(PEOPLE[5], GUILD, event.event_id)  # a late entry: seated from round 2
    await e.close()

    e = await events(db_url, clock)
    try:
        await settle(e)
        ((rnd, tables),) = e.shown.rounds
        assert rnd == 1 and len(tables) == 2
        snaps = [e.rig.service.snapshot(t) for t in tables]
        assert all(snap.status is TableStatus.PLAYING for snap in snaps)
        seated = sorted(s.player_id for snap in snaps for s in snap.seats if s.player_id is not None)
        assert seated == sorted(p.user_id for p in PEOPLE[:5])  # everyone, once
        for p in await seating_of(e, event, 1):  # where the stored seating says
            assert snaps[p.table_index].seats[p.seat].player_id == p.player_id
        lobbies = [s for s in e.rig.service.tables(GUILD) if s.status is TableStatus.LOBBY]
        assert lobbies == []  # no table of the event left waiting in its lobby
    finally:
        await e.close()


async def test_only_its_event_seats_an_events_table(e: Events) -> None:
    """While an event seats a table (or a stop holds it in its lobby), a Join, Add computer, Start
    or Cancel from anyone else is refused: a stranger would take a seat the round's seating gives
    someone, a Start would give the seats of people not seated yet to computers."""
    tables = e.rig.service
    snap = await tables.create_table(
        ORGANISER, GUILD, "chan-1", TableOptions(event_id=7), seed=1, seat_host=False
    )
    attempts = (
        tables.join(PEOPLE[0], snap.table_id),
        tables.add_computer(ORGANISER, snap.table_id),
        tables.start_game(ORGANISER, snap.table_id),
        tables.cancel(ORGANISER, snap.table_id),
    )
    for attempt in attempts:
        with pytest.raises(Refused) as refused:
            await attempt
        assert refused.value.code is TableRefusal.NOT_IN_LOBBY
    seated = await tables.join(PEOPLE[0], snap.table_id, 2, for_event=True)
    assert [s.player_id for s in seated.seats] == [None, None, PEOPLE[0].user_id, None]
    started = await tables.start_game(ORGANISER, snap.table_id, for_event=True)
    assert started.status is TableStatus.PLAYING


async def test_refusals(e: Events) -> None:
    async def refused(code: EventRefusal, call: object) -> None:
        with pytest.raises(EventRefused) as caught:
            await call  # type: ignore[misc]
        assert caught.value.code is code

    await refused(EventRefusal.NOT_ORGANISER, e.service.new(PEOPLE[0], GUILD, "c", "x", options()))
    await refused(EventRefusal.BAD_ROUNDS, e.service.new(ORGANISER, GUILD, "c", "x", options(rounds=11)))
    await refused(
        EventRefusal.DEADLINE_TOO_SHORT,
        e.service.new(ORGANISER, GUILD, "c", "x", options(hands=10, deadline=3600.0)),
    )
    too_short = options(deadline=60.0)
    await refused(EventRefusal.BAD_DEADLINE, e.service.new(ORGANISER, GUILD, "c", "x", too_short))
    no_end = EventOptions(TableOptions(rules=RuleSet()))
    await refused(EventRefusal.BAD_HANDS, e.service.new(ORGANISER, GUILD, "c", "x", no_end))

    event = await e.service.new(ORGANISER, GUILD, "c", "Cup", options())
    await refused(EventRefusal.NO_ENTRANTS, e.service.begin(ORGANISER, GUILD, event.event_id))
    await refused(EventRefusal.NO_EVENT, e.service.join(PEOPLE[0], "another-guild", event.event_id))
    await refused(EventRefusal.NOT_ENTERED, e.service.leave(PEOPLE[0], GUILD, event.event_id))
    await e.service.join(PEOPLE[0], GUILD, event.event_id)
    await refused(EventRefusal.ALREADY_ENTERED, e.service.join(PEOPLE[0], GUILD, event.event_id))
    await refused(EventRefusal.NOT_ORGANISER, e.service.begin(PEOPLE[0], GUILD, event.event_id))
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await refused(EventRefusal.ALREADY_STARTED, e.service.begin(ORGANISER, GUILD, event.event_id))
    assert len(e.shown.rounds) == 1  # the second start seated nothing
    await refused(EventRefusal.NOT_ORGANISER, e.service.cancel(PEOPLE[0], GUILD, event.event_id))
    await refused(EventRefusal.NOT_ORGANISER, e.service.remove(PEOPLE[0], GUILD, event.event_id, "p1"))
    await refused(EventRefusal.NOT_ENTERED, e.service.remove(ORGANISER, GUILD, event.event_id, "p5"))
    await e.service.cancel(ORGANISER, GUILD, event.event_id)
    await refused(EventRefusal.ALREADY_STARTED, e.service.join(PEOPLE[1], GUILD, event.event_id))
    await refused(EventRefusal.OVER, e.service.cancel(ORGANISER, GUILD, event.event_id))


async def test_an_event_that_is_over_refuses_a_cancel_a_removal_and_a_withdrawal_as_over(e: Events) -> None:
    """Finished or cancelled, an event is over: a cancel, a removal or a withdrawal is refused as
    such, not as "only during sign-up" (none of them is); a start still is."""
    finished = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, finished.event_id)
    ((_rnd, tables),) = e.shown.rounds
    await play_round(e, tables)
    cancelled = await signed_up(e, PEOPLE[4:6], rounds=1)
    await e.service.cancel(ORGANISER, GUILD, cancelled.event_id)

    async def refused(code: EventRefusal, call: Awaitable[object]) -> None:
        with pytest.raises(EventRefused) as caught:
            await call
        assert caught.value.code is code

    for event, person in ((finished, PEOPLE[0]), (cancelled, PEOPLE[4])):
        assert (await e.service.event(GUILD, event.event_id)).over
        await refused(EventRefusal.OVER, e.service.cancel(ORGANISER, GUILD, event.event_id))
        await refused(EventRefusal.OVER, e.service.remove(ORGANISER, GUILD, event.event_id, person.user_id))
        await refused(EventRefusal.OVER, e.service.leave(person, GUILD, event.event_id))
        await refused(EventRefusal.ALREADY_STARTED, e.service.begin(ORGANISER, GUILD, event.event_id))
    statuses = [(await e.service.event(GUILD, x.event_id)).status for x in (finished, cancelled)]
    assert statuses == [EventStatus.FINISHED, EventStatus.CANCELLED]


async def test_a_late_entrant_who_leaves_before_being_seated_is_out_as_in_sign_up(e: Events) -> None:
    """Someone who joined during round 1 (seated from round 2) leaves before round 2: they never
    had a seat, so they are out as in sign-up, not withdrawn (no "withdrew" in every standings,
    no refusal to join again): they may join again while late entry is open. Someone seated in
    round 1 who leaves withdraws, as before."""
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    await e.service.join(PEOPLE[8], GUILD, event.event_id)  # late, during round 1
    left = await e.service.leave(PEOPLE[8], GUILD, event.event_id)
    assert not left.withdrew
    assert "p8" not in {x.player_id for x in await e.service.entrants(event.event_id)}
    assert (await e.service.leave(PEOPLE[0], GUILD, event.event_id)).withdrew  # seated in round 1
    await e.service.join(PEOPLE[8], GUILD, event.event_id)  # again, late entry still open
    await settle(e)  # (p0 unseated in the background)
    await play_round(e, first)
    rows = {s.person: s for s in e.shown.posted[0][1]}
    assert rows["p0"].removed and not rows["p8"].removed
    entrants = {x.player_id: x.status for x in await e.service.entrants(event.event_id)}
    assert entrants == {"p0": "withdrew", "p1": "in", "p2": "in", "p3": "in", "p8": "in"}
    assert "p8" in {p.player_id for p in await seating_of(e, event, 2)}


async def test_organiser_tools_late_entry_withdraw_remove_and_cancel(e: Events) -> None:
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    await e.service.join(PEOPLE[8], GUILD, event.event_id)  # late, during round 1
    await e.service.leave(PEOPLE[0], GUILD, event.event_id)  # withdraws: a computer plays on
    await e.service.remove(ORGANISER, GUILD, event.event_id, PEOPLE[1].user_id)
    await e.service.settle()  # (unseated in the background: the answers did not wait for it)
    snap = e.rig.service.snapshot(first[0])
    assert not {s.player_id for s in snap.seats if not s.is_computer} & {"p0", "p1"}
    await play_round(e, first)
    rows = {s.person: s for s in e.shown.posted[0][1]}
    assert rows["p0"].removed and rows["p1"].removed and not rows["p2"].removed
    assert rows["p8"].rounds == 0  # entered late: seated from round 2
    placed = await seating_of(e, event, 2)
    assert sorted(p.player_id for p in placed) == ["p2", "p3", "p8"]
    ((_rnd, second),) = e.shown.rounds[1:]
    await e.service.cancel(ORGANISER, GUILD, event.event_id)
    await e.rig.service.settle()
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.CANCELLED
    for table_id in second:
        assert (await e.rig.service.table_snapshot(table_id)).status is TableStatus.CANCELLED
    assert len(e.shown.posted) == 1  # a cancelled round is never scored


async def test_a_removal_mid_round_costs_nothing_on_the_board_and_is_no_quit_but_a_withdrawal_is(
    e: Events,
) -> None:
    """The organiser removes p1 in the middle of the round's second board, p0 withdraws: once the
    game ends p1 has no −100 and no quit on the leaderboard nor in his statistics, p0 both; the
    board both played first still counts for the event."""
    event = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (table_id,)),) = e.shown.rounds
    actors, rng = {p.user_id: p for p in PEOPLE}, random.Random(4)
    for _ in range(500):  # board 1 played by its people, and board 2 begun
        await e.rig.service.settle()
        if e.rig.service.snapshot(table_id).hand_number == 2:
            break
        await act_once(e.rig.service, table_id, actors, rng)
    assert e.rig.service.snapshot(table_id).status is TableStatus.PLAYING
    await e.service.remove(ORGANISER, GUILD, event.event_id, "p1")
    await e.service.leave(PEOPLE[0], GUILD, event.event_id)  # withdraws
    await settle(e)
    await play_round(e, [table_id])
    assert e.shown.posted and e.shown.posted[-1][2]  # the event is over, with the game
    (over,) = e.rig.presenter.of(ev.GameOver)
    rows = {st.player_id: st for st in over.result.standings if st.player_id}
    removed, withdrew = [await player_stats(e.rig.db, GUILD, p) for p in ("p1", "p0")]
    assert removed is not None and (removed.quits, removed.ranking_points, removed.games) == (0, 0, 1)
    assert withdrew is not None and (withdrew.quits, withdrew.ranking_points) == (1, -100)
    board = {r.player_id: r for r in (await leaderboard(e.rig.db, GUILD)).rows}
    assert (board["p1"].ranking_points, board["p1"].quits) == (0, 0)
    assert (board["p0"].ranking_points, board["p0"].quits) == (-100, 1)
    assert [(st.ranking_points, st.quit, st.counts_as_quit) for st in (rows["p1"], rows["p0"])] == [
        (0, True, False),  # left the table, but as no quit of his
        (-100, True, True),
    ]
    scores = await store.scores(e.rig.db, event.event_id)
    assert {s.board for s in scores if s.player_id in ("p0", "p1")} == {1}  # their board 1 counts


async def test_the_deadline_plays_out_unfinished_tables_and_keeps_the_boards_played(e: Events) -> None:
    event = await signed_up(e, PEOPLE[:5])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    actors = {p.user_id: p for p in PEOPLE}
    rng = random.Random(3)
    for _ in range(500):  # the first table plays its first hand; the second does nothing
        await e.rig.service.settle()
        if e.rig.service.snapshot(first[0]).hand_number == 2:
            break
        await act_once(e.rig.service, first[0], actors, rng)
    assert e.rig.service.snapshot(first[0]).hand_number == 2
    e.rig.clock.advance(event.options.deadline - 1)
    await e.service.settle()
    assert e.rig.service.snapshot(first[1]).status is TableStatus.PLAYING  # not yet
    e.rig.clock.advance(1)
    for _ in range(500):  # no more time passes: the overdue turns time out at once
        e.rig.clock.advance(0)
        await e.service.settle()
        await e.rig.service.settle()
        if e.shown.posted:
            break
    assert [(r, final) for r, _rows, final in e.shown.posted] == [(1, False)]
    assert [r for r, _ids in e.shown.rounds] == [1, 2]
    scores = await store.scores(e.rig.db, event.event_id)
    at_first = {s.player_id for s in await seating_of(e, event, 1) if s.table_index == 0}
    # Board 1 at the first table was played by its people; the rest was played out by the
    # timeout rule (a random move, then a computer at the second timeout), so nobody else has a board.
    assert {(s.board, s.player_id) for s in scores} == {(1, p) for p in at_first}


async def test_pause_holds_the_round_and_its_deadline_until_resume(e: Events) -> None:
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    with pytest.raises(EventRefused):
        await e.service.resume(ORGANISER, GUILD, event.event_id)  # not paused
    before = await store.seated_at(e.rig.db, event.event_id, 1)
    assert before is not None
    await e.service.pause(ORGANISER, GUILD, event.event_id)
    await play_round(e, first)  # the tables play on while paused ...
    assert e.shown.posted == []  # ... but the round is not scored
    e.rig.clock.advance(event.options.deadline + 60)  # nor does its deadline run
    await e.service.settle()
    await e.service.resume(ORGANISER, GUILD, event.event_id)
    await e.rig.service.settle()
    assert [r for r, _rows, _final in e.shown.posted] == [1]  # scored on resuming
    assert [r for r, _ids in e.shown.rounds] == [1, 2]
    # the round's deadline moved on by the pause
    assert await store.seated_at(e.rig.db, event.event_id, 1) == before + event.options.deadline + 60


@pytest.mark.parametrize("pause", ["just before", "just after"])
async def test_a_pause_as_the_last_round_is_scored_holds_it_or_finds_the_event_over(
    e: Events, monkeypatch: pytest.MonkeyPatch, pause: str
) -> None:
    """The organiser pauses as the last round's last table ends. A pause just before the round's
    scoring holds it (not scored, no final standings, until the resume, which finishes the event);
    one just after finds the event over. Never a paused event with its last round over (final
    standings posted, its tables' review refused until someone thinks of resuming it)."""
    event = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    claim, refused = store.claim_scoring, []

    async def paused_then(*args: Any, **kwargs: Any) -> bool:
        async def pausing() -> None:
            try:
                await e.service.pause(ORGANISER, GUILD, event.event_id)
            except EventRefused as exc:
                refused.append(exc.code)

        if pause == "just before":
            await pausing()
        claimed = await claim(*args, **kwargs)
        if pause == "just after":
            await pausing()
        return bool(claimed)

    monkeypatch.setattr(store, "claim_scoring", paused_then)
    await play_round(e, first)
    monkeypatch.setattr(store, "claim_scoring", claim)
    status = (await e.service.event(GUILD, event.event_id)).status
    if pause == "just before":
        assert status is EventStatus.PAUSED and refused == []
        assert e.shown.posted == [] and not await store.scored(e.rig.db, event.event_id, 1)
        await e.service.resume(ORGANISER, GUILD, event.event_id)
        await settle(e)
        status = (await e.service.event(GUILD, event.event_id)).status
    else:
        assert refused == [EventRefusal.NOT_RUNNING]
    assert status is EventStatus.FINISHED
    assert [(r, final) for r, _rows, final in e.shown.posted] == [(1, True)]


async def test_a_pause_as_a_round_is_seated_moves_its_deadline_to_the_resume(
    e: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The organiser pauses as round 2 is being seated (its seating, under way, goes on and takes
    half a minute), and resumes ten minutes later: the round's deadline runs from the resume, not
    from the seating (a timer armed then would play its tables out ten minutes early), nor from
    the seating plus the whole pause (half a minute late)."""
    event = await signed_up(e, PEOPLE[:4], rounds=2)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, first),) = e.shown.rounds
    claim = store.claim_round

    async def paused_first(db: Any, event_id: int, rnd: int, rows: Any, now: float) -> bool:
        if rnd == 2:
            await e.service.pause(ORGANISER, GUILD, event.event_id)
            e.rig.clock.advance(30)
            now = e.rig.clock.now()
        return await claim(db, event_id, rnd, rows, now)

    monkeypatch.setattr(store, "claim_round", paused_first)
    await play_round(e, first)
    monkeypatch.setattr(store, "claim_round", claim)
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.PAUSED
    ((_rnd, second),) = [(r, ids) for r, ids in e.shown.rounds if r == 2]
    e.rig.clock.advance(600)
    await settle(e)
    resumed = e.rig.clock.now()
    await e.service.resume(ORGANISER, GUILD, event.event_id)
    await settle(e)
    deadline = event.options.deadline
    assert await e.service.closes_at(event, 2) == resumed + deadline
    e.rig.clock.advance(deadline - 1)
    for _ in range(20):  # (turns that time out meanwhile would do so at once)
        e.rig.clock.advance(0)
        await settle(e)
    assert [r for r, _rows, _final in e.shown.posted] == [1]
    assert e.rig.service.snapshot(second[0]).status is TableStatus.PLAYING  # not played out yet
    e.rig.clock.advance(1)
    for _ in range(500):  # no more time passes: the overdue turns time out at once
        e.rig.clock.advance(0)
        await settle(e)
        if len(e.shown.posted) == 2:
            break
    assert [(r, final) for r, _rows, final in e.shown.posted] == [(1, False), (2, True)]


async def test_while_paused_an_entrant_may_withdraw_and_be_removed_and_a_computer_plays_on(e: Events) -> None:
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await e.rig.service.settle()
    await e.service.pause(ORGANISER, GUILD, event.event_id)
    await e.service.leave(PEOPLE[0], GUILD, event.event_id)
    await e.service.remove(ORGANISER, GUILD, event.event_id, PEOPLE[1].user_id)
    await settle(e)
    entrants = {x.player_id: x.status for x in await e.service.entrants(event.event_id)}
    assert entrants == {"p0": "withdrew", "p1": "removed", "p2": "in", "p3": "in"}
    seated = await e.service.seated(event.event_id, 1)
    for person in ("p0", "p1"):
        snap = await e.rig.service.table_snapshot(seated[person])
        assert person not in {s.player_id for s in snap.seats if not s.is_computer}


async def test_a_seat_left_at_an_events_table_is_the_computers_for_the_rest_of_the_round(e: Events) -> None:
    """Someone leaves their event table (or is removed, or times out twice): the computer plays
    their seat to the round's end. No Rejoin: the hands it played count for nobody, and the
    person back would be credited with them (the game keeps no record of a quit taken back)."""
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await e.rig.service.settle()
    table_id = (await e.service.seated(event.event_id, 1))["p0"]
    await e.rig.service.leave(PEOPLE[0], table_id)
    await e.service.remove(ORGANISER, GUILD, event.event_id, "p1")
    await settle(e)
    for person in PEOPLE[:2]:
        with pytest.raises(Refused) as refused:
            await e.rig.service.rejoin(person, table_id)
        assert refused.value.code is TableRefusal.CANNOT_REJOIN
    snap = await e.rig.service.table_snapshot(table_id)
    assert {"p0", "p1"} <= {s.left_player for s in snap.seats}  # who left is known (the end's DM)
    offered = [str(getattr(item, "custom_id", "")) for item in table_view(snap).children]
    assert offered and not [c for c in offered if TableAction.REJOIN.value in c.split(":")]


@dataclass
class Broken:
    """Round 1 of a 5-person event, restarted with its first table's saved game damaged."""

    events: Events
    event: Event
    broken: int  # the table that can't be read
    other: int
    logged: Allowance


async def broken_at_restart(db_url: str, raw: RawDatabase, error_log: ErrorLogCollector) -> Broken:
    clock = ManualClock()
    first = await events(db_url, clock)
    event = await signed_up(first, PEOPLE[:5])
    await first.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (broken, other)),) = first.shown.rounds
    await first.close()
    await raw.execute("UPDATE tables SET state = '{broken' WHERE id = ?", (broken,))
    logged = damage_logged(error_log, "tables", str(broken))
    return Broken(await events(db_url, clock), event, broken, other, logged)


async def test_an_event_table_that_cant_be_read_ends_with_its_hands_so_far_and_the_event_goes_on(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    """One of round 1's tables can't be read at a start (its saved game damaged): it ends for the
    event with the hands recorded so far, the round is scored once the other table ends, and
    round 2 is seated (the round waited for it for ever, its deadline only logged)."""
    b = await broken_at_restart(db_url, raw, error_log)
    try:
        await settle(b.events)
        await play_round(b.events, [b.other])
        assert [(r, final) for r, _rows, final in b.events.shown.posted] == [(1, False)]
        assert [r for r, _ids in b.events.shown.rounds] == [2]
    finally:
        await b.events.close()
    assert b.logged.seen == 1


async def test_an_event_with_a_table_that_cant_be_read_is_cancelled_and_its_other_tables_close(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    b = await broken_at_restart(db_url, raw, error_log)
    try:
        await b.events.service.pause(ORGANISER, GUILD, b.event.event_id)  # (not scored on the way)
        await b.events.service.cancel(ORGANISER, GUILD, b.event.event_id)
        await settle(b.events)
        assert (await b.events.rig.service.table_snapshot(b.other)).status is TableStatus.CANCELLED
    finally:
        await b.events.close()


async def test_a_late_join_that_comes_as_round_2_is_seated_is_refused_not_left_out(e: Events) -> None:
    """Late entry is open during round 1: a Join that comes once round 2's seating is stored
    (the round's row still saying round 1) would be seated from round 3, which a two-round event
    never plays. It is refused as too late, and nobody is entered."""
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await e.service.join(PEOPLE[4], GUILD, event.event_id)  # late, in time
    await store.claim_round(e.rig.db, event.event_id, 2, [], e.rig.clock.now())  # another process
    with pytest.raises(EventRefused) as refused:
        await e.service.join(PEOPLE[5], GUILD, event.event_id)
    assert refused.value.code is EventRefusal.ALREADY_STARTED
    assert [x.player_id for x in await e.service.entrants(event.event_id)] == [f"p{i}" for i in range(5)]


async def test_an_entrant_removed_in_sign_up_cannot_leave_and_join_again(e: Events) -> None:
    event = await signed_up(e, PEOPLE[:2])
    await e.service.remove(ORGANISER, GUILD, event.event_id, "p0")
    with pytest.raises(EventRefused) as refused:
        await e.service.leave(PEOPLE[0], GUILD, event.event_id)
    assert refused.value.code is EventRefusal.NOT_ENTERED
    with pytest.raises(EventRefused) as refused:
        await e.service.join(PEOPLE[0], GUILD, event.event_id)
    assert refused.value.code is EventRefusal.LEFT  # (not "already in")
    entrants = {x.player_id: x.status for x in await e.service.entrants(event.event_id)}
    assert entrants == {"p0": "removed", "p1": "in"}
    await e.service.leave(PEOPLE[1], GUILD, event.event_id)  # one still in leaves as before
    assert [x.player_id for x in await e.service.entrants(event.event_id)] == ["p0"]


@pytest.mark.parametrize("then", ["a minute later", "the table ends first"])
async def test_a_hands_points_the_database_could_not_take_reach_the_board_later(
    e: Events, monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    """The database can't take a hand's points as an event table scores it: they reach the board a
    minute later, or when the table ends if that comes first: not only for those still seated at
    its end (the end fills in theirs): the person who left the table meanwhile keeps theirs."""
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (table,)),) = e.shown.rounds
    written, failed = store.add_scores, []

    async def full_once(*args: Any) -> None:
        if not failed:
            failed.append(args)
            raise StorageUnavailable("database or disk is full")
        await written(*args)

    monkeypatch.setattr(store, "add_scores", full_once)
    rng, actors = random.Random(3), {p.user_id: p for p in PEOPLE}
    while not failed:
        assert await act_once(e.rig.service, table, actors, rng)
        await settle(e)
    assert e.rig.service.snapshot(table).status is TableStatus.PLAYING  # the first of its two hands
    assert await store.scores(e.rig.db, event.event_id) == []
    if then == "a minute later":
        e.rig.clock.advance(CARRY_ON_RETRY)
    else:
        await e.rig.service.leave(PEOPLE[0], table)  # a computer plays on in their seat
        await play_to_end(e.rig.service, table, actors)
    await settle(e)
    boards = {(s.board, s.player_id) for s in await store.scores(e.rig.db, event.event_id)}
    assert {(1, p.user_id) for p in PEOPLE[:4]} <= boards


async def test_a_pause_that_holds_is_answered_as_such_though_the_database_then_cant_be_read(
    e: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pause is written; a read of the event after it would fail (the database locked): the
    organiser is told it is paused (as it is), not "busy, nothing changed"."""
    event = await signed_up(e, PEOPLE[:4])
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    read, reads = store.event, []

    async def locked_after_the_first(*args: Any) -> Any:
        reads.append(args)
        if len(reads) > 1:
            raise StorageUnavailable("database is locked")
        return await read(*args)

    monkeypatch.setattr(store, "event", locked_after_the_first)
    paused = await e.service.pause(ORGANISER, GUILD, event.event_id)
    monkeypatch.setattr(store, "event", read)
    assert paused.status is EventStatus.PAUSED
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.PAUSED


async def test_the_organiser_right_is_manage_server_or_the_servers_event_role(e: Events) -> None:
    """Manage Channels alone is not enough; the role chosen in the server's settings is; anyone who
    may organise runs an event whose organiser has left (the event's host stays its tables' host)."""
    channels_only = Actor("chan-mod", is_moderator=True)
    club_role = Actor("helper", roles=frozenset({"555"}))
    with pytest.raises(EventRefused) as caught:
        await e.service.new(channels_only, GUILD, "c", "x", options())
    assert caught.value.code is EventRefusal.NOT_ORGANISER
    with pytest.raises(EventRefused):
        await e.service.new(club_role, GUILD, "c", "x", options())

    await e.rig.service.change_server_settings(ORGANISER, GUILD, "c", SettingsRequest(event_role="555"))
    event = await e.service.new(club_role, GUILD, "c", "Club night", options(rounds=1))
    assert event.organiser_id == "helper"
    for p in PEOPLE[:4]:
        await e.service.join(p, GUILD, event.event_id)
    with pytest.raises(EventRefused):  # another role's member may not run it
        await e.service.begin(Actor("other", roles=frozenset({"556"})), GUILD, event.event_id)

    # The organiser left the server (and so the role): a server manager starts and runs it.
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    await settle(e)
    ((_rnd, tables),) = e.shown.rounds
    await play_round(e, tables)
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.FINISHED

    await e.rig.service.change_server_settings(ORGANISER, GUILD, "c", SettingsRequest(event_role_off=True))
    with pytest.raises(EventRefused):
        await e.service.new(club_role, GUILD, "c", "x", options())


async def test_whether_the_event_role_may_organise_is_not_guessed_while_the_settings_cant_be_read(
    e: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event role's member opens or runs an event while the server's settings can't be read
    (the database locked): the defaults (no event role) would refuse them as no organiser; they
    are told the database is busy instead (``StorageUnavailable``: "try again"), nothing changed.
    A server manager, who needs no settings to organise, is not held up."""
    club_role = Actor("helper", roles=frozenset({"555"}))
    await e.rig.service.change_server_settings(ORGANISER, GUILD, "c", SettingsRequest(event_role="555"))
    event = await e.service.new(club_role, GUILD, "c", "Club night", options(rounds=1))
    locked = settings_unreadable(monkeypatch, e.rig.db)
    with pytest.raises(StorageUnavailable):
        await e.service.new(club_role, GUILD, "c", "Second night", options(rounds=1))
    with pytest.raises(StorageUnavailable):
        await e.service.cancel(Actor("stand-in", roles=frozenset({"555"})), GUILD, event.event_id)
    second = await e.service.new(ORGANISER, GUILD, "c", "Managers' night", options(rounds=1))  # needs none
    await e.service.cancel(ORGANISER, GUILD, second.event_id)
    locked.mend()
    kept = [(ev.name, ev.status) for ev in await e.service.events(GUILD)]
    assert sorted(kept) == [("Club night", EventStatus.SIGNUP), ("Managers' night", EventStatus.CANCELLED)]


@dataclass
class Stopped(Shown):
    """The bot stops while the standings go out: the call never returns (like a crash between
    the round's scoring and its post)."""

    reached: asyncio.Event = field(default_factory=asyncio.Event)

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        self.reached.set()
        await asyncio.Event().wait()
        return False


@pytest.mark.parametrize("rounds", [1, 2])
async def test_standings_owed_at_a_stop_are_posted_after_the_restart_exactly_once(
    db_url: str, rounds: int
) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    stopped = Stopped()
    e = await events_on(r, stopped)
    event = await signed_up(e, PEOPLE[:4], rounds=rounds)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (table,)),) = stopped.rounds
    await play_to_end(r.service, table, {p.user_id: p for p in PEOPLE}, seed=1)
    async with asyncio.timeout(60):
        await stopped.reached.wait()
    assert await store.scored(r.db, event.event_id, 1)
    await e.service.stop()
    await r.close()

    e = await events(db_url, clock)  # the restart: the standings the round owes go out
    try:
        await settle(e)
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, rounds == 1)]
        assert e.shown.again == [1]
        assert {s.person for s in e.shown.posted[0][1]} == {p.user_id for p in PEOPLE[:4]}
        assert [rnd for rnd, _ids in e.shown.rounds] == ([2] if rounds == 2 else [])
    finally:
        await e.close()
    e = await events(db_url, clock)  # delivered: a second restart posts nothing
    try:
        await settle(e)
        assert e.shown.posted == [] and e.shown.rounds == []
    finally:
        await e.close()


async def test_too_many_entrants_for_a_round_are_refused(e: Events) -> None:
    event = await e.service.new(ORGANISER, GUILD, "c", "Big", options(rounds=1, players=3))
    full = MAX_TABLES * 3
    for i in range(full):
        await e.service.join(Actor(f"x{i}"), GUILD, event.event_id)
    with pytest.raises(EventRefused) as refused:
        await e.service.join(Actor("one-too-many"), GUILD, event.event_id)
    assert refused.value.code is EventRefusal.FULL
    assert refused.value.details == {"max": full, "tables": MAX_TABLES}
    await e.service.leave(Actor("x0"), GUILD, event.event_id)  # a place freed is taken again
    joins = [e.service.join(Actor(name), GUILD, event.event_id) for name in ("one-too-many", "two")]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)  # at once: one place for two
    assert sorted(isinstance(o, EventRefused) for o in outcomes) == [False, True]
    assert len(await e.service.entrants(event.event_id)) == full


class HeldSeating:
    """The event's seating held after its first table is opened, until ``go``: a command arrives
    in the middle of a round's seating."""

    def __init__(self, e: Events) -> None:
        self.made, self.go = asyncio.Event(), asyncio.Event()
        create = e.rig.service.create_table

        async def create_held(*args: Any, **kwargs: Any) -> TableSnapshot:
            snap = await create(*args, **kwargs)
            self.made.set()
            await self.go.wait()
            return snap

        e.rig.service.create_table = create_held  # type: ignore[method-assign]


async def test_a_cancel_in_the_middle_of_a_rounds_seating_closes_every_table(e: Events) -> None:
    """The organiser's Cancel while Start is still seating round 1: the seating stops, and every
    table it opened closes; no round is announced."""
    event = await signed_up(e, PEOPLE)  # 9 people: 3 tables
    held = HeldSeating(e)
    begin = asyncio.create_task(e.service.begin(ORGANISER, GUILD, event.event_id))
    await asyncio.wait_for(held.made.wait(), 10)
    cancel = asyncio.create_task(e.service.cancel(ORGANISER, GUILD, event.event_id))

    async def cancelled() -> None:  # the cancel is written; its closing waits for the seating
        while (await e.service.event(GUILD, event.event_id)).status is not EventStatus.CANCELLED:
            await asyncio.sleep(0)

    await asyncio.wait_for(cancelled(), 10)
    held.go.set()
    await asyncio.wait_for(asyncio.gather(begin, cancel), 10)
    await settle(e)
    tables = await store.tables(e.rig.db, event.event_id, 1)
    assert tables and {(await e.rig.service.table_snapshot(t.table_id)).status for t in tables} == {
        TableStatus.CANCELLED
    }
    assert e.shown.rounds == []


async def test_a_withdrawal_in_the_middle_of_a_rounds_seating_leaves_a_computer_in_the_seat(
    e: Events,
) -> None:
    event = await signed_up(e, PEOPLE)
    held = HeldSeating(e)
    begin = asyncio.create_task(e.service.begin(ORGANISER, GUILD, event.event_id))
    await asyncio.wait_for(held.made.wait(), 10)
    left = await e.service.leave(PEOPLE[0], GUILD, event.event_id)
    assert left.withdrew and left.event.status is EventStatus.RUNNING  # a computer plays the seat
    held.go.set()
    await asyncio.wait_for(begin, 10)
    await settle(e)
    at = (await e.service.seated(event.event_id, 1))["p0"]
    snap = await e.rig.service.table_snapshot(at)
    assert [s.is_computer for s in snap.seats if s.player_id == "p0"] in ([], [True])
    assert "p0" not in {s.player_id for s in snap.seats if not s.is_computer}


async def test_a_leave_that_meets_the_start_withdraws_instead(
    e: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leave read the event in sign-up, then Start seated round 1 before the leave was written:
    the person withdraws (a computer plays their seat) instead of sitting there as no entrant."""
    event = await signed_up(e, PEOPLE[:4])
    read, go = asyncio.Event(), asyncio.Event()
    the_event = e.service.event

    async def read_then_wait(guild_id: str, event_id: int) -> Event:
        found = await the_event(guild_id, event_id)
        if not read.is_set():
            read.set()
            await go.wait()
        return found

    monkeypatch.setattr(e.service, "event", read_then_wait)
    leave = asyncio.create_task(e.service.leave(PEOPLE[0], GUILD, event.event_id))
    await asyncio.wait_for(read.wait(), 10)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    go.set()
    left = await asyncio.wait_for(leave, 10)
    assert left.withdrew and left.event.status is EventStatus.RUNNING
    await settle(e)
    entrants = {x.player_id: x.playing for x in await e.service.entrants(event.event_id)}
    assert entrants["p0"] is False  # withdrawn, results so far kept
    snap = await e.rig.service.table_snapshot((await e.service.seated(event.event_id, 1))["p0"])
    assert "p0" not in {s.player_id for s in snap.seats if not s.is_computer}


async def test_a_new_event_taken_back_frees_its_number_and_its_timer_unless_somebody_joined(
    e: Events,
) -> None:
    """``discard_new`` (its sign-up could not be shown): a new event nobody joined is gone, its
    number free again and its start time never comes; one somebody joined meanwhile stays."""
    at = e.rig.clock.now() + 3600
    taken = await e.service.new(ORGANISER, GUILD, "c", "Gone", replace(options(rounds=1), starts_at=at))
    assert await e.service.discard_new(taken)
    assert await e.service.events(GUILD) == []
    kept = await e.service.new(ORGANISER, GUILD, "c", "Kept", options(rounds=1), message_id="77")
    assert kept.event_id == taken.event_id and kept.message_id == "77"
    await e.service.join(PEOPLE[0], GUILD, kept.event_id)
    assert not await e.service.discard_new(kept)
    e.rig.clock.advance(3600)  # the taken-back event's start time: nothing starts
    await settle(e)
    assert [(x.name, x.status) for x in await e.service.events(GUILD)] == [("Kept", EventStatus.SIGNUP)]
    assert e.shown.rounds == []


async def test_a_new_event_the_database_wont_take_back_just_then_is_taken_back_a_minute_later(
    e: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sign-up could not be shown because the database is locked, and so is the take-back:
    it is done by the carrying on a minute later (the answer said nothing was changed)."""
    event = await e.service.new(ORGANISER, GUILD, "c", "Gone", options(rounds=1))
    discard = store.discard_new

    async def locked(*args: object) -> bool:
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(store, "discard_new", locked)
    assert await e.service.discard_new(event)
    assert [x.name for x in await e.service.events(GUILD)] == ["Gone"]
    monkeypatch.setattr(store, "discard_new", discard)
    e.rig.clock.advance(CARRY_ON_RETRY)
    await settle(e)
    assert await e.service.events(GUILD) == []


async def test_a_chosen_start_time_starts_the_event_once_across_restarts_and_processes(db_url: str) -> None:
    clock = ManualClock()
    e = await events(db_url, clock)
    at = clock.now() + 3600
    for bad in (clock.now(), clock.now() + 31 * 86400):
        with pytest.raises(EventRefused) as refused:
            await e.service.new(ORGANISER, GUILD, "c", "x", replace(options(), starts_at=bad))
        assert refused.value.code is EventRefusal.BAD_START
    event = await e.service.new(ORGANISER, GUILD, "c", "Night cup", replace(options(rounds=1), starts_at=at))
    empty = await e.service.new(ORGANISER, GUILD, "c", "Nobody", replace(options(rounds=1), starts_at=at))
    for p in PEOPLE[:4]:
        await e.service.join(p, GUILD, event.event_id)
    await e.close()  # a restart before the time: the start is armed again from the database

    first = await events(db_url, clock)
    second = await events(db_url, clock)  # another process of the same shard owner's servers
    try:
        clock.advance(3599)
        await settle(first)
        await settle(second)
        assert (await first.service.event(GUILD, event.event_id)).status is EventStatus.SIGNUP
        clock.advance(1)
        await settle(first)
        await settle(second)
        started = await first.service.event(GUILD, event.event_id)
        assert started.status is EventStatus.RUNNING and started.round == 1
        assert len(first.shown.rounds) + len(second.shown.rounds) == 1  # seated once
        assert len(await store.tables(first.rig.db, event.event_id, 1)) == 1
        # Nobody joined the other: it waits in sign-up for the organiser.
        assert (await first.service.event(GUILD, empty.event_id)).status is EventStatus.SIGNUP
    finally:
        await second.close()
        await first.close()


async def test_only_the_servers_shard_owner_runs_its_event_and_nothing_is_played_twice(db_url: str) -> None:
    """Two processes on one database: the one whose shards hold the server seats, scores and posts;
    the other, started alongside and again after the round, does nothing with the event."""
    clock = ManualClock()
    owner = await events(db_url, clock)
    r = await rig(db_url, clock)
    other_service = EventService(r.service, r.db, owns=lambda guild: guild != GUILD)
    other = Events(r, other_service, Shown())
    other_service.attach(other.shown)
    await other_service.start()
    try:
        event = await signed_up(owner, PEOPLE[:8], rounds=1)
        await owner.service.begin(ORGANISER, GUILD, event.event_id)
        await settle(owner)
        ((_rnd, tables),) = owner.shown.rounds
        await other_service.stop()
        await other_service.start()  # a restart of the other process in the middle of the round
        await settle(other)
        await play_round(owner, tables)
        await settle(other)
        assert other.shown.rounds == [] and other.shown.posted == []
        assert [(rnd, final) for rnd, _rows, final in owner.shown.posted] == [(1, True)]
        assert len(await store.tables(owner.rig.db, event.event_id, 1)) == len(tables) == 2
        assert len(await store.scores(owner.rig.db, event.event_id)) == 8 * HANDS  # each once
        assert (await owner.service.event(GUILD, event.event_id)).status is EventStatus.FINISHED
    finally:
        await other.close()
        await owner.close()


async def test_everyone_withdrawing_ends_the_event_with_the_standings_as_they_are(e: Events) -> None:
    """Both entrants withdraw during round 1 of 3: computers play it out and it is scored; nobody
    is left to seat, so the event finishes then with the final standings (never a round with no
    table, which nothing would ever end)."""
    event = await signed_up(e, PEOPLE[:2], rounds=3)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    for p in PEOPLE[:2]:
        await e.service.leave(p, GUILD, event.event_id)
    await settle(e)
    done = await e.service.event(GUILD, event.event_id)
    assert (done.status, done.round) == (EventStatus.FINISHED, 1)
    assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, True)]
    assert [rnd for rnd, _ids in e.shown.rounds] == [1]
    assert {s.person for s in e.shown.posted[0][1]} == {"p0", "p1"}


async def test_a_round_seated_with_no_table_ends_the_event_at_the_next_start(db_url: str) -> None:
    """An event left running in a round seated with nobody (as the bot left it before this was
    fixed, or everyone withdrew between a round's scoring and the next one's seating) ends at
    once, at the next start, in that round."""
    clock = ManualClock()
    e = await events(db_url, clock)
    event = await signed_up(e, PEOPLE[:2], rounds=3)
    await store.move_on(e.rig.db, event.event_id, "signup", 0, "running", 2)
    for p in PEOPLE[:2]:
        await store.drop_entrant(e.rig.db, event.event_id, p.user_id, "withdrew")
    await store.claim_round(e.rig.db, event.event_id, 2, [], clock.now())
    await e.close()

    e = await events(db_url, clock)
    try:
        await settle(e)
        done = await e.service.event(GUILD, event.event_id)
        assert (done.status, done.round) == (EventStatus.FINISHED, 2)
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(2, True)]
        assert e.shown.rounds == []
    finally:
        await e.close()


@dataclass
class Unseen(Shown):
    """A Discord side that can't show the standings (say, the thread and channel out of reach)."""

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        await super().standings(event, rnd, rows, final, again=again)
        return False


async def test_standings_not_shown_stay_owed_until_they_are(db_url: str) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    unseen = Unseen()
    e = await events_on(r, unseen)
    event = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, tables),) = unseen.rounds
    await play_round(e, tables)
    assert [rnd for rnd, _rows, _final in unseen.posted] == [1]
    assert await store.owed_standings(r.db) == [(event.event_id, 1)]  # not marked: not shown
    await e.close()

    e = await events(db_url, clock)
    try:
        await settle(e)
        assert e.shown.again == [1]
        assert await store.owed_standings(e.rig.db) == []
    finally:
        await e.close()


@dataclass
class NotReady(Shown):
    """A Discord side not connected yet (the bot's start, before the gateway is ready)."""

    connected: asyncio.Event = field(default_factory=asyncio.Event)

    async def ready(self) -> None:
        await self.connected.wait()


async def test_what_a_start_owes_waits_until_the_presenter_is_ready(db_url: str) -> None:
    """The standings owed at a start and a start time that passed while the bot was down: nothing
    is shown (nor marked shown) before the Discord side is ready, then everything is, once."""
    clock = ManualClock()
    r = await rig(db_url, clock)
    service = EventService(r.service, r.db)
    service.attach(Unseen())
    await service.start()
    e = Events(r, service, Shown())
    owed = await signed_up(e, PEOPLE[:4], rounds=1)
    timed = await e.service.new(
        ORGANISER, GUILD, "c", "Night", replace(options(rounds=1), starts_at=clock.now() + 60)
    )
    await e.service.join(PEOPLE[4], GUILD, timed.event_id)
    await e.service.begin(ORGANISER, GUILD, owed.event_id)
    await play_round(e, [t.table_id for t in await store.tables(r.db, owed.event_id, 1)])
    await e.close()

    clock.advance(120)
    r = await rig(db_url, clock)
    waiting = NotReady()
    e = await events_on(r, waiting)
    try:
        await r.service.settle()
        assert waiting.posted == [] and waiting.rounds == []
        assert await store.owed_standings(r.db) == [(owed.event_id, 1)]
        waiting.connected.set()
        await settle(e)
        assert waiting.again == [1] and [rnd for rnd, _ids in waiting.rounds] == [1]
        assert await store.owed_standings(r.db) == []
        assert (await e.service.event(GUILD, timed.event_id)).status is EventStatus.RUNNING
    finally:
        await e.close()


@dataclass
class Withdrawing(Shown):
    """The last person in withdraws while the standings after round 1 go out."""

    service: EventService | None = None

    async def standings(
        self, event: Event, rnd: int, rows: list[Standing], final: bool, *, again: bool = False
    ) -> bool:
        if self.service is not None and rnd == 1:
            await self.service.leave(PEOPLE[0], GUILD, event.event_id)
        return await super().standings(event, rnd, rows, final, again=again)


async def test_a_round_with_nobody_left_to_seat_ends_at_once(db_url: str) -> None:
    """Nobody is left when the next round is seated (the last person withdrew after the round was
    scored): that round has no table, so it is scored at once and the event ends there."""
    r = await rig(db_url, ManualClock())
    withdrawing = Withdrawing()
    service = EventService(r.service, r.db)
    withdrawing.service = service
    service.attach(withdrawing)
    await service.start()
    e = Events(r, service, withdrawing)
    try:
        event = await signed_up(e, PEOPLE[:1], rounds=3)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        ((_rnd, tables),) = withdrawing.rounds
        await play_round(e, tables)
        done = await e.service.event(GUILD, event.event_id)
        assert (done.status, done.round) == (EventStatus.FINISHED, 2)
        assert [(rnd, final) for rnd, _rows, final in withdrawing.posted] == [(1, False), (2, True)]
        assert [rnd for rnd, _ids in withdrawing.rounds] == [1]
    finally:
        await e.close()


async def test_a_start_that_cannot_read_the_database_carries_on_later(db_url: str) -> None:
    """The database can't be read when a start carries the events on: a minute later it is tried
    again, and the owed standings go out then (until it is done, nothing of the events moves)."""
    clock = ManualClock()
    r = await rig(db_url, clock)
    e = Events(r, EventService(r.service, r.db), Shown())
    await e.service.start()
    owed = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, owed.event_id)
    await play_round(e, [t.table_id for t in await store.tables(r.db, owed.event_id, 1)])
    await e.close()

    r = await rig(db_url, clock)
    waiting = NotReady()
    e = await events_on(r, waiting)
    try:
        r.db.faults.fail(WriteFault.READ_ONLY)  # the start's reads queue behind writes: refused too
        waiting.connected.set()
        await settle(e)
        r.db.faults.clear()
        assert waiting.again == [] and await store.owed_standings(r.db) == [(owed.event_id, 1)]
        clock.advance(CARRY_ON_RETRY)
        await settle(e)
        assert waiting.again == [1] and await store.owed_standings(r.db) == []
    finally:
        await e.close()


async def test_a_start_time_the_database_cannot_take_starts_the_event_a_minute_later(db_url: str) -> None:
    """The disk is full at the chosen start: nothing is lost or logged as a bug, and the start is
    tried again a minute later (not at the next restart)."""
    clock = ManualClock()
    e = await events(db_url, clock)
    try:
        chosen = replace(options(rounds=1), starts_at=clock.now() + 3600)
        event = await e.service.new(ORGANISER, GUILD, "c", "Night cup", chosen)
        for p in PEOPLE[:4]:
            await e.service.join(p, GUILD, event.event_id)
        e.rig.db.faults.fail(WriteFault.DISK_FULL)  # its reads queue behind writes: refused too
        clock.advance(3600)
        await settle(e)
        assert e.rig.db.faults.raised
        e.rig.db.faults.clear()
        assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.SIGNUP
        clock.advance(CARRY_ON_RETRY)
        await settle(e)
        started = await e.service.event(GUILD, event.event_id)
        assert started.status is EventStatus.RUNNING and len(e.shown.rounds) == 1
    finally:
        await e.close()


@dataclass
class FullDiskAtTheEnd:
    """Watching the tables before the event service: the disk fills up as a game ends."""

    rig: Rig

    async def present(self, event: ev.TableEvent) -> None:
        if isinstance(event, ev.GameOver):
            self.rig.db.faults.fail(WriteFault.DISK_FULL)


async def test_a_tables_end_the_database_cannot_take_is_recorded_a_minute_later(db_url: str) -> None:
    """The disk fills up as the round's last game ends: its result is recorded a minute later and
    the round is scored then, not at the next restart."""
    e = await events(db_url, ManualClock())
    try:
        event = await signed_up(e, PEOPLE[:4], rounds=1)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        ((_rnd, tables),) = e.shown.rounds
        e.rig.service.observers.insert(0, FullDiskAtTheEnd(e.rig))
        await play_round(e, tables)
        assert e.shown.posted == []
        await mended_a_minute_later(e)
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, True)]
    finally:
        await e.close()


async def test_a_start_whose_seating_the_database_cannot_take_seats_the_round_a_minute_later(
    db_url: str,
) -> None:
    """The disk fills up just after the event started (its status moved on): the organiser is told
    it started, and the round is seated a minute later, not at the next restart."""
    e = await events(db_url, ManualClock())
    try:
        event = await signed_up(e, PEOPLE[:4], rounds=1)
        with disk_full_after(e, store, "move_on"):
            started = await e.service.begin(ORGANISER, GUILD, event.event_id)
        assert started.status is EventStatus.RUNNING
        await settle(e)
        assert e.shown.rounds == []
        await mended_a_minute_later(e)
        ((rnd, tables),) = e.shown.rounds
        assert rnd == 1 and len(tables) == 1
    finally:
        await e.close()


async def test_a_cancel_the_database_cuts_short_closes_the_rest_of_its_tables_a_minute_later(
    db_url: str,
) -> None:
    """The disk fills up after the first of the round's two tables closed: the organiser is told
    the event is cancelled, and the other table closes a minute later (it does not play on as if
    it counted, nor wait for a restart); both are recorded as closed."""
    e = await events(db_url, ManualClock())
    try:
        event = await signed_up(e, PEOPLE[:8], rounds=1)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        ((_rnd, tables),) = e.shown.rounds
        assert len(tables) == 2
        with disk_full_after(e, e.rig.service, "cancel"):  # after the first table's
            cancelled = await e.service.cancel(ORGANISER, GUILD, event.event_id)
        assert cancelled.status is EventStatus.CANCELLED
        await settle(e)
        statuses = [(await e.rig.service.table_snapshot(t)).status for t in tables]
        assert statuses == [TableStatus.CANCELLED, TableStatus.PLAYING]
        await mended_a_minute_later(e)
        statuses = [(await e.rig.service.table_snapshot(t)).status for t in tables]
        assert statuses == [TableStatus.CANCELLED, TableStatus.CANCELLED]
        assert all(t.finished for t in await store.tables(e.rig.db, event.event_id, 1))
        assert await store.cancelled_with_open_tables(e.rig.db) == []
        assert e.shown.posted == []  # a cancelled round is never scored
    finally:
        await e.close()


async def test_a_resume_the_database_cuts_short_scores_the_round_a_minute_later(db_url: str) -> None:
    """The round's tables ended while the event was paused, and the disk fills up as it resumes:
    the organiser is told it resumed, and the round is scored a minute later."""
    e = await events(db_url, ManualClock())
    try:
        event = await signed_up(e, PEOPLE[:4], rounds=1)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        ((_rnd, tables),) = e.shown.rounds
        await e.service.pause(ORGANISER, GUILD, event.event_id)
        await play_round(e, tables)
        await settle(e)
        with disk_full_after(e, store, "resume"):
            resumed = await e.service.resume(ORGANISER, GUILD, event.event_id)
        assert resumed.status is EventStatus.RUNNING
        await settle(e)
        assert e.shown.posted == []
        await mended_a_minute_later(e)
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, True)]
    finally:
        await e.close()


def seated(e: Events, table: int) -> set[str | None]:
    return {s.player_id for s in e.rig.service.snapshot(table).seats if not s.is_computer}


async def withdrawn_while_the_disk_was_full(e: Events, *, paused: bool = False) -> int:
    """A one-round event of four under way (``paused`` by its organiser first); the first person
    withdraws and the disk fills up before their seat goes to a computer: still seated at the
    table returned, owed an unseating."""
    event = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (table,)),) = e.shown.rounds
    if paused:
        await e.service.pause(ORGANISER, GUILD, event.event_id)
    with disk_full_after(e, store, "drop_entrant"):
        await e.service.leave(PEOPLE[0], GUILD, event.event_id)
    await settle(e)
    assert PEOPLE[0].user_id in seated(e, table)
    return table


async def test_a_withdrawal_the_database_cuts_short_hands_the_seat_to_a_computer_a_minute_later(
    db_url: str,
) -> None:
    """The disk fills up just after a person withdrew mid-round: they are told they withdrew, and a
    computer takes their seat a minute later (they are not left playing for an event they left)."""
    e = await events(db_url, ManualClock())
    try:
        table = await withdrawn_while_the_disk_was_full(e)
        await mended_a_minute_later(e)
        assert PEOPLE[0].user_id not in seated(e, table) and len(seated(e, table)) == 3
    finally:
        await e.close()


async def test_a_withdrawal_from_a_paused_event_the_database_cuts_short_is_carried_out_a_minute_later(
    db_url: str,
) -> None:
    """As above, the event paused (its tables play on): the carrying on a minute later hands the
    seat to a computer then, not only once the organiser resumes the event."""
    e = await events(db_url, ManualClock())
    try:
        table = await withdrawn_while_the_disk_was_full(e, paused=True)
        await mended_a_minute_later(e)
        assert PEOPLE[0].user_id not in seated(e, table) and len(seated(e, table)) == 3
        ((event_id, status),) = [(x.event_id, x.status) for x in await e.service.events(GUILD)]
        assert status is EventStatus.PAUSED  # carried on, not resumed
        assert e.shown.posted == [] and await store.seated_at(e.rig.db, event_id, 2) is None
    finally:
        await e.close()


async def test_the_hands_a_person_plays_after_withdrawing_count_for_nobody(db_url: str) -> None:
    """The disk cut a withdrawal short, and the person still sits at their table until the next
    carrying on: the hands they play meanwhile, scored as each ends or filled in at the table's
    end, are not credited to them (they are out of the event); the others' are."""
    e = await events(db_url, ManualClock())
    try:
        table = await withdrawn_while_the_disk_was_full(e)
        e.rig.db.faults.clear()  # mended, the minute not gone by: still seated
        await play_to_end(e.rig.service, table, {p.user_id: p for p in PEOPLE})
        await settle(e)
        assert (await e.rig.service.table_snapshot(table)).status is TableStatus.FINISHED
        ((event_id, _status),) = [(x.event_id, x.status) for x in await e.service.events(GUILD)]
        credited = {(s.board, s.player_id) for s in await store.scores(e.rig.db, event_id)}
        assert credited == {(b, p.user_id) for b in (1, 2) for p in PEOPLE[1:4]}
        ((_rnd, rows, final),) = e.shown.posted
        assert final and {s.person: s.rounds for s in rows}["p0"] == 0
    finally:
        await e.close()


async def test_everyone_at_a_table_withdrawn_while_the_disk_was_full_is_unseated_and_the_round_scored(
    db_url: str,
) -> None:
    """Both people of a table withdraw, each time the disk fills up before their seat goes to a
    computer: a minute later the carrying on unseats them both. The first one's leave hands the
    seat to a computer (an event's table is played to its last board: nobody is the last person
    standing), the second one's leaves nobody and abandons the game, and the round is scored."""
    e = await events(db_url, ManualClock())
    try:
        event = await signed_up(e, PEOPLE[:2], rounds=1)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        ((_rnd, (table,)),) = e.shown.rounds
        for p in PEOPLE[:2]:
            with disk_full_after(e, store, "drop_entrant"):
                await e.service.leave(p, GUILD, event.event_id)
            await settle(e)
            e.rig.db.faults.clear()
        assert e.rig.service.snapshot(table).status is TableStatus.PLAYING  # both still seated
        e.rig.db.faults.fail(WriteFault.DISK_FULL)  # (for ``mended_a_minute_later``)
        await mended_a_minute_later(e)
        assert (await e.rig.service.table_snapshot(table)).status is TableStatus.FINISHED
        assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.FINISHED
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, True)]
    finally:
        await e.close()


@pytest.mark.parametrize(
    ("refusal", "goes_on"),
    [(TableRefusal.TABLE_CLOSED, False), (TableRefusal.NOT_PLAYING, False), (TableRefusal.NOT_SEATED, True)],
)
async def test_a_quit_that_meets_a_game_ended_since_the_snapshot_is_the_end_of_that_tables_unseating(
    e: Events, monkeypatch: pytest.MonkeyPatch, refusal: TableRefusal, goes_on: bool
) -> None:
    """The game of a table ended (its last move, made by a computer) between the snapshot that
    named a withdrawn person and their quit: nobody is left to unseat there, and that is no
    failure of the unseating (nor is a person who has left the table meanwhile)."""

    async def ended_meanwhile(actor: Actor, table_id: int, *, removed: bool = False) -> TableSnapshot:
        raise Refused(refusal)

    monkeypatch.setattr(e.service.tables, "leave", ended_meanwhile)
    assert await e.service._quit(PEOPLE[0], 1) is goes_on


async def test_a_stop_that_cuts_the_carrying_on_short_is_no_bug(db_url: str) -> None:
    """The bot stops while the events are carried on (here: a withdrawal owed since the disk was
    full, whose leave the stopping table service refuses). That ends the carrying on, done again
    at the next start; it is the stop's, not a bug of that event, so nothing is logged as an error
    (the test fails on an error log) and the work ends with the refusal, not past it."""
    e = await events(db_url, ManualClock())
    try:
        await withdrawn_while_the_disk_was_full(e)
        e.rig.db.faults.clear()
        await e.rig.service.stop()
        with pytest.raises(Refused) as refused:
            await e.service._carry_on_now()
        assert refused.value.code is TableRefusal.BUSY
    finally:
        await e.close()


async def test_a_table_whose_game_ends_while_a_cancel_closes_the_round_stays_finished(e: Events) -> None:
    """The organiser cancels just as one table's game ends: the cancel read it still open, and
    finds it closed when it comes to close it. That table keeps its end, and the others close."""
    event = await signed_up(e, PEOPLE[:8], rounds=1)  # two tables
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (ending, other)),) = e.shown.rounds
    record_ended = e.service._record_ended

    async def then_one_game_ends(ev: Event) -> list[TableSnapshot]:
        still_open = await record_ended(ev)
        await play_to_end(e.rig.service, ending, {p.user_id: p for p in PEOPLE})
        return still_open

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(e.service, "_record_ended", then_one_game_ends)
        await e.service.cancel(ORGANISER, GUILD, event.event_id)
    await settle(e)
    statuses = [(await e.rig.service.table_snapshot(t)).status for t in (ending, other)]
    assert statuses == [TableStatus.FINISHED, TableStatus.CANCELLED]
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.CANCELLED


async def test_an_events_tables_open_in_its_channel_though_tables_were_limited_to_another_since(
    e: Events,
) -> None:
    """An admin limits tables to another channel after the event was announced in "chan-1": its
    rounds are still played where its entrants signed up (else its start would fail and leave it
    running with no table)."""
    event = await signed_up(e, PEOPLE[:4], rounds=1)
    await e.rig.service.change_server_settings(ORGANISER, GUILD, "c", SettingsRequest(allow_channel="chan-2"))
    with pytest.raises(Refused) as refused:  # a table of anyone's own
        await e.rig.service.create_table(PEOPLE[5], GUILD, "chan-1")
    assert refused.value.code is TableRefusal.CHANNEL_NOT_ALLOWED
    await e.service.begin(ORGANISER, GUILD, event.event_id)
    ((_rnd, (table,)),) = e.shown.rounds
    assert (await e.rig.service.table_snapshot(table)).channel_id == "chan-1"
    await play_round(e, [table])
    assert (await e.service.event(GUILD, event.event_id)).status is EventStatus.FINISHED


async def test_an_event_that_fails_to_carry_on_holds_up_no_other(
    db_url: str, error_log: ErrorLogCollector
) -> None:
    """Carrying on goes from one event to the next: a bug in one (here its resume raising) is
    logged, and the events after it are carried on all the same, where they used to wait for the
    next start. The second event's round ended while it was paused and its resume met a full
    disk: a minute later, it is scored though the first event's carrying on failed before it."""
    e = await events(db_url, ManualClock())
    try:
        broken = await signed_up(e, PEOPLE[:4], rounds=1)
        await e.service.begin(ORGANISER, GUILD, broken.event_id)
        event = await signed_up(e, PEOPLE[4:8], rounds=1)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        (_first, (_rnd, tables)) = e.shown.rounds
        await e.service.pause(ORGANISER, GUILD, event.event_id)
        await play_round(e, tables)
        with disk_full_after(e, store, "resume"):
            await e.service.resume(ORGANISER, GUILD, event.event_id)
        await settle(e)
        assert e.shown.posted == []
        resume = e.service._resume

        async def broken_resume(ev: Event) -> None:
            if ev.event_id == broken.event_id:
                raise RuntimeError("a bug")
            await resume(ev)

        logged = error_log.allow(f"event {broken.event_id} not carried on.*a bug")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(e.service, "_resume", broken_resume)
            await mended_a_minute_later(e)
        assert [(rnd, final) for rnd, _rows, final in e.shown.posted] == [(1, True)]
        assert logged.seen == 1
    finally:
        await e.close()
