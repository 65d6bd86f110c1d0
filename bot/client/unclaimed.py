"""A click that no control claims is answered as out of date.

Every control of the bot is a ``DynamicItem`` registered by its extension, whose template names
what the click is about (a table, a day, an event). discord.py drops a click whose ``custom_id``
none of them matches without answering it, and the person sees "This interaction failed": a
control of a version that no longer has it, or of an extension that is not loaded here. Such a
click is told, privately, that the control is out of date, and nothing changes.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.client.answers import private_answer, reader_locale
from bot.text import t

log = logging.getLogger(__name__)

ControlKind = type[discord.ui.DynamicItem[Any]]


class Controls:
    """The kinds of control the extensions registered (``HeartsClient.add_dynamic_items``)."""

    def __init__(self) -> None:
        self.kinds: set[ControlKind] = set()

    def claims(self, custom_id: str) -> bool:
        return any(kind.__discord_ui_compiled_template__.fullmatch(custom_id) for kind in self.kinds)

    async def answer_unclaimed(self, interaction: discord.Interaction[Any]) -> None:
        """The ``on_interaction`` listener: a click no control claims, answered as out of date."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if self.claims(custom_id):
            return
        log.info("a click no control claims (%r): answered as out of date", custom_id)
        try:
            await private_answer(interaction, t("table.stale", await reader_locale(interaction)))
        except discord.HTTPException as exc:
            log.warning("could not answer the unclaimed click %r: %s", custom_id, exc)
