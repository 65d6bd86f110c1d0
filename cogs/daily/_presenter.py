"""The daily challenge's events on Discord: a person's result, which is the end of their daily
game (a DM, in their language: each hand against par in a picture, the result line, the Share
button; the Hearts presenter names no winner of a daily game), and a closed day's summary in a
server's daily channel (its language: the day's final board as an image, the deals as text), or,
where the bot lacks permission there, one line to the admins."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
import re
from collections.abc import Callable
from typing import Any, Final

import discord

from bot.client import HeartsClient
from bot.client.answers import defer_private, private_answer, reader_locale, to_cog
from bot.client.once import UNDELIVERED, posted, posted_where
from bot.client.server import names_in, server_language, summary_channel, tell_admins
from bot.daily import BadDay, DailyRefused, DailyResult, DailyService, DayBoard, DaySummary, LateFinish
from bot.render.daily_board import render as render_board
from bot.render.daily_result import render as render_result
from bot.storage import StorageUnavailable
from bot.tables.in_flight import InFlight
from bot.tables.presenter import NotDelivered
from bot.text import t
from bot.text.daily import (
    board_alt,
    board_image,
    result_alt,
    result_image,
    result_text,
    share_line,
    summary_text,
)

log = logging.getLogger(__name__)

COG_NAME: Final = "Daily"
NO_PINGS = discord.AllowedMentions.none()
SHARE_TEMPLATE: Final = r"hh:daily:share:(?P<day>\d{4}-\d{2}-\d{2})"
BOARD_IMAGE: Final = "daily.png"
# Where a Share line is posted: the channel (or thread) a daily attempt was started from.
Postable = discord.TextChannel | discord.VoiceChannel | discord.StageChannel | discord.Thread
RESULT_IMAGE: Final = "daily_result.png"


def share_id(day: str) -> str:
    """The Share button's id: the day only (the person is whoever clicks; a result is theirs)."""
    return f"hh:daily:share:{day}"


class ShareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SHARE_TEMPLATE):
    """Posts the clicker's spoiler-free result line of that day where they started it."""

    def __init__(self, day: str, label: str = "Share") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=share_id(day), emoji="📣"
            )
        )
        self.day = day

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ShareButton:
        return cls(match["day"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await to_cog(interaction, COG_NAME, "share", self.day)


async def board_file(
    board: DayBoard, names: dict[str, str], closes: float | None, locale: str, asker: str | None = None
) -> discord.File:
    """The day's board as its own image (``closes``: while the day is open; None: final),
    rendered off the event loop, with its alt text: the top of the board and how many more, and
    ``asker``'s own row (a private ask) when it is further down."""
    image = board_image(board, names, closes, locale, asker)
    png = await asyncio.to_thread(render_board, image)
    alt = board_alt(board, names, image, locale, asker)
    return discord.File(io.BytesIO(png), filename=BOARD_IMAGE, description=alt)


async def result_file(result: DailyResult, locale: str) -> discord.File:
    """The end of the person's game: each hand against par, and the result line."""
    png = await asyncio.to_thread(render_result, result_image(result, locale))
    return discord.File(io.BytesIO(png), filename=RESULT_IMAGE, description=result_alt(result, locale))


def _shares(custom_id: str) -> Callable[[discord.Message], bool]:
    """Whether a message carries the Share button ``custom_id``: a day's result DM (one a day)."""

    def says(message: discord.Message) -> bool:
        return any(
            getattr(item, "custom_id", None) == custom_id
            for row in message.components
            for item in getattr(row, "children", ())
        )

    return says


class DiscordDailyPresenter:
    def __init__(self, bot: HeartsClient, service: DailyService) -> None:
        self.bot = bot
        self.service = service
        self._sharing = InFlight()  # a person's Share clicks, one at a time: one line for two

    async def server_language(self, guild_id: str) -> str:
        return await server_language(self.bot, guild_id)

    async def finished(self, result: DailyResult) -> None:
        """The end of the person's game, once its result is recorded: against par, not against the
        three computers (RULES.md §3a)."""
        attempt = await self.service.attempt(result.player_id, result.day)
        locale = attempt.locale if attempt is not None else "en"
        view = discord.ui.View(timeout=None)
        view.add_item(ShareButton(result.day.isoformat(), t("button.daily_share", locale)))
        try:
            dm = await self.bot.create_dm(discord.Object(int(result.player_id)))
            if result.again and await posted_where(self.bot, dm, _shares(share_id(result.day.isoformat()))):
                return  # out before the bot stopped (its place may read otherwise now): not twice
            file = await result_file(result, locale)
            await dm.send(result_text(result, locale), file=file, view=view, allowed_mentions=NO_PINGS)
        except UNDELIVERED as exc:  # may pass: the result stays owed, and is sent again later
            raise NotDelivered(repr(exc)) from exc
        except discord.HTTPException as exc:  # DMs closed since: /hearts daily board still shows it
            log.warning("daily result not sent to %s: %s", result.player_id, exc)

    async def too_late(self, late: LateFinish) -> None:
        """A game played to its end after its day closed, or ended unfinished by the close: no
        result, and the person is told why (else the end of their game would say nothing at all)."""
        attempt = await self.service.attempt(late.player_id, late.day)
        locale = attempt.locale if attempt is not None else "en"
        text = t("daily.too_late", locale, number=late.number, day=late.day.isoformat())
        try:
            dm = await self.bot.create_dm(discord.Object(int(late.player_id)))
            await dm.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:  # DMs closed since: nothing else to say it with
            log.warning("daily late finish not told to %s: %s", late.player_id, exc)

    async def summary(self, summary: DaySummary) -> None:
        """The closed day's summary in the server's daily channel, else one line to the admins.
        Waits until the bot is connected: a summary owed after a downtime is worked out at start,
        before the gateway has told the bot of any server or channel."""
        await self.bot.wait_until_ready()
        locale = await self.server_language(summary.guild_id)
        channel, missing = summary_channel(self.bot, summary.channel_id)
        if channel is None or missing:
            await self._tell_admins(summary, missing, locale)
            return
        board = summary.board
        names = await names_in(self.bot, summary.guild_id, [e.player_id for e in board.entries])
        text = summary_text(board, summary.deals, names, locale)
        if summary.again and await posted(self.bot, channel, text):
            return  # out before the bot stopped, not noted: not twice
        await channel.send(text, file=await board_file(board, names, None, locale), allowed_mentions=NO_PINGS)

    async def _tell_admins(self, summary: DaySummary, missing: list[str], locale: str) -> None:
        """The summary is skipped: one line to the admins, in the server's system channel (where
        Discord posts its notices to them), else to the server's owner in a DM."""
        log.warning("daily summary of server %s skipped: no permission in its channel", summary.guild_id)
        names = ", ".join(t(f"permission.{p}", locale) for p in missing)
        text = t("daily.summary.no_permission", locale, channel=f"<#{summary.channel_id}>", permissions=names)
        await tell_admins(self.bot, summary.guild_id, text)

    async def share(self, interaction: discord.Interaction[Any], day_text: str) -> None:
        """A Share click: the clicker's own result of that day, one line, in the channel they
        started from, in that server's language, once: not by someone who may no longer post
        there (left, timed out, not allowed to send messages), and not a second time (its link
        instead: ``_earlier_share``). Acknowledged first: the reads and the post may take longer
        than Discord's 3 seconds."""
        await defer_private(interaction)
        locale = await reader_locale(interaction)
        player = str(interaction.user.id)
        try:
            day = self.service.parse_day(day_text, self.bot.service.clock.now())
            attempt = await self.service.attempt(player, day)
        except (BadDay, DailyRefused):  # an old DM's button: a day before this database's first
            attempt = None
        if attempt is None or attempt.total is None:
            await private_answer(interaction, t("daily.share_none", locale))
            return
        where = f"<#{attempt.channel_id}>"
        async with self._sharing.one(player):  # a double click: the second finds the first's line
            try:
                channel = await self._postable(attempt.guild_id, attempt.channel_id, interaction.user.id)
            except (discord.HTTPException, discord.ClientException) as exc:  # gone, or hidden from the bot
                log.info("daily share of %s not posted: %s", player, exc)
                await private_answer(interaction, t("daily.share_failed", locale, channel=where))
                return
            if channel is None:
                await private_answer(interaction, t("daily.share_not_allowed", locale, channel=where))
                return
            result = await self.service.result(day, player)
            public = await self.server_language(attempt.guild_id)
            line = share_line(interaction.user.display_name, result, public)
            earlier = await self._earlier_share(channel, day, player, line)
            if earlier is not None:
                await private_answer(interaction, t("daily.share_already", locale, link=earlier.jump_url))
                return
            try:
                message = await channel.send(line, allowed_mentions=NO_PINGS)
            except discord.HTTPException as exc:
                log.info("daily share of %s not posted: %s", player, exc)
                await private_answer(interaction, t("daily.share_failed", locale, channel=where))
                return
            await self._note_share(player, day, message.id)
        await private_answer(interaction, t("daily.shared", locale, channel=where))

    async def _earlier_share(
        self, channel: Postable, day: dt.date, player: str, line: str
    ) -> discord.Message | discord.PartialMessage | None:
        """The person's Share line of ``day`` if it is out already: the message noted with their
        result (read again here, after any earlier click's note), however the line would read now
        (another display name, another server language) and however many messages followed it.
        Else, as a fallback, the bot's message that says ``line`` among the channel's last ones:
        one Discord took whose note was lost (the bot stopped, or the database failed, between
        the send and the note; or shared before the notes were kept), noted now. A noted line
        that has been deleted since (404: a moderator, or the person with Manage Messages) is
        out no more, and is posted again; one that can't be read just now is out all the same."""
        attempt = await self.service.attempt(player, day)
        noted = None if attempt is None else attempt.share_message_id
        if noted is not None:
            message = channel.get_partial_message(int(noted))
            try:
                return await message.fetch()
            except discord.NotFound:
                log.info("daily share of %s was deleted: it may be posted again", player)
            except discord.HTTPException as exc:
                log.info("daily share of %s not read (%s): taken as out", player, exc)
                return message
        found = await posted(self.bot, channel, line)
        if found is not None:
            await self._note_share(player, day, found.id)
        return found

    async def _note_share(self, player: str, day: dt.date, message_id: int) -> None:
        """Note the person's Share line as out. If the database can't be written now, the line is
        out all the same: a later click finds it by its text (``_earlier_share``)."""
        try:
            await self.service.share_posted(player, day, str(message_id))
        except StorageUnavailable as exc:
            log.warning("daily share of %s posted, not noted: %s", player, exc)

    async def _postable(self, guild_id: str, channel_id: str, user_id: int) -> Postable | None:
        """The channel an attempt started from, if the person may still post there: a member of
        its server, not timed out (by the bot's clock), allowed to send messages there (in a
        thread: to send messages in threads). None if not. Read from the cache, else from Discord
        (a DM's click comes to shard 0, whose process may not have that server);
        ``discord.HTTPException`` if the channel can't be read (deleted, hidden from the bot)."""
        guild = self.bot.get_guild(int(guild_id)) or await self.bot.fetch_guild(int(guild_id))
        channel = guild.get_channel_or_thread(int(channel_id)) or await guild.fetch_channel(int(channel_id))
        if not isinstance(channel, Postable):  # (a command's channel always is)
            raise discord.ClientException(f"channel {channel_id} takes no messages")
        try:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.NotFound:  # they left the server (or were kicked, or banned)
            return None
        until = member.timed_out_until
        if until is not None and until.timestamp() > self.bot.service.clock.now():
            return None
        if isinstance(channel, discord.Thread):
            parent = channel.parent or await guild.fetch_channel(channel.parent_id)
            allowed = parent.permissions_for(member).send_messages_in_threads
        else:
            allowed = channel.permissions_for(member).send_messages
        return channel if allowed else None
