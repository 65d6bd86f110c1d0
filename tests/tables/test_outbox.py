"""The outbox: a move's events are saved in its own transaction, marked delivered once shown, offered
again at the next start when the bot stopped before (finished tables included), and pruned. The
crashes here are in-process (``Crash`` with a ``kill`` that stops the database and the presenter at
the chosen point); tests/app/test_outbox_crashes.py kills real processes."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.storage import Database
from bot.storage.faults import Crash, CrashPoint, WriteFault
from bot.tables import Actor, ManualClock, RecordingPresenter, Refused, event_codec
from bot.tables import events as ev
from bot.tables.table import TableStatus
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.tables.helpers import CHANNEL, GUILD, Rig, damage_logged, options, play_to_end, rig

ALICE = Actor("alice")
HOST = Actor("host")
SEED = 7
# Offered again after a restart by design, not exactly once: the restart's redraw, and each turn's
# controls (a restart sends the current turn's; an older turn's would be stale).
NOT_COUNTED = (ev.TableRestored, ev.TurnStarted)


class Killed(Exception):
    """The in-process crash."""


@pytest.fixture(autouse=True)
def _kills_are_expected(error_log: ErrorLogCollector) -> None:
    """The in-process crash escapes the task it strikes, which logs it as an ERROR (a real SIGKILL
    logs nothing): expected here, and nothing else."""
    error_log.allow(r"test_outbox\.Killed", logger="bot")


def key(event: ev.TableEvent) -> str:
    """An event's identity: the same for its first showing and for an offer again after a restart
    (its kind and a digest of all it says)."""
    digest = hashlib.sha1(event_codec.encode([event]).encode()).hexdigest()[:12]
    return f"{type(event).__name__}:{digest}"


async def outbox(db_rig: Rig) -> list[tuple[int, int, str, int, float | None]]:
    rows = await db_rig.db.rows("SELECT table_id, seq, events, shown, delivered_at FROM outbox ORDER BY seq")
    return [(int(r[0]), int(r[1]), str(r[2]), int(r[3]), r[4]) for r in rows]


async def test_every_event_of_a_game_round_trips_through_json(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=SEED)
    await r.service.start_game(ALICE, snap.table_id)
    await play_to_end(r.service, snap.table_id, {"alice": ALICE})
    await r.service.settle()
    events = r.presenter.events
    assert {type(e) for e in events} >= {
        ev.HandDealt,
        ev.CardsPassed,
        ev.TrickWon,
        ev.HandScored,
        ev.GameOver,
    }
    assert event_codec.decode(event_codec.encode(events)) == events


async def test_a_timeout_kept_before_it_told_the_move_reads_as_telling_none(r: Rig) -> None:
    """A ``TimedOut`` an older bot kept in the outbox, without the card played or the cards passed
    for the person, is shown after the upgrade as one that tells neither (not set aside as
    unreadable: its DM and announcement are still owed)."""
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=SEED)
    told = ev.TimedOut(snap, 0, "alice", False, played=None, passed=0b111)
    data = json.loads(event_codec.encode([told]))
    assert data["events"][0].pop("passed") == 0b111 and data["events"][0].pop("played") is None
    (old,) = event_codec.decode(json.dumps(data))
    assert old == replace(told, passed=0)


class Checking(RecordingPresenter):
    """Checks that each event it is given is in its table's outbox, owed, when it is shown."""

    db: Database

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        table_id = event.table.table_id  # type: ignore[union-attr]
        rows = await self.db.rows(
            "SELECT events FROM outbox WHERE table_id = ? AND delivered_at IS NULL", (table_id,)
        )
        owed = [e for (text,) in rows for e in event_codec.decode(text)]
        if isinstance(event, ev.GameOver):  # saved without its rating changes (known at the commit)
            event = replace(event, changes=())
        assert key(event) in {key(e) for e in owed}, type(event).__name__
        await super().present(event, again=again)


async def test_a_moves_events_are_saved_with_it_and_marked_delivered_once_shown(db_url: str) -> None:
    presenter = Checking()
    r = await rig(db_url, presenter=presenter, start=False)
    presenter.db = r.db
    await r.service.start()
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=SEED)
    tid = snap.table_id
    await r.service.start_game(ALICE, tid)
    await play_to_end(r.service, tid, {"alice": ALICE})
    await r.service.settle()
    await r.db.set_meta("flushed", "1")  # a write after the notes of delivery: they are in
    rows = await outbox(r)
    kinds = {type(e) for e in presenter.events}
    assert kinds >= {ev.TableCreated, ev.HandDealt, ev.CardsPassed, ev.TrickWon, ev.HandScored, ev.GameOver}
    # One row per action that owes something (same seq), each delivered, its events dropped.
    assert {seq for _, seq, *_ in rows} <= {a.seq for a in await r.db.actions(tid)}
    assert all(text == "" and at is not None for _, _, text, _, at in rows)
    await r.close()


