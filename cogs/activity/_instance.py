"""Where an Activity page runs, by Discord's word: the instance it names, read with the bot's token.

A page is who Discord says its access token belongs to (``_identity``), but where it is open, and
so which tables it may show, cannot be taken from the page (Discord's Activity guide: do not trust
data coming from the Discord client): anyone signed in could name another server's channel. The
page names its instance (the SDK's ``instanceId``), and Get Application Activity Instance
(``GET /applications/{application.id}/activity-instances/{instance_id}``) answers where it runs
(``location``: ``channel_id``, and ``guild_id`` in a server) and who is connected to it (``users``).
The person must be one of them; the channel is then Discord's, not the page's.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
import discord
from discord.http import HTTPClient, Route

from ._identity import NotAuthorized

INSTANCE_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
SNOWFLAKE: Final = re.compile(r"[0-9]{1,20}")
ATTEMPTS: Final = 3
"""A page may ask as soon as it is opened, before Discord lists its instance (a 404 for a moment):
asked this often, ``RETRY_WAIT`` apart, before it is refused."""
RETRY_WAIT: Final = 0.5  # seconds


@dataclass(frozen=True, slots=True)
class Where:
    """The server (None in a DM) and channel an Activity instance runs in, and who is in it."""

    guild_id: str | None
    channel_id: str
    users: frozenset[str]


async def instance_where(http: HTTPClient, application_id: int, instance_id: Any) -> Where:
    """Where Discord says the instance runs; ``NotAuthorized`` if it names none, Discord knows
    none such (after ``ATTEMPTS``) or cannot be asked."""
    if not isinstance(instance_id, str) or not INSTANCE_ID.fullmatch(instance_id):
        raise NotAuthorized("the hello names no Activity instance")
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
                raise NotAuthorized(f"Discord knows no Activity instance {instance_id!r}") from None
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            raise NotAuthorized(f"the Activity instance was not read: {exc}") from None
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
        raise NotAuthorized(f"Discord's answer for the Activity instance {instance_id!r} is not one")
    guild = location.get("guild_id")
    return Where(
        guild if _is_id(guild) else None,
        location["channel_id"],
        frozenset(user for user in users if _is_id(user)),
    )


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and SNOWFLAKE.fullmatch(value) is not None
