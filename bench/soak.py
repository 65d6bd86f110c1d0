"""Soak: many tables through a simulated week on the table service's clock, with random storage
faults (disk full, read-only, I/O error, a held lock), kills at random moments and restarts.

Each table has one person (who answers after a random think time, sometimes too late: timeouts and
forfeits happen) and three computer players; a finished game is replaced by a new table. The real
service, the real SQLite file and the real storage layer; the presenter is a recorder that keeps
what a Discord presenter would post and dedups controls across restarts the same way.

A kill cancels everything in flight at a random point of the event loop's work (mid-save,
mid-commit, mid-delivery), closes the database without any final write, and starts a new service on
the same file some minutes later.

Prints: games finished, moves accepted and lost (must be 0), duplicate messages (must be 0), stuck
tables (must be 0), the longest stall (time a table that could move did not, outside faults), and
whether every table's action log replays to its saved state.

    .venv/bin/python bench/soak.py [--tables 200] [--days 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import Level
from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.rules import RuleSet
from bot.storage import Database, WriteFault
from bot.tables import (
    Actor,
    ComputerPool,
    ComputerSettings,
    ManualClock,
    PoolKind,
    Refused,
    ServiceSettings,
    TableOptions,
    TableRefusal,
    TableService,
    TableStatus,
)
from bot.tables import events as ev
from bot.tables.replay import differences, replay
from cogs.hearts._state import SavedState

GUILD = "soak-guild"
STEP = 30.0  # simulated seconds per step
START = 1_800_000_000.0


class SoakPresenter:
    """Records what would be posted. Controls (a DM per seat and move) are deduplicated through the
    presenter's saved data (``cogs.hearts._state.SavedState``), as the Discord presenter does, so a
    restart resends only what never went out; and, as it does, the first controls for a seat after a
    restart whose sending was not recorded (a kill between the send and the record) are looked for in
    the person's DM history (here: what was sent) and adopted if there. Anything sent twice is a duplicate."""

    def __init__(self, sim: Soak) -> None:
        self.sim = sim
        self.service: TableService | None = None
        self.saved: SavedState | None = None  # the presenter's data, as the Discord presenter keeps it
        self.looked: set[tuple[int, int]] = set()  # (table, seat) whose DM history was looked at
        self.sent: dict[tuple[int, int], int] = {}  # (table, seat) → move: in memory, as the presenter

    async def present(self, event: ev.TableEvent, *, again: bool = False) -> None:
        sim = self.sim
        service = self.service
        assert service is not None and self.saved is not None
        if isinstance(event, ev.TurnStarted | ev.HandDealt | ev.CardsPassed):
            tid = event.table.table_id
            saved = await self.saved.remembered(tid)
            for hand in event.hands:
                if not hand.your_turn or saved.get(f"ctl:{hand.seat}") == str(hand.move_number):
                    continue
                if self.sent.get((tid, hand.seat)) == hand.move_number:  # its record is on its way
                    continue
                self.sent[(tid, hand.seat)] = hand.move_number
                first_look = (tid, hand.seat) not in self.looked
                self.looked.add((tid, hand.seat))
                if not (first_look and (tid, hand.seat, hand.move_number) in sim.dms):
                    sim.dms[(tid, hand.seat, hand.move_number)] += 1
                await self.saved.remember(tid, f"ctl:{hand.seat}", str(hand.move_number))
        elif isinstance(event, ev.GameOver):
            sim.posts[("game over", event.table.table_id)] += 1
        elif isinstance(event, ev.HandScored):
            sim.posts[("hand", event.table.table_id, event.hand_number)] += 1