async def test_delivered_rows_are_pruned_after_a_while(r: Rig) -> None:
    await r.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=SEED)
    await r.service.settle()
    await r.db.set_meta("flushed", "1")
    assert len(await outbox(r)) == 1
    keep = r.service.settings.outbox_keep
    r.clock.advance(keep - 1.0)
    await r.service._prune()
    assert len(await outbox(r)) == 1  # kept a while: delivered a second less than that ago
    r.clock.advance(2.0)
    await r.service._prune()
    assert await outbox(r) == []


class World:
    """What Discord shows, across runs of the service: each run's presenter shows events until its
    process is killed. An event offered ``again`` is shown only if it is not there yet (as the
    Discord presenter looks at the channel's last messages)."""

    def __init__(self) -> None:
        self.shown: list[ev.TableEvent] = []
        self.alive = 0  # the run whose presenter still reaches Discord

    def presenter(self) -> _RunPresenter:
        self.alive += 1
        return _RunPresenter(self, self.alive)

    def seen(self) -> list[str]:
        return [key(e) for e in self.shown if not isinstance(e, NOT_COUNTED)]


class _RunPresenter:
    def __init__(self, world: World, run: int) -> None:
        self.world = world
        self.run = run
        self.events: list[ev.TableEvent] = []

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        if self.world.alive != self.run:
            return  # a dead process's deliveries never reach Discord
        if again and any(key(e) == key(event) for e in self.world.shown):
            return
        self.world.shown.append(event)


def killer(world: World, db_rig: Rig, after: int) -> Callable[[], None]:
    """A kill at the ``after``-th time the crash point is reached: nothing is written or shown from
    then on (the database refuses every write, the presenter no longer reaches Discord)."""
    left = [after]

    def kill() -> None:
        if left[0] > 0:
            left[0] -= 1
            return
        world.alive = -1
        db_rig.db.faults.fail(WriteFault.IO_ERROR)
        raise Killed

    return kill


async def run_game(url: str, world: World, kills: list[tuple[CrashPoint, int]]) -> int:
    """One 1-hand game of four computers, from a fresh start to its end, killed at each of
    ``kills`` in turn and restarted. Returns the number of runs."""
    clock = ManualClock()
    runs = 0
    for kill in [*kills, None]:
        runs += 1
        run = await rig(url, clock, presenter=world.presenter(), start=False)  # type: ignore[arg-type]
        if kill is not None:
            point, after = kill
            run.db.crash = Crash(point, "*", killer(world, run, after))
        s = run.service
        try:
            await s.start()
            stored = await run.db.load_table(1)
            if stored is None:
                await s.create_table(HOST, GUILD, CHANNEL, options(target=1), seat_host=False, seed=SEED)
            if stored is None or stored.status == TableStatus.LOBBY.value:
                await s.start_game(HOST, 1)
        except (Killed, Refused):
            pass
        await s.settle()
        await run.close()
        if kill is None:
            break
    return runs


@functools.cache
def reference() -> list[str]:
    """The events of the game played without a crash: each shown once, in order."""
    world = World()
    with tempfile.TemporaryDirectory() as where:
        asyncio.run(run_game(str(Path(where) / "hearts.sqlite3"), world, []))
    assert any(isinstance(e, ev.GameOver) for e in world.shown)
    return world.seen()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kills=st.lists(
        st.tuples(st.sampled_from(list(CrashPoint)), st.integers(min_value=0, max_value=160)),
        min_size=1,
        max_size=3,
    )
)
async def test_killed_anywhere_every_event_is_shown_exactly_once(
    tmp_path: Path, kills: list[tuple[CrashPoint, int]]
) -> None:
    expected = await asyncio.to_thread(reference)
    world = World()
    url = str(tmp_path / f"{len(list(tmp_path.iterdir()))}.sqlite3")
    await run_game(url, world, kills)
    seen = world.seen()
    counted, wanted = Counter(seen), Counter(expected)
    assert counted == wanted, f"twice or more: {counted - wanted}, never: {wanted - counted}"
    assert seen == expected  # and in order


