"""Start the Discord client with the given settings.

The Discord layer (cogs, presenter) is wired in here; this module only knows how to build and run
the client, and how to point it at a different API base and gateway (used by the test emulator).
"""

from __future__ import annotations

import logging

import discord
import yarl
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)


def point_client_at(settings: Settings) -> None:
    """Redirect discord.py's REST base and gateway (test-only settings; defaults are Discord's)."""
    discord.http.Route.BASE = settings.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class HeartsBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings


def run(settings: Settings) -> int:
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_client_at(settings)
    bot = HeartsBot(settings)
    bot.run(settings.discord_token, log_handler=None)
    return 0
