"""Answering an interaction: privately, however far it has got; a refusal in the reader's words; and
the last resort when something fails unexpectedly. Shared by the app's command-tree error handler
and every extension's controls."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.tables import Actor, Refused
from bot.text import refusal_text, t

log = logging.getLogger(__name__)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """Who clicked, and whether they may manage tables (Manage Server, or Manage Channels)."""
    perms = interaction.permissions
    return Actor(str(interaction.user.id), is_moderator=bool(perms.manage_guild or perms.manage_channels))


async def defer_private(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge now with an ephemeral "thinking" message (unless already answered)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


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
        interaction.extras["answered"] = True
        edit: dict[str, Any] = {"content": text}
        if "file" in kwargs:
            edit["attachments"] = [kwargs.pop("file")]
        edit.update(kwargs)
        edit.pop("ephemeral", None)
        await interaction.edit_original_response(**edit)
        return
    await interaction.followup.send(text, ephemeral=True, **kwargs)


async def answer_refused(interaction: discord.Interaction[Any], exc: Refused) -> None:
    """A refusal (stale control, not your seat, illegal card, ...), privately, in the reader's words."""
    await private_answer(interaction, refusal_text(exc.code, interaction.locale.value, **exc.params))


async def answer_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The last resort for any command or control: log the traceback and tell the person, privately,
    that nothing was changed (an unanswered interaction shows "This interaction failed")."""
    log.error("interaction %s failed", interaction.data, exc_info=error)
    if isinstance(error, discord.NotFound) and error.code == 10062:
        return  # the interaction itself expired: there is nobody left to answer
    try:
        await private_answer(interaction, t("reply.error"))
    except discord.HTTPException as exc:
        log.warning("could not tell %s that their interaction failed: %s", interaction.user.id, exc)


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Whatever a command or control raised: a refusal with its reason, anything else as a failure."""
    if isinstance(error, Refused):
        await answer_refused(interaction, error)
    else:
        await answer_failure(interaction, error)
