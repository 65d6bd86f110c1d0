"""The app's Entry Point command beside the bot's own: kept when the global commands are written,
and answered when Discord sends it to the bot.

An app with Activities enabled has an Entry Point command (type 4, PRIMARY_ENTRY_POINT: the
Activity's "launch" in the App Launcher), which Discord creates when Activities are enabled and
discord.py's command tree knows nothing of. Discord refuses a bulk overwrite that leaves it out
(400, error 50240: "You cannot remove this app's Entry Point command in a bulk update operation"),
so a plain ``tree.sync()`` would fail for every command. This sync reads the app's global commands
first and sends the Entry Point command back alongside the tree's, as it is (its handler stays
what the Developer Portal or the operator set).
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands

PRIMARY_ENTRY_POINT: Final = 4
# The fields of a command that a bulk overwrite takes (the rest are Discord's: id, version, ...).
_WRITABLE: Final = frozenset(
    {
        "type",
        "name",
        "name_localizations",
        "description",
        "description_localizations",
        "default_member_permissions",
        "nsfw",
        "integration_types",
        "contexts",
        "handler",
    }
)


async def sync_global_commands(tree: app_commands.CommandTree[Any], client: discord.Client) -> None:
    """``tree.sync()`` for the global commands, carrying the app's Entry Point command along."""
    application_id = client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    # discord.py's typing knows command types 1-3 only: the 4 is Discord's, read as plain JSON.
    existing: list[dict[str, Any]] = [dict(c) for c in await client.http.get_global_commands(application_id)]
    kept = [
        {k: v for k, v in command.items() if k in _WRITABLE}
        for command in existing
        if command.get("type") == PRIMARY_ENTRY_POINT
    ]
    if not kept:
        await tree.sync()
        return
    translator = tree.translator
    commands = tree.get_commands()
    payload: list[Any] = [
        await c.get_translated_payload(tree, translator) if translator else c.to_dict(tree) for c in commands
    ]
    await client.http.bulk_upsert_global_commands(application_id, payload=payload + kept)


class EntryPointTree(app_commands.CommandTree[Any]):
    """The command tree, answering the Entry Point command too: with the APP_HANDLER handler (1)
    Discord sends it to the bot, whose answer is to open the Activity (LAUNCH_ACTIVITY). discord.py
    2.7 has no such command type, and would log an unknown command instead."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.type is discord.InteractionType.application_command and data.get("type") == (
            PRIMARY_ENTRY_POINT
        ):
            await interaction.response.launch_activity()
            return False
        return True
