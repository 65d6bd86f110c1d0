"""Server events' Discord side, one extension: ``_commands`` (``/hearts-event new``, ``start``,
``standings``, ``list``; the cog that makes and starts the service) and ``_presenter`` (the sign-up
message with Join and Leave, the event's thread with each round's tables and the standings
image)."""

from __future__ import annotations

from bot.client import HeartsClient
from cogs.events._commands import Events


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Events(bot))
