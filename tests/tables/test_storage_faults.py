"""The database failing under the service: disk full, read-only, I/O errors (injected in the storage
layer), another process holding the lock on the real file. Nothing is half-applied, every request is
answered, and every table moves on by itself once the database is usable again."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.engine.cards import cards_of, cardset
from bot.storage import Database, WriteFault
from bot.storage.leaderboard import leaderboard
from bot.tables import Actor, ManualClock, PlayerPreferences, Refused, TableRefusal, TableService
from bot.tables import events as ev
from bot.tables.preferences import save_preferences
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, options, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
MANAGER = Actor("mod", is_moderator=True, manages_server=True)


async def _playing(r: Rig, *, people: int = 2, seed: int = 5) -> int:
    s = r.service
    snap = await s.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=seed)
    if people > 1:
        await s.join(BOB, snap.table_id)
    await s.start_game(ALICE, snap.table_id)
    await s.settle()
    return snap.table_id


async def _timed_out_on(r: Rig, fault: WriteFault, times: int | None = None) -> int:
    """A game of two people whose first deadline passes while the disk fails (``times`` writes,
    or until cleared); its table's id."""
    tid = await _playing(r)
    deadline = r.service.snapshot(tid).deadline
    assert deadline is not None
    r.db.faults.fail(fault, times=times)
    r.clock.advance(deadline - r.clock.now() + 0.1)
    await r.service.settle()
    return tid


async def _stored(db: Database, table_id: int) -> dict[str, object]:
    row = await db.load_table(table_id)
    assert row is not None
    return json.loads(row.state)  # type: ignore[no-any-return]


def _memory(service: TableService, table_id: int) -> dict[str, object]:
    return service._tables[table_id].to_json()


async def _a_move(service: TableService, table_id: int) -> tuple[Actor, int]:
    """A person who must act now, and the move number of their controls."""
    snap = service.snapshot(table_id)
    for seat in snap.waiting:
        pid = snap.seats[seat].player_id
        if pid in ("alice", "bob"):
            actor = ALICE if pid == "alice" else BOB
            return actor, service.private_hand(actor, table_id).move_number
    raise AssertionError("nobody to move")


@pytest.mark.parametrize("fault", list(WriteFault))
async def test_a_move_that_cannot_be_saved_is_refused_and_not_half_applied(r: Rig, fault: WriteFault) -> None:
    tid = await _playing(r)
    s = r.service
    before = _memory(s, tid)
    actions = len(await r.db.actions(tid))
    r.db.faults.fail(fault)
    with pytest.raises(Refused) as refused:
        await act_once(s, tid, {"alice": ALICE, "bob": BOB}, random.Random(1))
    assert refused.value.code is TableRefusal.STORAGE_BUSY
    assert r.db.faults.raised >= 1
    # Memory went back to exactly what the database holds; the log has no extra row.
    assert _memory(s, tid) == before == await _stored(r.db, tid)
    assert len(await r.db.actions(tid)) == actions
    r.db.faults.clear()
    # The same control (same move number) works once the disk is back.
    assert await act_once(s, tid, {"alice": ALICE, "bob": BOB}, random.Random(1)) >= 1
    await s.settle()  # computers move on meanwhile: compare once they are done
    assert _memory(s, tid) == await _stored(r.db, tid)


async def test_opening_a_table_on_a_full_disk_is_refused_and_leaves_nothing(r: Rig) -> None:
    r.db.faults.fail(WriteFault.DISK_FULL)
    with pytest.raises(Refused) as refused:
        await r.service.create_table(ALICE, GUILD, CHANNEL, options())
    assert refused.value.code is TableRefusal.STORAGE_BUSY
    assert r.service.tables(GUILD) == []
    r.db.faults.clear()
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options())
    assert [t.table_id for t in r.service.tables(GUILD)] == [snap.table_id]


