"""Sharding in the emulator, as on Discord: IDENTIFY's `shard`, events routed by
`(guild_id >> 22) % shard_count`, DMs on shard 0, 4010 for an invalid shard, 4011 when a session would
hold too many servers, and GET /gateway/bot's recommendation.

Most tests speak the gateway protocol directly (raw websockets), so a wrong IDENTIFY can be sent as
it is; one uses discord.py's own clients."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from discord_emulator import DiscordEmulator, Guild, User, route_keys
from discord_emulator.gateway import Session, shard_of
from discord_emulator.runner import BotRunner

GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12
INTENTS = GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES
PING = {"name": "ping", "description": "Ping", "contexts": [0, 1]}


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def identify(
    http: aiohttp.ClientSession, emulator: DiscordEmulator, shard: Any = None
) -> aiohttp.ClientWebSocketResponse:
    """Open a gateway connection and IDENTIFY (with `shard` unless it is None)."""
    ws = await http.ws_connect(emulator.gateway_url)
    hello = await ws.receive_json(timeout=5)
    assert hello["op"] == 10
    data: dict[str, Any] = {"token": emulator.token, "intents": INTENTS, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})
    return ws


async def next_event(ws: aiohttp.ClientWebSocketResponse, name: str) -> dict[str, Any]:
    """The data of the next dispatch `name` on `ws` (others are skipped), within 5 seconds."""
    while True:
        msg = await ws.receive(timeout=5)
        assert msg.type is aiohttp.WSMsgType.TEXT, f"the gateway closed instead: {msg}"
        frame = msg.json()
        if frame["op"] == 0 and frame["t"] == name:
            data: dict[str, Any] = frame["d"]
            return data


async def close_code(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    msg = await ws.receive(timeout=5)
    assert msg.type is aiohttp.WSMsgType.CLOSE, f"expected a close, got {msg}"
    return ws.close_code


async def ready_guilds(ws: aiohttp.ClientWebSocketResponse) -> set[int]:
    ready = await next_event(ws, "READY")
    return {int(g["id"]) for g in ready["guilds"]}


def received(session: Session, event: str) -> list[dict[str, Any]]:
    """Every `event` the emulator sent (or buffered) for `session`."""
    return [frame["d"] for _, frame in session.events if frame["t"] == event]


def session_of(emulator: DiscordEmulator, shard: list[int] | None) -> Session:
    (session,) = [s for s in emulator.gateway.live_sessions() if s.shard == shard]
    return session


def guild_pair(emulator: DiscordEmulator, members: Sequence[User] = ()) -> tuple[Guild, Guild]:
    """Two servers that Discord's formula puts on shard 0 and shard 1 of 2."""
    first = emulator.create_guild("Shard zero", members=members, shard=(0, 2))
    second = emulator.create_guild("Shard one", members=members, shard=(1, 2))
    assert (shard_of(first.id, 2), shard_of(second.id, 2)) == (0, 1)
    return first, second


async def test_each_session_gets_only_its_shards_servers_at_ready(
    emulator: DiscordEmulator, http: aiohttp.ClientSession
):
    zero, one = guild_pair(emulator)
    shard0, shard1 = await identify(http, emulator, [0, 2]), await identify(http, emulator, [1, 2])
    whole = await identify(http, emulator)  # no `shard`: one session for every server

    assert await ready_guilds(shard0) == {zero.id}
    assert await ready_guilds(shard1) == {one.id}
    assert await ready_guilds(whole) == {zero.id, one.id}
    assert int((await next_event(shard1, "GUILD_CREATE"))["id"]) == one.id
    assert [g["id"] for g in received(session_of(emulator, [0, 2]), "GUILD_CREATE")] == [str(zero.id)]
    assert session_of(emulator, [1, 2]).shard == [1, 2]
    for ws in (shard0, shard1, whole):
        await ws.close()


@pytest.mark.parametrize("shard", [[2, 2], [5, 3], [-1, 2], [0, 0], [1, 1], [0], [0, 1, 2], "0,1", [0, 2.0]])
async def test_identify_with_an_invalid_shard_is_closed_with_4010(
    emulator: DiscordEmulator, http: aiohttp.ClientSession, shard: Any
):
    emulator.create_guild("Club")
    ws = await identify(http, emulator, shard)
    assert await close_code(ws) == 4010
    assert emulator.gateway.identify_count == 0 and not emulator.gateway.sessions

    right = await identify(http, emulator, [1, 2])  # the same IDENTIFY with a valid shard
    await next_event(right, "READY")
    await right.close()


async def test_a_session_with_too_many_servers_is_closed_with_4011(
    emulator: DiscordEmulator, http: aiohttp.ClientSession
):
    emulator.gateway.guilds_per_shard = 2
    for shard_id in (0, 1, 0):
        emulator.create_guild(f"Club {shard_id}", shard=(shard_id, 2))

    for wrong in (None, [0, 1]):  # unsharded: all 3 servers on one session
        ws = await identify(http, emulator, wrong)
        assert await close_code(ws) == 4011
    assert not emulator.gateway.sessions

    shards = [await identify(http, emulator, [shard_id, 2]) for shard_id in (0, 1)]
    assert [len(await ready_guilds(ws)) for ws in shards] == [2, 1]
    for ws in shards:
        await ws.close()


