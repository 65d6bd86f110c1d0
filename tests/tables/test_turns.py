"""Moves, move numbers, permissions, timers and computer turns."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.engine.cards import cards_of, cardset
from bot.engine.game import EndReason
from bot.engine.hand import Phase
from bot.engine.moves import Refusal
from bot.storage.leaderboard import player_stats
from bot.tables import Actor, Refused, TableRefusal
from bot.tables import events as ev
from bot.tables.replay import differences, replay
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, options, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
CAROL = Actor("carol")
EVE = Actor("eve")  # never seated
MOD = Actor("mod", is_moderator=True, manages_server=True)


async def two_people(r: Rig, **kw: object) -> int:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(**kw), seed=5)  # type: ignore[arg-type]
    await r.service.join(BOB, snap.table_id)
    await r.service.start_game(ALICE, snap.table_id)
    await r.service.settle()
    return snap.table_id


async def play_until_persons_turn(r: Rig, tid: int, actors: dict[str, Actor]) -> int:
    """Finish passing for the people; returns the seat of the first person to play."""
    snap = r.service.snapshot(tid)
    for seat in snap.waiting:
        info = snap.seats[seat]
        if not info.is_computer:
            hand = r.service.private_hand(actors[info.player_id or ""], tid)
            await r.service.pass_cards(
                actors[info.player_id or ""], tid, hand.move_number, cardset(cards_of(hand.cards)[:3])
            )
    await r.service.settle()
    snap = r.service.snapshot(tid)
    assert snap.phase is Phase.PLAYING
    return snap.waiting[0]


async def test_simultaneous_passing_keeps_every_pass_control_valid(r: Rig) -> None:
    tid = await two_people(r)
    snap = r.service.snapshot(tid)
    assert snap.phase is Phase.PASSING and set(snap.waiting) >= {0, 1}
    move = snap.move_number
    a = r.service.private_hand(ALICE, tid)
    b = r.service.private_hand(BOB, tid)
    await r.service.pass_cards(ALICE, tid, move, cardset(cards_of(a.cards)[:3]))
    # Alice's pass did not make Bob's control (same move number) stale.
    assert r.service.snapshot(tid).move_number == move
    with pytest.raises(Refused) as again:
        await r.service.pass_cards(ALICE, tid, move, cardset(cards_of(a.cards)[3:6]))
    assert again.value.code is Refusal.ALREADY_PASSED
    await r.service.pass_cards(BOB, tid, move, cardset(cards_of(b.cards)[-3:]))
    await r.service.settle()
    after = r.service.snapshot(tid)
    assert after.phase is Phase.PLAYING and after.move_number == move + 1
    passed = r.presenter.of(ev.CardsPassed)
    assert len(passed) == 1
    bob_after = next(h for h in passed[0].hands if h.player_id == "bob")
    assert bob_after.received.bit_count() == 3 and bob_after.received & bob_after.cards == bob_after.received


async def test_stale_and_concurrent_actions(r: Rig) -> None:
    tid = await two_people(r)
    actors = {"alice": ALICE, "bob": BOB}
    seat = await play_until_persons_turn(r, tid, actors)
    assert not r.service.snapshot(tid).seats[seat].is_computer  # computers have moved already
    snap = r.service.snapshot(tid)
    actor = actors[snap.seats[seat].player_id or ""]
    hand = r.service.private_hand(actor, tid)
    card = cards_of(hand.playable)[0]
    # Two clicks for the same move at once: exactly one is applied.
    results = await asyncio.gather(
        r.service.play_card(actor, tid, hand.move_number, card),
        r.service.play_card(actor, tid, hand.move_number, card),
        return_exceptions=True,
    )
    refused = [x for x in results if isinstance(x, Refused)]
    assert len(refused) == 1 and refused[0].code is TableRefusal.STALE
    assert refused[0].params == {"move": hand.move_number, "current": hand.move_number + 1}
    await r.service.settle()
    assert [e.card for e in r.presenter.of(ev.CardPlayed) if e.seat == seat] == [card]
    # An old control (older move number) is refused as stale.
    with pytest.raises(Refused) as old:
        await r.service.play_card(actor, tid, hand.move_number - 1, card)
    assert old.value.code is TableRefusal.STALE


async def test_only_the_seated_player_acts_and_only_the_host_or_a_moderator_manages(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=5)
    tid = snap.table_id
    await r.service.join(BOB, tid)
    for op in (r.service.start_game, r.service.cancel):
        with pytest.raises(Refused) as exc:
            await op(BOB, tid)
        assert exc.value.code is TableRefusal.NOT_HOST
    with pytest.raises(Refused) as exc:
        await r.service.add_computer(EVE, tid)
    assert exc.value.code is TableRefusal.NOT_HOST
    await r.service.start_game(MOD, tid)  # a moderator may
    await r.service.settle()
    move = r.service.snapshot(tid).move_number
    with pytest.raises(Refused) as exc:
        await r.service.play_card(EVE, tid, move, 0)
    assert exc.value.code is TableRefusal.NOT_SEATED
    with pytest.raises(Refused) as exc:
        r.service.private_hand(EVE, tid)
    assert exc.value.code is TableRefusal.NOT_SEATED
    with pytest.raises(Refused) as exc:
        await r.service.play_card(ALICE, tid, move, 0)  # passing, not playing
    assert exc.value.code is Refusal.WRONG_PHASE
    with pytest.raises(Refused) as exc:
        await r.service.join(CAROL, tid)
    assert exc.value.code is TableRefusal.NOT_IN_LOBBY
    with pytest.raises(Refused) as exc:
        await r.service.join(CAROL, 999)
    assert exc.value.code is TableRefusal.NO_SUCH_TABLE


async def test_illegal_card_is_refused_with_the_engines_code(r: Rig) -> None:
    tid = await two_people(r)
    actors = {"alice": ALICE, "bob": BOB}
    seat = await play_until_persons_turn(r, tid, actors)
    actor = actors[r.service.snapshot(tid).seats[seat].player_id or ""]
    hand = r.service.private_hand(actor, tid)
    illegal = hand.cards & ~hand.playable
    assert illegal
    with pytest.raises(Refused) as exc:
        await r.service.play_card(actor, tid, hand.move_number, cards_of(illegal)[0])
    assert isinstance(exc.value.code, Refusal)
    assert r.service.snapshot(tid).move_number == hand.move_number  # nothing happened


async def test_a_person_timing_out_twice_gets_a_random_move_then_forfeits(r: Rig) -> None:
    tid = await two_people(r, time_limit=30.0, target=100)
    # Bob never acts.
    snap = r.service.snapshot(tid)
    deadline = snap.deadline
    assert deadline == r.clock.now() + 30.0
    # Alice passes; Bob does not.
    dealt = r.service.private_hand(BOB, tid).cards
    a = r.service.private_hand(ALICE, tid)
    await r.service.pass_cards(ALICE, tid, a.move_number, cardset(cards_of(a.cards)[:3]))
    await r.service.settle()
    r.clock.advance(19.0)
    await r.service.settle()
    assert r.presenter.of(ev.TimeoutWarning) == []
    r.clock.advance(1.0)  # 10 s before the deadline (a third of 30 s)
    await r.service.settle()
    warning = r.presenter.of(ev.TimeoutWarning)
    assert len(warning) == 1 and warning[0].seats == (1,) and warning[0].deadline == deadline
    r.clock.advance(10.0)
    await r.service.settle()
    first = r.presenter.of(ev.TimedOut)
    assert [(e.player_id, e.forfeited, e.played) for e in first] == [("bob", False, None)]
    assert r.presenter.of(ev.CardsPassed)  # Bob's random pass completed the exchange
    # The event tells Bob the three cards passed for him: his, and gone from his hand.
    passed = first[0].passed
    assert len(cards_of(passed)) == 3 and passed & dealt == passed
    assert not passed & r.service.private_hand(BOB, tid).cards & ~a.cards
    assert r.service.snapshot(tid).seats[1].timeouts == 1
    # Second timeout: the next time Bob must act and does not.
    only_alice = {"alice": ALICE}
    for _ in range(200):
        snap = r.service.snapshot(tid)
        if 1 in snap.waiting:
            break
        await act_once(r.service, tid, only_alice, random.Random(1))
        await r.service.settle()
    else:
        raise AssertionError("Bob never had to play")
    r.clock.advance(30.0)
    await r.service.settle()
    second = [e for e in r.presenter.of(ev.TimedOut) if e.forfeited]
    assert [(e.player_id, e.seat, e.played, e.passed) for e in second] == [("bob", 1, None, 0)]
    assert any(e.change is ev.SeatChange.FORFEITED and e.seat == 1 for e in r.presenter.of(ev.SeatChanged))
    # Bob was one of two people: Alice is the last person standing and wins with 120.
    over = r.presenter.of(ev.GameOver)
    assert len(over) == 1 and over[0].result.reason is EndReason.LAST_PERSON
    standings = {s.player_id: s for s in over[0].result.standings if s.player_id}
    assert standings["alice"].ranking_points == 120
    assert standings["bob"].quit and standings["bob"].ranking_points == -100
    stats = await player_stats(r.db, GUILD, "bob")
    assert stats is not None and stats.quits == 1 and stats.timeouts == 2 and stats.ranking_points == -100


async def test_a_play_timed_out_tells_the_person_the_card_played_for_them(r: Rig) -> None:
    """The card the timer played for a person is in their TimedOut (for their DM), the one the
    table shows played."""
    tid = await two_people(r, time_limit=30.0, target=100)
    seat = await play_until_persons_turn(r, tid, {"alice": ALICE, "bob": BOB})
    player = r.service.snapshot(tid).seats[seat].player_id
    r.clock.advance(30.0)
    await r.service.settle()
    (out,) = r.presenter.of(ev.TimedOut)
    (played,) = [e for e in r.presenter.of(ev.CardPlayed) if e.timed_out]
    assert (out.player_id, out.forfeited, out.passed) == (player, False, 0)
    assert out.played == played.card and played.seat == seat


async def test_two_people_timing_out_for_the_second_time_together_both_lose_the_game(r: Rig) -> None:
    """Both people miss a pass for the second time at the same deadline: both forfeit, and neither
    wins as the last person standing (the first in seat order forfeited, the game ended as the
    last person's, and the second, who had timed out as often, won 120)."""
    tid = await two_people(r, time_limit=30.0, target=100)
    r.clock.advance(30.0)  # both miss hand 1's pass: a random pass for each
    await r.service.settle()
    assert [(e.player_id, e.forfeited) for e in r.presenter.of(ev.TimedOut)] == [
        ("alice", False),
        ("bob", False),
    ]
    people, rng = {"alice": ALICE, "bob": BOB}, random.Random(3)
    while r.service.snapshot(tid).hand_number == 1:  # they play hand 1 themselves
        await act_once(r.service, tid, people, rng)
        await r.service.settle()
    assert {0, 1} <= set(r.service.snapshot(tid).waiting)  # hand 2's pass: both to act
    r.clock.advance(30.0)
    await r.service.settle()
    assert sorted(e.player_id for e in r.presenter.of(ev.TimedOut) if e.forfeited) == ["alice", "bob"]
    (over,) = r.presenter.of(ev.GameOver)
    assert over.result.reason is EndReason.ABANDONED
    standings = {s.player_id: s for s in over.result.standings if s.player_id}
    assert [(standings[p].quit, standings[p].ranking_points) for p in people] == [(True, -100)] * 2
    assert not r.service.tables(GUILD)  # closed
    row = await r.db.load_table(tid)
    assert row is not None  # and its log replays to the state saved
    replayed = replay(tid, GUILD, CHANNEL, await r.db.actions(tid))
    assert differences(replayed, json.loads(row.state)) == []


async def test_a_deadline_passed_while_the_loop_was_held_is_timed_out_not_called_stuck(r: Rig) -> None:
    """The clock runs a day on before the loop runs again (a test's jump; a loop held up past the
    supervisor's interval): the deadline's timeout is under way, so the supervisor, which runs once
    per interval of that day, does not call the table stuck and arm its timeout again and again;
    and the heartbeat, due as often, is written once."""
    tid = await two_people(r, time_limit=30.0, target=100)
    beats = 0
    set_meta = r.db.set_meta

    async def counted(key: str, value: str) -> None:
        nonlocal beats
        beats += 1
        await set_meta(key, value)

    r.db.set_meta = counted  # type: ignore[method-assign]
    assert r.clock.advance(86_400.0) >= 86_400.0 / r.service.settings.supervise_interval
    await r.service.settle()
    assert r.service.repairs == 0
    assert [(e.player_id, e.forfeited) for e in r.presenter.of(ev.TimedOut)] == [
        ("alice", False),
        ("bob", False),
    ]  # once each: the pass chosen for both
    assert r.service.snapshot(tid).seats[1].timeouts == 1
    assert beats == 1


async def test_quit_then_rejoin(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(), seed=5)
    tid = snap.table_id
    await r.service.join(BOB, tid)
    await r.service.join(CAROL, tid)
    await r.service.start_game(ALICE, tid)
    await r.service.leave(BOB, tid)
    await r.service.settle()
    snap = r.service.snapshot(tid)
    assert snap.seats[1].is_computer and snap.seats[1].left_player == "bob"
    assert [e.change for e in r.presenter.of(ev.SeatChanged)][-1] is ev.SeatChange.QUIT
    after = await r.service.rejoin(BOB, tid)
    assert after.seats[1].player_id == "bob"
    with pytest.raises(Refused) as exc:
        await r.service.rejoin(CAROL, tid)
    assert exc.value.code is TableRefusal.CANNOT_REJOIN


async def test_rejoin_not_allowed_by_the_table(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(rejoin=False), seed=5)
    await r.service.join(BOB, snap.table_id)
    await r.service.join(CAROL, snap.table_id)
    await r.service.start_game(ALICE, snap.table_id)
    await r.service.leave(BOB, snap.table_id)
    with pytest.raises(Refused) as exc:
        await r.service.rejoin(BOB, snap.table_id)
    assert exc.value.code is TableRefusal.CANNOT_REJOIN


async def test_computer_turns_wait_for_the_pause(db_url) -> None:  # type: ignore[no-untyped-def]
    the_rig = await rig(db_url, pause=1.5)
    s = the_rig.service
    snap = await s.create_table(ALICE, GUILD, CHANNEL, options(), seat_host=False, seed=9)
    for _ in range(4):
        await s.add_computer(ALICE, snap.table_id)
    await s.start_game(ALICE, snap.table_id)
    await s.settle()
    assert the_rig.presenter.of(ev.PassChosen) == []  # nothing before the pause
    the_rig.clock.advance(1.5)
    await s.settle()
    assert len(the_rig.presenter.of(ev.PassChosen)) == 4
    assert the_rig.presenter.of(ev.CardPlayed) == []
    the_rig.clock.advance(1.5)
    await s.settle()
    assert len(the_rig.presenter.of(ev.CardPlayed)) == 1
    await the_rig.close()


async def test_the_game_plays_on_after_a_person_quits(r: Rig) -> None:
    snap = await r.service.create_table(ALICE, GUILD, CHANNEL, options(target=30), seed=2)
    tid = snap.table_id
    for who in (BOB, CAROL):
        await r.service.join(who, tid)
    await r.service.start_game(ALICE, tid)
    await r.service.leave(CAROL, tid)
    await play_to_end(r.service, tid, {"alice": ALICE, "bob": BOB})
    over = r.presenter.of(ev.GameOver)
    assert len(over) == 1 and over[0].result.reason is EndReason.TARGET
    carol = [s for s in over[0].result.standings if s.player_id == "carol"]
    assert carol and carol[0].quit
