"""Three real bot processes (`python -m bot`, one shard of three each) on one PostgreSQL database,
through the emulator: twenty-five servers, a person at each (half from their DMs, which all reach shard
0's process, half in the channel), computers in the other seats. Every game ends; every move is in
its table's log once, in order, and the log replays to the saved state; no game announces its end
twice; every table's outbox is delivered by its owner. One process is killed (SIGKILL) mid-game and
started again: its games wait, DM moves on them are still applied by shard 0's process, and they
finish. Discord counts its global limit per bot, so the three share it: not one global 429 (the
fleet's demand is well over the limit: with each process taking the whole budget for itself, the
emulator refused 109 requests as over the global limit; fifty servers proved no more and cost
twice the CPU)."""

from __future__ import annotations

import asyncio
import json

import asyncpg
import pytest

from bot.storage.postgres import numbered
from bot.storage.records import ActionRow
from bot.tables.replay import differences, replay
from discord_emulator import DiscordEmulator
from playtest.fleet import Fleet
from playtest.harness import controls, move_of
from playtest.postgres_server import PostgresServer
from playtest.processes import BotProcess, BotProcesses, shard_env
from tests.storage.plugin import fresh_postgres_database

SHARDS = 3
SERVERS = 25


async def start(processes: BotProcesses, url: str, shard: int) -> BotProcess:
    bot = await processes.start(extra_env=shard_env(url, SHARDS, shard))
    await bot.wait_for_line("unfinished table(s) restored")
    await bot.wait_for_line("has connected to Gateway")
    return bot


@pytest.mark.cost(60)  # Discord's global limit paces 25 servers' games: a minute
async def test_three_processes_play_twenty_five_servers_and_a_killed_one_resumes_its_games(
    emulator: DiscordEmulator, bot_process: BotProcesses, postgres: PostgresServer
) -> None:
    url = await fresh_postgres_database(postgres)
    emulator.rate_limits.global_scale = 1.0  # Discord's own second, for the processes' one budget
    fleet = Fleet.create(emulator, SERVERS, SHARDS)
    bots = [await start(bot_process, url, shard) for shard in range(SHARDS)]
    await fleet.open_tables()
    await fleet.play(until=SERVERS * 4)

    victim = bots[1]  # shard 1's process dies mid-game
    victim.process.kill()
    await victim.process.wait()
    down = [s.guild.id for s in fleet.servers if (s.guild.id >> 22) % SHARDS == 1]
    await fleet.play(until=fleet.clicks + SERVERS, paused=down)  # DM moves on its tables go on
    assert not all(s.over for s in fleet.servers if s.guild.id in down)
    bots[1] = await start(bot_process, url, 1)  # a replacement for the same shard: its lease expired
    await fleet.play()

    assert [s.game_overs for s in fleet.servers] == [1] * SERVERS
    assert emulator.rate_limits.refused_global == 0  # three processes, one bot: one budget
    for server in fleet.servers:  # the controls of each move went out once
        if server.dms:
            moves = [move_of(c) for m in emulator.dm_messages(server.person) for c in controls(m)[:1]]
            assert len(moves) == len(set(moves)), (server.guild.name, moves)
    conn = await asyncpg.connect(url)
    try:
        tables = await conn.fetch("SELECT id, guild_id, channel_id, status, state FROM tables ORDER BY id")
        assert len(tables) == SERVERS and {t["status"] for t in tables} == {"finished"}
        for t in tables:
            rows = await conn.fetch(
                numbered(
                    "SELECT seq, at, move, actor, kind, payload FROM actions WHERE table_id = ? ORDER BY seq"
                ),
                t["id"],
            )
            log = [ActionRow(*r) for r in rows]
            assert [a.seq for a in log] == list(range(1, len(log) + 1)), t["id"]
            assert (
                differences(replay(t["id"], t["guild_id"], t["channel_id"], log), json.loads(t["state"]))
                == []
            )
            plays = [json.loads(a.payload)["move"] for a in log if a.kind in ("move", "computer")]
            cards = [p["card"] for p in plays if p["type"] == "play"]
            assert len(cards) == len(set(cards)) == 52, t["id"]
        # Each table's owner delivered all it owed, also what another process saved for it (DM moves)
        # and what the killed one owed when it died. Delivery notes are not awaited: polled, bounded.
        end = asyncio.get_running_loop().time() + 30.0
        owed = "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
        while await conn.fetchval(owed) and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.05)
        assert await conn.fetchval(owed) == 0
    finally:
        await conn.close()


async def test_a_process_whose_shard_range_overlaps_a_running_ones_refuses_to_start(
    emulator: DiscordEmulator, bot_process: BotProcesses, postgres: PostgresServer
) -> None:
    url = await fresh_postgres_database(postgres)
    env = {"DATABASE_URL": url, "SHARD_COUNT": str(SHARDS), "RENDER_WORKERS": "0"}
    first = await bot_process.start(extra_env={**env, "SHARD_IDS": "0-1"})
    await first.wait_for_line("unfinished table(s) restored")
    beside = await bot_process.start(extra_env={**env, "SHARD_IDS": "2"})  # disjoint: runs
    await beside.wait_for_line("unfinished table(s) restored")
    overlapping = await bot_process.start(extra_env={**env, "SHARD_IDS": "1"})
    assert await asyncio.wait_for(overlapping.process.wait(), 30.0) == 3
    await overlapping.stop()
    assert f"for the shards 3/0-1: process {first.process.pid}" in overlapping.output
    assert "Traceback" not in overlapping.output
    assert first.process.returncode is None and beside.process.returncode is None
