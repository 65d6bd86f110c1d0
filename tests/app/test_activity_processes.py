"""The Activity with several processes (real ``python -m bot`` processes, one PostgreSQL database):
a person's socket may land on a process that does not own their table. Their moves go through the
service as a DM click on another process's table does (loaded fresh, saved compare-and-set,
the owner told); every save on a shared database is announced (NOTIFY), so the process holding
the socket sends it the table afresh whenever any process moved it."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import aiohttp

from discord_emulator import DiscordEmulator, Message, User
from playtest.harness import Hearts, chosen_of, control, controls, move_of, next_tap
from playtest.postgres_server import PostgresServer
from playtest.processes import BotProcess, BotProcesses, shard_env
from tests.storage.plugin import fresh_postgres_database

SHARDS = 2
BOUND = 30.0


async def start(
    processes: BotProcesses, emu: DiscordEmulator, url: str, shard: int
) -> tuple[BotProcess, str]:
    bot = await processes.start(
        extra_env={
            **shard_env(url, SHARDS, shard),
            "ACTIVITY_PORT": "0",
            "DISCORD_CLIENT_SECRET": emu.activities.client_secret,
        }
    )
    line = await bot.wait_for_line("activity server on")
    await bot.wait_for_line("has connected to Gateway")
    port = re.search(r"activity server on [\d.]+:(\d+)", line)
    assert port is not None, line
    return bot, f"http://127.0.0.1:{port.group(1)}"


async def next_view(ws: aiohttp.ClientWebSocketResponse, check: Any) -> dict[str, Any]:
    async with asyncio.timeout(BOUND):
        while True:
            message = await ws.receive_json()
            if message["op"] == "view" and check(message):
                return message


async def pass_by_dm(emu: DiscordEmulator, user: User) -> None:
    """Tap three cards in the DM, then Pass these cards."""
    for _ in range(4):
        message = await emu.wait_until(
            lambda: next(
                (
                    m
                    for m in reversed(emu.dm_messages(user))
                    if any(c.startswith("hh:pick:") for c in m.custom_ids)
                ),
                None,
            ),
            what=f"{user.name}'s passing controls",
        )
        tap = next_tap(message)
        edits = message.edit_count
        ix = await emu.click(user, message, custom_id=tap)
        await ix.wait_acknowledged()
        if tap.startswith("hh:pok:"):
            return
        shown = message.id
        await emu.wait_until(lambda m=shown, e=edits: emu.message(m).edit_count > e, what="the choice shown")
        assert chosen_of(control(emu.message(shown), "pick"))


async def test_a_socket_on_a_process_that_does_not_own_the_table_plays_it_and_sees_it_move(
    emulator: DiscordEmulator, bot_process: BotProcesses, postgres: PostgresServer
) -> None:
    emu = emulator
    emu.enable_activities()
    url = await fresh_postgres_database(postgres)
    people = [emu.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = emu.create_guild("Club", members=people, shard=(0, SHARDS))  # owned by shard 0's process
    general = guild.channel("general")
    _, owner = await start(bot_process, emu, url, 0)
    _, other = await start(bot_process, emu, url, 1)

    alice, *others = people
    ix = await emu.slash(alice, general, "hearts new", seats=4, target=10)
    await ix.wait_acknowledged()
    lobby = await emu.wait_for_message(
        lambda m: "Hearts table #" in m.content and bool(m.custom_ids), channel=general
    )
    for person in others:
        join = await emu.click(person, emu.message(lobby.id), label="Join")
        await join.wait_acknowledged()
    await emu.wait_until(lambda: all(p.name in emu.message(lobby.id).content for p in others), what="seated")
    start_ix = await emu.click(alice, emu.message(lobby.id), label="Start")
    await start_ix.wait_acknowledged()
    await emu.wait_for_dm(alice, lambda m: any(c.startswith("hh:pick:") for c in m.custom_ids))
    table = int(control(next(m for m in emu.dm_messages(alice) if m.custom_ids), "pick").split(":")[2])

    async with aiohttp.ClientSession() as session:
        async with session.post(f"{other}/api/token", json={"code": emu.authorize(alice)}) as r:
            token = (await r.json())["access_token"]
        ws = await session.ws_connect(f"{other}/api/socket")  # the process that does not own it
        # As the page says hello: the Activity instance alice opened in the table's channel.
        instance = emu.activities.join(alice, general).instance_id
        hello = {"op": "hello", "access_token": token, "instance": instance}
        await ws.send_json(hello)
        view = await next_view(ws, lambda v: True)
        assert view["table"] == table
        assert view["phase"] == "passing" and len(view["hand"]["cards"]) == 13
        # alice passes here; the owner's table takes the move (her DM's pass is then out of date).
        await ws.send_json({"op": "pass", "move": view["move"], "cards": view["hand"]["cards"][:3]})
        await next_view(ws, lambda v: v["hand"]["passed"] is not None)
        # The others pass by DM, on the owner: this socket is told, and sees the hand played.
        for person in others:
            await pass_by_dm(emu, person)
        playing = await next_view(ws, lambda v: v["phase"] == "playing")
        assert len(playing["hand"]["cards"]) == 13 and len(playing["hand"]["received"]) == 3
        # The others play by DM until alice's turn. Her page, on the process that does not own
        # the table, told the owner it is open: the owner holds her turn's DM back ...
        views = [playing]
        reading = asyncio.create_task(read_views(ws, views))
        hearts = Hearts(emu, None, None, None, guild, general, others)  # type: ignore[arg-type]
        await hearts.play_until(lambda: any(v["hand"]["your_turn"] for v in views), users=others)
        reading.cancel()
        turn = next(v for v in views if v["hand"]["your_turn"])["move"]

        def turn_dm() -> Message | None:
            return next((m for m in emu.dm_messages(alice) if turn in map(move_of, controls(m))), None)

        # (The owner draws its table message behind what players wait for, their DMs: once it
        # shows her turn, a DM of that turn would have gone out.)
        await emu.wait_until(lambda: hearts.public("alice to play"), what="the table message at her turn")
        assert turn_dm() is None
    # ... until she closes it: the process serving it tells the owner the page is gone, and her
    # turn comes by DM at once (without that word, only when the page's notice expires, 20 to 40 s
    # after its last repetition: past this bound).
    await emu.wait_until(turn_dm, what="alice's turn by DM", timeout=15.0)
    assert owner != other


async def read_views(ws: aiohttp.ClientWebSocketResponse, views: list[dict[str, Any]]) -> None:
    while True:
        message = await ws.receive_json()
        if message["op"] == "view":
            views.append(message)