async def test_discord_py_learns_it_must_shard_from_close_code_4011(emulator: DiscordEmulator):
    emulator.gateway.guilds_per_shard = 1
    emulator.create_guild("One", shard=(0, 2))
    emulator.create_guild("Two", shard=(1, 2))
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.ConnectionClosed) as closed:
        await client.start(emulator.token)
    await client.close()
    assert closed.value.code == 4011


async def test_gateway_bot_recommends_enough_shards_for_the_servers(
    emulator: DiscordEmulator, http: aiohttp.ClientSession
):
    async def gateway_bot(token: str) -> tuple[int, dict[str, Any]]:
        url = f"{emulator.api_base}/gateway/bot"
        async with http.get(url, headers={"Authorization": f"Bot {token}"}) as response:
            return response.status, await response.json()

    assert (await gateway_bot(emulator.token))[1]["shards"] == 1  # no server yet
    emulator.gateway.guilds_per_shard = 5  # a shard per 2 servers (Discord: 1,000 of 2,500)
    for shard_id in (0, 1, 0):
        emulator.create_guild(f"Club {shard_id}", shard=(shard_id, 2))

    status, body = await gateway_bot(emulator.token)
    assert status == 200 and body["shards"] == 2 and body["url"] == emulator.gateway_url
    assert body["session_start_limit"]["max_concurrency"] == 1
    assert (await gateway_bot("not-the-token"))[0] == 401

    # 6 more servers that 2 to 6 shards would all put on shard 0: the recommendation grows past
    # the 5 that a shard per 2 servers gives, until no shard holds more than 5.
    crowded = []
    for i in range(6):
        emulator.clock.advance(0.1)  # a later millisecond: ids of one millisecond never split
        crowded.append(emulator.create_guild(f"Crowd {i}", shard=(0, 60)).id)
    shards = (await gateway_bot(emulator.token))[1]["shards"]
    assert all(shard_of(g, n) == 0 for g in crowded for n in range(2, 7)) and shards >= 7
    everyone = [g.id for g in emulator.state.bot_guilds()]
    assert max(sum(shard_of(g, shards) == i for g in everyone) for i in range(shards)) <= 5
    assert emulator.requests.count(route_keys.GET_GATEWAY_BOT) == 4


async def test_guild_events_and_interactions_follow_the_shard_and_dms_go_to_shard_0(
    emulator: DiscordEmulator, http: aiohttp.ClientSession
):
    alice = emulator.create_user("alice")
    zero, one = guild_pair(emulator, [alice])
    emulator.commands.overwrite(None, [PING])
    shard0, shard1 = await identify(http, emulator, [0, 2]), await identify(http, emulator, [1, 2])
    for ws in (shard0, shard1):
        await next_event(ws, "READY")
    s0, s1 = session_of(emulator, [0, 2]), session_of(emulator, [1, 2])

    in_one = await emulator.slash(alice, one.channel("general"), "ping")
    assert int((await next_event(shard1, "INTERACTION_CREATE"))["id"]) == in_one.id
    in_dm = await emulator.slash(alice, emulator.dm_channel(alice), "ping")
    assert int((await next_event(shard0, "INTERACTION_CREATE"))["id"]) == in_dm.id
    assert [d["id"] for d in received(s0, "INTERACTION_CREATE")] == [str(in_dm.id)]
    assert [d["id"] for d in received(s1, "INTERACTION_CREATE")] == [str(in_one.id)]

    message = emulator.post_message(alice, zero.channel("general"), "hello")
    assert int((await next_event(shard0, "MESSAGE_CREATE"))["id"]) == message.id
    later = emulator.create_guild("Later", shard=(1, 2))
    assert int((await next_event(shard1, "GUILD_CREATE"))["id"]) == later.id
    assert not received(s1, "MESSAGE_CREATE") and [g["id"] for g in received(s0, "GUILD_CREATE")] == [
        str(zero.id)
    ]
    for ws in (shard0, shard1):
        await ws.close()


async def test_sessions_on_the_same_shard_each_get_its_events(
    emulator: DiscordEmulator, http: aiohttp.ClientSession
):
    """Discord lets any number of sessions hold one shard (or use another shard count): each gets
    every event its own shard covers. Two bot processes on one shard both get each interaction."""
    alice = emulator.create_user("alice")
    _, one = guild_pair(emulator, [alice])
    emulator.commands.overwrite(None, [PING])
    twins = [await identify(http, emulator, [1, 2]) for _ in range(2)]
    whole = await identify(http, emulator, [0, 1])
    for ws in (*twins, whole):
        await next_event(ws, "READY")

    ping = await emulator.slash(alice, one.channel("general"), "ping")
    for ws in (*twins, whole):
        assert int((await next_event(ws, "INTERACTION_CREATE"))["id"]) == ping.id
    for ws in (*twins, whole):
        await ws.close()


async def test_two_discord_py_clients_each_hold_one_shard(emulator: DiscordEmulator, bot_runner: BotRunner):
    zero, one = guild_pair(emulator)
    clients = [
        await bot_runner.start(
            discord.AutoShardedClient(intents=discord.Intents.default(), shard_count=2, shard_ids=[shard_id])
        )
        for shard_id in (0, 1)
    ]
    assert [[g.id for g in c.guilds] for c in clients] == [[zero.id], [one.id]]
    assert sorted(tuple(s.shard) for s in emulator.gateway.live_sessions() if s.shard) == [(0, 2), (1, 2)]
    assert emulator.requests.count(route_keys.GET_GATEWAY_BOT) == 0  # shard_count given: not asked
