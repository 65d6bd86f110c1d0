"""The Activity's server, in the bot's process on its own port (``ACTIVITY_PORT``), behind Discord's
URL mapping.

- ``GET /``, ``/assets/*``, the card faces ``/cards/<deck>/<id>.png`` (``_static``): the page, built
  from ``web/activity``;
  ``GET /api/config``: the application id the page gives the SDK, and its words in the browser's
  language until the socket knows the reader's.
- ``POST /api/token`` ``{"code"}``: the SDK's authorization code traded for the person's access
  token (with the application's secret, which never leaves this process); the page then passes the
  token to the SDK's ``authenticate`` and to the socket.
- ``GET /api/socket`` (websocket): the page's first message is ``{"op": "hello", "access_token",
  "instance"}`` (the SDK's ``instanceId``; optionally ``"table"``, one of that channel's tables):
  in a game's thread, the table played there; else the table of the channel the Activity runs in
  that the person sits at, else its newest, whichever process owns it. The server reads the
  person with ``/users/@me`` (not asked while Discord has refused many of the pages' requests
  lately: ``_identity.Refusals``) and the instance with the bot's token (``_instance``: where it
  runs, by Discord's word, and the person must be connected to it). Only Discord's refusal of the
  token (401/403) or of the person's place closes the socket for good (4001); when Discord cannot
  say now (unreachable, a 5xx, a long rate limit) or the database is busy, it is closed with 1013
  and the page comes back later. Then it sends ``{"op": "words", ...}`` once (``_words``: the
  page's words in the language the person chose, else their client's; the deck they chose; the
  server's clock) and
  ``{"op": "view", ...}`` (``_views``): their seat's hand, or none for a spectator. Moves are
  ``{"op": "play", "move", "card"}``, ``{"op": "pass", "move", "cards"}`` and ``{"op": "moon",
  "move", "add_to_others"}``, made through the same
  service calls as a DM click (the actor is the person Discord named, the seat theirs; a forged
  table, move number or card is refused as a click is). ``{"op": "away"}`` and ``{"op": "back"}``:
  the page went out of view and came back. While a person's page is open and in view, the table's
  DMs to them (hands, turns; not the warning) are held back; when the last one closes or goes away,
  their turn, if it is one, comes by DM (``bot.tables.presence``). Of a move from here and one from
  a DM, whichever the table's lock takes first is played; the other carries an old move number and
  is refused as out of date. A refusal is answered ``{"op": "refused", "code", "reason"}`` in the
  reader's language, and changes nothing; so is a move that failed (the database busy, or a bug:
  logged, answered as a click's failure is, the socket kept).
- Whenever a table's events are emitted (the cog is one of the service's ``watchers``: told at
  once, before the Discord side shows them), each socket watching it is sent the table as it is
  then. The table is read once for all its sockets (``_views.TableViews``: one snapshot, each
  seated person's hand, the names; each distinct view encoded once), and changes that come while
  it is being read are coalesced into one read after it. Sends to one socket are coalesced too (a
  socket that is still being sent to gets the newest view once that send is done), so a slow page
  never holds up the table or other pages. A read the database refuses (busy: a closed table is
  read back from it) is told to the pages and tried again ``READ_AGAIN`` seconds later.
- When the bot stops, the sockets are closed with 1012 (service restart); the page reconnects and
  is sent the table as it is then. A socket opened while the starting bot is still restoring its
  tables is closed with 1012 at once, before its hello: it comes back when they are there.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
import discord
from aiohttp import WSCloseCode, WSMsgType, web
from discord.ext import commands

from bot.client import HeartsClient
from bot.client.server import names_in
from bot.engine.cards import cardset
from bot.engine.moves import Refusal
from bot.tables.clock import TimerHandle
from bot.tables.permissions import Actor
from bot.tables.refusals import Refused, TableRefusal, or_busy, storage_unavailable
from bot.tables.snapshot import PrivateHand, TableSnapshot
from bot.text import private_locale, refusal_text, t

from ._identity import DiscordOAuth, NotAuthorized, Person, Refusals, Unanswered
from ._instance import Instances, Where
from ._static import add_static_routes
from ._views import TableViews, seat_of
from ._words import header_locale, words_message

log = logging.getLogger(__name__)

HELLO_TIMEOUT: Final = 30.0  # seconds a new socket has to say who it is
UNAUTHORIZED: Final = 4001  # close code: Discord did not vouch for the token
PLAY_CHANNEL: Final = "play_channel"
"""The Hearts presenter's key, in a table's presenter data, for where its game is played (its
thread's id, or the lobby's channel): ``cogs/hearts/_state.TableMessages.play_channel``, read
from the database here since extensions never import each other."""
DECK: Final = range(52)
READ_AGAIN: Final = 5.0
"""Seconds until a table whose read the database refused (a closed table is read back from it) is
read again for its pages: they are told it is busy meanwhile, and would otherwise keep their older
view until the table's next change, which a closed table never has."""
MESSAGE_LIMIT: Final = 4096
"""Bytes of one socket message (the page's largest, a hello with its token, is a few hundred): a
larger one closes the socket (1009) before it is read, where aiohttp's default 4 MiB of JSON held
the event loop for a tenth of a second and more."""


