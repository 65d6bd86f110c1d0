"""Where a table's public messages go when its place is gone.

A game is played in a thread made from its lobby message. A moderator may delete that thread (or
its channel), or take the bot's access to it: Discord then answers 404/10003 Unknown Channel or
403/50001 Missing Access for anything sent there. Or the bot may still see it but no longer post
there (a permission denied to it or to @everyone, a raid's lockdown, the thread locked): 403/50013
Missing Permissions, or 50083 for a post in a locked thread (an archived one a post would open).
Such a place is as good as gone: every later post would be refused too, and nobody would be told
(a player whose DMs are closed is reached only there). The game goes on regardless (its state is
the table service's), so its news moves: from the thread to the lobby's channel, with one line
there saying why; where that is gone too, the table has no place left, and the presenter sends what
must be seen (the game's end) to each person by DM. The move is saved with the table, so a restart
keeps posting where the game went.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.client.once import posted
from bot.client.permissions import missing_in, permission_names
from bot.text import t
from cogs.hearts._state import SavedState, TableMessages

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL: Final = 10003  # deleted (a thread, or its channel)
MISSING_ACCESS: Final = 50001  # the bot may no longer see it
PLACE_GONE: Final = frozenset({UNKNOWN_CHANNEL, MISSING_ACCESS})
MISSING_PERMISSIONS: Final = 50013  # the bot may see it, not post there
THREAD_ARCHIVED: Final = 50083  # a post's answer in a locked thread: the bot can't open it
NO_POSTING: Final = PLACE_GONE | {MISSING_PERMISSIONS, THREAD_ARCHIVED}
NO_PINGS: Final = discord.AllowedMentions.none()


def place_gone(exc: discord.HTTPException) -> bool:
    """Whether Discord refused because the channel itself is gone (not a message, a permission)."""
    return exc.code in PLACE_GONE


def may_not_post(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a post (or an edit) because the bot may not post in that place any
    more: gone, out of reach, a permission taken, a locked thread. An edit's 50083 is an archived
    thread's, which a post opens again: the caller's to tell apart."""
    return exc.code in NO_POSTING


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
                if not may_not_post(exc):
                    raise
                log.warning("table %d: no posting in channel %d (%s)", state.table_id, channel_id, exc)
            await self.moved(state, channel_id)
            for value in kwargs.values():
                if isinstance(value, discord.File):
                    value.reset()  # sent again from its start
        return None

    async def moved(self, state: TableMessages, gone: int) -> None:
        """``gone`` answered that it is deleted, out of reach or closed to the bot's posts: the game
        goes on in the lobby's channel (saying why there, once), or, where that was the place or
        refuses too, nowhere. A second sender that hit the same gone place finds the table already
        moved."""
        if self.where(state) != gone:
            return
        lobby = state.lobby_channel
        if lobby is not None and lobby != gone:
            state.play_channel, state.table_message = lobby, None  # a fresh table message there
            await self.saved.remember(state.table_id, "play_channel", str(lobby))
            await self.saved.remember(state.table_id, "table_message", None)
            try:
                await self.client.get_partial_messageable(lobby).send(
                    content=self._why(state, gone), allowed_mentions=NO_PINGS
                )
                return
            except discord.HTTPException as exc:
                if not may_not_post(exc):
                    raise
                log.warning("table %d: no posting in its lobby's channel %d (%s)", state.table_id, lobby, exc)
        await self.nowhere(state)

    async def nowhere(self, state: TableMessages) -> None:
        """No place is left for the table's news (saved: a restart posts nothing either)."""
        state.homeless = True
        await self.saved.remember(state.table_id, "homeless", "1")

    async def again(self, state: TableMessages) -> None:
        """A table with no place left tries its last one again (the lobby's channel, or the one it
        was to be played in): a permission taken may have been given back. Called once a hand, so
        a place still refused costs one refused post a hand, and then the table is nowhere again."""
        if state.homeless:
            state.homeless = False
            await self.saved.remember(state.table_id, "homeless", None)

    def _why(self, state: TableMessages, gone: int) -> str:
        """The line saying why the game moved: the permissions the bot lacks in the thread, where
        it still sees it (as when no thread could be made); else that it is gone (deleted, out of
        sight, or locked: no permission names that)."""
        thread = self.client.get_channel(gone)
        if isinstance(thread, discord.Thread) and thread.parent is not None:
            missing = missing_in(thread)
            if missing and missing != ["view_channel"]:
                names = permission_names(missing, state.locale)
                return t("announce.no_thread", state.locale, permissions=names, table=state.table_id)
        return t("announce.place_gone", state.locale, table=state.table_id)
