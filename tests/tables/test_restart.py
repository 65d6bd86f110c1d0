"""Stopping the service mid-hand and starting it again from the same database file; corrupt rows."""

from __future__ import annotations

import random

import pytest

from bot.engine.cards import cards_of, cardset
from bot.engine.hand import Phase
from bot.storage.leaderboard import leaderboard
from bot.storage.lease import shard_lease
from bot.tables import Actor, ManualClock, Refused, TableRefusal, alive_key
from bot.tables import events as ev
from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, damage_logged, options, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
HOST = Actor("host")


async def test_restart_mid_hand_continues_from_the_exact_state(db_url: str) -> None:
    clock = ManualClock()
    first = await rig(db_url, clock)
    s = first.service
    snap = await s.create_table(ALICE, GUILD, CHANNEL, options(target=40, time_limit=60.0), seed=21)
    tid = snap.table_id
    await s.join(BOB, tid)
    await s.start_game(ALICE, tid)
    actors = {"alice": ALICE, "bob": BOB}
    rng = random.Random(4)
    while True:  # play into the middle of the first hand
        await s.settle()
        now = s.snapshot(tid)
        if now.phase is Phase.PLAYING and len(now.trick) >= 1 and (now.last_trick is not None):
            break
        await act_once(s, tid, actors, rng)
    before = s.snapshot(tid)
    hands_before = {p: s.private_hand(a, tid) for p, a in actors.items()}
    assert before.deadline is not None
    clock.advance(10.0)  # 10 s of the person's 60 s used
    await first.close()

    clock.set(clock.now() + 3600.0)  # the bot is down for an hour
    second = await rig(db_url, clock)
    s2 = second.service
    restored = second.presenter.of(ev.TableRestored)
    assert [e.table.table_id for e in restored] == [tid]
    assert restored[0].downtime == pytest.approx(3600.0)
    after = s2.snapshot(tid)
    # The exact state, with the deadline moved by the downtime.
    for field in (
        "seats",
        "move_number",
        "waiting",
        "hand_number",
        "phase",
        "trick",
        "last_trick",
        "totals",
        "passed",
    ):
        assert getattr(after, field) == getattr(before, field), field
    assert after.deadline == pytest.approx(before.deadline + 3600.0)
    for p, a in actors.items():
        h = s2.private_hand(a, tid)
        assert (h.cards, h.playable, h.received, h.move_number) == (
            hands_before[p].cards,
            hands_before[p].playable,
            hands_before[p].received,
            hands_before[p].move_number,
        )
    # Timers resumed: 50 s left of the turn, not counted against the player before that.
    second.clock.advance(49.0)
    await s2.settle()
    assert second.presenter.of(ev.TimedOut) == []
    second.clock.advance(1.0)
    await s2.settle()
    assert len(second.presenter.of(ev.TimedOut)) == 1
    # Play on to the end; the leaderboard counts the game once per person.
    await play_to_end(s2, tid, actors)
    over = second.presenter.of(ev.GameOver)
    assert len(over) == 1
    board = await leaderboard(s2.db, GUILD)
    assert sorted(r.player_id for r in board.rows) == ["alice", "bob"]
    rp = {st.player_id: st.ranking_points for st in over[0].result.standings if st.player_id}
    assert {r.player_id: r.ranking_points for r in board.rows} == rp
    assert all(r.games == 1 for r in board.rows)
    # The log tells the whole story, across the restart.
    log = await second.db.actions(tid)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    assert [a.kind for a in log].count("restored") == 1
    await second.close()


async def test_a_lobby_survives_a_restart(db_url: str) -> None:
    first = await rig(db_url)
    snap = await first.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=1)
    await first.service.join(BOB, snap.table_id)
    await first.close()
    second = await rig(db_url)
    assert [i.player_id for i in second.service.snapshot(snap.table_id).seats][:2] == ["alice", "bob"]
    nxt = await second.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=1)
    assert nxt.table_id == snap.table_id + 1  # ids are never reused
    await second.close()


