"""The table as a Discord Activity: a web app that Discord opens in the channel, served by the
bot's own process (``ACTIVITY_PORT``), beside the DMs. Loaded only when the Activity is set up
(``Settings.activity``: a port and the application's client secret)."""

from __future__ import annotations

from discord.ext import commands

from bot.client import HeartsClient

from ._cog import ActivityCog


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, HeartsClient)
    await bot.add_cog(ActivityCog(bot))
