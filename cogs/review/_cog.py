"""The review cog: what the review's buttons and ``/hearts replay`` do. A thin adapter: which hand
may be seen, the coach and its saving are ``bot.review``'s; the words and frames ``bot.text``'s;
the pictures ``bot.render``'s (drawn in a thread, off the event loop).

Every answer to a click is private (the replay and the coach are the reader's own); the command's
replay is public, and only of a game that is over. A reader who played the hand gets the coach's
findings: saved ones at once, else "being prepared" while the coach runs in the background, and
the message is updated when it is done (within the interaction's 15 minutes; after that, the next
◀ ▶ click shows it).
"""

from __future__ import annotations

import asyncio
import io
import logging
from functools import lru_cache, partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import HeartsClient
from bot.client.answers import defer_private, private_answer, reader_locale
from bot.client.permissions import in_thread, missing_permissions, permission_names
from bot.client.review import REVIEW_COG, ReviewButton, review_view
from bot.daily.service import deals_public_at
from bot.render.replay import ReplayFrame, render, render_animation
from bot.review.coach import CoachReport
from bot.review.history import HandRecord
from bot.review.ids import ReviewAt, ReviewControl
from bot.review.service import ReviewRefused, ReviewService, ReviewSettings
from bot.text import public_locale, t
from bot.text.markdown import text_name
from bot.text.review import animation_alt, coach_lines, frame_alt, points_line, refusal, replay_frames
from cogs.review._controls import steps_view

log = logging.getLogger(__name__)

GuildChannel = discord.abc.GuildChannel  # (a fetched channel may be any of the server's kinds)

NO_PINGS = discord.AllowedMentions.none()
HEARTS_GROUP = "hearts"


@lru_cache(maxsize=16)
def _animation(frames: tuple[ReplayFrame, ...]) -> bytes:
    """A hand's animation, drawn once per set of frames (a hand looked at again is not redrawn)."""
    return render_animation(frames)


def _heading(record: HandRecord, names: list[str], lang: str) -> list[str]:
    """Which hand this is, and its points."""
    return [
        t("review.intro", lang, table=record.table_id, hand=record.hand_number),
        _points(record, names, lang),
    ]


def _points(record: HandRecord, names: list[str], lang: str) -> str:
    """The hand's points per seat in message text: the names escaped (the frames draw them as
    they are)."""
    return points_line(record, [text_name(name) for name in names], lang)


@app_commands.describe(table="The table's number (#)", hand="Which hand (1 is the first)")
async def replay(
    interaction: discord.Interaction[Any],
    table: app_commands.Range[int, 1, 2**53],
    hand: app_commands.Range[int, 1, 10_000],
) -> None:
    """``/hearts replay``: handed to the review cog (the command lives in the Hearts group)."""
    cog = interaction.client.get_cog(REVIEW_COG) if isinstance(interaction.client, commands.Bot) else None
    if not isinstance(cog, Review):
        raise RuntimeError("the review extension is not loaded")
    await cog.post_replay(interaction, table, hand)


REPLAY_COMMAND: app_commands.Command[Any, ..., None] = app_commands.Command(
    name="replay",
    description="Post a face-up replay of a hand of a finished game in this channel",
    callback=replay,
)


