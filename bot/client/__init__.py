"""The Discord client's shared parts: what the app builds and every extension under ``cogs/`` uses.

``HeartsClient`` declares, typed, the parts the app wires (settings, database, table service, the
global pacer) so that an extension reaches them without importing the app (``bot.app`` and ``cogs``
are independent layers); ``answers`` is how any interaction is answered (privately, a refusal, the
last resort); ``pacing`` keeps every REST call of the client under Discord's global limit.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.client.names import KnownNames
from bot.client.pacing import GlobalPacer
from bot.client.unclaimed import Controls
from bot.config import Settings
from bot.storage.database import Database
from bot.tables import Presenter, TableService


class HeartsClient(commands.Bot):
    """The bot as its extensions see it (``bot.app.HeartsBot`` builds the parts)."""

    settings: Settings
    db: Database
    service: TableService
    pacer: GlobalPacer
    redraw_interval: float | None  # the table message's redraw interval (None: the presenter's own)
    known_names: KnownNames  # display names as last seen, across tables, extensions and restarts
    restored: bool  # every unfinished table restored (the extensions load before: they may wait)
    controls: Controls  # the kinds of control registered: a click none claims is answered

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.controls.kinds.update(items)

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().remove_dynamic_items(*items)
        self.controls.kinds.difference_update(items)

    @property
    def presenter(self) -> Presenter:
        """What shows the tables' events (attached to the service by the Hearts extension)."""
        return self.service.presenter
