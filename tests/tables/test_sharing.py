"""Two table services on one PostgreSQL database, as two bot processes: the owner of the server's
tables plays its computers and presents everything; the other (shard 0, where Discord delivers DM
clicks) applies the person's moves. Every move is applied once, the owner presents each, the game
ends with its results. (SQLite runs one process: nothing of this happens there.)"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.engine import Move, SeatView
from bot.storage import TableWrite
from bot.storage.errors import StorageUnavailable
from bot.storage.records import PageNotice
from bot.tables import Actor, Refused, TableRefusal
from bot.tables import events as ev
from bot.tables.replay import differences, replay
from bot.tables.sharing import ATTEMPTS, PAGE_HEARD_FOR
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, options, rig

ALICE = Actor("alice")


async def process(url: str, owns: Callable[[str], bool], *, deaf: bool = False) -> Rig:
    """A bot process's table service on the shared database, owning the servers ``owns`` says
    (``deaf``: its notifications are lost, as when its listening connection drops)."""
    r = await rig(url, start=False)
    r.service.owns = owns
    if deaf:
        r.db.listen = _lost  # type: ignore[method-assign]
    await r.service.start()
    return r


async def test_moves_made_in_another_process_are_applied_once_and_presented_by_the_owner(
    postgres_url: str,
) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    snap = await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1), seed=5)
    tid = snap.table_id
    await owner.service.start_game(ALICE, tid)  # the computers pass at once, alice's pass races them
    rng = random.Random(2)
    acted = 0
    while not owner.presenter.of(ev.GameOver, tid):
        await shard0.service.visit(tid)
        hand = shard0.service.private_hand(ALICE, tid)
        done = await act_once(shard0.service, tid, {"alice": ALICE}, rng)
        assert done == 1, "alice's turn is announced only when she can act"
        acted += 1
        await owner.presenter.wait_for(
            ev.TableEvent,  # type: ignore[arg-type]
            lambda e, move=hand.move_number, seat=hand.seat: (
                isinstance(e, ev.GameOver)
                or (isinstance(e, ev.TurnStarted) and e.move_number > move and seat in e.seats)
            ),
        )
    assert acted == 14  # her pass and her 13 cards
    (over,) = owner.presenter.of(ev.GameOver, tid)
    assert [c.player_id for c in over.changes] == ["alice"]
    assert not shard0.presenter.events  # only the owner presents
    # The log: every action once, in order, and it replays to exactly the saved state.
    log = await owner.db.actions(tid)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    assert len([a for a in log if a.actor == "alice" and a.kind == "move"]) == 14
    ((state,),) = await RawDatabase(postgres_url).fetch("SELECT state FROM tables WHERE id = ?", (tid,))
    assert differences(replay(tid, GUILD, CHANNEL, log), json.loads(state)) == []
    plays = [json.loads(a.payload)["move"] for a in log if a.kind in ("move", "computer")]
    cards = [p["card"] for p in plays if p["type"] == "play"]
    assert len(cards) == len(set(cards)) == 52
    await owner.close()
    await shard0.close()


async def _lost(heard: object) -> None:
    """Listening that never hears anything."""


async def test_an_owner_that_missed_the_notification_catches_up_at_its_supervisors_poll(
    postgres_url: str,
) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD, deaf=True)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    tid = (await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1), seed=5)).table_id
    await owner.service.start_game(ALICE, tid)
    await owner.service.settle()  # the computers have passed: only alice is waited for
    await shard0.service.visit(tid)
    assert await act_once(shard0.service, tid, {"alice": ALICE}, random.Random(1)) == 1
    await owner.service.settle()
    assert not owner.presenter.of(ev.CardsPassed, tid)  # not heard of
    owner.service.supervise()
    passed = await owner.presenter.wait_for(ev.CardsPassed)
    assert passed.table.table_id == tid and passed.table.move_number == 2
    await owner.service.settle()
    assert owner.service.snapshot(tid).move_number >= 2  # and the game goes on: the computers play
    await owner.close()
    await shard0.close()


async def test_a_clock_that_jumps_an_hour_polls_the_database_once_not_once_per_interval(
    postgres_url: str,
) -> None:
    """The supervisor runs once per interval of the hour (720 times) as the clock catches up; the
    polls of the saved action numbers do not pile up behind one another: one is under way at a
    time, and it reads what the others would have."""
    r = await process(postgres_url, lambda guild: True)
    polls = 0
    saved_at = r.db.saved_at

    async def counted() -> dict[int, int]:
        nonlocal polls
        polls += 1
        return await saved_at()

    r.db.saved_at = counted  # type: ignore[method-assign]
    assert r.clock.advance(3600) >= 3600 / r.service.settings.supervise_interval
    await r.service.settle()
    assert polls == 1
    r.clock.advance(r.service.settings.supervise_interval)  # the next interval polls again
    await r.service.settle()
    assert polls == 2
    await r.close()


async def test_a_computer_whose_move_came_second_decides_again_at_once(postgres_url: str) -> None:
    """Two of the owner's computers have passed and the third is still choosing when alice's pass
    is saved by shard 0 (the owner has not heard of it): the third's save is refused as stale, the
    owner catches up, and that computer chooses again at once. Nothing else would move the table
    on (every other seat has passed), and the clock here never moves: a retry after a backoff
    would wait forever."""
    owner = await process(postgres_url, lambda guild: guild == GUILD, deaf=True)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    last, gate, others_saved = 3, asyncio.Event(), asyncio.Event()
    decide, save = owner.service.computers.decide, owner.db.save_table
    computer_saves = 0

    async def held(view: SeatView, *args: Any) -> Move:
        if view.seat == last:
            await gate.wait()
        return await decide(view, *args)

    async def counted(write: TableWrite) -> Any:
        nonlocal computer_saves
        result = await save(write)
        computer_saves += write.action is not None and write.action.kind == "computer"
        if computer_saves == 2:
            others_saved.set()
        return result

    owner.service.computers.decide = held  # type: ignore[method-assign]
    owner.db.save_table = counted  # type: ignore[method-assign]
    tid = (await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1), seed=5)).table_id
    await owner.service.start_game(ALICE, tid)
    async with asyncio.timeout(20):
        await others_saved.wait()
    await shard0.service.visit(tid)
    assert await act_once(shard0.service, tid, {"alice": ALICE}, random.Random(1)) == 1
    gate.set()
    passed = await owner.presenter.wait_for(ev.CardsPassed)
    assert passed.table.table_id == tid
    log = await owner.db.actions(tid)
    passes = [
        a for a in log if a.kind in ("move", "computer") and json.loads(a.payload)["move"]["type"] == "pass"
    ]
    assert len(passes) == 4  # alice's and each computer's, once
    await owner.close()
    await shard0.close()


def _claims_taken_first(r: Rig, taken: int, times: int) -> None:
    """The next ``times`` claims of a new table's id hand out ``taken``, an id another process's
    table already has (as when this process's count of ids fell behind); later claims are real."""
    real = r.db.claim_table_id
    left = [times]

    async def claim() -> int:
        if left[0] > 0:
            left[0] -= 1
            return taken
        return await real()

    r.db.claim_table_id = claim  # type: ignore[method-assign]


async def test_a_new_tables_id_taken_by_another_process_is_claimed_again(postgres_url: str) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    other = await process(postgres_url, lambda guild: guild != GUILD)
    theirs = await other.service.create_table(Actor("bob"), "guild-2", CHANNEL, options(), seed=1)
    _claims_taken_first(owner, theirs.table_id, times=2)
    mine = await owner.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=2)
    assert mine.table_id not in (theirs.table_id, 0)
    stored = {t.table_id: t.guild_id for t in await owner.db.open_tables()}
    assert stored == {theirs.table_id: "guild-2", mine.table_id: GUILD}  # theirs untouched
    assert [a.actor for a in await owner.db.actions(theirs.table_id)] == ["bob"]
    await owner.service.join(Actor("carol"), mine.table_id)  # the new table works
    await owner.close()
    await other.close()


