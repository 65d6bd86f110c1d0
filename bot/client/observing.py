"""What the metrics see of the bot's traffic with Discord: every HTTP request by route and status,
the 429s, and how long each interaction waited for its first answer.

Both come from one ``aiohttp.TraceConfig`` on the client's HTTP session (discord.py's ``http_trace``
option), because that session carries everything: REST calls through ``HTTPClient.request``,
interaction callbacks and followups through the webhook adapter, and every retry discord.py makes
on its own after a 429, which a wrapper around ``request`` would never see.

An interaction's answer latency runs from its arrival (the ``on_interaction`` event, dispatched as
the gateway event is parsed) to the end of its callback request (``POST
/interactions/{id}/{token}/callback``, the first answer Discord times against its three seconds);
the callback's URL names the interaction, so no handler needs to report anything.
"""

from __future__ import annotations

import collections
import re
import time
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import yarl

from bot import telemetry

MAX_PENDING = 10_000  # interactions awaiting their answer that are remembered (oldest forgotten)

_SNOWFLAKE = re.compile(r"^\d+$")
_SECRET_AFTER = {"interactions", "webhooks"}  # /interactions/{id}/{token}, /webhooks/{id}/{token}
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")


def route_of(url: yarl.URL, base: str) -> str | None:
    """The route of a request to ``base`` (the API's URL): its path after the base, with ids as
    ``{id}`` (an Activity's instance id too), interaction and webhook tokens as ``{token}`` and
    reaction emoji as ``{emoji}``, so
    that the label's values stay few and no secret reaches the metrics. None for other hosts (the
    gateway, the CDN)."""
    text = str(url.with_query(None))
    if not text.startswith(base.rstrip("/") + "/"):
        return None
    parts = text[len(base.rstrip("/")) :].split("/")
    out: list[str] = []
    for i, part in enumerate(parts):
        before = parts[i - 1] if i else ""
        beforebefore = parts[i - 2] if i > 1 else ""
        if beforebefore in _SECRET_AFTER and _SNOWFLAKE.match(before):
            out.append("{token}")
        elif before == "reactions":
            out.append("{emoji}")
        elif _SNOWFLAKE.match(part) or before == "activity-instances":  # (a page sends any)
            out.append("{id}")
        else:
            out.append(part)
    return "/".join(out)


class DiscordObserver:
    """Records the bot's requests and interaction answers into ``bot.telemetry``: pass ``trace``
    as the client's ``http_trace`` and ``arrived`` as its ``on_interaction`` listener."""

    def __init__(self, api_base: str) -> None:
        self.api_base = api_base
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._request_end)
        self.trace.on_request_exception.append(self._request_failed)
        self._arrived: collections.OrderedDict[int, float] = collections.OrderedDict()

    async def arrived(self, interaction: discord.Interaction[Any]) -> None:
        self._arrived[interaction.id] = time.perf_counter()
        while len(self._arrived) > MAX_PENDING:  # never answered (every interaction should be)
            self._arrived.popitem(last=False)

    async def _request_end(
        self, _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        route = route_of(params.url, self.api_base)
        if route is None:
            return
        status = params.response.status
        telemetry.DISCORD_REQUESTS.labels(f"{params.method} {route}", str(status)).inc()
        if status == 429:
            scope = params.response.headers.get("X-RateLimit-Scope", "unknown")
            telemetry.DISCORD_RATE_LIMITED.labels(scope).inc()
        callback = _CALLBACK.search(params.url.path)
        if callback is not None:
            arrived = self._arrived.pop(int(callback.group(1)), None)
            if arrived is not None:
                telemetry.INTERACTION_ANSWER.observe(time.perf_counter() - arrived)

    async def _request_failed(
        self,
        _session: aiohttp.ClientSession,
        _ctx: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        route = route_of(params.url, self.api_base)
        if route is not None:
            telemetry.DISCORD_REQUESTS.labels(f"{params.method} {route}", "error").inc()
