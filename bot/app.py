"""The Discord client: storage, table service, presenter and cogs wired together.

``setup_hook`` runs after login and before the gateway connects: it opens the database (applying
migrations), restores every unfinished table (the service shifts deadlines by the downtime),
registers the dynamic controls so old buttons work, and syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.presenter.discord_presenter import REDRAW_INTERVAL, DiscordPresenter
from bot.presenter.images import RenderPool, process_pool
from bot.presenter.pacing import GlobalPacer, pace
from bot.render import warm_up
from bot.storage.database import Database
from bot.tables import Clock, ComputerPool, Refused, ServiceSettings, TableService
from cogs.actions import answer_failure

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.controls", "cogs.hearts", "cogs.leaderboard")


def point_client_at(settings: Settings) -> None:
    """Redirect discord.py's REST base and gateway (test-only settings; defaults are Discord's)."""
    discord.http.Route.BASE = settings.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class HeartsBot(commands.Bot):
    """No privileged intents: the bot needs no message content and no member list."""

    service: TableService
    presenter: DiscordPresenter
    db: Database

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        computers: ComputerPool | None = None,
        service_settings: ServiceSettings | None = None,
        redraw_interval: float = REDRAW_INTERVAL,
        pacer: GlobalPacer | None = None,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # pings are opted into per message
            **options,
        )
        self.settings = settings
        self._clock = clock
        self._computers = computers
        self._service_settings = service_settings
        self._redraw_interval = redraw_interval
        self.pacer = pace(self, pacer)  # under Discord's global limit before it answers 429

    async def setup_hook(self) -> None:
        from cogs.actions import Actions
        from cogs.translation import CatalogueTranslator

        self.db = await Database.open(self.settings.database_path)
        workers = self.settings.render_workers
        render = RenderPool(process_pool(workers) if workers > 0 else None)
        self.presenter = DiscordPresenter(self, render, self._redraw_interval)
        self.service = TableService(
            self.db,
            self.presenter,
            clock=self._clock,
            computers=self._computers,
            settings=self._service_settings,
        )
        self.presenter.service = self.service
        self.actions = Actions(self)
        self.tree.error(self._app_command_error)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await asyncio.to_thread(warm_up)
        await self.tree.set_translator(CatalogueTranslator())
        await self._sync_commands()
        restored = await self.service.start()
        log.info("hearts bot ready: %d unfinished table(s) restored", len(restored))

    async def _app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every slash command's failures end here: a refusal is answered with its reason, anything
        unexpected with "nothing was changed" and a logged traceback."""
        original = getattr(error, "original", error)
        if isinstance(original, Refused):
            await self.actions.refused(interaction, original)
        elif isinstance(error, app_commands.CheckFailure) and interaction.response.is_done():
            return  # a check that answered for itself (e.g. a command used outside a server)
        else:
            await answer_failure(interaction, original)

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Stop the service and the presenter, and always close the database: its connection
        threads would otherwise keep the process alive after Ctrl-C."""
        try:
            if hasattr(self, "service"):
                try:
                    await self.service.stop()
                    await self.presenter.close()
                finally:
                    await self.db.close()
        finally:
            await super().close()


def run(settings: Settings) -> int:
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_client_at(settings)
    bot = HeartsBot(settings)
    bot.run(settings.discord_token, log_handler=None)
    return 0