@dataclass
class Soak:
    tables: int
    days: float
    seed: int
    path: Path
    think: float = 3600.0  # a person's mean time to answer (s); the time limit is 8 h
    rng: random.Random = field(init=False)
    dms: Counter[tuple[int, int, int]] = field(default_factory=Counter)
    posts: Counter[tuple[Any, ...]] = field(default_factory=Counter)
    accepted: Counter[int] = field(default_factory=Counter)  # person moves the service confirmed
    refusals: Counter[str] = field(default_factory=Counter)
    plans: dict[int, tuple[int, float]] = field(default_factory=dict)  # table → (move, act at)
    last_change: dict[int, tuple[int, float]] = field(default_factory=dict)  # table → (move, since)
    kills: int = 0
    faults: int = 0
    fault_seconds: float = 0.0
    longest_stall: float = 0.0
    created: int = 0
    fault_until: float = 0.0
    fault_kind: WriteFault | None = None
    calm_since: float = START  # the last time the database became usable (a fault ended, a restart)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.moved = asyncio.Event()  # set when a person's move was accepted (faults and kills wait)

    # -- the service -------------------------------------------------------------------------

    async def boot(self, now: float) -> None:
        self.clock = ManualClock(now)
        self.presenter = SoakPresenter(self)
        self.db = await Database.open(self.path)
        if self.fault_kind is not None:
            self.db.faults.fail(self.fault_kind)
        self.service = TableService(
            self.db,
            clock=self.clock,
            computers=ComputerPool(ComputerSettings(kind=PoolKind.INLINE)),
            # The supervisor every 30 s of simulated time (5 s in production): one look per step.
            settings=ServiceSettings(computer_pause=0.0, supervise_interval=STEP),
        )
        self.service.attach(self.presenter)
        self.presenter.service = self.service
        self.presenter.saved = SavedState(self.db, self.clock)
        await self.service.start()
        await self.service.settle()
        self.calm_since = now

    async def kill(self, work: asyncio.Task[None]) -> None:
        """Like SIGKILL: whatever is in flight stops where it is; no final write."""
        s = self.service
        s._running = False
        work.cancel()
        tasks = [*s._tasks]
        writing = self.presenter.saved._writing if self.presenter.saved is not None else None
        if writing is not None:
            tasks.append(writing)
        if self.db._writer_task is not None:
            tasks.append(self.db._writer_task)
        for task in tasks:
            task.cancel()
        await asyncio.gather(work, *tasks, return_exceptions=True)
        await self.db.close()  # an open transaction is rolled back, as after a crash
        self.kills += 1

    # -- people ----------------------------------------------------------------------------------

    def person(self, table_id: int) -> Actor:
        return Actor(f"p{table_id}")

    async def open_table(self, slot: int) -> None:
        s = self.service
        seed = self.rng.getrandbits(40)
        opts = TableOptions(
            rules=RuleSet(players=4, target_score=50), time_limit=8 * 3600.0, computer_level=Level.EASY
        )
        tid = s._next_id
        try:
            snap = await s.create_table(self.person(tid), GUILD, f"chan-{slot}", opts, seed=seed)
            await s.start_game(self.person(snap.table_id), snap.table_id)
        except Refused as exc:
            self.refusals[exc.code.value] += 1
            return
        self.created += 1

    async def people_act(self, now: float) -> None:
        s = self.service
        for table in list(s._tables.values()):
            game = table.game
            if table.status is not TableStatus.PLAYING or game is None or game.over:
                continue
            tid = table.table_id
            actor = self.person(tid)
            if not any(game.seats[w].player_id == actor.user_id for w in game.hand.waiting_for()):
                continue
            plan = self.plans.get(tid)
            if plan is None or plan[0] != table.move_number:
                self.plans[tid] = plan = (table.move_number, now + self.rng.expovariate(1 / self.think))
            if plan[1] > now:
                continue
            try:
                await self.act(s, tid, actor)
            except Refused as exc:
                self.refusals[exc.code.value] += 1
                if exc.code is not TableRefusal.STORAGE_BUSY:
                    self.plans.pop(tid, None)
                continue
            self.accepted[tid] += 1
            self.plans.pop(tid, None)
            self.moved.set()
            await asyncio.sleep(0)  # a kill or a fault may strike right after a committed move

    async def act(self, s: TableService, tid: int, actor: Actor) -> None:
        hand = s.private_hand(actor, tid)
        rng = self.rng
        if hand.pass_count:
            await s.pass_cards(
                actor, tid, hand.move_number, cardset(rng.sample(cards_of(hand.cards), hand.pass_count))
            )
        elif hand.choose_moon:
            await s.choose_moon(actor, tid, hand.move_number, rng.random() < 0.5)
        elif hand.playable:
            card = nth_card(hand.playable, rng.randrange(hand.playable.bit_count()))
            await s.play_card(actor, tid, hand.move_number, card)

    # -- watching -------------------------------------------------------------------------------

    def watch(self, now: float) -> None:
        """The longest time a table that could move did not, while the database was usable."""
        for table in list(self.service._tables.values()):
            game = table.game
            if table.status is not TableStatus.PLAYING or game is None or game.over:
                continue
            seen = self.last_change.get(table.table_id)
            if seen is None or seen[0] != table.move_number:
                self.last_change[table.table_id] = (table.move_number, now)
                continue
            waiting = game.hand.waiting_for()
            persons = [w for w in waiting if not game.seats[w].is_computer]
            due = table.deadline if persons and table.deadline is not None else seen[1]
            if persons and table.deadline is None:
                due = seen[1]
            if self.fault_kind is None:
                since = max(due, self.calm_since)
                if not persons or now > (table.deadline or now):
                    self.longest_stall = max(self.longest_stall, now - since)

    # -- the run ----------------------------------------------------------------------------------

    async def step(self, now: float) -> None:
        self.clock.advance(STEP)
        await self.service.settle()
        await self.people_act(now)
        await self.service.settle()
        open_now = len(self.service._tables)
        for slot in range(self.tables - open_now):
            await self.open_table(slot)
        await self.service.settle()

    async def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        now = START
        await self.boot(now)
        end = START + self.days * 86400.0
        next_kill = now + self.rng.uniform(2, 10) * 3600
        next_fault = now + self.rng.uniform(1, 6) * 3600
        while now < end:
            if self.fault_kind is None and now >= next_fault:
                # The disk fails at a random moment of a step's work (mid-move, mid-commit).
                work = asyncio.create_task(self.step(now))
                if await self._some_work(work):
                    self.fault_kind = self.rng.choice(list(WriteFault))
                    duration = self.rng.uniform(30, 900)
                    self.fault_until = now + duration
                    self.fault_seconds += duration
                    self.db.faults.fail(self.fault_kind)
                    self.faults += 1
                await work
                now += STEP
                self.watch(now)
                continue
            if self.fault_kind is not None and now >= self.fault_until:
                self.db.faults.clear()
                self.fault_kind = None
                self.calm_since = now
                next_fault = now + self.rng.uniform(1, 8) * 3600
            if now >= next_kill:
                work = asyncio.create_task(self.step(now))
                if not await self._some_work(work):  # nothing happened: strike at the next move
                    await work
                    now += STEP
                    self.watch(now)
                    continue
                await self.kill(work)
                now += self.rng.uniform(10, 600)  # down for a while
                await self.boot(now)
                next_kill = now + self.rng.uniform(2, 12) * 3600
                continue
            await self.step(now)
            now += STEP
            self.watch(now)
        self.db.faults.clear()
        self.fault_kind = None
        self.calm_since = now
        for _ in range(4):  # let the last retries land
            await self.step(now)
            now += STEP
        stuck = [
            t.table_id
            for t in self.service._tables.values()
            if t.status is TableStatus.PLAYING and self.service._stuck(t, self.clock.now() + 60)
        ]
        await self.service.stop()
        await self.db.close()
        report = self.verify()
        report.update(
            tables=self.tables,
            simulated_days=self.days,
            kills=self.kills,
            storage_faults=self.faults,
            simulated_fault_hours=round(self.fault_seconds / 3600, 1),
            stuck_tables=len(stuck),
            longest_stall_s=self.longest_stall,
            refusals=dict(self.refusals),
            wall_seconds=round(time.perf_counter() - started, 1),
        )
        return report

    async def _some_work(self, work: asyncio.Task[None]) -> bool:
        """Let ``work`` run until a person's move was accepted, then a random number of event-loop
        turns more: faults and kills strike in the middle of the computers' replies, a commit, a
        delivery."""
        self.moved.clear()
        moved = asyncio.create_task(self.moved.wait())
        await asyncio.wait({work, moved}, return_when=asyncio.FIRST_COMPLETED)
        moved.cancel()
        if not self.moved.is_set():
            return False
        for _ in range(self.rng.randrange(0, 60)):
            await asyncio.sleep(0)
            if work.done():
                break
        return True

    def verify(self) -> dict[str, Any]:
        conn = sqlite3.connect(self.path)
        rows = conn.execute("SELECT id, guild_id, channel_id, status, state FROM tables").fetchall()
        finished = sum(1 for r in rows if r[3] == "finished")
        logged: Counter[int] = Counter()
        for tid, n in conn.execute(
            "SELECT table_id, COUNT(*) FROM actions WHERE kind = 'move' GROUP BY table_id"
        ):
            logged[int(tid)] = int(n)
        from bot.storage.records import ActionRow

        bad_replays = []
        for tid, guild, channel, _status, state in rows:
            actions = [
                ActionRow(int(a[0]), float(a[1]), int(a[2]), a[3], str(a[4]), str(a[5]))
                for a in conn.execute(
                    "SELECT seq, at, move, actor, kind, payload FROM actions WHERE table_id = ? ORDER BY seq",
                    (tid,),
                )
            ]
            try:
                if differences(replay(tid, guild, channel, actions), json.loads(state)):
                    bad_replays.append(tid)
            except Exception:
                bad_replays.append(tid)
        conn.close()
        lost = sum(max(0, n - logged[tid]) for tid, n in self.accepted.items())
        duplicates = sum(n - 1 for n in self.dms.values() if n > 1) + sum(
            n - 1 for n in self.posts.values() if n > 1
        )
        kinds: Counter[str] = Counter()
        for key, n in [*self.dms.items(), *self.posts.items()]:
            if n > 1:
                kinds["controls" if isinstance(key[0], int) else str(key[0])] += n - 1
                print("duplicate:", key, n, file=sys.stderr)
        return {
            "games_finished": finished,
            "moves_accepted": sum(self.accepted.values()),
            "moves_logged": sum(logged.values()),
            "moves_lost": lost,
            "duplicate_messages": duplicates,
            "duplicates_by_kind": dict(kinds),
            "controls_sent": len(self.dms),
            "tables_replayed": len(rows),
            "replay_mismatches": len(bad_replays),
        }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--days", type=float, default=7.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=3600.0, help="a person's mean answer time (s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        soak = Soak(args.tables, args.days, args.seed, Path(tmp) / "soak.sqlite3", think=args.think)
        report = await soak.run()
    width = max(len(k) for k in report)
    for key, value in report.items():
        shown = f"{value:.1f}" if isinstance(value, float) else value
        print(f"{key:<{width}}  {shown}")
    ok = (
        report["moves_lost"] == 0
        and report["duplicate_messages"] == 0
        and report["stuck_tables"] == 0
        and report["replay_mismatches"] == 0
    )
    print("verdict".ljust(width), " OK" if ok else " FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    import logging

    logging.basicConfig(level=logging.CRITICAL)  # faults are expected: keep the output to the figures
    asyncio.run(main())
