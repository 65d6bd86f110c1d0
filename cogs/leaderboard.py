"""``/leaderboard`` (this server, by ranking points or skill, paged) and ``/stats [member]``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.presenter.describe import player_name
from bot.storage.leaderboard import Order, PlayerStats
from bot.text import t
from cogs.controls import leaderboard_view

if TYPE_CHECKING:
    from bot.app import HeartsBot

PAGE_SIZE = 10


def _name(bot: HeartsBot, guild_id: str, player_id: str) -> str:
    guild = bot.get_guild(int(guild_id))
    member = guild.get_member(int(player_id)) if guild else None
    if member is not None:
        return member.display_name
    return player_name(player_id, bot.presenter.known_names)


def _row(bot: HeartsBot, guild_id: str, row: PlayerStats) -> str:
    return t(
        "leaderboard.row",
        rank=row.rank,
        name=_name(bot, guild_id, row.player_id),
        points=row.ranking_points,
        games=row.games,
        wins=row.wins,
        skill=row.skill,
    )


async def leaderboard_message(
    bot: HeartsBot, guild_id: str, order: Order, page: int
) -> tuple[str, discord.ui.View | None]:
    result = await bot.service.leaderboard(guild_id, order, PAGE_SIZE, page * PAGE_SIZE)
    pages = max(1, math.ceil(result.total_players / PAGE_SIZE))
    lines = [t("leaderboard.title", order=t(f"leaderboard.order.{order.value}"))]
    if not result.rows:
        lines.append(t("leaderboard.empty"))
    lines += [_row(bot, guild_id, r) for r in result.rows]
    if pages > 1:
        lines.append(t("leaderboard.page", page=page + 1, pages=pages))
    return "\n".join(lines), leaderboard_view(order.value, page, pages)


class Leaderboard(commands.Cog):
    def __init__(self, bot: HeartsBot) -> None:
        self.bot = bot

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
        content, view = await leaderboard_message(self.bot, str(interaction.guild_id), Order(order), 0)
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
        stats = await self.bot.service.player_stats(str(interaction.guild_id), str(who.id))
        if stats is None:
            await interaction.response.send_message(t("stats.none", name=name), ephemeral=True)
            return
        body = t(
            "stats.body",
            rank=stats.rank,
            points=stats.ranking_points,
            skill=stats.skill,
            games=stats.games,
            wins=stats.wins,
            quits=stats.quits,
            place=f"{stats.avg_place:.2f}" if stats.avg_place is not None else "–",
            pph=f"{stats.avg_points_per_hand:.2f}" if stats.avg_points_per_hand is not None else "–",
            moons=stats.moons,
            timeouts=stats.timeouts,
        )
        await interaction.response.send_message(t("stats.title", name=name) + "\n" + body, ephemeral=True)


async def setup(bot: HeartsBot) -> None:
    await bot.add_cog(Leaderboard(bot))
