"""Interactions end to end: slash commands, buttons, selects, modals, deferrals, Discord's rules."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from discord_emulator import (
    Callback,
    CommandNotAvailable,
    EmulatorError,
    EmulatorFailure,
    Permission,
    route_keys,
)
from tests.conftest import World


async def test_slash_command_with_subcommand_group_and_typed_options(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "game table open", seats=5, rated=True)
    assert await ix.wait_acknowledged() is Callback.CHANNEL_MESSAGE
    message = await ix.wait_original()
    assert message.content == "Table with 5 seats, rated=True"
    assert message.interaction_metadata is not None and message.interaction_metadata["user"]["id"] == str(
        world.alice.id
    )
    sent = ix.data["options"][0]
    assert (sent["type"], sent["name"], sent["options"][0]["name"]) == (2, "table", "open")


async def test_options_are_checked_like_discords_client(world: World):
    emu = world.emu
    with pytest.raises(EmulatorError, match=r"within 3\.\.7"):
        await emu.slash(world.alice, world.general, "game table open", seats=9)
    with pytest.raises(EmulatorError, match="required"):
        await emu.slash(world.alice, world.general, "game table open")
    with pytest.raises(EmulatorError, match="needs a subcommand"):
        await emu.slash(world.alice, world.general, "game table")
    with pytest.raises(CommandNotAvailable, match="not synced"):
        await emu.slash(world.alice, world.general, "nosuch")


async def test_typing_into_an_autocomplete_option_asks_the_bot_for_suggestions(world: World):
    emu = world.emu
    ix = await emu.autocomplete(world.alice, world.general, "colour", "name", "re")
    assert ix.type.name == "AUTOCOMPLETE"
    assert ix.focused_option() == {"name": "name", "type": 3, "value": "re", "focused": True}
    assert await ix.suggestions() == [{"name": "Red", "value": "red"}, {"name": "Green", "value": "green"}]
    # what is finally sent may be any text: the suggestions are only suggestions
    sent = await emu.slash(world.alice, world.general, "colour", name="teal")
    assert (await sent.wait_original()).content == "Colour teal"
    with pytest.raises(EmulatorError, match="does not autocomplete"):
        await emu.autocomplete(world.alice, world.general, "game table open", "seats", "3")


async def test_manager_command_needs_the_permission_and_a_server(world: World):
    emu = world.emu
    with pytest.raises(CommandNotAvailable, match="lacks the permissions"):
        await emu.slash(world.bob, world.general, "admin")
    carol = emu.create_user("carol")
    emu.add_member(world.guild, carol, permissions=Permission.MANAGE_GUILD)
    ix = await emu.slash(carol, world.general, "admin")
    assert (await ix.wait_original()).ephemeral
    with pytest.raises(CommandNotAvailable, match="DMs"):
        await emu.slash(world.alice, emu.dm_channel(world.alice), "admin")


async def test_buttons_and_select_on_a_message(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "deal")
    table = await ix.wait_original()
    assert table.labels == ["Join", "Refresh", "Close", "Show my hand"]
    assert table.component("pass")["options"][0]["label"] == "2♣"

    join = await emu.click(world.bob, table, label="Join")
    assert await join.wait_acknowledged() is Callback.UPDATE_MESSAGE
    assert table.content == "bob joined" and table.edit_count == 1

    choice = await emu.select(world.alice, table, "pass", ["Q♠", "A♥", "K♣"])
    assert await choice.wait_acknowledged() is Callback.UPDATE_MESSAGE
    assert table.content == "Passing Q♠ A♥ K♣"
    with pytest.raises(EmulatorError, match=r"takes 3\.\.3 values"):
        await emu.select(world.alice, table, "pass", ["Q♠"])
    with pytest.raises(EmulatorError, match="offers"):
        await emu.select(world.alice, table, "pass", ["Q♠", "A♥", "3♥"])


async def test_deferred_update_then_original_edited_and_deleted(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    refresh = await emu.click(world.alice, table, label="Refresh")
    assert await refresh.wait_acknowledged() is Callback.DEFERRED_UPDATE_MESSAGE
    await emu.wait_for_request(route_keys.EDIT_WEBHOOK_MESSAGE, since=refresh)
    assert table.content == "Table 7 (refreshed)" and table.labels[0] == "Join"

    close = await emu.click(world.alice, table, label="Close")
    await emu.wait_for_request(route_keys.DELETE_WEBHOOK_MESSAGE, since=close)
    assert table.deleted and table not in emu.messages(world.general)
    with pytest.raises(EmulatorError, match="deleted"):
        await emu.click(world.bob, table, label="Join")


async def test_click_sends_a_png_by_dm(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    click = await emu.click(world.bob, table, "hand:7:2")
    reply = await click.wait_original()
    assert reply.ephemeral and reply.visible_to == world.bob.id
    dm = await emu.wait_for_dm(world.bob, since=click)
    assert dm.content == "Your hand at table 7"
    [png] = dm.attachments
    assert png.filename == "hand-2.png" and png.content_type == "image/png"
    image = png.image()
    assert image.size == (40, 20) and image.getpixel((0, 0)) == (80, 100, 200)
    assert ("dm-sent", world.bob.id) in world.bot.events


async def test_interactions_in_a_dm(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    dm = await emu.wait_for_dm(world.bob, since=await emu.click(world.bob, table, "hand:7:2"))
    ready = await emu.click(world.bob, dm, label="Ready")
    assert await ready.wait_acknowledged() is Callback.UPDATE_MESSAGE
    assert dm.content == "bob is ready" and dm.components == [] and len(dm.attachments) == 1
    ix = await emu.slash(world.bob, emu.dm_channel(world.bob), "game table open", seats=3)
    assert (await ix.wait_original()).channel_id == dm.channel_id


async def test_attachments_are_served_to_discord_py(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    dm = await emu.wait_for_dm(world.bob, since=await emu.click(world.bob, table, "hand:7:2"))
    channel = await world.bot.fetch_channel(dm.channel_id)
    assert isinstance(channel, discord.DMChannel)
    fetched = await channel.fetch_message(dm.id)
    assert await fetched.attachments[0].read() == dm.attachments[0].data


async def test_ephemeral_messages_are_visible_only_to_their_user(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    reply = await (await emu.click(world.bob, table, "hand:7:2")).wait_original()
    assert reply not in emu.messages(world.general)
    assert reply in emu.messages(world.general, viewer=world.bob)
    assert reply not in emu.messages(world.general, viewer=world.alice)
    assert emu.ephemeral_messages(world.bob) == [reply]
    history = [m async for m in world.bot.get_channel(world.general.id).history()]  # type: ignore[union-attr]
    assert reply.id not in [m.id for m in history] and table.id in [m.id for m in history]


async def test_deferred_response_then_late_edit_replaces_the_loading_message(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "slow")
    assert await ix.wait_acknowledged() is Callback.DEFERRED_CHANNEL_MESSAGE
    loading = await ix.wait_original(loaded=False)
    assert loading.loading and loading.content == ""
    emu.clock.advance(10 * 60)  # ten minutes later: past 3 s, within the token's 15 minutes
    world.bot.gates.slow.set()
    answer = await ix.wait_original()
    assert answer is loading and not answer.loading
    assert answer.content == "done" and answer.attachments[0].filename == "hand-1.png"
    assert emu.interactions.deprecated_followups == []


async def test_a_followup_after_a_thinking_defer_is_the_deprecated_path_and_fails_the_test(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "oldstyle")
    with pytest.raises(EmulatorFailure, match="deprecated"):
        await ix.wait_followups(1)
    assert emu.interactions.deprecated_followups == [ix]
    assert ix.followups[0] is ix.original and ix.original.content == "done"  # still shown, as on Discord
    emu.feed.failures.clear()  # the failure was the point


async def test_token_expires_after_fifteen_minutes(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "slow")
    await ix.wait_acknowledged()
    emu.clock.advance(15 * 60 + 1)
    world.bot.gates.slow.set()
    await emu.wait_until(lambda: world.bot.events, what="the followup's failure")
    assert world.bot.events == [("followup-failed", (401, 50027))]
    assert ix.followups == []


async def test_response_after_three_seconds_fails_with_10062(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "late")
    emu.clock.advance(3.5)
    world.bot.gates.late.set()
    await emu.wait_until(lambda: world.bot.events, what="the late response's failure")
    assert world.bot.events == [("late-refused", 10062)]
    assert ix.invalidated and not ix.acknowledged
    assert ix.callbacks[0].code == 10062


async def test_second_response_fails_with_40060(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "game table open", seats=4)
    await ix.wait_acknowledged()
    url = f"{emu.api_base}/interactions/{ix.id}/{ix.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"type": 4, "data": {"content": "again"}}) as r,
    ):
        assert r.status == 400
        assert (await r.json())["code"] == 40060
    assert [c.status for c in ix.callbacks] == [200, 400]


async def test_modal_submit(world: World):
    emu = world.emu
    opener = await emu.slash(world.alice, world.general, "feedback")
    assert await opener.wait_acknowledged() is Callback.MODAL
    assert opener.modal is not None and opener.modal["title"] == "Feedback"
    with pytest.raises(EmulatorError, match=r"takes 0\.\.50 characters"):
        await emu.submit_modal(world.alice, opener, {"note": "x" * 51})
    submit = await emu.submit_modal(world.alice, opener, {"note": "nice game"})
    reply = await submit.wait_original()
    assert reply.content == "Noted: nice game" and reply.ephemeral


async def test_thread_created_from_a_message_and_used(world: World):
    emu = world.emu
    ix = await emu.slash(world.alice, world.general, "thread", name="table-1")
    seats = await emu.wait_for_message(lambda m: m.content == "Seats: 4", since=ix)
    thread = emu.state.channels[seats.channel_id]
    assert thread.kind.is_thread and thread.parent_id == world.general.id and thread.name == "table-1"
    assert thread.id == ix.original.id  # type: ignore[union-attr]  # Discord reuses the message id
    join = await emu.click(world.bob, seats, label="Join")
    await join.wait_acknowledged()
    assert seats.content == "bob joined"


async def test_users_cannot_click_what_they_cannot_see_or_use(world: World):
    emu = world.emu
    table = await (await emu.slash(world.alice, world.general, "deal")).wait_original()
    reply = await (await emu.click(world.bob, table, "hand:7:2")).wait_original()
    with pytest.raises(EmulatorError, match="cannot see"):
        await emu.click(world.alice, reply, label="anything")
    stranger = emu.create_user("stranger")
    with pytest.raises(EmulatorError, match="cannot see channel"):
        await emu.click(stranger, table, label="Join")
    with pytest.raises(EmulatorError, match="no enabled component"):
        await emu.click(world.bob, table, label="Leave")


async def test_requests_are_counted_with_route_and_time(world: World):
    emu = world.emu
    mark = emu.mark()
    for seats in (3, 4, 5):
        await (
            await emu.slash(world.alice, world.general, "game table open", seats=seats)
        ).wait_acknowledged()
    calls = emu.requests.select(since=mark)
    assert emu.requests.by_route(calls) == {route_keys.INTERACTION_CALLBACK: 3}
    assert all(c.duration is not None and c.duration >= 0 for c in calls)
    assert [c.started for c in calls] == sorted(c.started for c in calls)
    assert emu.requests.count(route_keys.SYNC_GLOBAL_COMMANDS) == 1


async def test_a_component_update_in_an_archived_thread_is_refused(world: World, error_log: Any):
    emu = world.emu
    await emu.slash(world.alice, world.general, "thread", name="t1")
    seats = await emu.wait_for_message(lambda m: m.content == "Seats: 4")
    thread = emu.state.channels[seats.channel_id]
    emu.clock.advance(thread.auto_archive_duration * 60 + 1)  # a quiet day: Discord archives it
    emu.state.refresh_archive(thread)
    allowance = error_log.allow("50083", logger="discord")
    ix = await emu.click(world.bob, seats, label="Join")
    ix.expect_unanswered = True
    await emu.wait_until(lambda: ix.callbacks, what="the refused update")
    assert [(c.status, c.code) for c in ix.callbacks] == [(400, 50083)]
    assert emu.message(seats.id).content == "Seats: 4"
    await emu.wait_until(lambda: allowance.seen, what="discord.py's log of the refusal")
