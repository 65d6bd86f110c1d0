"""Rate limits as Discord answers them: per-route buckets and the global limit, on real time.

Every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and `-Bucket`, so
discord.py's limiter learns the buckets and waits by itself; a request beyond a bucket gets a real
429 (`X-RateLimit-Scope: user`, JSON `message`, `retry_after`, `global`), and beyond 50 requests a
second in all a global one (`X-RateLimit-Global`, scope "global"). A bucket is keyed like
discord.py's: the route plus its major parameter (channel, guild, webhook). Interaction callbacks
are bound to neither the global limit nor a bucket. The interaction webhooks (followups, reading,
editing and deleting the original response or a followup) are exempt from the global limit only:
"Interactions webhooks share the same rate limit properties as normal webhooks", so they share one
webhook bucket per application id + interaction token (5 requests per 2 s), with its headers.

The global limit is counted per bot token, across every connection that uses it, as Discord does:
several processes of one bot (shards on other machines) share its 50 a second.

Discord's numbers are the default (5 messages per 5 s per channel, edits likewise, 50 requests a
second in all; 50 a second for a route Discord gives no number for); `scale` shrinks every window
so tests keep discord.py's waits to milliseconds while every rule still applies. A load benchmark
runs at scale 1. `global_scale` (default: `scale`) sets the global window apart: bot processes
that pace themselves to Discord's real second are checked against a real second, while the
per-channel buckets stay short.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import route_keys as keys

MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "webhook_token")
EXEMPT = frozenset({keys.INTERACTION_CALLBACK})  # from buckets and the global limit
# Bucketed (one bucket per webhook id + token, as discord.py's webhook lock) but not globally limited.
INTERACTION_WEBHOOKS = frozenset(
    {
        keys.CREATE_FOLLOWUP,
        keys.GET_WEBHOOK_MESSAGE,
        keys.EDIT_WEBHOOK_MESSAGE,
        keys.DELETE_WEBHOOK_MESSAGE,
    }
)


@dataclass(frozen=True)
class Limit:
    requests: int
    per: float  # seconds
    bucket: str  # the `X-RateLimit-Bucket` hash: routes sharing it share the count


ROUTE_LIMITS: dict[str, Limit] = {
    keys.CREATE_MESSAGE: Limit(5, 5.0, "messages-create"),
    keys.EDIT_MESSAGE: Limit(5, 5.0, "messages-edit"),
    keys.DELETE_MESSAGE: Limit(5, 5.0, "messages-delete"),
    keys.CREATE_THREAD_FROM_MESSAGE: Limit(10, 10.0, "threads-create"),
    keys.CREATE_THREAD: Limit(10, 10.0, "threads-create"),
    **{route: Limit(5, 2.0, "interaction-webhook") for route in INTERACTION_WEBHOOKS},
}
# Discord documents no number for the other routes (opening a DM, reading a channel, ...): they get
# a bucket of their own, bound in practice by the global limit.
DEFAULT_LIMIT = Limit(50, 1.0, "")
GLOBAL_REQUESTS = 50  # a second


@dataclass
class _Window:
    count: int = 0
    resets_at: float = 0.0


@dataclass
class Verdict:
    headers: dict[str, str]
    refusal: dict[str, object] | None = None  # the 429 body, if refused


@dataclass
class RateLimits:
    scale: float = 1.0
    enabled: bool = True
    global_requests: int = GLOBAL_REQUESTS
    global_scale: float | None = None  # the global window's own scale (None: ``scale``)
    route_limits: dict[str, Limit] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    _buckets: dict[tuple[str, str, tuple[str, ...]], _Window] = field(default_factory=dict)
    _global: dict[str, _Window] = field(default_factory=dict)  # by bot token
    refused: int = 0  # 429s answered
    refused_global: int = 0  # of which for the global limit

    def check(self, route: str, params: dict[str, str], token: str = "") -> Verdict | None:
        """Count a request made with ``token`` (the Authorization header); None for routes outside
        the limits."""
        if not self.enabled or route in EXEMPT:
            return None
        now = time.monotonic()
        overall: _Window | None = None
        if route not in INTERACTION_WEBHOOKS:
            overall = self._global.get(token)
            if overall is None or now >= overall.resets_at:
                scale = self.scale if self.global_scale is None else self.global_scale
                overall = self._global[token] = _Window(0, now + scale)
        if overall is not None and overall.count >= self.global_requests:
            self.refused += 1
            self.refused_global += 1
            retry = overall.resets_at - now
            headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"} | _retry_headers(retry)
            return Verdict(
                headers, {"message": "You are being rate limited.", "retry_after": retry, "global": True}
            )
        limit = self.route_limits.get(route, DEFAULT_LIMIT)
        bucket = limit.bucket or route
        # Per token, as Discord's: a person's bearer token has its own buckets, apart from the bot's.
        # An interaction webhook's bucket is the webhook's (id + token), with or without a bot token.
        who = "" if route in INTERACTION_WEBHOOKS else token
        key = (bucket, who, tuple(params[p] for p in MAJOR_PARAMETERS if p in params))
        window = self._buckets.get(key)
        if window is None or now >= window.resets_at:
            window = self._buckets[key] = _Window(0, now + limit.per * self.scale)
        reset_after = window.resets_at - now
        if window.count >= limit.requests:
            self.refused += 1
            headers = _bucket_headers(limit, 0, reset_after, bucket) | {"X-RateLimit-Scope": "user"}
            body = {"message": "You are being rate limited.", "retry_after": reset_after, "global": False}
            return Verdict(headers | _retry_headers(reset_after), body)
        window.count += 1
        if overall is not None:
            overall.count += 1
        return Verdict(_bucket_headers(limit, limit.requests - window.count, reset_after, bucket))


def _bucket_headers(limit: Limit, remaining: int, reset_after: float, bucket: str) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit.requests),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def _retry_headers(retry_after: float) -> dict[str, str]:
    # Without `Via` discord.py takes a 429 for a Cloudflare ban and raises instead of waiting.
    return {"Retry-After": str(max(1, round(retry_after))), "Via": "1.1 google"}
