"""Faults on demand: the failures a bot meets on Discord, switched on by a test.

Route faults (429, 5xx, any error) match a request by its route template key, the same string
discord.py uses (`"POST /channels/{channel_id}/messages"`), or every route when `route` is None,
and answer the next `times` matching requests instead of the real handler. State faults (closed
DMs, missing permissions) are consulted by the handlers where Discord would refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ApiError, Code

if TYPE_CHECKING:
    from .counters import RequestRecord
    from .models import Channel, User


@dataclass
class RouteFault:
    """Answers up to `times` matching requests with `status` and `body` (and `headers`)."""

    name: str
    route: str | None
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    times: int = 1
    where: Callable[[RequestRecord], bool] | None = None
    hits: list[RequestRecord] = field(default_factory=list)

    @property
    def exhausted(self) -> bool:
        return len(self.hits) >= self.times

    def matches(self, record: RequestRecord) -> bool:
        return (
            not self.exhausted
            and (self.route is None or self.route == record.route)
            and (self.where is None or self.where(record))
        )


class Faults:
    def __init__(self) -> None:
        self.route_faults: list[RouteFault] = []
        self.closed_dms: set[int] = set()
        self.denied_channels: set[int] = set()

    # --- state faults -------------------------------------------------------------------------
    def close_dms(self, user: User) -> None:
        """`user` closed their DMs: sending them a message fails with 403, code 50007."""
        self.closed_dms.add(user.id)

    def open_dms(self, user: User) -> None:
        self.closed_dms.discard(user.id)

    def deny_permissions(self, channel: Channel) -> None:
        """The bot lost its permissions in `channel`: sends, edits, deletes, threads get 403/50013."""
        self.denied_channels.add(channel.id)

    def allow_permissions(self, channel: Channel) -> None:
        self.denied_channels.discard(channel.id)

    def check_dm_open(self, user_id: int) -> None:
        if user_id in self.closed_dms:
            raise ApiError(403, Code.CANNOT_DM_USER, "Cannot send messages to this user")

    def check_channel_allowed(self, channel_id: int) -> None:
        if channel_id in self.denied_channels:
            raise ApiError(403, Code.MISSING_PERMISSIONS, "Missing Permissions")

    # --- route faults -------------------------------------------------------------------------
    def rate_limit(
        self,
        route: str | None = None,
        *,
        retry_after: float = 0.05,
        times: int = 1,
        global_: bool = False,
        where: Callable[[RequestRecord], bool] | None = None,
    ) -> RouteFault:
        """429 with `retry_after` (seconds): per route (scope "user") or global; discord.py waits it out."""
        headers = {
            "Via": "1.1 google",  # without it discord.py assumes a Cloudflare ban and raises
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Scope": "global" if global_ else "user",
        }
        if global_:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0"})
            headers["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": global_}
        if global_:
            body["code"] = 0
        name = "global 429" if global_ else "429"
        return self._add(RouteFault(name, route, 429, body, headers, times, where))

    def server_error(
        self,
        route: str | None = None,
        *,
        status: int = 500,
        times: int = 1,
        where: Callable[[RequestRecord], bool] | None = None,
    ) -> RouteFault:
        """A 5xx. discord.py retries after real sleeps of 1, 3, 5... s: keep `times` at 1."""
        body = {"message": "500: Internal Server Error", "code": 0}
        return self._add(RouteFault(f"{status}", route, status, body, {}, times, where))

    def fail(
        self,
        route: str | None,
        *,
        status: int,
        code: int,
        message: str,
        times: int = 1,
        where: Callable[[RequestRecord], bool] | None = None,
    ) -> RouteFault:
        """Any Discord error, e.g. `fail(EDIT_MESSAGE, status=400, code=30046, message=...)`."""
        body = {"message": message, "code": code}
        return self._add(RouteFault(f"{status}/{code}", route, status, body, {}, times, where))

    def _add(self, fault: RouteFault) -> RouteFault:
        self.route_faults.append(fault)
        return fault

    def take(self, record: RequestRecord) -> RouteFault | None:
        """The first live fault matching `record`, marked as hit."""
        for fault in self.route_faults:
            if fault.matches(record):
                fault.hits.append(record)
                return fault
        return None

    def clear(self) -> None:
        self.route_faults.clear()
        self.closed_dms.clear()
        self.denied_channels.clear()
