"""Many servers at once, one person each at a table with three computers, played through the
emulator against bot processes (several, sharded, on one database): for the multi-process test and
the scale benchmark.

Half the people play from their DMs (every DM click reaches shard 0's process, whoever owns the
table), the other half have their DMs closed and play in the channel through Show my hand (their
clicks reach the server's own shard). One driver watches every message at once and answers every
control the moment it appears; it records each click's latency (sent to answered).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection
from dataclasses import dataclass, field

from discord_emulator import DiscordEmulator, Guild, InteractionRecord, Message, User
from playtest.harness import GAME_OVER, SHOW_MY_HAND, Hearts, controls

OPENING_AT_ONCE = 8  # tables being opened at the same time (each waits for its lobby, with a bound)


@dataclass
class Server:
    """One server's game and its one person."""

    hearts: Hearts
    dms: bool  # plays from DMs (else in the channel, DMs closed)
    over: bool = False
    table_message: Message | None = None
    game_overs: int = 0

    @property
    def guild(self) -> Guild:
        return self.hearts.guild

    @property
    def person(self) -> User:
        return self.hearts.people[0]


@dataclass
class Fleet:
    emu: DiscordEmulator
    servers: list[Server]
    seen: set[tuple[int, int]] = field(default_factory=set)  # (message, edit) already acted on
    latencies: list[float] = field(default_factory=list)  # seconds from a click to its answer
    clicks: int = 0

    @classmethod
    def create(cls, emu: DiscordEmulator, count: int, shard_count: int) -> Fleet:
        """``count`` servers spread over the shards, each with its own person (every second one
        with closed DMs)."""
        servers = []
        for i in range(count):
            person = emu.create_user(f"player{i}")
            guild = emu.create_guild(f"Club {i}", members=[person], shard=(i % shard_count, shard_count))
            dms = i % 2 == 0
            if not dms:
                emu.faults.close_dms(person)
            hearts = Hearts(emu, None, None, None, guild, guild.channel("general"), [person])  # type: ignore[arg-type]
            servers.append(Server(hearts, dms))
        return cls(emu, servers)

    async def open_tables(self, timeout: float = 30.0) -> None:
        """Every person opens a one-hand table, three computers fill it, and starts it (each step
        answered within ``timeout``: the processes are busy with the tables already started)."""

        gate = asyncio.Semaphore(OPENING_AT_ONCE)

        async def one(server: Server) -> None:
            async with gate:
                channel = server.hearts.general
                ix = await self.emu.slash(server.person, channel, "hearts new", hands=1, computers="easy")
                await ix.wait_acknowledged(timeout=timeout)
                lobby = await self.emu.wait_for_message(
                    lambda m: "Hearts table #" in m.content and bool(m.custom_ids),
                    channel=channel,
                    since=ix,
                    timeout=timeout,
                )
                start = await self.emu.click(server.person, lobby, label="Start")
                await start.wait_acknowledged(timeout=timeout)

        await asyncio.gather(*(one(s) for s in self.servers))

    def finished(self) -> bool:
        return all(s.over for s in self.servers)

    async def play(
        self, until: int | None = None, paused: Collection[int] = (), timeout: float = 30.0
    ) -> None:
        """Answer every control until every game is over (or ``until`` clicks were made in all);
        people of the servers in ``paused`` (guild ids: their shard's process is down) make no
        click in their channel meanwhile."""
        running: set[asyncio.Task[None]] = set()

        def ready() -> list[tuple[Server, Message]] | str | None:
            if self.finished() or (until is not None and self.clicks >= until):
                return "done"
            return self._actionable(paused) or None

        while True:
            found = await self.emu.wait_until(ready, timeout=timeout, what="a control to answer or the end")
            if not isinstance(found, list):
                break
            for server, message in found:
                self.clicks += 1
                task = asyncio.create_task(self._act(server, message))
                running.add(task)
                task.add_done_callback(running.discard)
        await asyncio.gather(*running)

    def _actionable(self, paused: Collection[int]) -> list[tuple[Server, Message]]:
        """Scan every message once: note the games over and table messages; return the controls
        (and the channel pings) not acted on yet."""
        by_guild = {s.guild.id: s for s in self.servers}
        by_person = {s.person.id: s for s in self.servers}
        dm_channels = {c.id: by_person[u] for u, c in self.emu.state.dm_channels.items() if u in by_person}
        out: list[tuple[Server, Message]] = []
        overs: dict[int, int] = {}
        for m in self.emu.state.messages.values():
            if m.deleted:
                continue
            if m.guild_id is None:
                server = dm_channels.get(m.channel_id)
                if server is not None and controls(m):
                    self._offer(server, m, out)
                continue
            server = by_guild.get(m.guild_id)
            if server is None:
                continue
            if m.visible_to is not None:
                if m.visible_to == server.person.id and controls(m) and m.guild_id not in paused:
                    self._offer(server, m, out)
                continue
            if GAME_OVER in m.content:
                overs[m.guild_id] = overs.get(m.guild_id, 0) + 1
            newer = server.table_message is None or m.id > server.table_message.id
            if newer and any(c.startswith("hh:tbl:sheet:") for c in m.custom_ids):
                server.table_message = m
            if (
                not server.dms
                and m.guild_id not in paused
                and server.person.mention in m.content
                and SHOW_MY_HAND in m.content
            ):
                self._offer(server, m, out)
        for server in self.servers:
            server.game_overs = overs.get(server.guild.id, 0)
            server.over = server.game_overs > 0
        return out

    def _offer(self, server: Server, message: Message, out: list[tuple[Server, Message]]) -> None:
        key = (message.id, message.edit_count if controls(message) else 0)
        if key not in self.seen and not server.over:
            self.seen.add(key)
            out.append((server, message))

    async def _act(self, server: Server, message: Message) -> None:
        started = time.perf_counter()
        if controls(message):
            ix: InteractionRecord = await server.hearts.move(server.person, message)
        else:  # a ping: the hand comes as an ephemeral answer to Show my hand
            table = server.table_message
            if table is None:
                return
            ix = await self.emu.click(server.person, self.emu.message(table.id), label=SHOW_MY_HAND)
        await ix.wait_acknowledged()
        self.latencies.append(time.perf_counter() - started)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
