"""``/hearts daily play`` and ``/hearts daily board [day]``: a subgroup added to the ``/hearts``
group of the Hearts extension when this one loads (found in the command tree, so neither extension
imports the other).

Discord can't make ``/hearts daily`` both a command and the group of ``board``: a group is never
invoked itself, so today's challenge is ``/hearts daily play``.

The ``Daily`` cog makes the service (over the app's table service and database), attaches its
presenter, and starts it: the secret, the day's par and the summaries of closed days.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import HeartsClient
from bot.client.answers import actor_of, defer_private, private_answer, reader_locale
from bot.client.server import learn_name, names_in
from bot.daily import (
    BadDay,
    DailyRefusal,
    DailyRefused,
    DailyService,
    DailySettings,
    Origin,
    Pending,
    Started,
)
from bot.daily.days import closes_at
from bot.daily.days import today as day_at
from bot.tables.in_flight import InFlight
from bot.text import t
from bot.text.daily import board_text, earlier_text, final_board_text, intro_text, played_text
from bot.text.limits import MESSAGE_MAX
from bot.text.moments import timestamp
from cogs.daily._earlier import Choice, ChoiceButton, choice_view
from cogs.daily._presenter import COG_NAME, DiscordDailyPresenter, ShareButton, board_file

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
EXAMPLE_DAY = "2026-11-18"


class DailyGroup(app_commands.Group):
    """The ``daily`` subgroup of ``/hearts``; its commands call the cog."""

    def __init__(self, cog: Daily) -> None:
        super().__init__(
            name="daily", description="The daily challenge: the same four deals for everyone today"
        )
        self.cog = cog

    @app_commands.command(name="play", description="Play today's challenge, privately in your DMs")
    async def play(self, interaction: discord.Interaction[Any]) -> None:
        await self.cog.play(interaction)

    @app_commands.command(name="board", description="This server's ranking for a day's challenge")
    @app_commands.describe(day="YYYY-MM-DD or the challenge's number (default: today)")
    async def board(self, interaction: discord.Interaction[Any], day: str | None = None) -> None:
        await self.cog.board(interaction, day)


class Daily(commands.Cog, name=COG_NAME):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        settings = DailySettings(par_deals=bot.settings.daily_par_deals)
        self.service = DailyService(bot.service, bot.db, settings, owns=bot.settings.owns_server)
        self.presenter = DiscordDailyPresenter(bot, self.service)
        self.group = DailyGroup(self)
        self._beginning = InFlight()  # a person's start, one at a time: one intro for two clicks
        # (person, day) whose intro went out but whose start did not happen (the disk was full):
        # the next try starts it without a second intro (in memory: after a restart, one more).
        self._introduced: set[tuple[str, dt.date]] = set()

    async def cog_load(self) -> None:
        hearts = self.bot.tree.get_command("hearts")
        if not isinstance(hearts, app_commands.Group):
            raise RuntimeError("the daily challenge needs the Hearts extension loaded first")
        hearts.add_command(self.group)
        self.bot.add_dynamic_items(ShareButton, ChoiceButton)
        self.service.attach(self.presenter)
        await self.service.start()

    async def cog_unload(self) -> None:
        await self.service.stop()
        self.bot.remove_dynamic_items(ShareButton, ChoiceButton)
        hearts = self.bot.tree.get_command("hearts")
        if isinstance(hearts, app_commands.Group):
            hearts.remove_command(self.group.name)

    async def share(self, interaction: discord.Interaction[Any], day: str) -> None:
        await self.presenter.share(interaction, day)

    async def _in_server(self, interaction: discord.Interaction[Any]) -> bool:
        """Refuse outside a server (Discord offers /hearts only there); learn the person's name."""
        learn_name(self.bot, interaction.user)
        if interaction.guild_id is None:
            await private_answer(interaction, t("reply.guild_only", await reader_locale(interaction)))
            return False
        return True

    async def play(self, interaction: discord.Interaction[Any]) -> None:
        if not await self._in_server(interaction):
            return
        await defer_private(interaction)
        locale = await reader_locale(interaction)
        actor = actor_of(interaction)
        today = self.service.today()  # read once: a command running across midnight keeps its day
        try:
            pending = await self.service.pending(actor.user_id, today)
            if pending is not None:  # one daily game at a time: the person chooses
                await self._offer(interaction, pending, today, locale)
                return
            started = await self._begin(
                interaction, locale, today, lambda origin, dm: self.service.play(actor, origin, dm, today)
            )
        except DailyRefused as exc:
            await self._refused(interaction, exc, today, locale)
            return
        if started is not None:
            key = "daily.resumed" if started.resumed else "daily.started"
            await private_answer(interaction, t(key, locale, number=started.number))

    async def choose(self, interaction: discord.Interaction[Any], choice: Choice, day_text: str) -> None:
        """A click on the offer: go on with the earlier day's attempt, or give it up and start
        today's. A stale or second click (the attempt is over: finished, given up, or its day
        closed) changes nothing and says so."""
        await defer_private(interaction)
        locale = await reader_locale(interaction)
        actor = actor_of(interaction)
        today = self.service.today()  # read once, as a command
        try:
            pending = await self.service.pending(actor.user_id, today)
            if pending is None or pending.day.isoformat() != day_text:
                raise DailyRefused(DailyRefusal.OVER)
            day = pending.day
            if choice is Choice.GO_ON:
                started = await self._begin(
                    interaction,
                    locale,
                    day,
                    lambda origin, dm: self.service.go_on(actor, day, origin, dm, today),
                )
                text = t("daily.goes_on", locale, number=pending.number, day=day.isoformat())
            else:
                started = await self._begin(
                    interaction,
                    locale,
                    today,
                    lambda origin, dm: self.service.give_up(actor, day, origin, dm, today),
                )
                text = t("daily.given_up", locale, number=pending.number)
                if started is not None:
                    key = "daily.resumed" if started.resumed else "daily.started"
                    text += "\n" + t(key, locale, number=started.number)
        except DailyRefused as exc:
            await self._refused(interaction, exc, today, locale)
            return
        if started is not None:
            await private_answer(interaction, text)

    async def _begin(
        self,
        interaction: discord.Interaction[Any],
        locale: str,
        day: dt.date,
        start: Callable[[Origin, str], Awaitable[Started]],
    ) -> Started | None:
        """Start (or resume) ``day``'s attempt with ``start``, in the person's DMs: the intro
        first when it is new (it opens the DM: closed DMs fail here, before anything starts).
        None when answered already (the day was played, the DMs are closed). One start of a
        person's at a time: the second of two at once finds the attempt, and sends no intro, nor
        does a try after a start that failed."""
        person = str(interaction.user.id)
        async with self._beginning.one(person):
            number = self.service.number(day)
            attempt = await self.service.attempt(person, day)
            if attempt is not None and attempt.finished:
                await private_answer(interaction, played_text(number, day, locale))
                return None
            try:
                dm = await interaction.user.create_dm()
                if attempt is None and (person, day) not in self._introduced:
                    await dm.send(intro_text(number, day, locale), allowed_mentions=NO_PINGS)
            except discord.Forbidden:
                await private_answer(interaction, t("daily.dms_closed", locale))
                return None
            origin = Origin(str(interaction.guild_id), str(interaction.channel_id), locale)
            try:
                started = await start(origin, str(dm.id))
            except Exception:
                if attempt is None:  # its intro is in their DMs (sent now, or at a try before)
                    self._introduced.add((person, day))
                raise
            self._introduced.discard((person, day))  # (the attempt is there now)
            return started

    async def _offer(
        self, interaction: discord.Interaction[Any], pending: Pending, today: dt.date, locale: str
    ) -> None:
        number = self.service.number(today)
        await private_answer(
            interaction,
            earlier_text(pending.number, pending.day, number, locale),
            view=choice_view(pending.day, pending.number, number, locale),
        )

    async def board(self, interaction: discord.Interaction[Any], day_text: str | None) -> None:
        if not await self._in_server(interaction):
            return
        await defer_private(interaction)
        locale = await reader_locale(interaction)
        guild_id = str(interaction.guild_id)
        now = self.bot.service.clock.now()  # read once: the day named and whether it is open
        try:
            day = self.service.parse_day(day_text, now)
            board = await self.service.board(guild_id, day)
        except BadDay as exc:
            first = self.service.first_day or day_at(now)
            text = t(
                f"daily.bad_day.{exc.problem.value}", locale, example=EXAMPLE_DAY, first=first.isoformat()
            )
            await private_answer(interaction, text)
            return
        except DailyRefused as exc:
            if exc.code is DailyRefusal.NOBODY:
                number = self.service.number(day)
                await private_answer(
                    interaction, t("daily.board.nobody", locale, day=day.isoformat(), number=number)
                )
            else:
                await self._refused(interaction, exc, day_at(now), locale)
            return
        names = await names_in(self.bot, guild_id, [e.player_id for e in board.entries])
        closes = closes_at(day) if closes_at(day) > now else None
        if closes is None:  # the board is final, and the day's deals public: shown under it
            text = final_board_text(board, self.service.deals(day), names, locale)
        else:  # still open: the line saying until when comes after the board, never cut off
            still = t("daily.board.open", locale, closes=timestamp(closes, "R"))
            text = board_text(board, names, locale, MESSAGE_MAX - len(still) - 1) + "\n" + still
        file = await board_file(board, names, closes, locale, str(interaction.user.id))
        await private_answer(interaction, text, file=file, allowed_mentions=NO_PINGS)

    async def _refused(
        self, interaction: discord.Interaction[Any], exc: DailyRefused, today: dt.date, locale: str
    ) -> None:
        if exc.code is DailyRefusal.EARLIER and exc.pending is not None:
            await self._offer(interaction, exc.pending, today, locale)
        elif exc.code is DailyRefusal.PLAYED:
            await private_answer(interaction, played_text(self.service.number(today), today, locale))
        elif exc.code is DailyRefusal.OVER:
            await private_answer(interaction, t("daily.over", locale))
        elif exc.code is DailyRefusal.GAVE_UP and exc.pending is not None:
            given_up = t("daily.given_up", locale, number=exc.pending.number)
            await private_answer(interaction, given_up + "\n" + t("daily.start_later", locale))
        else:
            await private_answer(interaction, t("daily.not_ready", locale))
