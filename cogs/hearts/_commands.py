"""``/hearts``: open, join, leave, start and cancel tables; show your hand, the score sheet, the rules,
the guide (``help``) and your own settings (``me``); and ``/hearts-settings``, the server's defaults
and language (managers only). Every answer is in the reader's language (``presenter.reader``). A
thin adapter: every decision is the table service's.

The ``Hearts`` cog owns the game's Discord side for as long as the extension is loaded: in
``cog_load`` it makes the presenter (and its render workers), attaches it to the table service and
registers the controls; ``cog_unload`` stops them.

Over 400 lines because the option lists of ``/hearts new`` and ``/hearts-settings`` are long
declarations (every choice with its label); the logic per command is a few lines.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import Level
from bot.client import HeartsClient
from bot.client.answers import actor_of, defer_private, private_answer, reader_locale
from bot.client.permissions import in_thread, missing_in, missing_permissions, permission_names, role_missing
from bot.client.server import learn_name, summary_channel
from bot.engine.cards import parse_cards
from bot.engine.rules import MoonScoring, Omnibus, RuleSet, Scoring
from bot.engine.scoring import all_tricks_score, moon_score, moon_self_score
from bot.render import HandImage
from bot.storage import seasons
from bot.tables import Refused, TableRefusal, TableSnapshot, or_busy
from bot.tables.requests import (
    AUTOMATIC_PERSON,
    AUTOMATIC_SERVER,
    DECKS,
    HANDS,
    ON_OFF,
    SEATS,
    TARGET,
    PreferencesRequest,
    SettingsRequest,
    TableRequest,
)
from bot.tables.seasons import SeasonKind
from bot.tables.table import TableStatus
from bot.text import t
from bot.text.alt_text import hand_alt
from bot.text.commands import choice_key, english
from bot.text.help import help_images, help_page
from bot.text.languages import language_choices
from bot.text.locales import language_saved, language_setting, preferences_summary
from bot.text.seasons import change_line
from bot.text.seasons import settings_line as season_settings_line
from cogs.hearts import _wording as describe
from cogs.hearts._clicks import Clicks
from cogs.hearts._controls import ALL_ITEMS, COG_NAME
from cogs.hearts._images import RenderPool, process_pool
from cogs.hearts._presenter import REDRAW_INTERVAL, DiscordPresenter
from cogs.hearts._state import SavedState

log = logging.getLogger(__name__)

CHANNELS_SHOWN = 20  # allowed channels listed by /hearts-settings before "and N more"
NO_PINGS = discord.AllowedMentions.none()
SAMPLE_HAND = "5C QC 3D KD 8S QS 4H JH AH"
TIME_LIMITS: list[app_commands.Choice[int]] = [
    app_commands.Choice(name="15 seconds (live)", value=15),
    app_commands.Choice(name="30 seconds", value=30),
    app_commands.Choice(name="1 minute", value=60),
    app_commands.Choice(name="2 minutes", value=120),
    app_commands.Choice(name="5 minutes", value=300),
    app_commands.Choice(name="1 hour", value=3600),
    app_commands.Choice(name="12 hours", value=43200),
    app_commands.Choice(name="24 hours (slow play)", value=86400),
]
LEVELS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=level.value, value=level.value) for level in Level
]
# The labels quote the engine's scores for the standard game (the rules text gives a table's own).
_MOON = moon_score(RuleSet())
_MOON_SELF = moon_self_score(RuleSet(moon=MoonScoring.SHOOTER_CHOOSES))
_ALL_TRICKS = all_tricks_score(RuleSet(all_tricks_bonus=True))
_TOURNAMENT_MOON = moon_score(RuleSet(scoring=Scoring.TOURNAMENT))
_TOURNAMENT_ALL = all_tricks_score(RuleSet(scoring=Scoring.TOURNAMENT, all_tricks_bonus=True))
_BONUS = describe.signed(RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS).bonus_points)
assert _MOON_SELF is not None and _ALL_TRICKS is not None and _TOURNAMENT_ALL is not None
_ALL_TRICKS_HINT = f"Taking every trick gives every other player {describe.signed(_ALL_TRICKS.others)}"
_TOURNAMENT_HINT = (
    f"Tournament scoring (moon ±{_TOURNAMENT_MOON.others}, all tricks ±{_TOURNAMENT_ALL.others})"
)
_OTHERS = f"others {describe.signed(_MOON.others)}"
MOONS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=_OTHERS, value="others_plus"),
    app_commands.Choice(
        name=f"shooter chooses ({describe.signed(_MOON_SELF.taker)} or {_OTHERS})", value="shooter_chooses"
    ),
]
OMNIBUS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name="off", value="off"),
    app_commands.Choice(name=f"10♦ counts {_BONUS}", value="10D"),
    app_commands.Choice(name=f"J♦ counts {_BONUS}", value="JD"),
]
PASSING: list[app_commands.Choice[str]] = [
    app_commands.Choice(name="left, right, across, hold (by player count)", value="standard"),
    app_commands.Choice(name="left, right, across, never hold (Bicycle)", value="no_hold"),
    app_commands.Choice(name="always left", value="left"),
    app_commands.Choice(name="no passing", value="none"),
]
SEASONS: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=english(choice_key(kind.value)), value=kind.value) for kind in SeasonKind
]
ON_OFF_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=english(choice_key(v)), value=v) for v in ON_OFF
]
FIVE_REMOVAL: list[app_commands.Choice[str]] = [
    app_commands.Choice(name="2♦ and 2♣ (3♣ leads)", value="TWO_CLUBS"),
    app_commands.Choice(name="2♦ and 2♠ (Bicycle)", value="TWO_SPADES"),
]


Preference = Callable[[TableSnapshot, str], bool]  # (a table here, the caller) → of this kind


def _seated(snap: TableSnapshot, me: str) -> bool:
    return any(s.player_id == me for s in snap.seats)


def _mine(snap: TableSnapshot, me: str) -> bool:
    """Seated, or left and may take the seat back."""
    return any(s.player_id == me or s.left_player == me for s in snap.seats)


def _hosted(snap: TableSnapshot, me: str) -> bool:
    return snap.host_id == me


def _not_seated(snap: TableSnapshot, me: str) -> bool:
    return not _seated(snap, me)


def _seated_in_lobby(snap: TableSnapshot, me: str) -> bool:
    return snap.status is TableStatus.LOBBY and _seated(snap, me)


Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def _language_suggestions(automatic: str) -> Suggest:
    """The autocomplete of a language option: more languages than an option's 25 choices, so the
    person types any name or code of theirs ("deu", "German", "ไทย") and picks it; "automatic"
    sends ``automatic`` ("client"/"guild"). Suggested in the person's Discord language, without
    a database read (an autocomplete answer is due at once). What is finally sent is checked by
    the service like any option (``bot.tables.requests``): a typed or forged value is refused."""

    async def suggest(interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        found = language_choices(typed, interaction.locale.value, automatic)
        return [app_commands.Choice(name=choice.name, value=choice.value) for choice in found]

    return suggest


@app_commands.guild_only()
class Hearts(
    commands.GroupCog,
    name=COG_NAME,
    group_name="hearts",
    group_description="Play Hearts at a table in this channel",
):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self.service = bot.service
        super().__init__()

    async def cog_load(self) -> None:
        workers = self.bot.settings.render_workers
        render = RenderPool(process_pool(workers) if workers > 0 else None)
        interval = self.bot.redraw_interval
        service = self.service
        saved = SavedState(
            self.bot.db, service.clock, service.settings.retry_base, service.settings.retry_max
        )
        self.presenter = DiscordPresenter(
            self.bot,
            self.bot.db,
            saved,
            render,
            REDRAW_INTERVAL if interval is None else interval,
            self.bot.pacer,
            self.bot.known_names,
            service.chosen_server_settings,
            service.clock,  # the redraw interval's time: the table service's
            activity=self.bot.settings.activity,
            live=service.live,
            known_preferences=service.known_preferences,
        )
        self._clicks = Clicks(self.service, self.presenter)
        self.presenter.play_only_card = self._clicks.play_only_card
        self.presenter.offer_turn = self.service.offer_turn
        self.service.attach(self.presenter)
        self.bot.add_dynamic_items(*ALL_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ALL_ITEMS)
        await self.presenter.close()

    @property
    def clicks(self) -> Clicks:
        """The handlers of the game's controls (``_controls.HasControls``)."""
        return self._clicks

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction (command or control) tells the person's and the server's Discord
        locales, remembered for the DMs and table messages sent later from events, and the
        person's display name (saved: the boards and posts name them after a restart too)."""
        learn_name(self.bot, interaction.user)
        self.presenter.learn_locales(
            str(interaction.user.id),
            interaction.locale.value,
            str(interaction.guild_id) if interaction.guild_id else None,
            interaction.guild_locale.value if interaction.guild_locale else None,
        )

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.guild_id is None:
            await interaction.response.send_message(
                t("reply.guild_only", interaction.locale.value), ephemeral=True
            )
            return False
        return True

    async def reader(self, interaction: discord.Interaction[Any]) -> str:
        return await self.presenter.reader(interaction)

    # -- finding the table -------------------------------------------------------------------------

    async def table_here(
        self,
        interaction: discord.Interaction[Any],
        *,
        lobby_only: bool = False,
        prefer: tuple[Preference, ...] = (_mine,),
    ) -> TableSnapshot:
        """The table this command is about, in this channel (or its thread): the newest of the
        first of ``prefer``'s kinds that has one here (by default the caller's), else the newest
        here. ``lobby_only``: only a lobby, and tables here whose game has started are refused as
        such. With no table open here, the newest one this channel had (e.g. the score sheet in
        the thread of a finished game, also after a restart)."""
        guild = str(interaction.guild_id)
        here = str(interaction.channel_id)
        me = str(interaction.user.id)
        candidates: list[TableSnapshot] = []
        for snap in self.service.tables(guild):
            if snap.channel_id == here:
                candidates.append(snap)
                continue
            state = await self.presenter.state(snap.table_id)
            if str(state.play_channel) == here:
                candidates.append(snap)
        if lobby_only:
            lobbies = [c for c in candidates if c.status is TableStatus.LOBBY]
            if candidates and not lobbies:  # the games here have started: no table to join or start
                raise Refused(TableRefusal.NOT_IN_LOBBY)
            candidates = lobbies
        if not candidates:
            if not lobby_only:
                parent = getattr(interaction.channel, "parent_id", None) if in_thread(interaction) else None
                played = await self.presenter.last_table_played_in(guild, int(here), parent)
                if played is not None:
                    return await self.service.table_snapshot(played)
            raise Refused(TableRefusal.NO_SUCH_TABLE)
        for kind in prefer:
            chosen = [c for c in candidates if kind(c, me)]
            if chosen:
                return max(chosen, key=lambda c: c.table_id)
        return max(candidates, key=lambda c: c.table_id)

    # -- commands -----------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Hearts table in this channel")
    @app_commands.describe(
        seats="Number of seats (3 to 7)",
        target="Play until someone reaches this score",
        hands="Play a fixed number of hands instead of to a target score",
        time_limit="Time for each move",
        computers="Strength of the computer players",
        moon="How shooting the moon scores",
        omnibus=f"Omnibus: a diamond that counts {_BONUS}",
        passing="Which way cards are passed",
        all_tricks=_ALL_TRICKS_HINT,
        queen_breaks_hearts="Does playing the Q♠ break hearts?",
        black_maria_less="Only hearts count; no passing",
        tournament=_TOURNAMENT_HINT,
        five_player_removal="With 5 players, which cards are removed",
    )
    @app_commands.choices(time_limit=TIME_LIMITS)
    @app_commands.choices(
        computers=LEVELS,
        moon=MOONS,
        omnibus=OMNIBUS,
        passing=PASSING,
        five_player_removal=FIVE_REMOVAL,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, SEATS.low, SEATS.high] | None = None,
        target: app_commands.Range[int, TARGET.low, TARGET.high] | None = None,
        hands: app_commands.Range[int, HANDS.low, HANDS.high] | None = None,
        time_limit: int | None = None,
        computers: str | None = None,
        moon: str | None = None,
        omnibus: str | None = None,
        passing: str | None = None,
        all_tricks: bool | None = None,
        queen_breaks_hearts: bool | None = None,
        black_maria_less: bool | None = None,
        tournament: bool | None = None,
        five_player_removal: str | None = None,
    ) -> None:
        lang = await self.reader(interaction)
        missing = missing_permissions(interaction.app_permissions, in_thread=in_thread(interaction))
        if missing:
            await interaction.response.send_message(
                t("reply.missing_permissions", lang, permissions=permission_names(missing, lang)),
                ephemeral=True,
            )
            return
        await defer_private(interaction)  # the table is written before the answer
        guild = str(interaction.guild_id)
        request = TableRequest(
            seats=seats,
            target=target,
            hands=hands,
            time_limit=time_limit,
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
        options = await self.service.requested_options(guild, str(interaction.channel_id), request)
        parent = getattr(interaction.channel, "parent_id", None)
        await self.presenter.learn_name(None, interaction.user)
        snap = await self.service.create_table(
            actor_of(interaction),
            guild,
            str(interaction.channel_id),
            options,
            parent_channel_id=str(parent) if parent else None,
        )
        text = t("reply.table_created", lang, table=snap.table_id)
        if self.service.settings_damaged(guild):
            text = t("reply.settings_damaged", lang) + "\n" + text
        await private_answer(interaction, text)

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        # a lobby where the caller has no seat yet, the newest
        snap = await self.table_here(interaction, lobby_only=True, prefer=(_not_seated,))
        await defer_private(interaction)
        await self.clicks.learn(interaction, snap.table_id)
        await self.service.join(actor_of(interaction), snap.table_id)
        lang = await self.reader(interaction)
        await private_answer(interaction, t("reply.joined", lang, table=snap.table_id))

    @app_commands.command(name="leave", description="Leave the table (in a game, a computer takes your seat)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        # a table the caller sits at, a lobby before a game (not a newer game meant for an older lobby)
        snap = await self.table_here(interaction, prefer=(_seated_in_lobby, _seated, _mine))
        await defer_private(interaction)
        await self.service.leave(actor_of(interaction), snap.table_id)
        await private_answer(interaction, t("reply.done", await self.reader(interaction)))

    @app_commands.command(name="start", description="Start the game (host or moderators)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        snap = await self.table_here(interaction, lobby_only=True, prefer=(_hosted, _seated))
        await defer_private(interaction)
        await self.service.start_game(actor_of(interaction), snap.table_id)
        await private_answer(interaction, t("reply.done", await self.reader(interaction)))

    @app_commands.command(name="cancel", description="Cancel the table (host or moderators)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        snap = await self.table_here(interaction, prefer=(_hosted, _seated))
        await defer_private(interaction)
        await self.service.cancel(actor_of(interaction), snap.table_id)
        await private_answer(interaction, t("reply.done", await self.reader(interaction)))

    @app_commands.command(name="hand", description="Show your hand (and your controls) again")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        snap = await self._my_table(interaction)
        await self.clicks.show_hand(interaction, snap.table_id)

    @app_commands.command(name="scores", description="The score sheet of the table in this channel")
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        snap = await self.table_here(interaction)
        await self.clicks.score_sheet(interaction, snap.table_id)

    @app_commands.command(name="rules", description="The rules of the table in this channel")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        try:
            options = (await self.table_here(interaction)).options
        except Refused:  # no table here: the rules a new one gets, said to be the server's defaults
            options = (
                await self.service.server_settings(str(interaction.guild_id), str(interaction.channel_id))
            ).defaults
            lang = await self.reader(interaction)
            table_title = t("rules.text.title", lang)
            text = describe.rules_text(options, lang).removeprefix(table_title)
            await interaction.response.send_message(t("reply.rules_defaults", lang) + text, ephemeral=True)
            return
        lang = await self.reader(interaction)
        await interaction.response.send_message(describe.rules_text(options, lang), ephemeral=True)

    @app_commands.command(name="help", description="How to play Hearts: a short guide for your first game")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        lang = await self.reader(interaction)
        await defer_private(interaction)  # the two pictures are rendered behind any backlog
        page = help_page(lang)
        embed = discord.Embed(title=page.title, description=page.description)
        for name, value in page.fields:
            embed.add_field(name=name, value=value, inline=False)
        embed.set_footer(text=page.footer)
        pictures = help_images(lang)
        hand_png = await self.presenter.render.hand(pictures.hand)
        table_png = await self.presenter.render.table(pictures.table, lang)
        files = [
            discord.File(io.BytesIO(hand_png), filename="help-hand.png", description=pictures.hand_alt),
            discord.File(io.BytesIO(table_png), filename="help-table.png", description=pictures.table_alt),
        ]
        await private_answer(interaction, "", embed=embed, files=files)

    @app_commands.command(name="me", description="Your own settings: language and auto-play (just for you)")
    @app_commands.describe(
        language="The language the bot writes to you in",
        auto_play="Play a card for you when it is the only legal one",
    )
    @app_commands.choices(auto_play=ON_OFF_CHOICES)
    @app_commands.autocomplete(language=_language_suggestions(AUTOMATIC_PERSON))
    async def me(
        self, interaction: discord.Interaction[Any], language: str | None = None, auto_play: str | None = None
    ) -> None:
        """Show the person's preferences, or change them: each answer in the language it sets."""
        user = str(interaction.user.id)
        await defer_private(interaction)  # a change is written before the answer
        lines: list[str] = []
        if language is None and auto_play is None:
            current = await self.presenter.preferences(user)
        else:
            request = PreferencesRequest(language=language, auto_play=auto_play)
            current = await self.presenter.known_preferences.change(
                user, lambda stored: self.service.preferences_with(stored, request)
            )
            if language is not None:
                lines.append(language_saved(current.language, interaction.locale.value))
        lang = await self.reader(interaction)
        if auto_play is not None:
            lines.append(
                t("pref.auto_play.saved_on" if current.auto_play else "pref.auto_play.saved_off", lang)
            )
        lines.append(preferences_summary(current, lang))
        await private_answer(interaction, "\n".join(lines))

    @app_commands.command(name="deck", description="How your cards are drawn (just for you)")
    @app_commands.describe(style="Classic (red and black) or four colours (♦ blue, ♣ green)")
    @app_commands.choices(style=[app_commands.Choice(name=english(choice_key(v)), value=v) for v in DECKS])
    async def deck(self, interaction: discord.Interaction[Any], style: str) -> None:
        user = str(interaction.user.id)
        await defer_private(interaction)  # answer first: the sample is rendered behind any backlog
        changed = await self.presenter.known_preferences.change(  # the deck; language, auto-play stay
            user, lambda stored: self.service.preferences_with(stored, PreferencesRequest(deck=style))
        )
        four = changed.four_colour
        lang = await self.reader(interaction)
        sample = HandImage(cards=parse_cards(SAMPLE_HAND), four_colour=four)
        png = await self.presenter.render.hand(sample)
        await private_answer(
            interaction,
            t("reply.deck_four" if four else "reply.deck_classic", lang),
            file=discord.File(io.BytesIO(png), filename="deck.png", description=hand_alt(sample, lang)),
        )

    async def _my_table(self, interaction: discord.Interaction[Any]) -> TableSnapshot:
        """The caller's table here; else (none here, or only other people's) their latest table
        on the server, wherever it is played."""
        me = str(interaction.user.id)
        try:
            here = await self.table_here(interaction)
        except Refused:
            here = None
        # (a game over here, found by the channel it was played in, is not: their game elsewhere is)
        if here is not None and here.status.open and any(s.player_id == me for s in here.seats):
            return here
        mine = self.service.tables_of(me, str(interaction.guild_id))
        if mine:
            return max(mine, key=lambda s: s.table_id)
        if here is None:
            raise Refused(TableRefusal.NO_SUCH_TABLE)
        return here  # (someone else's: refused as not theirs where it is used)


def capped_list(items: list[str], shown: int, locale: str | None = None) -> str:
    """``a, b, c and N more``: a list that can't push a message past Discord's 2,000 characters."""
    if len(items) <= shown:
        return ", ".join(items)
    return t("reply.list_more", locale, items=", ".join(items[:shown]), more=len(items) - shown)


def setup_warnings(
    bot: HeartsClient,
    tables: discord.TextChannel | None,
    summaries: list[discord.TextChannel | None],
    role: discord.Role | None,
    locale: str | None = None,
) -> list[str]:
    """What the bot can't do with the channels and the role just chosen (saved all the same: an
    admin may grant it next). Said to the admin now: else the members would only be refused tables
    (``tables``: ``/hearts new``'s check) and the admins told when a day or a season closes
    (``summaries``: the summaries' own check; the role: Manage Roles, and below the bot's)."""
    missing = {tables.id: (tables, missing_in(tables))} if tables is not None else {}
    for channel in summaries:
        if channel is not None:
            missing.setdefault(channel.id, (channel, summary_channel(bot, str(channel.id))[1]))
    said = "reply.settings_channel_missing"
    lines = [
        t(said, locale, channel=c.mention, permissions=permission_names(m, locale))
        for c, m in missing.values()
        if m
    ]
    blocked = role_missing(role) if role is not None else []
    mention = role.mention if role is not None else ""
    if "manage_roles" in blocked:
        permission = t("permission.manage_roles", locale)
        lines.append(t("reply.settings_role_permission", locale, role=mention, permission=permission))
    if "position" in blocked:
        lines.append(t("reply.settings_role_position", locale, role=mention))
    return lines


class HeartsSettings(commands.Cog):
    """``/hearts-settings``: a top-level command of its own, because Discord applies
    ``default_member_permissions`` (here Manage Server) only to top-level commands; a subcommand of
    ``/hearts`` would be shown to everyone. The service still refuses changes from non-managers."""

    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self.service = bot.service

    @app_commands.command(
        name="hearts-settings", description="This server's Hearts table defaults (managers only)"
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(
        seats="Default number of seats",
        target="Default target score",
        time_limit="Default time per move",
        computers="Default computer strength",
        allow_channel="Allow tables in this channel (tables are allowed everywhere until one is chosen)",
        disallow_channel="Stop allowing tables in this channel",
        all_channels=(
            "Allow tables in every channel again (forgets the channels chosen; done before allow/disallow)"
        ),
        language="Language of the table messages and images on this server",
        daily_channel="Post each day's daily challenge summary in this channel",
        daily_off="Stop posting the daily challenge summary",
        event_role="Members of this role may organise events (besides Manage Server)",
        event_role_off="Only Manage Server may organise events",
        season="Leaderboard seasons: off, monthly or quarterly (UTC)",
        season_channel="Post each closed season's summary in this channel",
        season_channel_off="Stop posting the seasons' summaries",
        season_role="Give this role to each season's top three (needs Manage Roles)",
        season_role_off="Stop giving a role to the seasons' top three",
    )
    @app_commands.choices(time_limit=TIME_LIMITS)
    @app_commands.choices(computers=LEVELS, season=SEASONS)
    @app_commands.autocomplete(language=_language_suggestions(AUTOMATIC_SERVER))
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, SEATS.low, SEATS.high] | None = None,
        target: app_commands.Range[int, TARGET.low, TARGET.high] | None = None,
        time_limit: int | None = None,
        computers: str | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        all_channels: bool | None = None,
        language: str | None = None,
        daily_channel: discord.TextChannel | None = None,
        daily_off: bool | None = None,
        event_role: discord.Role | None = None,
        event_role_off: bool | None = None,
        season: str | None = None,
        season_channel: discord.TextChannel | None = None,
        season_channel_off: bool | None = None,
        season_role: discord.Role | None = None,
        season_role_off: bool | None = None,
    ) -> None:
        guild = str(interaction.guild_id)
        await defer_private(interaction)  # settings are read and written (a season checked) first
        lang = await reader_locale(interaction)
        before = await or_busy(self.service.chosen_server_settings(guild))
        was = await or_busy(seasons.running(self.bot.db, guild, latest=True))
        request = SettingsRequest(
            TableRequest(seats=seats, target=target, time_limit=time_limit, computers=computers),
            language=language,
            allow_channel=str(allow_channel.id) if allow_channel is not None else None,
            disallow_channel=str(disallow_channel.id) if disallow_channel is not None else None,
            all_channels=all_channels,
            daily_channel=str(daily_channel.id) if daily_channel is not None else None,
            daily_off=daily_off,
            event_role=str(event_role.id) if event_role is not None else None,
            event_role_off=event_role_off,
            season=season,
            season_channel=str(season_channel.id) if season_channel is not None else None,
            season_channel_off=season_channel_off,
            season_role=str(season_role.id) if season_role is not None else None,
            season_role_off=season_role_off,
        )
        changed = request.given
        current = await self.service.change_server_settings(
            actor_of(interaction), guild, str(interaction.channel_id), request
        )
        if current.allowed_channels:
            channels_text = capped_list(
                [f"<#{c}>" for c in sorted(current.allowed_channels)], CHANNELS_SHOWN, lang
            )
        elif current.closed_channels:
            closed = capped_list([f"<#{c}>" for c in sorted(current.closed_channels)], CHANNELS_SHOWN, lang)
            channels_text = t("reply.all_channels_but", lang, channels=closed)
        else:
            channels_text = t("reply.all_channels", lang)
        body = t(
            "reply.settings_show",
            lang,
            summary=describe.rules_summary(current.defaults.rules, lang),
            limit=describe.time_limit(current.defaults.time_limit, lang),
            level=t(f"level.{current.defaults.computer_level.value}", lang),
            channels=channels_text,
        )
        body += "\n" + t(
            "settings.language.line", lang, language=language_setting(current.language, lang, server=True)
        )
        daily = f"<#{current.daily_channel}>" if current.daily_channel else t("daily.settings.off", lang)
        body += "\n" + t("daily.settings.line", lang, channel=daily)
        if current.event_role is not None:
            body += "\n" + t("event.settings.line", lang, role=f"<@&{current.event_role}>")
        else:
            body += "\n" + t("event.settings.managers", lang)
        body += "\n" + season_settings_line(current, lang)
        now = await or_busy(seasons.running(self.bot.db, guild, latest=True))
        what = change_line(before.season, current.season, was, now, lang)
        if what is not None:
            body += "\n" + what
        prefix = t("reply.settings_saved", lang) + "\n" if changed else ""
        warnings = setup_warnings(self.bot, allow_channel, [daily_channel, season_channel], season_role, lang)
        prefix += "".join(f"{line}\n" for line in warnings)
        if language is not None:
            guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
            prefix += language_saved(current.language, guild_locale, server=True) + "\n"
        if not changed and self.service.settings_damaged(guild):
            prefix = t("reply.settings_damaged", lang) + "\n"
        await private_answer(interaction, prefix + body, allowed_mentions=NO_PINGS)