async def test_running_out_of_claims_refuses_the_new_table_and_saves_nothing(postgres_url: str) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    other = await process(postgres_url, lambda guild: guild != GUILD)
    theirs = await other.service.create_table(Actor("bob"), "guild-2", CHANNEL, options(), seed=1)
    _claims_taken_first(owner, theirs.table_id, times=ATTEMPTS)
    with pytest.raises(Refused) as refused:
        await owner.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=2)
    assert refused.value.code is TableRefusal.STORAGE_BUSY
    assert [t.table_id for t in await owner.db.open_tables()] == [theirs.table_id]
    assert owner.service.tables(GUILD) == [] and not owner.presenter.events
    assert [a.actor for a in await owner.db.actions(theirs.table_id)] == ["bob"]
    await owner.close()
    await other.close()


async def test_a_move_on_another_process_s_closed_table_is_refused_and_nothing_is_kept(
    postgres_url: str,
) -> None:
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    snap = await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1), seed=5)
    tid = snap.table_id
    await owner.service.start_game(ALICE, tid)
    await owner.service.leave(ALICE, tid)  # the only person quits: the game ends, abandoned
    await owner.service.settle()
    assert (await owner.db.load_table(tid)).status not in ("lobby", "playing")  # type: ignore[union-attr]
    await shard0.service.visit(tid)
    with pytest.raises(Refused) as refused:  # a DM click: it reaches shard 0's process
        await shard0.service.play_card(ALICE, tid, 1, 0)
    assert refused.value.code is TableRefusal.TABLE_CLOSED
    assert tid not in shard0.service._foreign  # a closed table is not kept as another process's
    assert not shard0.presenter.events
    await owner.close()
    await shard0.close()


