"""``/hearts-event new | start | standings | list``: a top-level group of its own. ``new`` answers
with the public sign-up message (Join and Leave); everything else, and every refusal, privately.

The ``Events`` cog makes the service over the app's table service and database (the server's
shard owner runs an event: ``Settings.owns_server``), attaches its presenter and starts it."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import Level
from bot.client import HeartsClient
from bot.client.answers import actor_of, defer_private, private_answer, reader_locale
from bot.client.server import learn_name, names_in, server_language
from bot.engine.rules import FivePlayerRemoval, MoonScoring, Omnibus, PassRotation
from bot.events import Event, EventOptions, EventRefused, EventService, EventStatus
from bot.storage import StorageUnavailable
from bot.tables.requests import TableRequest
from bot.text import t
from bot.text.commands import choice_key, english
from bot.text.events import board_text, list_text, refusal_text
from bot.text.limits import MESSAGE_MAX
from bot.text.markdown import text_name
from cogs.events._presenter import COG_NAME, DiscordEventPresenter, SignupButton, signup_view

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
LEVELS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=level.value, value=level.value) for level in Level
]
# The rule options of /hearts new (their words are the catalogues', as there).
RULE_OPTIONS = (
    "moon",
    "omnibus",
    "passing",
    "all_tricks",
    "queen_breaks_hearts",
    "black_maria_less",
    "tournament",
    "five_player_removal",
)


def _choices(values: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=english(choice_key(v)), value=v) for v in values]


MOONS = _choices([m.value for m in MoonScoring])
OMNIBUS = _choices([o.value for o in Omnibus])
PASSING = _choices([p.value for p in PassRotation])
FIVE_REMOVAL = _choices([f.name for f in FivePlayerRemoval])


class Events(commands.Cog, name=COG_NAME):
    group = app_commands.Group(
        name="hearts-event",
        description="Server events: duplicate Hearts tournaments over several rounds",
        # Offered in servers only (a group's guild_only alone leaves Discord's contexts unset).
        allowed_contexts=app_commands.AppCommandContext(guild=True),
    )

    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self.service = EventService(bot.service, bot.db, owns=bot.settings.owns_server)
        self.presenter = DiscordEventPresenter(bot, self.service)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SignupButton)
        self.service.attach(self.presenter)
        await self.service.start()

    async def cog_unload(self) -> None:
        await self.service.stop()
        self.bot.remove_dynamic_items(SignupButton)

    async def _refused(self, interaction: discord.Interaction[Any], exc: EventRefused) -> None:
        await private_answer(interaction, refusal_text(exc, await reader_locale(interaction)))

    @group.command(name="new", description="Open a new event for sign-up in this channel (managers)")
    @app_commands.describe(
        name="The event's name",
        rounds="Number of rounds (1 to 10)",
        hands="Hands per round",
        seats="Players per table (3 to 7); computers fill empty seats",
        seconds="Time for each move in seconds (15 to 86400)",
        deadline="Hours each round may last (1 to 168)",
        computers="Strength of the computer players: easy, normal or hard",
        starts_in="Start by itself this many hours from now (1 to 720)",
        **{o: english(f"command.hearts-event.new.option.{o}.description") for o in RULE_OPTIONS},
    )
    @app_commands.choices(
        computers=LEVELS, moon=MOONS, omnibus=OMNIBUS, passing=PASSING, five_player_removal=FIVE_REMOVAL
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 80],
        rounds: app_commands.Range[int, 1, 10] = 3,
        hands: app_commands.Range[int, 1, 20] = 4,
        seats: app_commands.Range[int, 3, 7] = 4,
        seconds: app_commands.Range[int, 15, 86400] = 60,
        deadline: app_commands.Range[int, 1, 168] = 24,
        computers: str | None = None,
        moon: str | None = None,
        omnibus: str | None = None,
        passing: str | None = None,
        all_tricks: bool | None = None,
        queen_breaks_hearts: bool | None = None,
        black_maria_less: bool | None = None,
        tournament: bool | None = None,
        five_player_removal: str | None = None,
        starts_in: app_commands.Range[int, 1, 720] | None = None,
    ) -> None:
        """The rule options of ``/hearts new``, checked by the table service as for a table (a
        forged value is refused there); the rules not given are the server's table defaults."""
        learn_name(self.bot, interaction.user)
        guild = str(interaction.guild_id)
        request = TableRequest(
            seats=seats,
            hands=hands,
            time_limit=seconds,
            computers=computers,
            moon=moon,
            omnibus=omnibus,
            passing=passing,
            all_tricks=all_tricks,
            queen_breaks_hearts=queen_breaks_hearts,
            black_maria_less=black_maria_less,
            tournament=tournament,
            five_player_removal=five_player_removal,
        )
        table = await self.bot.service.requested_options(guild, str(interaction.channel_id), request)
        starts_at = None if starts_in is None else self.bot.service.clock.now() + starts_in * 3600.0
        options = EventOptions(table, rounds=rounds, deadline=deadline * 3600.0, starts_at=starts_at)
        actor, channel = actor_of(interaction), str(interaction.channel_id)
        try:
            options = await self.service.may_open(actor, guild, channel, options)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        # Acknowledged before the writer (another process's write may hold it past Discord's
        # 3 s), in public: the sign-up message takes the loading message's place.
        await interaction.response.defer(thinking=True)
        try:
            # The loading message becomes the sign-up: its id is saved with the event.
            loading = await interaction.original_response()
            event = await self.service.new(actor, guild, channel, name, options, str(loading.id))
        except EventRefused as exc:  # said privately: the public loading message is taken back
            await self._refused(interaction, exc)
            return
        try:
            locale = await server_language(self.bot, guild)
            view = signup_view(event, locale)
            assert view is not None  # a new event is in sign-up
            content = await self.presenter.signup_content(event, locale)
            await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_PINGS)
        except Exception:
            # Not shown: the event is taken back, so that the answer's "nothing was changed" is true
            if not await self.service.discard_new(event):
                return  # somebody joined it: its sign-up was shown after all (the answer was lost)
            raise  # (its answer, private, takes the public loading message back)

    async def _refresh(self, changed: Event) -> None:
        """The sign-up message after a change the service made (``changed``, as it returned it):
        from the event as it is now, which the change's own work may have moved on (a resumed
        round scored, the event finished); ``changed`` if it can't be read just then."""
        try:
            latest = await self.service.event(changed.guild_id, changed.event_id)
        except StorageUnavailable:
            latest = changed
        await self.presenter.refresh_signup(latest)

    async def signup_click(self, interaction: discord.Interaction[Any], action: str, event_id: int) -> None:
        learn_name(self.bot, interaction.user)
        # Acknowledged before the writer (another process's write may hold it past Discord's 3 s):
        # the sign-up message is edited once the entry is written, and the person told privately.
        await interaction.response.defer()
        guild = str(interaction.guild_id)
        locale = await reader_locale(interaction)
        try:
            if action == "join":
                event = await self.service.join(actor_of(interaction), guild, event_id)
                key = "event.joined"
            else:
                left = await self.service.leave(actor_of(interaction), guild, event_id)
                event = left.event  # out as in sign-up unless they withdrew (seated once started)
                key = "event.withdrawn" if left.withdrew else "event.left"
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        public = await server_language(self.bot, guild)
        try:
            content = await self.presenter.signup_content(event, public)
        except StorageUnavailable as exc:  # the entry stands; the list catches up later
            log.warning("sign-up message of event %d not updated: %s", event_id, exc)
        else:
            await interaction.edit_original_response(content=content, allowed_mentions=NO_PINGS)
        await interaction.followup.send(t(key, locale, name=text_name(event.name)), ephemeral=True)

    @group.command(name="cancel", description="Cancel an event (its organiser or managers)")
    @app_commands.describe(event="The event's number")
    async def cancel(self, interaction: discord.Interaction[Any], event: int) -> None:
        await defer_private(interaction)
        try:
            cancelled = await self.service.cancel(actor_of(interaction), str(interaction.guild_id), event)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        await self.presenter.refresh_signup(cancelled)
        locale = await reader_locale(interaction)
        await private_answer(interaction, t("event.cancelled", locale, name=text_name(cancelled.name)))

    @group.command(
        name="pause",
        description="Pause an event: no round is scored or seated until resumed (organiser)",
    )
    @app_commands.describe(event="The event's number")
    async def pause(self, interaction: discord.Interaction[Any], event: int) -> None:
        await self._pause_or_resume(interaction, event, pause=True)

    @group.command(name="resume", description="Resume a paused event (its organiser or managers)")
    @app_commands.describe(event="The event's number")
    async def resume(self, interaction: discord.Interaction[Any], event: int) -> None:
        await self._pause_or_resume(interaction, event, pause=False)

    async def _pause_or_resume(
        self, interaction: discord.Interaction[Any], event: int, *, pause: bool
    ) -> None:
        await defer_private(interaction)
        actor, guild = actor_of(interaction), str(interaction.guild_id)
        try:
            if pause:
                changed = await self.service.pause(actor, guild, event)
            else:
                changed = await self.service.resume(actor, guild, event)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        await self._refresh(changed)
        key = "event.paused" if pause else "event.resumed"
        name = text_name(changed.name)
        await private_answer(interaction, t(key, await reader_locale(interaction), name=name))

    @group.command(
        name="remove", description="Remove an entrant: a computer plays their seat (organiser or managers)"
    )
    @app_commands.describe(event="The event's number", member="The entrant to remove")
    async def remove(self, interaction: discord.Interaction[Any], event: int, member: discord.User) -> None:
        await defer_private(interaction)
        guild = str(interaction.guild_id)
        try:
            found = await self.service.remove(actor_of(interaction), guild, event, str(member.id))
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        await self._refresh(found)
        locale = await reader_locale(interaction)
        text = t("event.removed", locale, member=member.mention, name=text_name(found.name))
        await private_answer(interaction, text, allowed_mentions=NO_PINGS)

    @group.command(name="withdraw", description="Withdraw from an event; your results so far stay")
    @app_commands.describe(event="The event's number")
    async def withdraw(self, interaction: discord.Interaction[Any], event: int) -> None:
        await defer_private(interaction)
        guild = str(interaction.guild_id)
        try:
            left = await self.service.leave(actor_of(interaction), guild, event)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        await self._refresh(left.event)
        key = "event.withdrawn" if left.withdrew else "event.left"
        name = text_name(left.event.name)
        await private_answer(interaction, t(key, await reader_locale(interaction), name=name))

    @group.command(name="start", description="Start an event: seat round 1 (its organiser or managers)")
    @app_commands.describe(event="The event's number")
    async def start(self, interaction: discord.Interaction[Any], event: int) -> None:
        await defer_private(interaction)
        try:
            started = await self.service.begin(actor_of(interaction), str(interaction.guild_id), event)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        await private_answer(
            interaction, t("event.started", await reader_locale(interaction), name=text_name(started.name))
        )

    @group.command(name="standings", description="An event's standings")
    @app_commands.describe(event="The event's number (default: the latest)")
    async def standings(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer_private(interaction)
        locale = await reader_locale(interaction)
        guild = str(interaction.guild_id)
        try:
            if event is None:
                latest = await self.service.events(guild)
                if not latest:
                    await private_answer(interaction, t("event.list.empty", locale))
                    return
                chosen = latest[0]
            else:
                chosen = await self.service.event(guild, event)
        except EventRefused as exc:
            await self._refused(interaction, exc)
            return
        # After the last round scored, as posted in the thread: not the hands of a round in play.
        scored = await self.service.last_scored(chosen)
        rows = await self.service.standings(chosen, through=scored)
        if not any(s.rounds for s in rows):
            await private_answer(interaction, t("event.standings.none", locale, name=text_name(chosen.name)))
            return
        final = chosen.status is EventStatus.FINISHED
        asker = str(interaction.user.id)
        file = await self.presenter.standings_file(chosen, scored, rows, final, locale, asker)
        text = (
            text_name(chosen.name)
            if final
            else t("event.standings.after", locale, round=scored, rounds=chosen.options.rounds)
        )
        await private_answer(interaction, text, file=file, allowed_mentions=NO_PINGS)

    @group.command(
        name="board", description="This server's events board: ranking points from every finished event"
    )
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await defer_private(interaction)
        guild = str(interaction.guild_id)
        lines = await self.service.board(guild)
        finished = sum(1 for e in await self.service.events(guild) if e.status is EventStatus.FINISHED)
        names = await names_in(self.bot, guild, [line.person for line in lines])
        text = board_text(lines, finished, names, await reader_locale(interaction))
        await private_answer(interaction, text[:MESSAGE_MAX], allowed_mentions=NO_PINGS)

    @group.command(name="list", description="This server's events")
    async def list(self, interaction: discord.Interaction[Any]) -> None:
        await defer_private(interaction)
        events = (await self.service.events(str(interaction.guild_id)))[:20]
        counted = [(e, sum(1 for x in await self.service.entrants(e.event_id) if x.playing)) for e in events]
        text = list_text(counted, await reader_locale(interaction))
        await private_answer(interaction, text, allowed_mentions=NO_PINGS)