async def test_reads_and_writes_around_a_game_answer_with_a_refusal_not_an_error(r: Rig) -> None:
    await _playing(r)
    r.db.faults.fail(WriteFault.IO_ERROR)
    with pytest.raises(Refused) as refused:
        settings = await r.service.server_settings(GUILD)
        await r.service.set_server_settings(MANAGER, GUILD, settings)
    assert refused.value.code is TableRefusal.STORAGE_BUSY
    with pytest.raises(Refused) as refused:
        await save_preferences(r.db, "alice", PlayerPreferences(four_colour=True))
    assert refused.value.code is TableRefusal.STORAGE_BUSY
    # Reads still answer (WAL readers are not blocked by a failing writer).
    assert (await leaderboard(r.db, GUILD)).rows == ()
    r.db.faults.clear()


async def test_computer_turns_are_retried_and_every_table_resumes_once_the_disk_is_back(
    db_url: str,
) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    s = r.service
    tables = []
    for seed in range(3):  # one person and three computers each: the computers must carry on
        snap = await s.create_table(ALICE, GUILD, f"chan-{seed}", options(target=30), seed=seed)
        await s.start_game(ALICE, snap.table_id)
        tables.append(snap.table_id)
    await s.settle()
    rng = random.Random(3)
    for tid in tables:  # alice passes: the computers have their part of the hand to play
        await act_once(s, tid, {"alice": ALICE}, rng)
    r.db.faults.fail(WriteFault.DISK_FULL)
    await s.settle()
    for _ in range(20):  # 20 s of a full disk: the computers try, fail, back off
        clock.advance(1.0)
        await s.settle()
    failed = r.db.faults.raised
    assert failed >= 3
    # The tables where a computer is to move (not alice) are the ones the fault holds up.
    held = {tid: s.snapshot(tid).move_number for tid in tables if 0 not in s.snapshot(tid).waiting}
    assert held
    for tid in tables:
        assert _memory(s, tid) == await _stored(r.db, tid)
    r.db.faults.clear()
    for _ in range(10):  # within 10 s of the disk coming back, every table has moved on
        clock.advance(1.0)
        await s.settle()
    for tid, move in held.items():
        assert s.snapshot(tid).move_number > move
    for tid in tables:
        assert _memory(s, tid) == await _stored(r.db, tid)
    await play_to_end(s, tables[0], {"alice": ALICE})
    assert r.presenter.of(ev.GameOver, tables[0])
    await r.close()


async def test_a_timeout_that_cannot_be_saved_is_retried(db_url: str) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    s = r.service
    tid = await _timed_out_on(r, WriteFault.READ_ONLY, times=3)
    for _ in range(10):
        clock.advance(1.0)
        await s.settle()
    assert r.db.faults.raised == 3
    assert r.presenter.of(ev.TimedOut, tid), "the timeout went through after the retries"
    assert _memory(s, tid) == await _stored(r.db, tid)
    await r.close()


async def test_a_move_the_disk_refused_is_undone_and_its_watchers_told(db_url: str) -> None:
    """While a move's save is under way, memory holds the move (an Activity page reading the table
    then is sent it); when the disk refuses it, memory goes back and the table's watchers are told
    it changed, so no page is left showing a move that was undone."""
    r = await rig(db_url)
    s = r.service
    tid = await _playing(r)
    actor, move = await _a_move(s, tid)
    told: list[int] = []
    s.watchers.append(told.append)
    before = _memory(s, tid)
    r.db.faults.fail(WriteFault.DISK_FULL)
    hand = s.private_hand(actor, tid)
    with pytest.raises(Refused):
        await s.pass_cards(actor, tid, move, cardset(cards_of(hand.cards)[:3]))
    assert _memory(s, tid) == before and told == [tid]
    r.db.faults.clear()
    await r.close()


async def test_the_supervisor_rearms_a_table_whose_timeout_retry_was_lost(db_url: str) -> None:
    """A timeout the disk refused is retried after a backoff; if that retry's timer is lost (as a
    failure loses one), its handle left in the table's list does not pass for a retry still
    pending: the table, its deadline long past, is re-armed by the supervisor and moves."""
    clock = ManualClock()
    r = await rig(db_url, clock)
    s = r.service
    tid = await _timed_out_on(r, WriteFault.DISK_FULL)
    r.db.faults.clear()
    table = s._tables[tid]
    assert table.failures == 1 and table.retry_at is not None and table.timers
    clock._heap.clear()  # the retry's timer is lost; its handle stays in the table's list
    clock.advance(table.retry_at - clock.now() + 2 * s.settings.supervise_interval)
    assert s.snapshot(tid).move_number == 1 and s.supervise() == 1
    for _ in range(3):
        clock.advance(1.0)
        await s.settle()
    assert r.presenter.of(ev.TimedOut, tid), "the timeout went through"
    await r.close()


