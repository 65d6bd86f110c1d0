"""The test's stand-in for Discord's web client: a small aiohttp server on 127.0.0.1 that serves
the page framing the Activity (``static/``) and answers the two questions that page has for
Discord's API: the authorization code for the SDK's ``authorize`` (from the emulator, or a wrong
or expired one when a test says so) and the person a token belongs to, for ``authenticate``."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from pathlib import Path
from typing import Final
from urllib.parse import urlencode

from aiohttp import web

from discord_emulator import Channel, DiscordEmulator, User
from discord_emulator.activities import CODE_LIFETIME
from discord_emulator.errors import ApiError

STATIC: Final = Path(__file__).with_name("static")
INVALID_SCOPE: Final = 4000  # the RPC error code of an AUTHORIZE Discord refuses (INVALID_PAYLOAD)
DISCORD: Final = "https://discord.com"  # where the browser is told the page is (see browser.py)


class CodeFault(enum.Enum):
    """How the page's next authorization code goes wrong, when a test wants it to."""

    WRONG = "wrong"  # a code Discord never issued
    EXPIRED = "expired"  # a real code, older than its lifetime by the time the app trades it


class DiscordClientServer:
    """One per test: ``url_for`` gives each person's page; ``faults`` spoils their next code."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.faults: dict[int, CodeFault] = {}  # user id → how their next code goes wrong
        self.codes: dict[int, list[str]] = {}  # user id → the codes handed to their page
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    async def __aenter__(self) -> DiscordClientServer:
        app = web.Application()
        app.router.add_get("/channels/{guild}/{channel}", self._page)
        app.router.add_get("/client.js", self._script)
        app.router.add_post("/test/authorize", self._authorize)
        app.router.add_post("/test/authenticate", self._authenticate)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def path_for(self, user: User, channel: Channel, app_url: str) -> str:
        """The page (path and query, on Discord's origin) that opens the Activity at ``app_url``
        for ``user`` in ``channel``, as Discord's client would: ``user`` joins the Activity
        instance running there (the emulator's, which the bot asks Discord about)."""
        query = {
            "app": app_url,
            "client_id": str(self.emu.state.application_id),
            "user_id": str(user.id),
            "username": user.name,
            "locale": user.locale,
            "instance_id": self.emu.activities.join(user, channel).instance_id,
            "guild_id": str(channel.guild_id),
            "channel_id": str(channel.id),
        }
        return f"/channels/{channel.guild_id}/{channel.id}?{urlencode(query)}"

    # == routes ==================================================================================

    async def _page(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def _script(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "client.js")

    async def _authorize(self, request: web.Request) -> web.Response:
        """The code Discord's OAuth2 authorize step gives the app for the person, for ``identify``."""
        body = await request.json()
        user = self.emu.state.user(body["user_id"])
        if body.get("response_type") != "code" or "identify" not in body.get("scope", []):
            return web.json_response({"code": INVALID_SCOPE, "message": "Invalid scope"}, status=400)
        fault = self.faults.pop(user.id, None)
        if fault is CodeFault.WRONG:
            code = "not-a-code-discord-issued"
        else:
            code = self.emu.authorize(user, body["scope"])
            if fault is CodeFault.EXPIRED:
                self.emu.clock.advance(CODE_LIFETIME + 1)
        self.codes.setdefault(user.id, []).append(code)
        return web.json_response({"code": code})

    async def _authenticate(self, request: web.Request) -> web.Response:
        """The SDK's ``authenticate`` answer for a token: its person, scopes, expiry, application
        (the shape of the SDK's AuthenticateResponse); only for a token of the page's own person."""
        body = await request.json()
        try:
            token = self.emu.activities.token(body["access_token"])
        except ApiError:
            return web.json_response({"message": "Invalid token"}, status=401)
        if str(token.user.id) != body["user_id"]:
            return web.json_response({"message": "Invalid token"}, status=401)
        state = self.emu.state
        return web.json_response(
            {
                "access_token": token.token,
                "user": token.user.payload(),
                "scopes": list(token.scopes),
                "expires": datetime.fromtimestamp(token.expires_at, UTC).isoformat(),
                "application": {"id": str(state.application_id), "name": state.bot.name, "description": ""},
            }
        )
