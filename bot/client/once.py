"""Showing an event that may already be on Discord: the bot may have been stopped after posting a
message and before the outbox noted it (``bot.tables.presenter``). Such an event is offered
``again`` at the next start, and each of its posts first looks whether the bot's last messages in
that channel already say it."""

from __future__ import annotations

import logging
from collections.abc import Callable

import aiohttp
import discord

log = logging.getLogger(__name__)

HISTORY_LOOK = 25  # a channel's last messages searched for one posted just before a restart
# What a send may fail with and succeed later: Discord's 5xx, the network, a timeout (OSError).
UNDELIVERED = (discord.DiscordServerError, aiohttp.ClientError, OSError)


async def posted(
    client: discord.Client, channel: discord.abc.Messageable, content: str
) -> discord.Message | None:
    """The bot's message that says ``content`` among the last ones in ``channel``, if any (if the
    history can't be read: None, and it is posted: better twice than never)."""
    return await posted_where(client, channel, lambda message: message.content == content)


async def posted_where(
    client: discord.Client, channel: discord.abc.Messageable, says: Callable[[discord.Message], bool]
) -> discord.Message | None:
    """The bot's message among the last ones in ``channel`` for which ``says`` holds, if any: for
    a message whose words may differ the second time (a place on a board others join meanwhile)."""
    me = client.user
    if me is None:
        return None
    try:
        async for message in channel.history(limit=HISTORY_LOOK):
            if message.author.id == me.id and says(message):
                return message
    except discord.HTTPException as exc:
        log.warning("history of channel not read (the message is posted): %s", exc)
    return None
