"""``/leaderboard`` (this server's board as an image: the running season's, an earlier season's as
it stood, or every game's when the server has no seasons; by ranking points or skill; paged) and
``/stats [member]``: read straight from storage, with its own page buttons. The one who asks sees
their own row marked, and under the page when they are not on it. ``/stats`` answers with a profile
image (``bot.text.review.profile_image``) and its alt text: the rank and ranking points of the
board ``/leaderboard`` shows (the running season's, named over the image, when the server has
seasons). The season service (``bot.seasons``) is made, given its presenter (``_seasons``) and
started here."""

from __future__ import annotations

import asyncio
import io
import math
import re
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import HeartsClient
from bot.client.answers import defer_private, private_answer, reader_locale, to_cog
from bot.client.server import names_in
from bot.daily import daily_figures, days
from bot.render.leaderboard import render as render_board
from bot.render.profile import render as render_profile
from bot.review.profile import Profiles
from bot.seasons import SeasonService
from bot.storage import seasons as season_store
from bot.storage.leaderboard import Board, Order, board
from bot.storage.seasons import Season
from bot.tables import or_busy
from bot.tables.requests import enum_choice
from bot.text import public_locale, t
from bot.text.daily import stats_text
from bot.text.markdown import text_name
from bot.text.review import profile_alt, profile_image
from bot.text.seasons import board_alt, board_image, season_line
from cogs.leaderboard._seasons import DiscordSeasonPresenter

PAGE_SIZE = 10
COG_NAME: Final = "Leaderboard"
NO_PINGS = discord.AllowedMentions.none()
ALL_GAMES = 0  # a page button's season for a server without seasons: every game


class NoSuchSeason(Exception):
    """A season number the server has not had (yet)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


# Only the orders there are: a page button of any other is claimed by no control (out of date).
_ORDERS: Final = "|".join(order.value for order in Order)
LEADERBOARD_TEMPLATE: Final = rf"hh:lb:(?P<order>{_ORDERS})(?::s(?P<season>\d{{1,9}}))?:(?P<page>\d{{1,9}})"


def page_button_id(order: str, page: int, season: int = ALL_GAMES) -> str:
    """The season's number is in the id (``s0``: every game), so a page of a board whose season
    has closed since shows that season as it stood. Ids without it (earlier messages) read ``s0``."""
    return f"hh:lb:{order}:s{season}:{page}"


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE):
    """Previous / next page of the leaderboard: the order, season and page it leads to are in its id."""

    def __init__(
        self, order: str, page: int, label: str = "", disabled: bool = False, season: int = ALL_GAMES
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=page_button_id(order, page, season),
                disabled=disabled,
            )
        )
        self.order = order
        self.page = page
        self.season = season

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(match["order"], int(match["page"]), season=int(match["season"] or ALL_GAMES))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await to_cog(interaction, COG_NAME, "show_page", self.order, self.page, self.season)


def leaderboard_view(
    order: str, page: int, pages: int, locale: str | None = None, season: int = ALL_GAMES
) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        PageButton(order, max(page - 1, 0), t("button.previous", locale), disabled=page == 0, season=season)
    )
    last = page >= pages - 1
    view.add_item(
        PageButton(order, min(page + 1, pages - 1), t("button.next", locale), disabled=last, season=season)
    )
    return view


async def server_language(bot: HeartsClient, interaction: discord.Interaction[Any]) -> str:
    """The leaderboard is public: the server's language (its setting, else its Discord locale)."""
    settings = await bot.service.server_settings(str(interaction.guild_id))
    return public_locale(settings, interaction.guild_locale.value if interaction.guild_locale else None)


async def _board(
    bot: HeartsClient, guild_id: str, order: Order, page: int, season: Season | None, reader: str
) -> Board:
    """The page: a closed season's frozen board, the running season's live one, or every game."""
    offset = page * PAGE_SIZE
    if season is None:
        return await board(bot.db, guild_id, order, PAGE_SIZE, offset, reader)
    if season.closed_at is not None:
        return await season_store.frozen_board(
            bot.db, guild_id, season.number, order, PAGE_SIZE, offset, reader
        )
    return await season_store.live_board(bot.db, guild_id, season.number, order, PAGE_SIZE, offset, reader)


async def chosen_season(bot: HeartsClient, guild_id: str, number: int | None) -> Season | None:
    """The season asked for (``NoSuchSeason`` if the server has not had it); without a number the
    running one (None: the server has no seasons, the board counts every game)."""
    if number is None or number == ALL_GAMES:
        return await or_busy(season_store.running(bot.db, guild_id))
    found = await or_busy(season_store.season(bot.db, guild_id, number))
    if found is None:
        raise NoSuchSeason(number)
    return found


async def _no_such_season(interaction: discord.Interaction[Any], missing: NoSuchSeason) -> None:
    """Said privately, so in the asker's own language."""
    reader = await reader_locale(interaction)
    await private_answer(interaction, t("leaderboard.season.none", reader, number=missing.number))


