"""What the extensions show about a server's people and language outside a table: display names
(members cached, else as last seen), the language of the server's public text, and a
line to its admins."""

from __future__ import annotations

import logging
from typing import Final

import discord

from bot.client import HeartsClient
from bot.client.names import KnownNames
from bot.text.locales import public_locale

log = logging.getLogger(__name__)


async def names_in(bot: HeartsClient, guild_id: str, player_ids: list[str]) -> dict[str, str]:
    """Display names on the server (members cached), else as last seen (``KnownNames``: their
    name on this server, else their own; this run, else saved), else the user's own if cached."""
    guild = bot.get_guild(int(guild_id)) if guild_id.isdigit() else None
    names: dict[str, str] = {}
    for pid in player_ids:
        member = guild.get_member(int(pid)) if guild is not None and pid.isdigit() else None
        if member is not None:
            names[pid] = member.display_name
    names |= await bot.known_names.lookup([pid for pid in player_ids if pid not in names], guild_id)
    for pid in player_ids:
        user = bot.get_user(int(pid)) if pid not in names and pid.isdigit() else None
        if user is not None:
            names[pid] = user.display_name
    return names


def learn_name(bot: HeartsClient, user: discord.abc.User) -> None:
    """Remember the display names of whoever made an interaction (``remember_names``)."""
    remember_names(bot.known_names, user)


def remember_names(names: KnownNames, user: discord.abc.User) -> None:
    """Remember a person's own name and, for a member, their nickname on their server: none
    (``""``) when they have none there, so that their own name names them on it, changed or not
    (each saved if it changed)."""
    if isinstance(user, discord.Member):
        names.learn(str(user.id), user.nick or "", str(user.guild.id))
    names.learn(str(user.id), user.global_name or user.name)


async def server_language(bot: HeartsClient, guild_id: str) -> str:
    """The server's setting, else its Discord locale."""
    settings = await bot.service.server_settings(guild_id)
    guild = bot.get_guild(int(guild_id)) if guild_id.isdigit() else None
    return public_locale(settings, guild.preferred_locale.value if guild is not None else None)


SUMMARY_PERMISSIONS: Final = ("view_channel", "send_messages", "attach_files")


def summary_channel(
    bot: HeartsClient, channel_id: str
) -> tuple[discord.TextChannel | discord.Thread | None, list[str]]:
    """Where a summary with an image goes (a daily's, a season's): the channel, and which of the
    permissions it needs the bot lacks there (all of them when the channel is not known)."""
    channel = bot.get_channel(int(channel_id)) if channel_id.isdigit() else None
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        return None, list(SUMMARY_PERMISSIONS)
    perms = channel.permissions_for(channel.guild.me)
    return channel, [p for p in SUMMARY_PERMISSIONS if not getattr(perms, p)]


async def tell_admins(bot: HeartsClient, guild_id: str, text: str) -> None:
    """One line to the server's admins: its system channel (where Discord posts its notices to
    them), else the owner's DM; if neither can be reached, a warning in the log."""
    guild = bot.get_guild(int(guild_id)) if guild_id.isdigit() else None
    if guild is None:
        return
    try:
        if guild.system_channel is not None:
            await guild.system_channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        else:
            owner = await bot.create_dm(discord.Object(guild.owner_id or 0))
            await owner.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.warning("admins of server %s not told: %s", guild_id, exc)