async def test_a_finished_games_end_is_shown_after_a_kill_just_before_it(db_url: str) -> None:
    world = World()
    first = await rig(db_url, presenter=world.presenter(), start=False)  # type: ignore[arg-type]
    first.db.crash = Crash(CrashPoint.PRESENT, "GameOver", killer(world, first, 0))
    await first.service.start()
    await first.service.create_table(HOST, GUILD, CHANNEL, options(target=1), seat_host=False, seed=SEED)
    await first.service.start_game(HOST, 1)
    await first.service.settle()
    await first.close()
    assert not [e for e in world.shown if isinstance(e, ev.GameOver)]

    second = await rig(db_url, presenter=world.presenter())  # type: ignore[arg-type]
    await second.service.settle()
    assert await second.db.open_tables() == []  # the game is over in the database
    assert [type(e) for e in world.shown[-1:]] == [ev.GameOver]
    assert world.shown[-1].table.status is TableStatus.FINISHED  # type: ignore[union-attr]
    await second.close()
    third = await rig(db_url)
    await third.service.settle()
    assert third.presenter.events == []  # nothing owed any more
    await third.close()


async def test_each_process_delivers_what_its_own_tables_owe(db_url: str) -> None:
    class Stuck:
        """A presenter that never finishes: every event stays owed."""

        async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
            await asyncio.Event().wait()

    first = await rig(db_url, presenter=Stuck())  # type: ignore[arg-type]
    await first.service.create_table(ALICE, "guild-a", CHANNEL, options(), seed=1)
    await first.service.create_table(ALICE, "guild-b", CHANNEL, options(), seed=2)
    await first.close()

    a = await rig(db_url, start=False)
    a.service.owns = lambda guild: guild == "guild-a"
    await a.service.start()
    b = await rig(db_url, start=False)
    b.service.owns = lambda guild: guild == "guild-b"
    await b.service.start()
    await a.service.settle()
    await b.service.settle()
    assert [(e.table.guild_id, type(e)) for e in a.presenter.again] == [("guild-a", ev.TableCreated)]
    assert [(e.table.guild_id, type(e)) for e in b.presenter.again] == [("guild-b", ev.TableCreated)]
    await a.close()
    await b.close()


async def test_an_outbox_row_that_cant_be_read_is_reported_once_and_set_aside(
    db_url: str, error_log: ErrorLogCollector
) -> None:
    logged = damage_logged(error_log, "outbox", "1/1")
    first = await rig(db_url)
    await first.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=1)
    await first.service.settle()
    await first.close()
    raw = await Database.open(db_url)
    await raw.backend.transaction(
        lambda tx: tx.execute("UPDATE outbox SET events = ?, delivered_at = NULL, shown = 0", ("{not json",))
    )
    await raw.close()

    second = await rig(db_url)
    await second.service.settle()
    damaged = second.presenter.of(ev.DataDamaged)
    assert [(d.what, d.guild_id) for d in damaged] == [("outbox", GUILD)]
    assert second.presenter.again == []
    await second.db.set_meta("flushed", "1")  # a write after the note: it is in
    assert await second.db.owed_events() == []  # set aside: not read again at every start
    await second.close()
    assert logged.seen == 1


async def test_a_change_under_way_at_a_stop_is_shown_by_the_next_start_not_after_the_stop(
    db_url: str,
) -> None:
    """A join that passed the running check and waits for its table when the service stops (as an
    event seating its round does) is saved with what it owes Discord; the stopped service shows
    nothing (its presenter is going away with it), and the next start shows it."""
    first = await rig(db_url)
    snap = await first.service.create_table(HOST, GUILD, CHANNEL, options(), seed=SEED)
    await first.service.settle()
    past_the_check = asyncio.Event()
    check = first.service._require_running

    def checked() -> None:
        check()
        past_the_check.set()  # the join goes on to wait for the table's lock, held below

    first.service._require_running = checked  # type: ignore[method-assign]
    async with first.service._tables[snap.table_id].lock:
        join = asyncio.create_task(first.service.join(ALICE, snap.table_id))
        await asyncio.wait_for(past_the_check.wait(), 10)
        await first.service.stop()
    await join
    await first.service.settle()
    assert not [e for e in first.presenter.events if isinstance(e, ev.SeatChanged)]
    await first.db.close()

    second = await rig(db_url)
    await second.service.settle()
    joined = [e for e in second.presenter.again if isinstance(e, ev.SeatChanged)]
    assert [(e.player_id, e.change) for e in joined] == [("alice", ev.SeatChange.JOINED)]
    await second.close()