class Review(commands.Cog, name=REVIEW_COG):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self._updates: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        service = self.bot.service
        settings = ReviewSettings(budget=self.bot.settings.review_budget)
        self.reviews = ReviewService(
            self.bot.db, service.computers, service.clock, settings, partial(deals_public_at, self.bot.db)
        )
        self.bot.add_dynamic_items(ReviewButton)
        self._hearts_group().add_command(REPLAY_COMMAND)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReviewButton)
        group = self.bot.tree.get_command(HEARTS_GROUP)
        if isinstance(group, app_commands.Group):
            group.remove_command(REPLAY_COMMAND.name)
        for task in self._updates:
            task.cancel()
        await self.reviews.close()

    def _hearts_group(self) -> app_commands.Group:
        """The Hearts extension's ``/hearts`` group: ``replay`` is one of its subcommands, added
        here so that the extensions need not import each other (load this one after it)."""
        group = self.bot.tree.get_command(HEARTS_GROUP)
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("the review extension needs the Hearts extension loaded first")
        return group

    # -- clicks ----------------------------------------------------------------------------------

    async def clicked(self, interaction: discord.Interaction[Any], at: ReviewAt) -> None:
        if at.control is ReviewControl.STEP:
            await interaction.response.defer()  # an update of the replay message itself
        else:
            await defer_private(interaction)
        lang = await reader_locale(interaction)
        record = await self._record(interaction, at.table, at.hand, lang, str(interaction.user.id))
        if record is None:
            return
        names = await self._names(record, lang)
        frames = replay_frames(record, names, lang)
        if at.control is ReviewControl.ANIMATION:
            gif = await asyncio.to_thread(_animation, tuple(frames))
            alt = animation_alt(record, len(frames), lang)
            file = discord.File(io.BytesIO(gif), filename="replay.gif", description=alt)
            text = t("review.animation", lang, table=record.table_id, hand=record.hand_number)
            await private_answer(interaction, text, file=file)
            return
        step = min(at.step, len(frames) - 1)
        content, coach = await self._content(record, names, str(interaction.user.id), lang)
        png = await asyncio.to_thread(render, frames[step])
        file = discord.File(io.BytesIO(png), filename="replay.png", description=frame_alt(frames[step], lang))
        view = steps_view(record.table_id, record.hand_number, step, len(frames), lang)
        if at.control is ReviewControl.STEP:
            await interaction.edit_original_response(content=content, attachments=[file], view=view)
        else:
            await private_answer(interaction, content, file=file, view=view)
        if coach is not None:
            self._update_when_coached(interaction, coach, record, names, lang)

    async def _record(
        self, interaction: discord.Interaction[Any], table: int, hand: int, lang: str, reader: str | None
    ) -> HandRecord | None:
        """The hand, or None after telling the reader privately why they can't see it. A public
        replay (no ``reader``) is of a table played where the one asking can see."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        sees = None if reader is not None else partial(_sees, interaction)
        try:
            asker = str(interaction.user.id)
            return await self.reviews.hand(table, hand, guild, reader=reader, asker=asker, sees=sees)
        except ReviewRefused as refused:
            await private_answer(interaction, refusal(refused, lang))
            return None

    async def _names(self, record: HandRecord, lang: str) -> list[str]:
        """The seats' names as the table showed them (saved with the table), else as last seen."""
        saved = await self.bot.db.presenter_data(record.table_id)
        people = [o.player_id for o in record.seats if not o.is_computer and o.player_id is not None]
        seen = await self.bot.known_names.lookup(
            [p for p in people if f"name:{p}" not in saved], record.guild_id
        )
        out = []
        for seat, occupant in enumerate(record.seats):
            player = occupant.player_id
            if occupant.is_computer or player is None:
                out.append(t("seat.computer", lang, number=seat + 1))
            else:
                known = saved.get(f"name:{player}") or seen.get(player)
                out.append(known or t("seat.unknown_player", lang, short=player[-4:]))
        return out

    async def _content(
        self, record: HandRecord, names: list[str], reader: str, lang: str
    ) -> tuple[str, asyncio.Task[CoachReport] | None]:
        """The replay's text: which hand, its points, and the coach for a reader who played it;
        with the coach's run when it is being prepared (started in the background if needed)."""
        lines = _heading(record, names, lang)
        seat = record.seat_of(reader)
        coach = None
        if seat is None:
            lines.append(t("review.coach.spectator", lang))
        else:
            report = await self.reviews.saved(record, seat)
            if report is not None:
                lines += coach_lines(report, lang)
            else:
                coach = self.reviews.prepare(record, seat)
                lines.append(t("review.coach.preparing", lang))
        return "\n".join(lines), coach

    def _update_when_coached(
        self,
        interaction: discord.Interaction[Any],
        coach: asyncio.Task[CoachReport],
        record: HandRecord,
        names: list[str],
        lang: str,
    ) -> None:
        """Once the review being prepared is saved, show it on the reader's message."""

        async def update() -> None:
            try:
                report = await coach
            except Exception:
                log.exception("review of table %d hand %d failed", record.table_id, record.hand_number)
                try:
                    await interaction.followup.send(t("review.coach.failed", lang), ephemeral=True)
                except discord.HTTPException as exc:  # the token expired (a long wait in the lane)
                    log.info("review failure not told: %s", exc)
                return
            lines = [*_heading(record, names, lang), *coach_lines(report, lang)]
            try:
                await interaction.edit_original_response(content="\n".join(lines))
            except discord.HTTPException as exc:  # the message was dismissed, or the token expired
                log.info("review message not updated: %s", exc)

        task = asyncio.create_task(update())
        self._updates.add(task)
        task.add_done_callback(self._updates.discard)

    # -- /hearts replay ---------------------------------------------------------------------------

    async def post_replay(self, interaction: discord.Interaction[Any], table: int, hand: int) -> None:
        """A finished game's hand, animated, posted in the channel; refusals are private (also
        where the bot may not post it: said before anything is drawn)."""
        lang = await reader_locale(interaction)
        missing = missing_permissions(interaction.app_permissions, in_thread=in_thread(interaction))
        if missing:
            text = t("review.missing_permissions", lang, permissions=permission_names(missing, lang))
            await interaction.response.send_message(text, ephemeral=True)
            return
        await defer_private(interaction)
        record = await self._record(interaction, table, hand, lang, None)
        if record is None:
            return
        settings = await self.bot.service.server_settings(str(interaction.guild_id))
        public = public_locale(settings, interaction.guild_locale.value if interaction.guild_locale else None)
        names = await self._names(record, public)
        frames = replay_frames(record, names, public)
        gif = await asyncio.to_thread(_animation, tuple(frames))
        file = discord.File(
            io.BytesIO(gif), filename="replay.gif", description=animation_alt(record, len(frames), public)
        )
        text = "\n".join(
            [
                t(
                    "review.public",
                    public,
                    table=table,
                    hand=hand,
                    name=text_name(interaction.user.display_name),
                ),
                _points(record, names, public),
            ]
        )
        channel = self.bot.get_partial_messageable(interaction.channel_id or 0)
        await channel.send(
            content=text, file=file, view=review_view(table, hand, public), allowed_mentions=NO_PINGS
        )
        await private_answer(interaction, t("review.posted", lang, table=table, hand=hand))