async def heard(check: Callable[[], bool]) -> None:
    """Wait (bounded) until a process has heard what another announced: NOTIFY has no answer."""
    async with asyncio.timeout(20):
        while not check():
            await asyncio.sleep(0.01)


async def shared_table_with_alice_to_pass(postgres_url: str) -> tuple[Rig, Rig, int]:
    """The owner of the server's tables and another process; a table where alice must pass."""
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    other = await process(postgres_url, lambda guild: guild != GUILD)
    tid = (
        await owner.service.create_table(ALICE, GUILD, CHANNEL, options(target=1, time_limit=3600))
    ).table_id
    await owner.service.start_game(ALICE, tid)
    await owner.service.settle()
    return owner, other, tid


async def test_a_live_page_served_by_another_process_holds_the_owners_dms_back_until_it_closes(
    postgres_url: str,
) -> None:
    """alice's Activity socket is on the other process: the owner hears of her page (and holds
    her DMs back), and when it closes offers her turn again, her seat's only."""
    owner, other, tid = await shared_table_with_alice_to_pass(postgres_url)
    other.service.live.opened(tid, "alice")
    await heard(lambda: owner.service.live.watching(tid, "alice"))
    assert not owner.presenter.of(ev.TurnStarted, tid)[-1].offered
    other.service.live.closed(tid, "alice")
    offered = await owner.presenter.wait_for(ev.TurnStarted, lambda e: e.offered and e.table.table_id == tid)
    assert not owner.service.live.watching(tid, "alice")
    assert offered.seats == (owner.service.private_hand(ALICE, tid).seat,)
    await owner.close()
    await other.close()


async def test_a_page_whose_process_stopped_without_a_word_expires_and_its_announcements_keep_it(
    postgres_url: str,
) -> None:
    """A page announced again at every heartbeat of its process stays heard by the owner; once
    that process stops announcing it (it died), the owner forgets it after PAGE_HEARD_FOR
    heartbeats and offers alice's turn again."""
    owner, other, tid = await shared_table_with_alice_to_pass(postgres_url)
    beat = owner.service.settings.heartbeat_interval
    await other.service.visit(tid)  # (as the Activity's server does, to show it)
    other.service.live.opened(tid, "alice")
    await heard(lambda: owner.service.live.watching(tid, "alice"))
    heard_until = owner.service.live._heard[tid, "alice"]  # (what the owner heard: holder → until)
    for _ in range(PAGE_HEARD_FOR + 2):  # both processes' heartbeats: the page is told again each time
        other.clock.advance(beat)
        await other.service.settle()
        renewed = owner.clock.now() + PAGE_HEARD_FOR * beat
        await heard(lambda renewed=renewed: max(heard_until.values()) == renewed)
        owner.clock.advance(beat)
        await owner.service.settle()
        assert owner.service.live.watching(tid, "alice")
    other.service.live.clear()  # the other process is gone: nothing is announced any more
    for _ in range(PAGE_HEARD_FOR):
        owner.clock.advance(beat)
    await owner.service.settle()
    assert not owner.service.live.watching(tid, "alice")
    offered = await owner.presenter.wait_for(ev.TurnStarted, lambda e: e.offered and e.table.table_id == tid)
    assert offered.seats == (owner.service.private_hand(ALICE, tid).seat,)
    await owner.close()
    await other.close()


