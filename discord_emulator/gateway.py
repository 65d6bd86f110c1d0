"""The gateway websocket (v10, JSON text frames): HELLO, heartbeats, IDENTIFY, RESUME, dispatch.

A session outlives its socket: events are numbered and kept, so after a disconnect the client
RESUMEs on `resume_gateway_url` and gets what it missed, like on Discord. `dispatch()` is
synchronous (it queues frames per connection), so state changes never wait for sockets.

Sharding, as on Discord: a session IDENTIFYs with `shard: [shard_id, shard_count]` (none means
`[0, 1]`) and gets the events of the servers with `(guild_id >> 22) % shard_count == shard_id`; DM
interactions and other events of no server go to shard 0. `shard_count` only routes traffic: any
number of sessions may hold the same shard, or use different counts, and each gets every event
its own shard covers (two processes on one shard both get, and may both answer, each interaction).
A shard id outside `0 <= id < count` is closed with 4010; a session that would hold more than
`guilds_per_shard` servers (Discord: 2,500) with 4011 "Sharding required".
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from aiohttp import WSMsgType, web

from .errors import EmulatorError
from .feed import ChangeFeed
from .models import Guild
from .state import EmulatorState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
PRIVILEGED_INTENTS = 1 << 1 | 1 << 8 | 1 << 15  # members, presences, message content
REPLAY_LIMIT = 10_000
GUILDS_PER_SHARD = 2_500  # Discord's limit: a session that would hold more is closed with 4011
RECOMMENDED_SHARE = 0.4  # GET /gateway/bot recommends a shard per 1,000 servers (of the 2,500)
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's sharding formula: the shard that gets a server's events."""
    return (guild_id >> 22) % shard_count


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The server an event belongs to (None: a DM or no server at all), as Discord routes it."""
    if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        return int(data["id"])
    guild_id = data.get("guild_id")
    return None if guild_id is None else int(guild_id)


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: list[int] | None
    events: collections.deque[tuple[int, dict[str, Any]]] = field(  # (seq, frame), replayed on RESUME
        default_factory=lambda: collections.deque(maxlen=REPLAY_LIMIT)
    )
    seq: int = 0
    connection: Connection | None = None
    ended: bool = False  # closed cleanly by the client: not resumable
    resumes: int = 0

    def receives(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets the events of `guild_id` (None: DMs, shard 0)."""
        shard_id, shard_count = self.shard or (0, 1)
        return shard_id == (0 if guild_id is None else shard_of(guild_id, shard_count))

    def frame(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.events.append((self.seq, frame))
        return frame


class Connection:
    """One websocket; a writer task sends queued frames in order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())
        self.closed_by_server = False

    def send(self, frame: dict[str, Any]) -> None:
        self.queue.put_nowait(frame)

    async def _write(self) -> None:
        while (frame := await self.queue.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except ConnectionError:
                return

    async def stop(self) -> None:
        self.queue.put_nowait(None)
        await self.writer


class Gateway:
    def __init__(self, state: EmulatorState, feed: ChangeFeed, token: str, url: Callable[[], str]) -> None:
        self.state = state
        self.feed = feed
        self.token = token
        self.url = url
        self.sessions: dict[str, Session] = {}
        self.allowed_privileged_intents = 0
        self.guilds_per_shard = GUILDS_PER_SHARD
        self.identify_count = 0
        self.heartbeats = 0
        self._resumes_open = asyncio.Event()  # cleared by `hold_resumes`: a RESUME waits for RESUMED
        self._resumes_open.set()
        self._identifies_open = asyncio.Event()  # cleared by `hold_identifies`: an IDENTIFY waits for READY
        self._identifies_open.set()
        self.identifies_held = 0
        self.resumes_held = 0  # RESUMEs that arrived while held (each waited for the release)

    # --- the websocket handler ----------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        connection = Connection(ws)
        session: Session | None = None
        connection.send(
            {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None}
        )
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    self._protocol_error(f"gateway: unexpected frame type {msg.type}")
                    break
                frame = json.loads(msg.data)
                session = await self._on_frame(frame, connection, session) or session
        finally:
            await connection.stop()
            if session is not None and session.connection is connection:
                session.connection = None
                # A clean close by the client ends the session; a drop by the server keeps it resumable.
                session.ended = not connection.closed_by_server and ws.close_code in (1000, 1001)
            self.feed.changed()
        return ws

    async def _on_frame(
        self, frame: dict[str, Any], conn: Connection, session: Session | None
    ) -> Session | None:
        op, data = frame.get("op"), cast(dict[str, Any], frame.get("d"))
        if op == HEARTBEAT:
            self.heartbeats += 1
            conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            return await self._identify(data, conn)
        elif op == RESUME:
            return await self._resume(data, conn)
        elif op == REQUEST_MEMBERS and session is not None:
            self._send_member_chunk(session, data)
        elif op in (PRESENCE, VOICE):
            pass  # accepted and ignored: presence is not emulated
        else:
            self._protocol_error(f"gateway: unsupported op {op}: {frame}")
            await conn.ws.close(code=4001, message=b"Unknown opcode")
        return None

    async def _identify(self, data: dict[str, Any], conn: Connection) -> Session | None:
        if data.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = data.get("shard")
        if shard is not None and not _valid_shard(shard):
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        if not self._identifies_open.is_set():
            self.identifies_held += 1
            self.feed.changed()
            await self._identifies_open.wait()
        session = Session(secrets.token_hex(16), intents, shard)
        guilds = self.guilds_of(session)
        if len(guilds) > self.guilds_per_shard:
            await conn.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        self.sessions[session.id] = session
        self.identify_count += 1
        session.connection = conn
        conn.send(session.frame("READY", self._ready_payload(session, guilds)))
        for guild in guilds:
            conn.send(session.frame("GUILD_CREATE", self.state.guild_create_payload(guild)))
        self.feed.changed()
        return session

    async def _resume(self, data: dict[str, Any], conn: Connection) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if data.get("token") != self.token or session is None or session.ended:
            conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        if not self._resumes_open.is_set():
            self.resumes_held += 1
            self.feed.changed()
            await self._resumes_open.wait()
        last = data.get("seq") or 0
        session.connection = conn
        for seq, frame in session.events:
            if seq > last:
                conn.send(frame)
        conn.send(session.frame("RESUMED", {}))
        session.resumes += 1
        self.feed.changed()
        return session

    def guilds_of(self, session: Session) -> list[Guild]:
        """The bot's servers on `session`'s shard."""
        return [g for g in self.state.bot_guilds() if session.receives(g.id)]

    def recommended_shards(self) -> int:
        """GET /gateway/bot's `shards`: a shard per `RECOMMENDED_SHARE` of the limit, raised until
        no shard would hold more than the limit (so a client that follows it is not refused)."""
        ids = [g.id for g in self.state.bot_guilds()]

        def busiest(count: int) -> int:
            return max(collections.Counter(shard_of(i, count) for i in ids).values(), default=0)

        count = max(1, math.ceil(len(ids) / max(1, int(self.guilds_per_shard * RECOMMENDED_SHARE))))
        while count < len(ids) and busiest(count) > self.guilds_per_shard:  # same-ms ids never split
            count += 1
        return count

    def _ready_payload(self, session: Session, guilds: list[Guild]) -> dict[str, Any]:
        data: dict[str, Any] = {
            "v": 10,
            "user": self.state.bot.payload() | {"verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url(),
            "application": {"id": str(self.state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "_trace": ["discord-emulator"],
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    def _send_member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data["guild_id"]))
        if guild is None or session.connection is None or not session.receives(guild.id):
            return
        members = [m.payload() for m in guild.members.values()]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.connection.send(session.frame("GUILD_MEMBERS_CHUNK", chunk))

    def _protocol_error(self, description: str) -> None:
        log.error(description)
        self.feed.fail(description)

    # --- sending ------------------------------------------------------------------------------
    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.ended]

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None:
        """Send an event to every session that asked for it and whose shard covers its server
        (buffered while disconnected)."""
        guild_id = event_guild(event, data)
        for session in self.live_sessions():
            if (intent and not session.intents & intent) or not session.receives(guild_id):
                continue
            frame = session.frame(event, data)
            if session.connection is not None:
                session.connection.send(frame)

    def dispatch_interaction(self, payload: dict[str, Any]) -> None:
        """INTERACTION_CREATE goes to every open or resumable session on the interaction's shard
        (its server's; shard 0 for a DM), like any other event: no intent gates it."""
        if not self.live_sessions():
            raise EmulatorError("no bot is connected to the emulator's gateway")
        self.dispatch("INTERACTION_CREATE", payload, 0)

    def connected(self) -> list[Session]:
        return [s for s in self.live_sessions() if s.connection is not None]

    # --- faults -------------------------------------------------------------------------------
    async def disconnect(self, code: int = 4000) -> int:
        """Drop every connection (sessions stay resumable); returns how many were dropped."""
        connections = [s.connection for s in self.connected() if s.connection is not None]
        for conn in connections:
            conn.closed_by_server = True
            await conn.ws.close(code=code, message=b"emulator: disconnect fault")
        return len(connections)

    def hold_resumes(self) -> None:
        """A slow reconnect: every RESUME from now on waits (no RESUMED, no missed events) until
        `release_resumes`; `resumes_held` counts the ones waiting."""
        self._resumes_open.clear()

    def release_resumes(self) -> None:
        self._resumes_open.set()

    def hold_identifies(self) -> None:
        """A slow first connection: every IDENTIFY from now on waits (no READY, no GUILD_CREATE)
        until `release_identifies`; `identifies_held` counts the ones waiting. What a bot does at
        start before it is connected (its REST calls) goes on meanwhile."""
        self._identifies_open.clear()

    def release_identifies(self) -> None:
        self._identifies_open.set()

    def request_reconnect(self) -> None:
        """Op 7 RECONNECT: the client closes and RESUMEs on its own."""
        for session in self.connected():
            assert session.connection is not None
            session.connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    def invalidate_sessions(self) -> None:
        """Op 9 INVALID_SESSION (not resumable): the client must IDENTIFY again."""
        for session in self.connected():
            assert session.connection is not None
            session.ended = True
            session.connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})


def _valid_shard(shard: Any) -> bool:
    """IDENTIFY's `shard`: `[shard_id, shard_count]` with `0 <= shard_id < shard_count`."""
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(type(n) is int for n in shard)
        and 0 <= shard[0] < shard[1]
    )
