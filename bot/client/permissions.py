"""What the bot lacks to post where it was asked (a table, a replay), or where it will be asked to
(a rematch's channel, a channel or role chosen in the settings): named to the person in their
language before anything is drawn or written, rather than a 403 from Discord afterwards."""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.text import t

POSTING: Final = ("view_channel", "send_messages", "attach_files")


def missing_permissions(perms: discord.Permissions, *, in_thread: bool) -> list[str]:
    """What the bot lacks to post messages with images where it was asked. In a thread, Send
    Messages in Threads is what counts; Send Messages has no effect there. A channel the bot can't
    see gives it no permission at all: then that alone is named."""
    if not perms.view_channel:
        return ["view_channel"]
    needed = [
        "send_messages_in_threads" if name == "send_messages" and in_thread else name for name in POSTING
    ]
    return [name for name in needed if not getattr(perms, name)]


def missing_in(channel: discord.abc.GuildChannel | discord.Thread) -> list[str]:
    """``missing_permissions`` in a channel no interaction was made in (a rematch opens its table
    in the game's channel, the settings name channels for tables): the bot's own permissions
    there, as Discord last told it."""
    perms = channel.permissions_for(channel.guild.me)
    return missing_permissions(perms, in_thread=isinstance(channel, discord.Thread))


def role_missing(role: discord.Role) -> list[str]:
    """What keeps the bot from giving ``role`` to members: Manage Roles (``"manage_roles"``), and
    a place below its own highest role (``"position"``): Discord refuses either as a 403."""
    me = role.guild.me
    missing = [] if me.guild_permissions.manage_roles else ["manage_roles"]
    return missing if role < me.top_role else [*missing, "position"]


def permission_names(names: list[str], locale: str | None = None) -> str:
    return ", ".join(t(f"permission.{name}", locale) for name in names)


def in_thread(interaction: discord.Interaction[Any]) -> bool:
    return isinstance(interaction.channel, discord.Thread)
