"""A closed season on Discord: the summary in the server's season channel (its language: the final
board as an image with its alt text, the most games, the best points per hand), the reward role
given to the top three and taken from the previous ones, and where the bot may not do either, one
line to the admins (the system channel, else the owner's DM), once per season."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.client import HeartsClient
from bot.client.once import posted
from bot.client.server import names_in, server_language, summary_channel, tell_admins
from bot.render.leaderboard import render as render_board
from bot.seasons import SeasonSummary
from bot.text import t
from bot.text.limits import MESSAGE_MAX
from bot.text.seasons import board_alt, summary_image, summary_text

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()


class DiscordSeasonPresenter:
    def __init__(self, bot: HeartsClient) -> None:
        self.bot = bot

    async def summary(self, summary: SeasonSummary) -> None:
        """Post the summary (if the server chose a channel and anyone played), then move the role."""
        await self.bot.wait_until_ready()  # the channels and roles are known once connected
        guild_id = summary.season.guild_id
        locale = await server_language(self.bot, guild_id)
        people = [r.player_id for r in (*summary.top, *summary.most_games, *summary.best_per_hand)]
        names = await names_in(self.bot, guild_id, [*people, *summary.winners])
        if summary.channel_id is not None and summary.players:
            await self._post(summary, names, locale)
        if summary.role_id is not None:
            await self._move_role(summary, locale)

    async def _post(self, summary: SeasonSummary, names: dict[str, str], locale: str) -> None:
        assert summary.channel_id is not None
        channel, missing = summary_channel(self.bot, summary.channel_id)
        if channel is None or missing:
            permissions = ", ".join(t(f"permission.{p}", locale) for p in missing)
            text = t(
                "season.summary.no_permission",
                locale,
                number=summary.season.number,
                channel=f"<#{summary.channel_id}>",
                permissions=permissions,
            )
            await tell_admins(self.bot, summary.season.guild_id, text)
            return
        text = summary_text(summary, names, locale)[:MESSAGE_MAX]
        if summary.again and await posted(self.bot, channel, text):
            return  # out before the bot stopped, not noted: not twice
        image = summary_image(summary, names, locale)
        png = await asyncio.to_thread(render_board, image)
        file = discord.File(io.BytesIO(png), filename="season.png", description=board_alt(image, locale))
        await channel.send(text, file=file, allowed_mentions=NO_PINGS)

    async def _move_role(self, summary: SeasonSummary, locale: str) -> None:
        """The role to this season's top three, away from the previous season's. Refused (no
        Manage Roles, or the role at or above the bot's highest): one line to the admins."""
        assert summary.role_id is not None
        guild = self.bot.get_guild(int(summary.season.guild_id))
        role = guild.get_role(int(summary.role_id)) if guild is not None else None
        if guild is None or role is None:
            log.warning("season role %s of server %s not found", summary.role_id, summary.season.guild_id)
            return
        reason = f"Hearts season {summary.season.number}"
        moves = [(p, False) for p in summary.previous] + [(p, True) for p in summary.winners]
        for player, give in moves:
            move = self.bot.http.add_role if give else self.bot.http.remove_role
            try:
                await move(guild.id, int(player), role.id, reason=reason)
            except discord.Forbidden as exc:
                log.warning("season role of server %s not moved: %s", guild.id, exc)
                text = t(
                    "season.role.refused",
                    locale,
                    role=f"<@&{role.id}>",
                    permission=t("permission.manage_roles", locale),
                )
                await tell_admins(self.bot, str(guild.id), text)
                return
            except discord.NotFound as exc:  # the person left the server: the others' go on
                log.info("season role of server %s, member %s: %s", guild.id, player, exc)
