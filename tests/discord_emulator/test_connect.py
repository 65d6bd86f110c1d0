"""Connecting to the emulator: login, READY and GUILD_CREATE, sharded clients, the real entry point."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from discord_emulator import DiscordEmulator, EmulatorFailure, route_keys
from discord_emulator.pytest_plugin import ErrorLogCollector
from discord_emulator.runner import BotRunner
from playtest.processes import BotProcesses


async def test_client_logs_in_and_sees_servers_channels_and_itself(
    emulator: DiscordEmulator, bot_runner: BotRunner
):
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice], channels=["general", "hearts"])
    client = await bot_runner.start(discord.Client(intents=discord.Intents.default()))

    assert client.user is not None and client.user.id == emulator.bot.id
    assert client.application_id == emulator.application_id
    seen = client.get_guild(guild.id)
    assert seen is not None and seen.name == "Club"
    assert [c.name for c in seen.text_channels] == ["general", "hearts"]
    assert seen.me is not None and seen.me.id == emulator.bot.id
    assert emulator.requests.count(route_keys.GET_ME) == 1
    assert emulator.gateway.identify_count == 1


async def test_server_created_after_login_arrives_by_guild_create(
    emulator: DiscordEmulator, bot_runner: BotRunner
):
    client = await bot_runner.start(discord.Client(intents=discord.Intents.default()))
    guild = emulator.create_guild("Later")
    joined = await client.wait_for("guild_join", timeout=5)
    assert joined.id == guild.id and joined.get_channel(guild.channel("general").id) is not None


async def test_auto_sharded_client_asks_gateway_bot_and_gets_its_shard(
    emulator: DiscordEmulator, bot_runner: BotRunner
):
    emulator.create_guild("Club")
    client = await bot_runner.start(discord.AutoShardedClient(intents=discord.Intents.default()))
    assert emulator.requests.count(route_keys.GET_GATEWAY_BOT) == 1
    assert client.shard_count == 1
    assert next(iter(emulator.gateway.sessions.values())).shard == [0, 1]


async def test_wrong_token_is_refused_with_401(emulator: DiscordEmulator):
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()
    assert emulator.requests.select(route_keys.GET_ME)[0].status == 401


async def test_privileged_intents_are_refused_unless_allowed(emulator: DiscordEmulator):
    client = discord.Client(intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await client.start(emulator.token)
    await client.close()


async def test_unimplemented_endpoint_fails_loudly(emulator: DiscordEmulator, error_log: ErrorLogCollector):
    allowance = error_log.allow("does not implement", logger="discord_emulator")
    async with aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {emulator.token}"}
        async with session.get(f"{emulator.api_base}/channels/1/pins", headers=headers) as response:
            assert response.status == 404
    with pytest.raises(EmulatorFailure, match="GET /channels/1/pins"):
        await emulator.wait_until(lambda: False, what="anything", timeout=1)
    assert allowance.seen == 1
    emulator.failures.clear()  # handled: the fixture would otherwise fail this test


async def test_error_logged_by_the_bot_ends_waits_at_once(
    emulator: DiscordEmulator, bot_runner: BotRunner, error_log: ErrorLogCollector
):
    alice = emulator.create_user("alice")
    guild = emulator.create_guild(members=[alice])
    client = discord.Client(intents=discord.Intents.default())
    tree = discord.app_commands.CommandTree(client)

    @tree.command(description="fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    await bot_runner.start(client)
    await tree.sync()
    ix = await emulator.slash(alice, guild.channel("general"), "boom")
    ix.expect_unanswered = True
    with pytest.raises(EmulatorFailure, match="kaboom"):
        await ix.wait_acknowledged(timeout=30)
    assert any("kaboom" in e for e in error_log.errors)
    error_log.errors.clear()
    emulator.failures.clear()


async def test_real_entry_point_reaches_ready(emulator: DiscordEmulator, bot_process: BotProcesses):
    emulator.create_guild("Club")
    bot = await bot_process.start()
    await bot.wait_for_line("has connected to Gateway")
    assert emulator.gateway.identify_count == 1
    assert emulator.requests.count(route_keys.GET_ME) == 1
    assert await bot.stop() == 0
