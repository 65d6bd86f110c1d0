"""The daily challenge's Discord side, one extension (loaded after ``cogs.hearts``, whose
``/hearts`` group it extends): ``_commands`` (``/hearts daily play`` and ``board``, the cog that
makes and starts the service), ``_presenter`` (the result DM with Share, the closed day's
summary, the Share click) and ``_earlier`` (the buttons offered with yesterday's attempt
unfinished: go on with it, or give it up and play today's)."""

from __future__ import annotations

from bot.client import HeartsClient
from cogs.daily._commands import Daily


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Daily(bot))
