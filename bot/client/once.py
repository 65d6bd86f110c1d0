"""Showing an event that may already be on Discord: the bot may have been stopped after posting a
message and before the outbox noted it (``bot.tables.presenter``). Such an event is offered
``again`` at the next start, and each of its posts first looks whether the bot's last messages in
that channel already say it."""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

HISTORY_LOOK = 25  # a channel's last messages searched for one posted just before a restart


async def posted(
    client: discord.Client, channel: discord.abc.Messageable, content: str
) -> discord.Message | None:
    """The bot's message that says ``content`` among the last ones in ``channel``, if any (if the
    history can't be read: None, and it is posted: better twice than never)."""
    me = client.user
    if me is None:
        return None
    try:
        async for message in channel.history(limit=HISTORY_LOOK):
            if message.author.id == me.id and message.content == content:
                return message
    except discord.HTTPException as exc:
        log.warning("history of channel not read (the message is posted): %s", exc)
    return None
