"""Faults on demand: closed DMs, lost permissions, deleted messages, 429s, a 5xx, gateway drops."""

from __future__ import annotations

import asyncio

from discord_emulator import Code, route_keys
from discord_emulator.minimal_bot import MinimalBot
from discord_emulator.runner import BotRunner
from tests.conftest import World


async def _table(world: World):
    return await (await world.emu.slash(world.alice, world.general, "deal")).wait_original()


async def test_closed_dms_give_403_50007_and_the_bot_falls_back_without_retrying(world: World):
    emu = world.emu
    emu.faults.close_dms(world.bob)
    table = await _table(world)
    click = await emu.click(world.bob, table, "hand:7:2")
    reply = await click.wait_original()
    assert reply.ephemeral and reply.visible_to == world.bob.id
    assert reply.attachments[0].image().size == (40, 20)
    assert emu.dm_messages(world.bob) == []
    assert ("dm-refused", Code.CANNOT_DM_USER) in world.bot.events
    refused = emu.requests.select(route_keys.CREATE_MESSAGE, since=click)
    assert [(r.status, r.code) for r in refused] == [(403, 50007)]


async def test_missing_permissions_give_403_50013(world: World):
    emu = world.emu
    emu.faults.deny_permissions(world.general)
    ix = await emu.slash(world.alice, world.general, "announce")
    reply = await ix.wait_original()
    assert reply.content == "I may not post here (50013)"
    assert [m.content for m in emu.messages(world.general)] == []


async def test_deleted_message_gives_404_10008(world: World):
    emu = world.emu
    await (await emu.slash(world.alice, world.general, "post")).wait_acknowledged()
    [(_, message_id)] = [e for e in world.bot.events if e[0] == "posted"]
    emu.delete_message(emu.message(message_id))
    reply = await (
        await emu.slash(world.alice, world.general, "edit", message_id=str(message_id))
    ).wait_original()
    assert reply.content == "gone (10008)"


async def test_route_429_is_waited_out_by_discord_py(world: World):
    emu = world.emu
    fault = emu.faults.rate_limit(route_keys.CREATE_MESSAGE, retry_after=0.05)
    table = await _table(world)
    click = await emu.click(world.bob, table, "hand:7:2")
    await emu.wait_for_dm(world.bob, since=click)
    first, second = emu.requests.select(route_keys.CREATE_MESSAGE, since=click)
    assert (first.status, first.fault, second.status) == (429, "429", 200)
    assert second.started - first.started >= 0.05
    assert fault.exhausted


async def test_global_429_holds_every_route(world: World):
    emu = world.emu
    table = await _table(world)
    emu.faults.rate_limit(None, retry_after=0.05, global_=True)
    click = await emu.click(world.bob, table, "hand:7:2")
    await emu.wait_for_dm(world.bob, since=click)
    statuses = [(r.route, r.status) for r in emu.requests.select(since=click)]
    assert statuses[0] == (route_keys.CREATE_DM, 429)
    assert (route_keys.CREATE_DM, 200) in statuses and (route_keys.CREATE_MESSAGE, 200) in statuses


async def test_one_off_5xx_is_retried(world: World):
    # discord.py sleeps 1 s (for real) before retrying a 5xx: inject exactly one.
    emu = world.emu
    table = await _table(world)
    emu.faults.server_error(route_keys.CREATE_MESSAGE)
    click = await emu.click(world.bob, table, "hand:7:2")
    await emu.wait_for_dm(world.bob, since=click, timeout=5)
    assert [r.status for r in emu.requests.select(route_keys.CREATE_MESSAGE, since=click)] == [500, 200]


async def test_gateway_disconnect_then_resume_replays_missed_events(world: World):
    emu = world.emu
    assert await emu.gateway.disconnect() == 1
    # Sent while the bot is away: kept by the session and replayed on RESUME.
    ix = await emu.slash(world.alice, world.general, "game table open", seats=4)
    session = await emu.wait_for_resume()
    assert session.resumes == 1 and emu.gateway.identify_count == 1
    assert (await ix.wait_original()).content == "Table with 4 seats, rated=False"


async def test_reconnect_request_and_invalid_session(world: World):
    emu = world.emu
    emu.gateway.request_reconnect()
    await emu.wait_for_resume()
    emu.gateway.invalidate_sessions()
    await emu.wait_for_ready(count=2)  # a fresh IDENTIFY
    ix = await emu.slash(world.alice, world.general, "game table open", seats=3)
    assert (await ix.wait_original()).content.startswith("Table with 3 seats")


async def test_restarted_bot_handles_a_click_on_an_old_message(world: World, bot_runner: BotRunner):
    emu = world.emu
    table = await _table(world)
    await bot_runner.stop(world.bot)
    await emu.wait_until(lambda: not emu.gateway.connected(), what="the old bot to disconnect")

    fresh = MinimalBot()  # nothing in memory: the DynamicItem rebuilds state from the custom_id
    await bot_runner.start(fresh)
    click = await emu.click(world.bob, table, "hand:7:2")
    dm = await emu.wait_for_dm(world.bob, since=click)
    await click.wait_acknowledged()
    assert dm.content == "Your hand at table 7" and dm.attachments[0].filename == "hand-2.png"
    assert ("dm-sent", world.bob.id) in fresh.events and world.bot.events == []
    assert emu.gateway.identify_count == 2


async def test_the_bot_sees_a_message_deleted_by_a_moderator(world: World):
    emu = world.emu
    table = await _table(world)
    deleted = asyncio.get_running_loop().create_future()

    @world.bot.listen()
    async def on_raw_message_delete(payload) -> None:
        deleted.set_result(payload.message_id)

    emu.delete_message(table)
    assert await asyncio.wait_for(deleted, 5) == table.id


async def test_a_held_resume_waits_for_its_release(world: World):
    emu = world.emu
    emu.gateway.hold_resumes()
    assert await emu.gateway.disconnect() == 1
    await emu.wait_until(lambda: emu.gateway.resumes_held == 1, what="the bot's RESUME")
    assert sum(s.resumes for s in emu.gateway.sessions.values()) == 0  # no RESUMED yet
    emu.gateway.release_resumes()
    session = await emu.wait_for_resume()
    assert session.resumes == 1 and emu.gateway.identify_count == 1