class BadRequest(Exception):
    """A socket message no page of ours sends (not JSON, an unknown op, a missing field)."""


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    person: Person
    table_id: int
    sending: asyncio.Task[None] | None = None  # the socket's sender, while it has something to send
    shown: bool = False  # counted as the person's live page (``LivePages``): open and in view
    pending: str | None = None  # the newest message not sent yet (an older one unsent is dropped)


class ActivityCog(commands.Cog):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self.watching: dict[int, set[Connection]] = {}  # table id → its open sockets
        self._latest: dict[int, TableViews] = {}  # a watched table as last read (read at each change)
        self._reading: dict[int, asyncio.Task[None]] = {}  # tables being read for their sockets
        self._stale: set[int] = set()  # tables that changed while being read: read again after
        self._read_again: dict[int, TimerHandle] = {}  # tables whose read the database refused
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.refusals = Refusals(self._now)  # Discord's refusals of what pages made us ask

    @functools.cached_property
    def instances(self) -> Instances:
        """Discord's answers about the instances pages name, kept a while (after login: the
        application's id is known then)."""
        assert self.bot.application_id is not None
        return Instances(self.bot.http, self.bot.application_id, self._now)

    @property
    def oauth(self) -> DiscordOAuth:
        settings = self.bot.settings
        assert settings.client_secret is not None
        return DiscordOAuth(
            settings.api_base, str(self.bot.application_id), settings.client_secret, self.refusals
        )

    # == lifecycle ==============================================================================

    async def cog_load(self) -> None:
        settings = self.bot.settings
        assert settings.activity_port is not None
        self._session = aiohttp.ClientSession()
        app = web.Application()
        app.router.add_post("/api/token", self._token)
        app.router.add_get("/api/socket", self._socket)
        app.router.add_get("/api/config", self._config)
        add_static_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, settings.activity_host, settings.activity_port)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        self.bot.service.watchers.append(self._changed)
        log.info("activity server on %s:%d", settings.activity_host, self.port)

    async def cog_unload(self) -> None:
        with contextlib.suppress(ValueError):
            self.bot.service.watchers.remove(self._changed)
        # The pages go without a DM each: the restart offers every turn whose DM was held back.
        self.bot.service.live.clear()
        for reading in list(self._reading.values()):
            reading.cancel()
        for later in self._read_again.values():
            later.cancel()
        for connections in list(self.watching.values()):
            for conn in list(connections):
                if conn.sending is not None:
                    conn.sending.cancel()
                await conn.ws.close(code=WSCloseCode.SERVICE_RESTART, message=b"restarting")
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    # == the table's events =====================================================================

    def _changed(self, table_id: int) -> None:
        """A table changed: each socket watching it is sent the table as it is now (read once for
        all of them; a change during a read is one more read after it, even if nobody watched
        when it came: a page opening before the read ends is sent what that read finds)."""
        if table_id in self._reading:
            self._stale.add(table_id)
            return
        if table_id in self.watching:
            self._reading[table_id] = asyncio.get_running_loop().create_task(self._refresh(table_id))

    async def _refresh(self, table_id: int) -> None:
        try:
            while table_id in self.watching:
                self._stale.discard(table_id)
                try:
                    views = await self._read(table_id)
                except Refused as exc:
                    self._latest.pop(table_id, None)
                    for conn in list(self.watching.get(table_id, ())):
                        self._push(conn, json.dumps(_refusal(exc, conn.person.locale)))
                    if exc.code is TableRefusal.STORAGE_BUSY:
                        self._read_later(table_id)
                else:
                    if table_id in self.watching:
                        self._latest[table_id] = views
                    for conn in list(self.watching.get(table_id, ())):
                        self._push(conn, views.text(conn.person.user_id, conn.person.locale))
                if table_id not in self._stale:
                    return
        finally:
            self._stale.discard(table_id)
            self._reading.pop(table_id, None)

    def _read_later(self, table_id: int) -> None:
        if table_id not in self._read_again:
            clock = self.bot.service.clock

            def due() -> None:
                del self._read_again[table_id]
                self._changed(table_id)

            self._read_again[table_id] = clock.call_at(clock.now() + READ_AGAIN, due)

    def _first_view(self, conn: Connection) -> None:
        """A socket just opened: the table as last read (current: every change is read again
        while anyone watches), or as a read under way or a new one finds it."""
        if conn.table_id in self._reading:
            return  # the read under way sends it to every socket watching then, this one too
        views = self._latest.get(conn.table_id)
        if views is not None:
            self._push(conn, views.text(conn.person.user_id, conn.person.locale))
        else:
            self._changed(conn.table_id)

    def _push(self, conn: Connection, text: str) -> None:
        conn.pending = text
        if conn.sending is None:
            conn.sending = asyncio.get_running_loop().create_task(self._send(conn))

    async def _send(self, conn: Connection) -> None:
        try:
            while (text := conn.pending) is not None:
                conn.pending = None
                # the page is gone (reset while sending, or lost while the send waited to drain)
                with contextlib.suppress(ConnectionError):
                    await conn.ws.send_str(text)
        finally:
            conn.sending = None

    # == HTTP ===================================================================================

    async def _token(self, request: web.Request) -> web.Response:
        assert self._session is not None
        try:
            body = await request.json()
            code = body["code"]
            if not isinstance(code, str):
                raise TypeError
            token = await self.oauth.exchange(self._session, code)
        except (ValueError, KeyError, TypeError, RecursionError):
            return web.json_response({"error": "bad_request"}, status=400)
        except (NotAuthorized, Unanswered) as exc:  # (the page cannot sign in either way)
            log.info("activity: %s", exc)
            return web.json_response({"error": "unauthorized"}, status=401)
        return web.json_response({"access_token": token})

    async def _config(self, request: web.Request) -> web.Response:
        """What the page needs before it can ask Discord anything: the application id (the SDK's
        client id) and its words in the browser's language until the socket knows the reader's."""
        words = words_message(header_locale(request.headers.get("Accept-Language", "")), self._now())
        return web.json_response({"client_id": str(self.bot.application_id), "words": words})

    def _now(self) -> float:
        return self.bot.service.clock.now()

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MESSAGE_LIMIT)
        await ws.prepare(request)
        if not self.bot.restored:
            # The server listens while the bot is still restoring its tables (a restart): a page
            # asking now would be told its table does not exist, for good. 1012 sends it back later.
            await ws.close(code=WSCloseCode.SERVICE_RESTART, message=b"starting")
            return ws
        try:
            hello, person, where = await self._hello(ws)
        except Unanswered as exc:  # Discord cannot say now who or where the page is: it asks again later
            log.info("activity: socket sent away: %s", exc)
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"try again later")
            return ws
        except (NotAuthorized, BadRequest, TimeoutError) as exc:
            log.info("activity: socket refused: %s", exc)
            with contextlib.suppress(ConnectionResetError):  # the page may be gone already
                await ws.send_json({"op": "refused", "code": "unauthorized"})
            await ws.close(code=UNAUTHORIZED)
            return ws
        try:
            conn = Connection(ws, person, await self._table_for(hello, person, where))
        except (Refused, Unanswered) as exc:
            if isinstance(exc, Refused):  # no table here (or none readable now), in their language
                with contextlib.suppress(ConnectionResetError):
                    await ws.send_json(_refusal(exc, person.locale))
            # The database busy or Discord unanswered is no verdict: 1013 sends the page back later.
            later = storage_unavailable(exc) or isinstance(exc, Unanswered)
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER if later else WSCloseCode.OK)
            return ws
        self.watching.setdefault(conn.table_id, set()).add(conn)
        self._in_view(conn, True)
        try:
            with contextlib.suppress(ConnectionResetError):  # the page may be gone already
                await ws.send_json(words_message(conn.person.locale, self._now(), conn.person.four_colour))
            self._first_view(conn)
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    await self._handle(conn, message.data)
        finally:
            self._left(conn)
        return ws

    def _in_view(self, conn: Connection, shown: bool) -> None:
        """The page is open and in view (``shown``), or closed or hidden: while a person has a
        page in view, the table's DMs to them are held back (``bot.tables.presence``)."""
        if shown != conn.shown:
            conn.shown = shown
            live = self.bot.service.live
            (live.opened if shown else live.closed)(conn.table_id, conn.person.user_id)

    def _left(self, conn: Connection) -> None:
        self._in_view(conn, False)
        watching = self.watching.get(conn.table_id)
        if watching is not None:
            watching.discard(conn)
            if not watching:  # nobody watches: the table is not read at its changes any more
                del self.watching[conn.table_id]
                self._latest.pop(conn.table_id, None)

    async def _hello(self, ws: web.WebSocketResponse) -> tuple[dict[str, Any], Person, Where]:
        """The socket's first message, the person Discord says its token is, and where Discord
        says the Activity instance it names runs: the person must be connected to it."""
        assert self._session is not None
        message = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
        if message.type is not WSMsgType.TEXT:
            raise BadRequest("no hello")
        hello = _json(message.data)
        token = hello.get("access_token")
        if hello.get("op") != "hello" or not isinstance(token, str):
            raise BadRequest("no hello")
        person = await self.oauth.person(self._session, token)
        where = await self.instances.where(hello.get("instance"), person.user_id)
        # Their words in the language they chose (/hearts me), as their DMs and answers are; their
        # cards in the deck they chose (/hearts deck), as their DMs' images draw them.
        preferences = await self.bot.service.known_preferences.of(person.user_id)
        locale = private_locale(preferences, person.locale)
        return hello, dataclasses.replace(person, locale=locale, four_colour=preferences.four_colour), where

    async def _table_for(self, hello: dict[str, Any], person: Person, where: Where) -> int:
        """A table of the channel the Activity runs in: the one the hello names, which must be one
        of them; else, in a game's thread, the table played there; else the person's, else the
        newest (in a channel where several tables are played, Discord does not say which table's
        button opened the Activity). Refused as no such table where there is none (or the
        Activity runs in a DM)."""
        service = self.bot.service
        if where.guild_id is None:
            raise Refused(TableRefusal.NO_SUCH_TABLE)
        tables = await service.channel_tables(where.guild_id, where.channel_id)
        parent = None if tables else await self._parent(int(where.channel_id))
        if parent is not None:
            tables = await service.channel_tables(where.guild_id, parent)
        table_id = hello.get("table")
        if isinstance(table_id, int) and not isinstance(table_id, bool):
            tables = [s for s in tables if s.table_id == table_id]
        if not tables:
            raise Refused(TableRefusal.NO_SUCH_TABLE)
        if parent is not None:
            tables = await self._thread_first(tables, where)
        mine = [s for s in tables if seat_of(s, person.user_id) is not None]
        return (mine or tables)[-1].table_id

    async def _parent(self, channel_id: int) -> str | None:
        """A game's thread stands for its table's channel (the lobby's), where the service has it.
        ``Unanswered`` if Discord cannot be asked now (the page comes back later)."""
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            if self.refusals.spent():
                raise Unanswered(f"channel {channel_id}: not asked, Discord refused too many lately")
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.Forbidden, discord.NotFound) as exc:  # not a channel the bot may see
                self.refusals.count(exc.status)
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                raise Unanswered(f"channel {channel_id} was not read: {exc}") from None
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            return str(channel.parent_id)
        return None

    async def _thread_first(self, tables: list[TableSnapshot], where: Where) -> list[TableSnapshot]:
        """The lobby channel's tables, with the one whose game the thread the Activity runs in
        plays (saved by the Hearts presenter) alone if there is one: the page opened from a
        table's message in its thread shows that table, to a spectator as to its players."""
        for snapshot in tables:
            saved = await or_busy(self.bot.service.db.presenter_data(snapshot.table_id))
            if saved.get(PLAY_CHANNEL) == where.channel_id:
                return [snapshot]
        return tables

    # == moves ==================================================================================

    async def _handle(self, conn: Connection, data: str) -> None:
        service, actor, table = self.bot.service, Actor(conn.person.user_id), conn.table_id
        try:
            message = _json(data)
            op = message.get("op")
            if op in ("away", "back"):  # the page went out of view, or came back
                self._in_view(conn, op == "back")
                return
            move = _int(message.get("move"))
            await service.visit(table)
            if op == "play":
                card = _int(message.get("card"))
                await service.play_card(actor, table, move, card)
            elif op == "pass":
                cards = message.get("cards")
                if not isinstance(cards, list):
                    raise BadRequest("cards")
                picked = [_int(c) for c in cards]
                if any(c not in DECK for c in picked):
                    raise Refused(Refusal.NOT_IN_HAND)
                await service.pass_cards(actor, table, move, cardset(picked))
            elif op == "moon":
                add_to_others = message.get("add_to_others")
                if not isinstance(add_to_others, bool):
                    raise BadRequest("add_to_others")
                await service.choose_moon(actor, table, move, add_to_others)
            else:
                raise BadRequest(f"op {op!r}")
        except Refused as exc:
            answer = _refusal(exc, conn.person.locale)
        except BadRequest as exc:
            answer = {"op": "refused", "code": "bad_request", "reason": str(exc)}
        except Exception as exc:  # as a click's last resort (``answer_failure``): told, the page kept
            if storage_unavailable(exc):  # a database that can't be used now is no bug
                log.warning("activity: a move on table %d: the database is unavailable: %s", table, exc)
                answer = _refusal(Refused(TableRefusal.STORAGE_BUSY), conn.person.locale)
            else:
                log.exception("activity: a move on table %d by %s failed", table, actor.user_id)
                answer = {"op": "refused", "code": "error", "reason": t("reply.error", conn.person.locale)}
        else:
            return
        with contextlib.suppress(ConnectionResetError):  # the page may be gone already
            await conn.ws.send_json(answer)

    async def _read(self, table_id: int) -> TableViews:
        """The table for its sockets: its snapshot and each seated person's hand, read once (this
        process's table from memory; another process's loaded fresh, PostgreSQL)."""
        service = self.bot.service
        await service.visit(table_id)
        snapshot = await service.table_snapshot(table_id)
        people = [s.player_id for s in snapshot.seats if s.player_id is not None and not s.is_computer]
        hands: dict[str, PrivateHand] = {}
        for person in people:
            with contextlib.suppress(Refused):  # no game running (a lobby, a finished table): no hand
                hands[person] = service.private_hand(Actor(person), table_id)
        return TableViews(snapshot, hands, await names_in(self.bot, snapshot.guild_id, people))


def _refusal(exc: Refused, locale: str | None) -> dict[str, Any]:
    return {"op": "refused", "code": exc.code.value, "reason": refusal_text(exc.code, locale, **exc.params)}


def _json(data: str) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        raise BadRequest("not JSON") from None
    if not isinstance(value, dict):
        raise BadRequest("not an object")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest("not a number")
    return value
