"""A person whose DMs are closed is pinged in the table's thread for each turn of theirs (one ping
at a time), and the ping goes once that turn is over: their move made (from Show my hand, or by
the timer), or their seat taken by a computer. None stays saying it is their turn when it isn't."""

from __future__ import annotations

import pytest

from bot.engine.hand import Phase
from discord_emulator import Message
from playtest.harness import Hearts

TIME_LIMIT = 60


def _live_pings(hearts: Hearts) -> list[Message]:
    """bob's pings in the thread not deleted."""
    bob = hearts.people[1]
    return [m for m in hearts.emu.state.messages.values() if bob.id in m.notified and not m.deleted]


async def _table_of_bob_alice_and_carol(hearts: Hearts, **options: object) -> int:
    """bob (DMs closed) hosts, so he sits first, alice second and carol third, with a computer;
    started. (With two people, his leaving would end the game.)"""
    alice, bob, carol = hearts.people[:3]
    hearts.emu.faults.close_dms(bob)
    hearts.no_dm.add(bob.id)
    lobby = await hearts.open_table(bob, seats=4, target=10, **options)
    await hearts.seat(lobby, [alice, carol])
    await hearts.click(bob, lobby, "Start")
    await hearts.wait_table_message()
    (table,) = [s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))]
    return table


async def _bobs_turn_to_play_before_alices(hearts: Hearts, table: int) -> Message:
    """Played on until bob (seat 0) is to play a card and alice (seat 1) has yet to play in this
    trick: after his move the game waits for her, so no turn of his comes next. His ping for it."""

    def there() -> bool:
        snap = hearts.bot.service.snapshot(table)
        if snap.phase is not Phase.PLAYING or snap.waiting != (0,) or snap.leader is None:
            return False
        played = {(snap.leader + i) % len(snap.seats) for i in range(len(snap.trick))}
        return 1 not in played

    await hearts.play_until(there, hearts.people[:3])
    await hearts.settle()  # his ping for this turn is posted
    (ping,) = _live_pings(hearts)
    return ping


@pytest.mark.parametrize("how", ["played from Show my hand", "left"])
async def test_a_ping_goes_once_he_has_played_or_left(hearts: Hearts, how: str) -> None:
    """bob plays his turn from the table's Show my hand, or leaves the game at it: his ping for it
    is deleted at once, not at his next turn (or, having left, at the game's end)."""
    bob = hearts.people[1]
    table = await _table_of_bob_alice_and_carol(hearts)
    ping = await _bobs_turn_to_play_before_alices(hearts, table)
    if how == "left":
        await hearts.reply(await hearts.emu.slash(bob, hearts.general, "hearts leave"))
    else:
        await hearts.act(bob, ping)  # Show my hand
        await hearts.act(bob, await hearts.hand_with(bob, "card"))
    await hearts.emu.wait_until(lambda: hearts.emu.message(ping.id).deleted, what="his ping deleted")
    await hearts.settle()
    assert _live_pings(hearts) == []  # (the game waits for alice: no turn of his)
    assert not hearts.game_over()


async def test_a_ping_goes_when_his_time_runs_out_and_when_he_loses_his_seat_for_it(hearts: Hearts) -> None:
    """bob lets his pass run out (a random pass is made for him), then his turn to play (he loses
    the game, a computer takes his seat): each time the ping that warned him is deleted with the
    timeout, not left under the announcement until his next turn or the game's end."""
    alice, carol = hearts.people[0], hearts.people[2]
    table = await _table_of_bob_alice_and_carol(hearts, time_limit=TIME_LIMIT)
    await hearts.pass_hand(alice)
    await hearts.pass_hand(carol)
    await hearts.settle()
    assert len(_live_pings(hearts)) == 1  # to pass
    hearts.clock.advance(TIME_LIMIT + 1)  # his warning, then his pass made for him
    announced = await hearts.wait_public("ran out of time")
    await hearts.settle()
    assert [m for m in _live_pings(hearts) if m.seq < announced.seq] == []  # (he may lead: a new one)

    await _bobs_turn_to_play_before_alices(hearts, table)
    hearts.clock.advance(TIME_LIMIT + 1)
    await hearts.wait_public("ran out of time twice")
    await hearts.settle()
    assert _live_pings(hearts) == []
    assert hearts.bot.service.snapshot(table).seats[0].is_computer  # (the game goes on)