async def leaderboard_message(
    bot: HeartsClient,
    guild_id: str,
    order: Order,
    page: int,
    season: Season | None,
    asker: discord.User | discord.Member,
    locale: str,
) -> tuple[str, list[discord.File], discord.ui.View | None]:
    """The message: a title line, the page as an image with its alt text (the asker's row
    marked), the page buttons."""
    reader = str(asker.id)
    asker_name = {reader: asker.display_name}  # whoever asks is named, cached as a member or not
    result = await or_busy(_board(bot, guild_id, order, page, season, reader))
    pages = max(1, math.ceil(result.total_players / PAGE_SIZE))
    page = min(page, pages - 1)
    if page * PAGE_SIZE != result.offset:  # a page past the end (the board shrank): its last
        result = await or_busy(_board(bot, guild_id, order, page, season, reader))
    content = t("leaderboard.title", locale, order=t(f"leaderboard.order.{order.value}", locale))
    if season is not None:
        content += "\n" + season_line(season, locale)
    if pages > 1:
        content += "\n" + t("leaderboard.page", locale, page=page + 1, pages=pages)
    if not result.rows:  # nobody yet: a line says so, no empty picture
        return content + "\n" + t("leaderboard.empty", locale), [], None
    people = [r.player_id for r in result.rows] + ([result.me.player_id] if result.me else [])
    names = {**await names_in(bot, guild_id, people), **asker_name}
    image = board_image(result, page, pages, season, names, reader, locale)
    png = await asyncio.to_thread(render_board, image)
    file = discord.File(io.BytesIO(png), filename="leaderboard.png", description=board_alt(image, locale))
    number = ALL_GAMES if season is None else season.number
    return content, [file], leaderboard_view(order.value, page, pages, locale, number)


class Leaderboard(commands.Cog, name=COG_NAME):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot
        self.seasons = SeasonService(bot.service, bot.db, owns=bot.settings.owns_server)
        self.profiles = Profiles(bot.db)
        self.seasons.attach(DiscordSeasonPresenter(bot))

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PageButton)
        await self.seasons.start()

    async def cog_unload(self) -> None:
        await self.seasons.stop()
        self.bot.remove_dynamic_items(PageButton)

    async def show_page(
        self, interaction: discord.Interaction[Any], order: str, page: int, season: int
    ) -> None:
        """A page button's click: the message it is on shows that page, the clicker's row marked."""
        if interaction.guild_id is None:
            await private_answer(interaction, t("reply.guild_only", interaction.locale.value))
            return
        await interaction.response.defer()
        guild_id = str(interaction.guild_id)
        try:
            found = await chosen_season(self.bot, guild_id, season)
        except NoSuchSeason as missing:  # the database was replaced since: the message stays as it is
            await _no_such_season(interaction, missing)
            return
        lang = await server_language(self.bot, interaction)
        content, files, view = await leaderboard_message(
            self.bot, guild_id, Order(order), page, found, interaction.user, lang
        )
        await interaction.edit_original_response(content=content, attachments=files, view=view)

    @app_commands.command(name="leaderboard", description="This server's Hearts leaderboard")
    @app_commands.describe(
        order="Rank by ranking points or by skill (opponent-aware rating)",
        season="An earlier season's board, as it stood at its end (its number)",
    )
    @app_commands.choices(
        order=[
            app_commands.Choice(name="ranking points", value="points"),
            app_commands.Choice(name="skill", value="skill"),
        ]
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        order: str = "points",
        season: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        chosen = enum_choice("order", order, Order)  # a forged value is refused
        guild_id = str(interaction.guild_id)
        try:
            found = await chosen_season(self.bot, guild_id, season)
        except NoSuchSeason as missing:
            await _no_such_season(interaction, missing)
            return
        lang = await server_language(self.bot, interaction)  # the board is public
        await interaction.response.defer(thinking=True)  # rendering takes longer than a reply may
        content, files, view = await leaderboard_message(
            self.bot, guild_id, chosen, 0, found, interaction.user, lang
        )
        await interaction.edit_original_response(
            content=content, attachments=files, view=view, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="stats", description="Hearts statistics of a member on this server")
    @app_commands.describe(member="Whose statistics (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        who = member or interaction.user
        name = who.display_name
        lang = await reader_locale(interaction)
        await defer_private(interaction)
        guild_id, player_id = str(interaction.guild_id), str(who.id)
        season = await chosen_season(self.bot, guild_id, None)  # the board /leaderboard shows
        stats = await or_busy(season_store.player_stats(self.bot.db, guild_id, player_id, season))
        today = days.today(self.bot.service.clock.now())
        daily = await or_busy(daily_figures(self.bot.db, player_id, today))
        # The daily challenge's figures (bot.daily), for people who played it.
        daily_line = f"\n**{t('daily.stats.name', lang)}**: {stats_text(daily, lang)}" if daily.days else ""
        if stats is None:
            await private_answer(interaction, t("stats.none", lang, name=text_name(name)) + daily_line)
            return
        figures = await or_busy(self.profiles.of(guild_id, player_id))
        image = profile_image(name, stats, figures, lang)
        png = await asyncio.to_thread(render_profile, image)
        file = discord.File(io.BytesIO(png), filename="profile.png", description=profile_alt(image, lang))
        title = t("stats.title", lang, name=text_name(name))
        if season is not None:  # the rank and ranking points are this season's, as on its board
            title += "\n" + season_line(season, lang)
        await private_answer(interaction, title + daily_line, file=file)
