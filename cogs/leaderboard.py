"""``/leaderboard`` (this server, by ranking points or skill, paged) and ``/stats [member]``: an
extension of its own, reading the ratings straight from storage, with its own page buttons.
``/stats`` answers with a profile image (``bot.text.review.profile_image``: sections of figures,
one more section per new block of figures) and its alt text."""

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
from bot.client.answers import answer_failure, private_answer, reader_locale
from bot.daily import daily_figures, days
from bot.render.profile import render as render_profile
from bot.review.profile import profile
from bot.storage.leaderboard import Order, PlayerStats, leaderboard, player_stats
from bot.tables import or_busy
from bot.tables.requests import enum_choice
from bot.text import public_locale, t
from bot.text.daily import stats_text
from bot.text.review import profile_alt, profile_image

PAGE_SIZE = 10
COG_NAME: Final = "Leaderboard"


def _name(bot: HeartsClient, guild_id: str, player_id: str, locale: str | None = None) -> str:
    guild = bot.get_guild(int(guild_id))
    member = guild.get_member(int(player_id)) if guild else None
    if member is not None:
        return member.display_name
    return bot.known_names.get(player_id) or t("seat.unknown_player", locale, short=player_id[-4:])


def _row(bot: HeartsClient, guild_id: str, row: PlayerStats, locale: str | None = None) -> str:
    return t(
        "leaderboard.row",
        locale,
        rank=row.rank,
        name=_name(bot, guild_id, row.player_id, locale),
        points=row.ranking_points,
        games=row.games,
        wins=row.wins,
        skill=row.skill,
    )


LEADERBOARD_TEMPLATE: Final = r"hh:lb:(?P<order>[a-z]+):(?P<page>\d+)"


def page_button_id(order: str, page: int) -> str:
    return f"hh:lb:{order}:{page}"


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE):
    """Previous / next page of the leaderboard: the order and page it leads to are in its id."""

    def __init__(self, order: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=page_button_id(order, page),
                disabled=disabled,
            )
        )
        self.order = order
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(match["order"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            client = interaction.client
            cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
            if not isinstance(cog, Leaderboard):
                raise RuntimeError("the leaderboard extension is not loaded")
            await cog.show_page(interaction, self.order, self.page)
        except Exception as exc:  # a DynamicItem's failure is only logged by discord.py: answer it
            await answer_failure(interaction, exc)


def leaderboard_view(order: str, page: int, pages: int, locale: str | None = None) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(order, max(page - 1, 0), t("button.previous", locale), disabled=page == 0))
    last = page >= pages - 1
    view.add_item(PageButton(order, min(page + 1, pages - 1), t("button.next", locale), disabled=last))
    return view


async def server_language(bot: HeartsClient, interaction: discord.Interaction[Any]) -> str:
    """The leaderboard is public: the server's language (its setting, else its Discord locale)."""
    settings = await bot.service.server_settings(str(interaction.guild_id))
    return public_locale(settings, interaction.guild_locale.value if interaction.guild_locale else None)


async def leaderboard_message(
    bot: HeartsClient, guild_id: str, order: Order, page: int, locale: str | None = None
) -> tuple[str, discord.ui.View | None]:
    result = await or_busy(leaderboard(bot.db, guild_id, order, PAGE_SIZE, page * PAGE_SIZE))
    pages = max(1, math.ceil(result.total_players / PAGE_SIZE))
    lines = [t("leaderboard.title", locale, order=t(f"leaderboard.order.{order.value}", locale))]
    if not result.rows:
        lines.append(t("leaderboard.empty", locale))
    lines += [_row(bot, guild_id, r, locale) for r in result.rows]
    if pages > 1:
        lines.append(t("leaderboard.page", locale, page=page + 1, pages=pages))
    return "\n".join(lines), leaderboard_view(order.value, page, pages, locale)


class Leaderboard(commands.Cog, name=COG_NAME):
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PageButton)

    async def show_page(self, interaction: discord.Interaction[Any], order: str, page: int) -> None:
        """A page button's click: the message it is on shows that page."""
        if interaction.guild_id is None:
            await private_answer(interaction, t("reply.guild_only", interaction.locale.value))
            return
        try:
            chosen = Order(order)
        except ValueError:
            chosen = Order.POINTS
        await interaction.response.defer()
        lang = await server_language(self.bot, interaction)
        content, view = await leaderboard_message(self.bot, str(interaction.guild_id), chosen, page, lang)
        await interaction.edit_original_response(content=content, view=view)

    @app_commands.command(name="leaderboard", description="This server's Hearts leaderboard")
    @app_commands.describe(order="Rank by ranking points or by skill (opponent-aware rating)")
    @app_commands.choices(
        order=[
            app_commands.Choice(name="ranking points", value="points"),
            app_commands.Choice(name="skill", value="skill"),
        ]
    )
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], order: str = "points") -> None:
        chosen = enum_choice("order", order, Order)  # a forged value is refused
        lang = await server_language(self.bot, interaction)
        content, view = await leaderboard_message(self.bot, str(interaction.guild_id), chosen, 0, lang)
        kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
        if view is not None:
            kwargs["view"] = view
        await interaction.response.send_message(content, **kwargs)

    @app_commands.command(name="stats", description="Hearts statistics of a member on this server")
    @app_commands.describe(member="Whose statistics (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        who = member or interaction.user
        name = who.display_name
        lang = await reader_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id, player_id = str(interaction.guild_id), str(who.id)
        stats = await or_busy(player_stats(self.bot.db, guild_id, player_id))
        today = days.today(self.bot.service.clock.now())
        daily = await or_busy(daily_figures(self.bot.db, player_id, today))
        # The daily challenge's figures (bot.daily), for people who played it.
        daily_line = f"\n**{t('daily.stats.name', lang)}**: {stats_text(daily, lang)}" if daily.days else ""
        if stats is None:
            await private_answer(interaction, t("stats.none", lang, name=name) + daily_line)
            return
        figures = await or_busy(profile(self.bot.db, guild_id, player_id))
        image = profile_image(name, stats, figures, lang)
        png = await asyncio.to_thread(render_profile, image)
        file = discord.File(io.BytesIO(png), filename="profile.png", description=profile_alt(image, lang))
        await private_answer(interaction, t("stats.title", lang, name=name) + daily_line, file=file)


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Leaderboard(bot))
