"""Answering an interaction: privately, however far it has got; a refusal in the reader's words; and
the last resort when something fails unexpectedly. Shared by the app's command-tree error handler
and every extension's controls."""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.tables import Actor, Refused, TableRefusal
from bot.tables.preferences import load_preferences
from bot.text import private_locale, refusal_text, t
from bot.text.commands import option_name

log = logging.getLogger(__name__)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """Who clicked, whether they may manage tables (Manage Server, or Manage Channels), and their
    Manage Server and roles (the events' organiser right)."""
    perms = interaction.permissions
    roles = getattr(interaction.user, "roles", ())  # a Member's; none in a DM
    return Actor(
        str(interaction.user.id),
        is_moderator=bool(perms.manage_guild or perms.manage_channels),
        manages_server=bool(perms.manage_guild),
        roles=frozenset(str(r.id) for r in roles),
    )


async def reader_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of a private answer: the person's chosen language (``/hearts me``), else
    their Discord client's. Without the bot's database (a bare client), the client's."""
    db = getattr(interaction.client, "db", None)
    preferences = await load_preferences(db, str(interaction.user.id)) if isinstance(db, Database) else None
    return private_locale(preferences, interaction.locale.value)


async def defer_private(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge now with an ephemeral "thinking" message (unless already answered)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras[PRIVATE_LOADING] = True


PRIVATE_LOADING: Final = "private_loading"
"""``Interaction.extras``' key: the loading message is ephemeral (``defer_private``), so a private
answer may take its place; a public one is taken back first."""


async def private_answer(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer to ``interaction``, however far it has got: the response itself; after a
    "thinking" defer, an edit of that loading message (once: a followup there is the path Discord
    documents as deprecated); otherwise a followup."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(text, ephemeral=True, **kwargs)
        return
    if (
        response.type is discord.InteractionResponseType.deferred_channel_message
        and not interaction.extras.get("answered")
    ):
        if not interaction.extras.get(PRIVATE_LOADING):  # everyone sees it: not the place for this
            await take_back_loading(interaction)
            await interaction.followup.send(text, ephemeral=True, **kwargs)
            return
        interaction.extras["answered"] = True
        edit: dict[str, Any] = {"content": text}
        if "file" in kwargs:
            edit["attachments"] = [kwargs.pop("file")]
        elif "files" in kwargs:
            edit["attachments"] = kwargs.pop("files")
        edit.update(kwargs)
        edit.pop("ephemeral", None)
        await interaction.edit_original_response(**edit)
        return
    await interaction.followup.send(text, ephemeral=True, **kwargs)


async def take_back_loading(interaction: discord.Interaction[Any]) -> None:
    """Remove a public "thinking" message (deferred for an answer everyone was to see), so that
    what is said instead (a refusal, a failure) is said privately: ``private_answer`` then follows
    up, ephemeral, rather than editing the public message."""
    interaction.extras["answered"] = True
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as exc:
        log.warning("could not take back the loading message of %s: %s", interaction.data, exc)


async def answer_refused(interaction: discord.Interaction[Any], exc: Refused) -> None:
    """A refusal (stale control, not your seat, illegal card, ...), privately, in the reader's words."""
    await private_answer(interaction, refusal_text(exc.code, await reader_locale(interaction), **exc.params))


async def answer_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The last resort for any command or control: log the traceback and tell the person, privately,
    that nothing was changed (an unanswered interaction shows "This interaction failed"). A database
    that can't be written now (locked, full, read-only) is no bug: the person is told it is busy
    and to try again, in their words, whatever feature met it."""
    busy = isinstance(error, StorageUnavailable)
    if busy:
        log.warning("interaction %s: the database is unavailable: %s", interaction.data, error)
    else:
        log.error("interaction %s failed", interaction.data, exc_info=error)
    if isinstance(error, discord.NotFound) and error.code == 10062:
        return  # the interaction itself expired: there is nobody left to answer
    try:
        if busy:
            await answer_refused(interaction, Refused(TableRefusal.STORAGE_BUSY))
        else:
            await private_answer(interaction, t("reply.error", await _failure_locale(interaction)))
    except discord.HTTPException as exc:
        log.warning("could not tell %s that their interaction failed: %s", interaction.user.id, exc)


async def _failure_locale(interaction: discord.Interaction[Any]) -> str:
    """The language the person chose, as every private answer (``reader_locale``); their client's
    if even that can't be read (the failure may be the database's own)."""
    try:
        return await reader_locale(interaction)
    except Exception:
        return str(interaction.locale.value)


async def to_cog(interaction: discord.Interaction[Any], cog_name: str, method: str, *args: Any) -> None:
    """A persistent control's click (a ``DynamicItem``) handed to ``method`` of the extension's cog
    registered as ``cog_name``, as loaded now (a reload makes a new cog; found through the client,
    never by import: the cog imports its controls). discord.py only logs what a ``DynamicItem``
    raises and leaves the click unanswered: whatever the handler raises is answered here, a
    refusal (the database busy when a click starts a game, ...) with its reason."""
    try:
        client = interaction.client
        cog = client.get_cog(cog_name) if isinstance(client, commands.Bot) else None
        handler = getattr(cog, method, None)
        if handler is None:
            raise RuntimeError(f"the extension of the {cog_name} cog is not loaded")
        await handler(interaction, *args)
    except Exception as exc:
        await answer_error(interaction, exc)


# A member or channel option whose value discord.py could not turn into one (a user who is not a
# member, a thread or a channel of another kind: a forged interaction, or a pasted id): the words.
_NOT_CONVERTED = {
    discord.AppCommandOptionType.user: "reply.option_member",
    discord.AppCommandOptionType.channel: "reply.option_channel",
}


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Whatever a command or control raised: a refusal with its reason, anything else as a failure.
    An answer Discord does not take (the interaction expired meanwhile) is logged, no bug."""
    try:
        if isinstance(error, Refused):
            await answer_refused(interaction, error)
        elif isinstance(error, app_commands.TransformerError) and error.type in _NOT_CONVERTED:
            option = _option_holding(interaction.data, error.value)
            lang = await reader_locale(interaction)
            await private_answer(
                interaction, t(_NOT_CONVERTED[error.type], lang, option=option_name(option, lang))
            )
        else:
            await answer_failure(interaction, error)
    except discord.HTTPException as exc:
        log.warning("could not tell %s why their interaction was refused: %s", interaction.user.id, exc)


def _option_holding(data: Any, value: Any) -> str:
    """The name of the (possibly nested) command option whose value is ``value``'s id."""
    wanted = str(getattr(value, "id", value))
    for option in (data or {}).get("options") or ():
        if str(option.get("value")) == wanted:
            return str(option["name"])
        inner = _option_holding(option, value)
        if inner:
            return inner
    return ""
