"""Where a table's public messages go when its place is gone.

A game is played in a thread made from its lobby message. A moderator may delete that thread (or
its channel), or take the bot's access to it: Discord then answers 404/10003 Unknown Channel or
403/50001 Missing Access for anything sent there. The game goes on regardless (its state is the
table service's), so its news moves: from the thread to the lobby's channel, with one line there
saying why; where that is gone too, the table has no place left, and the presenter sends what must
be seen (the game's end) to each person by DM. The move is saved with the table, so a restart keeps
posting where the game went.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.client.once import posted
from bot.text import t
from cogs.hearts._state import SavedState, TableMessages

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL: Final = 10003  # deleted (a thread, or its channel)
MISSING_ACCESS: Final = 50001  # the bot may no longer see it
PLACE_GONE: Final = frozenset({UNKNOWN_CHANNEL, MISSING_ACCESS})
NO_PINGS: Final = discord.AllowedMentions.none()


def place_gone(exc: discord.HTTPException) -> bool:
    """Whether Discord refused because the channel itself is gone (not a message, a permission)."""
    return exc.code in PLACE_GONE


class Places:
    """The table's place: its play channel (thread), else its lobby's channel, else none."""

    def __init__(self, client: discord.Client, saved: SavedState) -> None:
        self.client = client
        self.saved = saved

    @staticmethod
    def where(state: TableMessages) -> int | None:
        """The channel the table's public messages go to now (None: no place is left)."""
        if state.homeless:
            return None
        return state.play_channel or state.lobby_channel

    async def send(
        self, state: TableMessages, *, once: bool = False, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the table's place; where that is gone, move on and post in the next one. None:
        no place is left (the caller decides what must reach the players anyway). ``once``: where
        the bot's last messages there already say it (an event offered again after a restart), that
        message, not a second one."""
        while (channel_id := self.where(state)) is not None:
            channel = self.client.get_partial_messageable(channel_id)
            try:
                if once and (already := await posted(self.client, channel, kwargs.get("content", ""))):
                    return already
                return await channel.send(**kwargs)
            except discord.HTTPException as exc:
                if not place_gone(exc):
                    raise
                log.warning("table %d: channel %d is gone (%s)", state.table_id, channel_id, exc)
            await self.moved(state, channel_id)
            for value in kwargs.values():
                if isinstance(value, discord.File):
                    value.reset()  # sent again from its start
        return None

    async def moved(self, state: TableMessages, gone: int) -> None:
        """``gone`` answered that it is deleted or out of reach: the game goes on in the lobby's
        channel (saying why there, once), or, where that was the place, nowhere. A second sender
        that hit the same gone place finds the table already moved."""
        if self.where(state) != gone:
            return
        lobby = state.lobby_channel
        if lobby is not None and lobby != gone:
            state.play_channel, state.table_message = lobby, None  # a fresh table message there
            await self.saved.remember(state.table_id, "play_channel", str(lobby))
            await self.saved.remember(state.table_id, "table_message", None)
            why = t("announce.place_gone", state.locale, table=state.table_id)
            try:
                await self.client.get_partial_messageable(lobby).send(content=why, allowed_mentions=NO_PINGS)
                return
            except discord.HTTPException as exc:
                if not place_gone(exc):
                    raise
                log.warning("table %d: its lobby's channel %d is gone too (%s)", state.table_id, lobby, exc)
        state.homeless = True
        await self.saved.remember(state.table_id, "homeless", "1")
