"""A person's DMs carried by their last click in the DM (a followup of its interaction, which Discord
exempts from the bot's global limit): the same messages in the same channel, fewer requests that
count; an ordinary DM when the click is too old or the followup fails."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.tables.clock import ManualClock
from cogs.hearts._dms import CARRIED_FOR, DirectMessages
from discord_emulator import User, route_keys
from playtest.harness import Hearts, discord_presenter


def dm_posts(hearts: Hearts, person: User) -> int:
    """Messages the bot sent to ``person``'s DM channel as channel messages (the global limit's)."""
    channel = hearts.emu.dm_channel(person).id
    return len(
        [
            r
            for r in hearts.emu.requests.select(route_keys.CREATE_MESSAGE)
            if r.path.split("/")[2] == str(channel)
        ]
    )


async def play_one_hand(hearts: Hearts) -> None:
    alice, bob, carol, dave = hearts.people
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob, carol, dave])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over)
    await hearts.settle()


async def test_after_a_click_in_their_dm_a_persons_dms_are_followups_of_it(hearts: Hearts) -> None:
    await play_one_hand(hearts)
    followups = hearts.emu.requests.select(route_keys.CREATE_FOLLOWUP)
    for person in hearts.people:
        assert dm_posts(hearts, person) == 1  # the deal: nothing clicked in the DM yet
        # every later one (the hand after passing, each turn) came in the same DM channel, as a
        # followup of their last tap
        messages = hearts.emu.dm_messages(person)
        assert len(messages) > 13 and [bool(m.interaction_metadata) for m in messages[1:]] == [True] * (
            len(messages) - 1
        )
    assert len(followups) == discord_presenter(hearts.bot).dms.carried > 13 * 4 - 4


async def test_a_click_too_old_to_carry_a_dm_leaves_it_to_the_channel(hearts: Hearts) -> None:
    dms = discord_presenter(hearts.bot).dms
    dms.clock = ManualClock(hearts.emu.clock.time() + CARRIED_FOR + 600)  # the next 10 min's clicks: too old
    await play_one_hand(hearts)
    assert not hearts.emu.requests.select(route_keys.CREATE_FOLLOWUP) and dms.carried == 0
    assert all(dm_posts(hearts, person) > 13 for person in hearts.people)


async def test_a_followup_that_fails_goes_as_an_ordinary_dm(hearts: Hearts) -> None:
    hearts.emu.faults.fail(
        route_keys.CREATE_FOLLOWUP, status=401, code=50027, message="Invalid Webhook Token", times=3
    )
    await play_one_hand(hearts)  # every turn still reached its person
    refused = [r for r in hearts.emu.requests.select(route_keys.CREATE_FOLLOWUP) if r.status == 401]
    assert len(refused) == 3
    # each went as a channel message (and so did that person's DMs until their next tap)
    assert sum(dm_posts(hearts, person) for person in hearts.people) >= 4 + 3
    for person in hearts.people:  # with their whole picture: the file read by the failed send is read again
        assert all(
            m.attachments[0].image().width > 300 for m in hearts.emu.dm_messages(person) if m.attachments
        )


async def test_controls_a_followup_carried_though_its_answer_was_lost_are_not_sent_twice(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new table's first DM to a person carried by their last click of an earlier game: Discord
    takes the followup (her pass controls) but its answer is lost. The turn offered again finds
    them in her DM, as it would a channel message's. The followup's DM channel was not remembered
    with the new table, so the bot thought it had never DMed her from it and sent them again."""
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice])  # her clicks in her DM: the last one carries
    await hearts.settle()
    before = len(hearts.emu.dm_messages(alice))

    send = discord.Webhook.send
    lost: list[int] = []

    async def answer_lost(webhook: discord.Webhook, *args: Any, **kwargs: Any) -> Any:
        message = await send(webhook, *args, **kwargs)
        if not lost and kwargs.get("view") is not None:
            lost.append(message.id)
            raise ConnectionResetError("the answer was lost")
        return message

    monkeypatch.setattr(discord.Webhook, "send", answer_lost)
    lobby = await hearts.open_table(alice, seats=4, hands=1)  # passing: her first DM holds controls
    await hearts.click(alice, lobby, "Start")
    await hearts.emu.wait_until(lambda: lost, what="the answer to alice's carried controls lost")
    await hearts.settle()
    hearts.clock.advance(1)  # the turn offered again
    await hearts.settle()
    with_controls = [
        m
        for m in hearts.emu.dm_messages(alice)[before:]
        if any(c.startswith("hh:pick:") for c in m.custom_ids)
    ]
    assert [m.id for m in with_controls] == lost  # the followup Discord took, and only it
    await hearts.pass_hand(alice)  # and it is hers to pass with
    await hearts.emu.wait_until(lambda: hearts.bot.service.snapshot(2).passed[0], what="alice's pass")


def test_the_clicks_of_people_who_stopped_playing_are_forgotten() -> None:
    clock = ManualClock(1_000_000.0)
    dms = DirectMessages(None, None, None, None, clock)  # type: ignore[arg-type]

    def click(person: int) -> Any:
        """A narrow stand-in for an answered click in a DM, made now."""
        made = datetime.fromtimestamp(clock.now(), UTC)
        answered = SimpleNamespace(is_done=lambda: True)
        who = SimpleNamespace(id=person)
        return SimpleNamespace(guild_id=None, user=who, created_at=made, response=answered, followup=who)

    dms.heard(click(1))
    clock.advance(CARRIED_FOR / 2)
    dms.heard(click(2))
    assert dms._carrier("1") is not None and dms._carrier("2") is not None
    clock.advance(CARRIED_FOR / 2)
    dms.heard(click(3))  # the first person's click is too old now: forgotten, not just skipped
    assert sorted(dms._carriers) == ["2", "3"]
