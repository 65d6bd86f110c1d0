"""Who is at the other end of a socket: the SDK's authorization code traded at Discord's OAuth2
token endpoint with the application's client secret, then the person read with ``/users/@me``.
Nothing the Activity's page says about its user is trusted (Discord's Activity guide: "do not trust
data coming from the Discord client"); only what Discord answers for the token."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Final

import aiohttp

ATTEMPTS: Final = 4  # a request Discord answers 429 is tried again after its retry_after, this often
MAX_WAIT: Final = 5.0  # seconds: a longer wait is no answer for a page that is opening


class NotAuthorized(Exception):
    """Discord refused the code or the token (wrong, used, expired), or could not be reached."""


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    locale: str | None  # their Discord client's language (the ``identify`` scope gives it)


@dataclass(frozen=True, slots=True)
class DiscordOAuth:
    api_base: str  # Discord's REST base (``Settings.api_base``), e.g. https://discord.com/api/v10
    client_id: str
    client_secret: str

    async def exchange(self, session: aiohttp.ClientSession, code: str) -> str:
        """The access token for an authorization code (good once, for a short while)."""
        form = {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        status, body = await _call(session, "POST", f"{self.api_base}/oauth2/token", data=form)
        if status != 200 or not isinstance(body, dict) or "access_token" not in body:
            raise NotAuthorized(f"code refused ({status})")
        return str(body["access_token"])

    async def person(self, session: aiohttp.ClientSession, access_token: str) -> Person:
        """The Discord user the token belongs to."""
        headers = {"Authorization": f"Bearer {access_token}"}
        status, body = await _call(session, "GET", f"{self.api_base}/users/@me", headers=headers)
        if status != 200 or not isinstance(body, dict) or "id" not in body:
            raise NotAuthorized(f"token refused ({status})")
        locale = body.get("locale")
        return Person(str(body["id"]), locale if isinstance(locale, str) else None)


async def _call(session: aiohttp.ClientSession, method: str, url: str, **kwargs: Any) -> tuple[int, Any]:
    """One request to Discord; a 429 (many pages opening at once) waits its ``retry_after``."""
    for _ in range(ATTEMPTS):
        try:
            async with session.request(method, url, **kwargs) as response:
                body = await response.json(content_type=None)
        except (aiohttp.ClientError, ValueError) as exc:
            raise NotAuthorized(f"{method} {url} failed: {exc}") from None
        if response.status != 429 or not isinstance(body, dict):
            return response.status, body
        wait = float(body.get("retry_after", MAX_WAIT))
        if wait > MAX_WAIT:
            break
        await asyncio.sleep(wait)  # Discord's rate limit: its own wait, not a synchronisation
    raise NotAuthorized(f"{method} {url}: rate limited")