async def test_the_supervisor_rearms_a_table_whose_computer_turn_was_lost(db_url: str) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock, pause=1.0)
    s = r.service
    snap = await s.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=9)
    await s.start_game(ALICE, snap.table_id)
    tid = snap.table_id
    await act_once(s, tid, {"alice": ALICE}, random.Random(2))  # alice passes; computers to play
    await s.settle()
    table = s._tables[tid]
    # Lose every pending computer turn and timer, as a crashed task would.
    clock._heap.clear()
    table.thinking.clear()
    table.cancel_timers()
    move = table.move_number
    assert s.supervise() == 1
    for _ in range(5):
        clock.advance(1.0)
        await s.settle()
    assert s.snapshot(tid).move_number > move
    assert s.repairs >= 1
    await r.close()


async def test_the_supervisor_runs_by_itself(db_url: str) -> None:
    """Computer turns whose timers are lost (as to a failure) are re-armed by the supervisor's own
    periodic tick: not before the tick, and again at a later one. Nothing here calls supervise()."""
    clock = ManualClock()
    r = await rig(db_url, clock, pause=1.0)
    s = r.service
    started = clock.now()  # the supervisor's ticks: every supervise_interval from the start
    interval = s.settings.supervise_interval
    snap = await s.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=9)
    await s.start_game(ALICE, snap.table_id)
    tid = snap.table_id
    rng = random.Random(2)
    for repairs in (1, 2):
        for _ in range(20):  # alice acts until a computer's turn is pending
            if _computer_turns(clock):
                break
            await act_once(s, tid, {"alice": ALICE}, rng)
            await s.settle()
        for timer in _computer_turns(clock):
            timer.cancel()  # lost
        s._tables[tid].thinking.clear()
        actions = len(await r.db.actions(tid))
        tick = started + (int((clock.now() - started) / interval) + 1) * interval
        clock.advance(tick - clock.now() - 0.01)
        await s.settle()
        assert len(await r.db.actions(tid)) == actions and s.repairs == repairs - 1  # nothing moved it
        clock.advance(0.01 + s.settings.computer_pause)  # the tick, then the computer's pause
        await s.settle()
        assert s.repairs == repairs
        assert len(await r.db.actions(tid)) > actions  # the computers moved
    await r.close()


def _computer_turns(clock: ManualClock) -> list[Any]:
    """The pending timers of computer turns (each set after the computer's pause)."""
    return [
        handle
        for _when, _n, handle in clock._heap
        if not handle.cancelled and "_computer_after_pause" in handle.callback.__qualname__
    ]


async def test_another_process_holding_the_lock_gets_a_refusal_then_the_table_resumes(
    db_url: str, raw: RawDatabase
) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    s = r.service
    await r.db.set_busy_timeout(0.05)  # a short wait for the lock keeps the test fast
    tid = await _playing(r, people=1)
    await act_once(s, tid, {"alice": ALICE}, random.Random(1))  # alice passes
    await s.settle()
    # Wait for alice's next turn, computers moving meanwhile.
    for _ in range(200):
        if any(s.snapshot(tid).seats[w].player_id == "alice" for w in s.snapshot(tid).waiting):
            break
        clock.advance(1.0)
        await s.settle()
    # e.g. `sqlite3` in a shell, a backup tool, a migration script
    async with raw.write_lock():
        actor, move = await _a_move(s, tid)
        hand = s.private_hand(actor, tid)
        with pytest.raises(Refused) as refused:
            await act_once(s, tid, {"alice": ALICE}, random.Random(1))
        assert refused.value.code is TableRefusal.STORAGE_BUSY
        assert s.snapshot(tid).move_number == move
    assert s.private_hand(actor, tid).move_number == hand.move_number
    assert await act_once(s, tid, {"alice": ALICE}, random.Random(1)) == 1
    await s.settle()  # computers move on meanwhile: compare once they are done
    assert _memory(s, tid) == await _stored(r.db, tid)
    await r.close()
