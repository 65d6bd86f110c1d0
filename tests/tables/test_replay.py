"""The action log replays to the saved state: lobby changes, moves, timeouts, a quit, a removal and
a rejoin."""

from __future__ import annotations

import json
import random

from bot.engine import RuleSet
from bot.engine.game import QuitReason
from bot.storage.leaderboard import player_stats
from bot.tables import Actor, ManualClock, TableOptions
from bot.tables import events as ev
from bot.tables.replay import differences, replay
from bot.tables.table import TableStatus
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, options, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
CAROL = Actor("carol")
DAVE = Actor("dave")
PEOPLE = {"alice": ALICE, "bob": BOB, "carol": CAROL}


async def _matches(r: Rig, table_id: int) -> list[str]:
    row = await r.db.load_table(table_id)
    assert row is not None
    replayed = replay(table_id, GUILD, CHANNEL, await r.db.actions(table_id))
    return differences(replayed, json.loads(row.state))


async def test_a_whole_game_with_timeouts_a_quit_and_a_rejoin_replays_to_its_saved_state(
    db_url: str,
) -> None:
    clock = ManualClock()
    r = await rig(db_url, clock)
    s = r.service
    snap = await s.create_table(
        ALICE, GUILD, CHANNEL, options(target=40, time_limit=30.0, players=5), seed=11
    )
    tid = snap.table_id
    await s.join(BOB, tid)
    await s.join(CAROL, tid)
    await s.add_computer(ALICE, tid)
    await s.join(DAVE, tid)
    await s.leave(DAVE, tid)
    await s.start_game(ALICE, tid)
    await s.settle()
    clock.advance(31.0)  # both people time out once
    await s.settle()
    await s.leave(BOB, tid)  # bob quits the game: a computer takes his seat
    await s.settle()
    await s.rejoin(BOB, tid)
    rng = random.Random(2)
    for _ in range(20):
        await s.settle()
        await act_once(s, tid, PEOPLE, rng)
    assert await _matches(r, tid) == []
    await r.close()
    r = await rig(db_url, clock)  # a restart logs itself too
    await play_to_end(r.service, tid, PEOPLE)
    assert await _matches(r, tid) == []
    await r.close()


async def _events_table(r: Rig, *others: Actor) -> int:
    """A table of an event's round (two boards), alice's and ``others``', started by the event."""
    boards = TableOptions(rules=RuleSet(target_score=None, fixed_hands=2), event_id=7)
    tid = (await r.service.create_table(ALICE, GUILD, CHANNEL, boards, seed=5)).table_id
    for person in others:
        await r.service.join(person, tid, for_event=True)
    await r.service.start_game(ALICE, tid, for_event=True)
    await r.service.settle()
    return tid


async def test_an_events_table_a_person_leaves_plays_on_to_its_last_board_and_replays(db_url: str) -> None:
    """At an event's table the other person leaving ends nothing (duplicate play: ``Game.duplicate``):
    the person left plays every board, and the log replayed knows the table for an event's too."""
    r = await rig(db_url, ManualClock())
    s = r.service
    tid = await _events_table(r, BOB)
    await s.leave(BOB, tid)
    await s.settle()
    assert s.snapshot(tid).status is TableStatus.PLAYING
    assert await _matches(r, tid) == []
    await play_to_end(s, tid, {"alice": ALICE})
    row = await r.db.load_table(tid)
    assert row is not None and len(json.loads(row.state)["game"]["sheet"]) == 2  # both boards played
    assert await _matches(r, tid) == []
    await r.close()


async def test_a_removal_by_an_events_organiser_is_logged_and_replays_as_one_costing_nothing(
    db_url: str,
) -> None:
    """The table's event removes bob (``removed``): the log says so, and replays to the saved state
    with the removal's reason; carol's own leave is logged as a plain quit's always was (no reason:
    LEFT). At the end bob has 0 ranking points and no quit in his statistics, carol −100 and one."""
    r = await rig(db_url, ManualClock())
    s = r.service
    tid = await _events_table(r, BOB, CAROL)
    await s.leave(BOB, tid, removed=True)
    await s.leave(CAROL, tid)
    await s.settle()
    quits = [json.loads(a.payload) for a in await r.db.actions(tid) if a.kind == "quit"]
    assert quits == [{"seat": 1, "reason": "removed"}, {"seat": 2}]
    assert await _matches(r, tid) == []
    replayed = replay(tid, GUILD, CHANNEL, await r.db.actions(tid))
    assert replayed.game is not None
    assert [(q.player_id, q.reason) for q in replayed.game.quitters] == [
        ("bob", QuitReason.REMOVED),
        ("carol", QuitReason.LEFT),
    ]
    await play_to_end(s, tid, {"alice": ALICE})
    assert await _matches(r, tid) == []
    (over,) = r.presenter.of(ev.GameOver)
    rows = {st.player_id: st for st in over.result.standings if st.player_id}
    assert (rows["bob"].ranking_points, rows["bob"].counts_as_quit) == (0, False)
    assert (rows["carol"].ranking_points, rows["carol"].counts_as_quit) == (-100, True)
    bob, carol = await player_stats(r.db, GUILD, "bob"), await player_stats(r.db, GUILD, "carol")
    assert bob is not None and (bob.quits, bob.ranking_points, bob.games) == (0, 0, 1)
    assert carol is not None and (carol.quits, carol.ranking_points) == (1, -100)
    await r.close()


async def test_a_cancelled_lobby_replays(db_url: str) -> None:
    r = await rig(db_url)
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, TableOptions(), seat_host=False, seed=3)
    await r.service.join(BOB, snap.table_id)
    await r.service.leave(BOB, snap.table_id)
    assert await _matches(r, snap.table_id) == []
    await r.close()
