"""Who is at the other end of a socket: the SDK's authorization code traded at Discord's OAuth2
token endpoint with the application's client secret, then the person read with ``/users/@me``.
Nothing the Activity's page says about its user is trusted (Discord's Activity guide: "do not trust
data coming from the Discord client"); only what Discord answers for the token."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import aiohttp

ATTEMPTS: Final = 4  # a request Discord answers 429 is tried again after its retry_after, this often
MAX_WAIT: Final = 5.0  # seconds: a longer wait is no answer for a page that is opening
REFUSED: Final = frozenset({401, 403, 429})  # what Discord counts as an invalid request
REFUSALS_ALLOWED: Final = 1000
"""Discord's refusals of the Activity's requests in ``REFUSAL_WINDOW`` before it stops asking:
a tenth of the 10,000 invalid requests in ten minutes for which Discord bans the address, the
bot's own with it (DISCORD_NOTES)."""
REFUSAL_WINDOW: Final = 600.0  # seconds


class NotAuthorized(Exception):
    """Discord refused the code or the token (wrong, used, expired): the page is refused for good."""


class Unanswered(Exception):
    """Discord could not be asked now, or gave no answer (unreachable, a 5xx, a rate limit longer
    than a page waits, its refusals of late spent): the page asks again later, not refused for
    good (a passing failure is no verdict on the person's token)."""


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    # The language of their words: as read here, their Discord client's (the ``identify`` scope
    # gives it); the socket's is their choice first (``ActivityCog._hello``: ``private_locale``).
    locale: str | None
    # The deck they chose (/hearts deck), as their DMs' images draw it: read with their language.
    four_colour: bool = False


@dataclass(slots=True)
class Recent:
    """What happened in the last ``window`` seconds (on ``now``'s clock), up to ``allowed`` times.
    A time later than now (the system clock set back) no longer counts: how long ago it was is
    unknown, and a bound that forgets is better than one that holds a person out for hours."""

    now: Callable[[], float]
    allowed: int
    window: float
    _times: deque[float] = field(default_factory=deque)

    def spent(self) -> bool:
        """Whether as many as allowed came within the window."""
        self._forget(self.now())
        return len(self._times) >= self.allowed

    def add(self) -> None:
        now = self.now()
        self._forget(now)  # the times stay in order
        self._times.append(now)

    def _forget(self, now: float) -> None:
        while self._times and self._times[-1] > now:
            self._times.pop()
        while self._times and self._times[0] <= now - self.window:
            self._times.popleft()


@dataclass(slots=True)
class Refusals(Recent):
    """Discord's refusals of what pages asked it for, in the last ``window`` seconds. Anyone can
    open a socket and say hello with a made-up token, and each is a request Discord refuses: past
    ``allowed`` of them the server refuses hellos itself, without asking Discord, until the window
    has moved on. Junk tokens can then keep pages out for a while, never get the bot banned."""

    allowed: int = REFUSALS_ALLOWED
    window: float = REFUSAL_WINDOW

    def count(self, status: int) -> None:
        if status in REFUSED:
            self.add()


@dataclass(frozen=True, slots=True)
class DiscordOAuth:
    api_base: str  # Discord's REST base (``Settings.api_base``), e.g. https://discord.com/api/v10
    client_id: str
    client_secret: str
    refusals: Refusals

    async def exchange(self, session: aiohttp.ClientSession, code: str) -> str:
        """The access token for an authorization code (good once, for a short while)."""
        form = {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        status, body = await self._call(session, "POST", f"{self.api_base}/oauth2/token", data=form)
        if status != 200 or not isinstance(body, dict) or "access_token" not in body:
            raise NotAuthorized(f"code refused ({status})")
        return str(body["access_token"])

    async def person(self, session: aiohttp.ClientSession, access_token: str) -> Person:
        """The Discord user the token belongs to."""
        headers = {"Authorization": f"Bearer {access_token}"}
        status, body = await self._call(session, "GET", f"{self.api_base}/users/@me", headers=headers)
        if status in (401, 403):
            raise NotAuthorized(f"token refused ({status})")
        if status != 200 or not isinstance(body, dict) or "id" not in body:
            raise Unanswered(f"/users/@me answered {status}")
        locale = body.get("locale")
        return Person(str(body["id"]), locale if isinstance(locale, str) else None)

    async def _call(
        self, session: aiohttp.ClientSession, method: str, url: str, **kwargs: Any
    ) -> tuple[int, Any]:
        """One request to Discord; a 429 (many pages opening at once) waits its ``retry_after``;
        none while Discord's refusals are spent (``Refusals``)."""
        for _ in range(ATTEMPTS):
            if self.refusals.spent():
                raise Unanswered(f"{method} {url}: not asked, Discord refused too many lately")
            try:
                async with session.request(method, url, **kwargs) as response:
                    body = await response.json(content_type=None)
            except (aiohttp.ClientError, ValueError) as exc:
                raise Unanswered(f"{method} {url} failed: {exc}") from None
            self.refusals.count(response.status)
            if response.status != 429 or not isinstance(body, dict):
                return response.status, body
            wait = float(body.get("retry_after", MAX_WAIT))
            if wait > MAX_WAIT:
                break
            await asyncio.sleep(wait)  # Discord's rate limit: its own wait, not a synchronisation
        raise Unanswered(f"{method} {url}: rate limited")