async def test_a_page_closed_opened_and_closed_again_at_once_is_heard_closed(postgres_url: str) -> None:
    """Three changes of a page at once (a quick look away and back) may be one commit, where
    PostgreSQL sends each distinct text once: each notice is distinct, so the last (closed) is
    heard and the turn offered."""
    owner, other, tid = await shared_table_with_alice_to_pass(postgres_url)
    other.service.live.opened(tid, "alice")
    await heard(lambda: owner.service.live.watching(tid, "alice"))
    other.service.live.closed(tid, "alice")
    other.service.live.opened(tid, "alice")
    other.service.live.closed(tid, "alice")
    await heard(lambda: not owner.service.live.watching(tid, "alice"))
    await owner.presenter.wait_for(ev.TurnStarted, lambda e: e.offered and e.table.table_id == tid)
    await owner.close()
    await other.close()


async def test_a_closing_storage_refused_to_announce_is_announced_at_the_next_heartbeat(
    postgres_url: str,
) -> None:
    owner, other, tid = await shared_table_with_alice_to_pass(postgres_url)
    other.service.live.opened(tid, "alice")
    await heard(lambda: owner.service.live.watching(tid, "alice"))
    announce = other.db.announce

    async def refused(notice: PageNotice) -> None:
        raise StorageUnavailable("the database is away")

    other.db.announce = refused  # type: ignore[method-assign]
    other.service.live.closed(tid, "alice")
    await other.service.settle()
    other.db.announce = announce  # type: ignore[method-assign]
    assert owner.service.live.watching(tid, "alice")  # not told: still held back
    other.clock.advance(owner.service.settings.heartbeat_interval)
    await heard(lambda: not owner.service.live.watching(tid, "alice"))
    await owner.presenter.wait_for(ev.TurnStarted, lambda e: e.offered and e.table.table_id == tid)
    await owner.close()
    await other.close()


async def test_a_process_that_stops_tells_the_owner_its_pages_are_gone(postgres_url: str) -> None:
    owner, other, tid = await shared_table_with_alice_to_pass(postgres_url)
    other.service.live.opened(tid, "alice")
    await heard(lambda: owner.service.live.watching(tid, "alice"))
    await other.close()  # (its Activity's sockets close with it)
    await heard(lambda: not owner.service.live.watching(tid, "alice"))
    await owner.presenter.wait_for(ev.TurnStarted, lambda e: e.offered and e.table.table_id == tid)
    await owner.close()


async def test_a_preferences_change_in_one_process_is_heard_by_the_others(postgres_url: str) -> None:
    """alice sets four colours by DM (shard 0's process); the process that draws her table's hands
    had kept her old preferences: it hears the change and draws them in four colours from then on."""
    owner = await process(postgres_url, lambda guild: guild == GUILD)
    shard0 = await process(postgres_url, lambda guild: guild != GUILD)
    try:
        assert not (await owner.service.known_preferences.of("alice")).four_colour  # kept
        await shard0.service.known_preferences.change("alice", lambda p: replace(p, four_colour=True))

        async def heard() -> None:
            while not (await owner.service.known_preferences.of("alice")).four_colour:
                await asyncio.sleep(0)

        await asyncio.wait_for(heard(), 10)
    finally:
        await shard0.close()
        await owner.close()
