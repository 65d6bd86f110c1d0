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

import json
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
    commands = tree.get_commands()
    payload: list[Any] = [await translated_payload(tree, c) for c in commands]
    try:  # as tree.sync() does
        await client.http.bulk_upsert_global_commands(application_id, payload=payload + kept)
    except discord.HTTPException as exc:
        if exc.status == 400 and exc.code == 50035:
            raise app_commands.CommandSyncFailure(exc, commands) from None
        raise


_TRANSLATED: dict[str, dict[str, Any]] = {}


async def translated_payload(
    tree: app_commands.CommandTree[Any],
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> dict[str, Any]:
    """A command as the sync sends it, names and descriptions in every Discord locale; worked out
    once per process for each command as written. discord.py asks the translator for every string
    in every locale (some 1,500 questions a start), and a start in the tests' emulator spent a fifth
    of its time there; the answers depend only on the command and the catalogues, which do not
    change while the process runs."""
    translator = tree.translator
    plain = command.to_dict(tree)
    if translator is None:
        return plain
    key = type(translator).__qualname__ + json.dumps(plain, sort_keys=True, default=str)
    if key not in _TRANSLATED:
        _TRANSLATED[key] = await command.get_translated_payload(tree, translator)
    return _TRANSLATED[key]


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
