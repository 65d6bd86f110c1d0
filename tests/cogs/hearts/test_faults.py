"""Discord misbehaving under the bot: a deleted table message, a storm of 429s, a turn's DM that fails."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from discord_emulator import route_keys
from playtest.harness import Hearts, discord_presenter


async def _start(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")


async def test_a_deleted_table_message_is_posted_again_and_play_goes_on(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    await _start(hearts)
    old = await hearts.wait_table_message()
    thread = emu.state.channels[old.channel_id]
    emu.delete_message(old)  # a moderator deletes it
    mark = emu.mark()

    await hearts.play_until(
        lambda: (m := hearts.table_message()) is not None and m.id != old.id, [alice, bob]
    )
    new = hearts.table_message()
    assert new is not None and new.channel_id == thread.id
    assert new.attachments[0].image().width > 300
    assert "Show my hand" in new.labels and "Score sheet" in new.labels

    # Edits of the old message before the deletion (a computer's card) succeeded; after it, exactly
    # one was tried and refused, then the table message was posted anew.
    def refused() -> list[tuple[int | None, int | None]]:
        edits = emu.requests.select(
            route_keys.EDIT_MESSAGE,
            where=lambda r: str(old.id) in r.path and r.status is not None and not r.ok,
        )
        return [(r.status, r.code) for r in edits]

    assert refused() == [(404, 10008)]

    await hearts.play_until(hearts.game_over, [alice, bob])
    # Later hands got their own table messages; the deleted one was never edited again.
    assert refused() == [(404, 10008)]
    assert not emu.requests.select(
        route_keys.EDIT_MESSAGE, since=mark, where=lambda r: str(old.id) in r.path and r.ok
    )


async def test_a_storm_of_429s_is_waited_out_and_the_game_finishes(
    hearts: Hearts, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot")
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    storms = [
        emu.faults.rate_limit(route, retry_after=0.02, times=4)
        for route in (route_keys.CREATE_MESSAGE, route_keys.EDIT_MESSAGE)
    ]
    await _start(hearts)
    await hearts.play_until(hearts.game_over, [alice, bob])

    assert all(storm.exhausted for storm in storms)
    limited = emu.requests.select(status=429)
    assert len(limited) == 8
    # Every rate-limited request was sent again and went through.
    for record in limited:
        assert emu.requests.select(
            record.route, where=lambda r, p=record.path, s=record.seq: r.path == p and r.seq > s and r.ok
        ), f"{record} was never retried"
    over = hearts.public("Game over")[0]
    assert over.attachments[0].image().width > 300
    # discord.py waited: the bot never saw a failed update.
    assert not [r.getMessage() for r in caplog.records if r.name.startswith("bot")]


async def test_a_turns_controls_that_discord_fails_to_send_are_sent_again(hearts: Hearts) -> None:
    """Discord fails (5xx) the DMs with a person's controls (the deal's, to pass, and the turn's
    right after it): nothing is noted as sent, the turn is offered again after a short wait and
    the controls go out then, once, long before the turn's timer would have played for them."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    dm = emu.dm_channel(alice).id
    failed = emu.faults.server_error(
        route_keys.CREATE_MESSAGE, status=503, times=2, where=lambda r: r.path == f"/channels/{dm}/messages"
    )
    await _start(hearts)
    await emu.wait_until(lambda: failed.hits, what="alice's first DM refused")
    await hearts.settle()
    assert not emu.dm_messages(alice)  # her hand never reached her

    hearts.clock.advance(5)  # a few retries' waits, well within the turn's minute
    await hearts.pass_hand(alice)
    await hearts.pass_hand(bob)
    received = await emu.wait_for_dm(alice, lambda m: "You received" in m.content)
    assert failed.exhausted
    assert len([m for m in emu.dm_messages(alice) if m.id < received.id]) == 1  # her hand, once
    assert not hearts.public("ran out of time")


async def test_controls_discord_took_though_their_send_failed_are_not_sent_twice(hearts: Hearts) -> None:
    """The send of a person's controls fails after Discord took them (the connection reset before
    the answer): the turn's next offer finds them in the person's DMs and notes them as sent."""
    alice, bob = hearts.people[:2]
    dms = discord_presenter(hearts.bot).dms
    send = dms.send
    lost: list[str] = []

    async def answer_lost(state: Any, player_id: str, **kwargs: Any) -> bool:
        sent = await send(state, player_id, **kwargs)
        if player_id == str(alice.id) and not lost:
            lost.append(player_id)
            raise ConnectionResetError("the answer was lost")
        return sent

    dms.send = answer_lost  # type: ignore[method-assign]
    await _start(hearts)
    await hearts.pass_hand(alice)
    await hearts.pass_hand(bob)
    received = await hearts.emu.wait_for_dm(alice, lambda m: "You received" in m.content)
    assert lost and len([m for m in hearts.emu.dm_messages(alice) if m.id < received.id]) == 1