async def _sees(interaction: discord.Interaction[Any], channel_id: str) -> bool:
    """Whether the one asking may see the channel a table was played in (a game's thread is in
    it): a table of a channel they can't see, or of none of this server's (a daily game, in a DM),
    is not theirs to post unless they played it. A private thread takes its permissions from its
    parent, but only its members see it, and those who may manage the parent's threads."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not channel_id.isdigit() or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(int(channel_id)) or await _archived(guild, int(channel_id))
    if channel is None:
        return False
    allowed = channel.permissions_for(member)
    if not allowed.view_channel:
        return False
    if not isinstance(channel, discord.Thread) or not channel.is_private() or allowed.manage_threads:
        return True
    return await _in_thread(channel, member.id)


async def _archived(guild: discord.Guild, channel_id: int) -> GuildChannel | discord.Thread | None:
    """A channel of ``guild`` the gateway's cache does not hold, as Discord has it: a thread archived
    since its game (a finished game's thread archives itself after a day idle, and discord.py drops
    archived threads). None if Discord says it is gone or hidden from the bot: then no one but the
    game's players may see its table."""
    try:
        return await guild.fetch_channel(channel_id)
    except discord.HTTPException as exc:
        log.info("channel %s of a reviewed table not read: %s", channel_id, exc)
        return None


async def _in_thread(thread: discord.Thread, user_id: int) -> bool:
    """Whether ``user_id`` is a member of ``thread``: as the gateway told the bot, else as Discord
    answers (the gateway tells others' joins only with the members intent). A thread the bot can no
    longer read answers no: it is not shown to anyone on a guess."""
    if any(m.id == user_id for m in thread.members):
        return True
    try:
        await thread.fetch_member(user_id)
    except (discord.NotFound, discord.Forbidden):
        return False
    return True
