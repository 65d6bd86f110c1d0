"""Discord misbehaving under the bot: a deleted table message, a storm of 429s, a turn's DM that fails."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.text import t
from discord_emulator import Permission, User, route_keys
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
    """Discord fails (5xx) the DMs with a person's controls (the deal's, to pass, and the first
    offer of the turn again): nothing is noted as sent, the turn is offered again after a short
    wait, doubled at each failure, and the controls go out then, once, long before the turn's timer
    would have played for them. The turn queued with the deal sends nothing: only the service's
    offers send again (they check the turn is still theirs)."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    dm = emu.dm_channel(alice).id
    failed = emu.faults.server_error(
        route_keys.CREATE_MESSAGE, status=503, times=2, where=lambda r: r.path == f"/channels/{dm}/messages"
    )
    await _start(hearts)
    await emu.wait_until(lambda: failed.hits, what="alice's first DM refused")
    await hearts.settle()
    assert len(failed.hits) == 1 and not emu.dm_messages(alice)  # her hand never reached her

    hearts.clock.advance(1)  # the first wait: offered again, and refused again
    await emu.wait_until(lambda: failed.exhausted, what="alice's second DM refused")
    await hearts.settle()
    assert not emu.dm_messages(alice)
    hearts.clock.advance(2)  # the wait doubled: offered again, well within the turn's minute
    await hearts.pass_hand(alice)
    await hearts.pass_hand(bob)
    received = await emu.wait_for_dm(alice, lambda m: "You received" in m.content)
    assert failed.exhausted
    assert len([m for m in emu.dm_messages(alice) if m.id < received.id]) == 1  # her hand, once
    assert not hearts.public("ran out of time")


def answers_lost(
    hearts: Hearts, person: User, before: Callable[[], Awaitable[None]] | None = None
) -> list[str]:
    """The first DM to ``person`` is taken by Discord and its answer lost (the connection reset):
    the send fails after the fact, once ``before()`` (if given) has happened. Returns the list
    that says so once it has."""
    dms = discord_presenter(hearts.bot).dms
    send = dms.send
    lost: list[str] = []

    async def answer_lost(state: Any, player_id: str, **kwargs: Any) -> Any:
        sent = await send(state, player_id, **kwargs)
        if player_id == str(person.id) and not lost:
            if before is not None:
                await before()
            lost.append(player_id)
            raise ConnectionResetError("the answer was lost")
        return sent

    dms.send = answer_lost  # type: ignore[method-assign]
    return lost


async def test_controls_discord_took_though_their_send_failed_are_not_sent_twice(hearts: Hearts) -> None:
    """The send of a person's controls fails after Discord took them (the connection reset before
    the answer): the turn's next offer finds them in the person's DMs and notes them as sent."""
    alice, bob = hearts.people[:2]
    lost = answers_lost(hearts, alice)
    await _start(hearts)
    await hearts.emu.wait_until(lambda: lost, what="the answer to alice's controls lost")
    await hearts.settle()
    hearts.clock.advance(1)  # the turn offered again: her DM holds its controls
    await hearts.settle()
    await hearts.pass_hand(alice)
    await hearts.pass_hand(bob)
    received = await hearts.emu.wait_for_dm(alice, lambda m: "You received" in m.content)
    assert len([m for m in hearts.emu.dm_messages(alice) if m.id < received.id]) == 1


async def test_a_turn_played_before_its_failed_send_is_retried_is_not_sent_again(hearts: Hearts) -> None:
    """The same lost answer, but the person passes with those controls before the bot has shown
    the rest of the deal (the turn queued with it included): nothing is sent again, neither for
    that turn nor when the retry's wait is over. The queued turn used to send her pass controls a
    second time, as her DM no longer held them."""
    alice, bob = hearts.people[:2]
    service = hearts.bot.service

    async def she_passed() -> None:
        await hearts.emu.wait_until(lambda: service.snapshot(1).passed[0], what="alice's pass")

    lost = answers_lost(hearts, alice, before=she_passed)
    await _start(hearts)
    await hearts.pass_hand(alice)  # with the DM Discord took
    await hearts.emu.wait_until(lambda: lost, what="the answer to alice's controls lost")
    await hearts.settle()
    hearts.clock.advance(1)  # the retry's wait: the turn is no longer hers
    await hearts.settle()
    await hearts.pass_hand(bob)
    received = await hearts.emu.wait_for_dm(alice, lambda m: "You received" in m.content)
    assert len([m for m in hearts.emu.dm_messages(alice) if m.id < received.id]) == 1


def _says(prefix: str) -> Callable[[Any], bool]:
    return lambda r: isinstance(r.json, dict) and str(r.json.get("content") or "").startswith(prefix)


async def test_a_hands_scores_and_the_games_end_discord_could_not_take_are_posted_later_once(
    hearts: Hearts, caplog: pytest.LogCaptureFixture
) -> None:
    """A 503 (which discord.py does not retry) on the hand's scores and on the game's end: both stay
    owed and are posted a little later, once each, and the lobby is told the game is over (they
    were lost for good, the lobby still saying the game was on)."""
    alice = hearts.people[0]
    emu = hearts.emu
    service = hearts.bot.service
    faults = [
        emu.faults.server_error(route_keys.CREATE_MESSAGE, status=503, where=_says(prefix))
        for prefix in ("**Hand 1:**", "**Game over.**")
    ]
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(alice, lobby, "Start")
    with caplog.at_level(logging.WARNING):
        await hearts.play_until(lambda: bool(faults[0].hits), [alice])
        await hearts.settle()
        for fault in faults:  # each refused once, each offered again a retry's time later
            await emu.wait_until(lambda f=fault: bool(f.hits), what="the refused post")
            hearts.clock.advance(service.settings.delivery_retry)
            await hearts.settle()
    assert len(hearts.public("**Hand 1:**")) == 1 and len(hearts.public("**Game over.**")) == 1
    assert emu.message(lobby.id).content.endswith(t("lobby.finished"))  # edited at the game's end
    assert [r for r in caplog.records if "not shown yet" in r.getMessage()]


async def test_the_games_end_reaches_the_players_by_dm_where_the_bot_may_no_longer_post(
    hearts: Hearts,
) -> None:
    """A moderator takes the bot's right to send in the game's thread and in its channel mid-game:
    the game plays on by DM, and its end is sent by DM (it was shown nowhere). (Where the channel
    still takes the bot's posts, the table moves there: ``test_permissions_lost``.)"""
    alice = hearts.people[0]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    denied = Permission.SEND_MESSAGES_IN_THREADS | Permission.SEND_MESSAGES  # the thread's and the channel's
    emu.set_overwrite(hearts.general, emu.bot, deny=denied)
    await hearts.play_until(lambda: not hearts.bot.service.tables(str(hearts.guild.id)), [alice])
    await hearts.settle()
    assert not hearts.public("**Game over.**")
    assert [m for m in emu.dm_messages(alice) if "Game over" in m.content]
