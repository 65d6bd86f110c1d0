"""Where an Activity page runs, by Discord's word: the instance it names, read with the bot's token.

A page is who Discord says its access token belongs to (``_identity``), but where it is open, and
so which tables it may show, cannot be taken from the page (Discord's Activity guide: do not trust
data coming from the Discord client): anyone signed in could name another server's channel. The
page names its instance (the SDK's ``instanceId``), and Get Application Activity Instance
(``GET /applications/{application.id}/activity-instances/{instance_id}``) answers where it runs
(``location``: ``channel_id``, and ``guild_id`` in a server) and who is connected to it (``users``).
The person must be one of them; the channel is then Discord's, not the page's.

Each read is a request of the bot's own (its global budget, shared with the games), so what Discord
answered is kept for ``KEPT_FOR`` seconds (``Instances``): the people of one table opening their
pages, and every page coming back after a restart (at once: they share the read under way), cost
one read an instance, not one a page. A person not among the users kept is asked about afresh
(they may just have joined).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import aiohttp
import discord
from discord.http import HTTPClient, Route

from ._identity import NotAuthorized, Recent, Unanswered

INSTANCE_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}")  # never "." or ".."
SNOWFLAKE: Final = re.compile(r"[0-9]{1,20}")
ATTEMPTS: Final = 3
"""A page may ask as soon as it is opened, before Discord lists its instance (a 404 for a moment):
asked this often, ``RETRY_WAIT`` apart, before it is refused."""
RETRY_WAIT: Final = 0.5  # seconds
KEPT_FOR: Final = 60.0  # seconds an answer is kept
KEPT_AT_MOST: Final = 10_000  # instances kept (past it, the oldest answers go first)
READS_PER_PERSON: Final = 10  # reads one person's pages may make Discord do in ``KEPT_FOR`` seconds


class Unreadable(Unanswered):
    """Discord cannot say now where the instance runs (not listed yet, an error, the person's reads
    spent): the page is sent away to ask again later, not refused for good."""


@dataclass(frozen=True, slots=True)
class Where:
    """The server (None in a DM) and channel an Activity instance runs in, and who is in it."""

    guild_id: str | None
    channel_id: str
    users: frozenset[str]


@dataclass
class Instances:
    """Discord's answers about instances, kept a while (``KEPT_FOR``, on ``now``'s clock; an
    answer kept at a time later than now, the system clock set back, is asked again)."""

    http: HTTPClient
    application_id: int
    now: Callable[[], float]
    _kept: dict[str, tuple[float, Where]] = field(default_factory=dict)
    _asking: dict[str, asyncio.Future[Where]] = field(default_factory=dict)
    _reads: dict[str, Recent] = field(default_factory=dict)  # each person's reads of the minute

    async def where(self, instance_id: Any, user_id: str) -> Where:
        """Where the instance runs, with ``user_id`` among its users; ``NotAuthorized`` if they
        are not (by Discord's answer of now, not a kept one), ``Unreadable`` if Discord cannot
        say now. Pages asking at once (all of them, after a restart) share the read under way,
        and its failure."""
        if not isinstance(instance_id, str) or not INSTANCE_ID.fullmatch(instance_id):
            raise NotAuthorized("the hello names no Activity instance")
        kept = self._kept.get(instance_id)
        if kept is not None and 0 <= self.now() - kept[0] < KEPT_FOR and user_id in kept[1].users:
            return kept[1]
        asking = self._asking.get(instance_id)
        where = await asyncio.shield(asking) if asking is not None else None
        if where is None or user_id not in where.users:
            self._count_read(user_id)
            where = await asyncio.shield(self._read(instance_id))  # a page that gives up leaves it
        if user_id not in where.users:
            raise NotAuthorized(f"user {user_id} is not in the Activity instance they named")
        return where

    def _count_read(self, user_id: str) -> None:
        """A person's reads are the bot's own requests: past ``READS_PER_PERSON`` in ``KEPT_FOR``
        seconds, theirs wait (``Unreadable``: the page asks again later)."""
        reads = self._reads.pop(user_id, None) or Recent(self.now, READS_PER_PERSON, KEPT_FOR)
        self._reads[user_id] = reads  # the newest last: the people who asked longest ago go first
        if len(self._reads) > KEPT_AT_MOST:
            del self._reads[next(iter(self._reads))]
        if reads.spent():
            raise Unreadable(f"user {user_id} asked about instances {READS_PER_PERSON} times in a minute")
        reads.add()

    def _read(self, instance_id: str) -> asyncio.Future[Where]:
        reading = asyncio.ensure_future(instance_where(self.http, self.application_id, instance_id))
        self._asking[instance_id] = reading

        def done(future: asyncio.Future[Where]) -> None:
            if self._asking.get(instance_id) is future:
                del self._asking[instance_id]
            if not future.cancelled() and future.exception() is None:  # (its failure seen here)
                self._keep(instance_id, self.now(), future.result())

        reading.add_done_callback(done)
        return reading

    def _keep(self, instance_id: str, now: float, where: Where) -> None:
        self._kept.pop(instance_id, None)  # kept anew: the newest last
        self._kept[instance_id] = (now, where)
        while len(self._kept) > KEPT_AT_MOST or now - next(iter(self._kept.values()))[0] >= KEPT_FOR:
            del self._kept[next(iter(self._kept))]


async def instance_where(http: HTTPClient, application_id: int, instance_id: str) -> Where:
    """Where Discord says the instance runs; ``Unreadable`` if Discord lists none such (after
    ``ATTEMPTS``: a new one may come later) or cannot be asked now."""
    route = Route(
        "GET",
        "/applications/{application_id}/activity-instances/{instance_id}",
        application_id=application_id,
        instance_id=instance_id,
    )
    for attempt in range(1, ATTEMPTS + 1):
        try:
            body = await http.request(route)
            break
        except discord.NotFound:
            if attempt == ATTEMPTS:
                raise Unreadable(f"Discord lists no Activity instance {instance_id!r}") from None
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            raise Unreadable(f"the Activity instance was not read: {exc}") from None
        await asyncio.sleep(RETRY_WAIT)  # Discord's own delay in listing a new instance
    return _where(body, application_id, instance_id)


def _where(body: Any, application_id: int, instance_id: str) -> Where:
    location = body.get("location") if isinstance(body, dict) else None
    users = body.get("users") if isinstance(body, dict) else None
    if (
        not isinstance(location, dict)
        or not isinstance(users, list)
        or body.get("application_id") != str(application_id)
        or body.get("instance_id") != instance_id
        or not _is_id(location.get("channel_id"))
    ):
        raise Unreadable(f"Discord's answer for the Activity instance {instance_id!r} is not one")
    guild = location.get("guild_id")
    return Where(
        guild if _is_id(guild) else None,
        location["channel_id"],
        frozenset(user for user in users if _is_id(user)),
    )


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and SNOWFLAKE.fullmatch(value) is not None