async def test_a_corrupt_row_breaks_only_its_table(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    first = await rig(db_url)
    s = first.service
    ids = []
    for seed in (1, 2):
        snap = await s.create_table(ALICE if seed == 1 else BOB, GUILD, CHANNEL, options(), seed=seed)
        await s.start_game(ALICE if seed == 1 else BOB, snap.table_id)
        ids.append(snap.table_id)
    await first.close()
    await raw.execute('UPDATE tables SET state = \'{"version": 1, "table_id": \' WHERE id = ?', (ids[0],))
    logged = damage_logged(error_log, "tables", str(ids[0]))

    second = await rig(db_url)
    await second.service.settle()
    broken = second.presenter.of(ev.TableBroken)
    assert [(b.table_id, b.channel_id) for b in broken] == [(ids[0], CHANNEL)]
    assert "JSONDecodeError" in broken[0].error
    with pytest.raises(Refused) as exc:
        await second.service.play_card(ALICE, ids[0], 1, 0)
    assert exc.value.code is TableRefusal.TABLE_BROKEN
    # The other table plays on.
    hand = second.service.private_hand(BOB, ids[1])
    await second.service.pass_cards(BOB, ids[1], hand.move_number, cardset(cards_of(hand.cards)[:3]))
    await play_to_end(second.service, ids[1], {"bob": BOB})
    assert [e.table.table_id for e in second.presenter.of(ev.GameOver)] == [ids[1]]
    await second.close()
    assert logged.seen == 1


async def test_a_row_with_a_bad_game_snapshot_is_reported(
    db_url: str, raw: RawDatabase, error_log: ErrorLogCollector
) -> None:
    first = await rig(db_url)
    snap = await first.service.create_table(HOST, GUILD, CHANNEL, options(), seed=3)
    await first.service.start_game(HOST, snap.table_id)
    await first.close()
    if raw.postgres:
        bad = "jsonb_set(state::jsonb, '{game,hand,trick}', '[51, 51]')::text"
    else:
        bad = "json_set(state, '$.game.hand.trick', json('[51, 51]'))"
    await raw.execute(f"UPDATE tables SET state = {bad} WHERE id = ?", (snap.table_id,))
    logged = damage_logged(error_log, "tables", str(snap.table_id))
    second = await rig(db_url)
    await second.service.settle()
    (broken,) = second.presenter.of(ev.TableBroken)
    assert broken.table_id == snap.table_id
    assert second.service.tables(GUILD) == []
    await second.close()
    assert logged.seen == 1


async def test_a_process_on_a_shared_database_counts_its_own_downtime_not_anothers(db_url: str) -> None:
    """Two processes on one database, each owning one server's tables: B is down five minutes while
    A beats on. B's tables get the five minutes back; A's heartbeat doesn't make them look lost."""
    clock = ManualClock()
    rigs: dict[str, Rig] = {}
    for name in ("a", "b"):
        made = await rig(db_url, clock, start=False)
        made.service.owns = f"g{name}".__eq__
        made.service.alive_key = alive_key(shard_lease(2, [0 if name == "a" else 1]))
        await made.service.start()
        rigs[name] = made
    b = rigs["b"].service
    snap = await b.create_table(ALICE, "gb", CHANNEL, options(time_limit=60.0), seed=4)
    await b.join(BOB, snap.table_id)
    await b.start_game(ALICE, snap.table_id)
    await b.settle()
    deadline = b.snapshot(snap.table_id).deadline
    assert deadline is not None
    await rigs["b"].close()  # B goes down with 60 s on the clock of the people's turn
    clock.set(clock.now() + 300.0)
    await rigs["a"].service.stop()  # A still running all along: its heartbeat is five minutes newer
    await rigs["a"].db.close()

    again = await rig(db_url, clock, start=False)
    again.service.owns = "gb".__eq__
    again.service.alive_key = alive_key(shard_lease(2, [1]))
    await again.service.start()
    (restored,) = again.presenter.of(ev.TableRestored)
    assert restored.downtime == pytest.approx(300.0)
    assert again.service.snapshot(snap.table_id).deadline == pytest.approx(deadline + 300.0)
    await again.service.settle()
    assert not again.presenter.of(ev.TimedOut)
    await again.close()
