"""The leaderboard extension: ``/leaderboard`` (an image, seasons), ``/stats``, and the seasons'
summaries and reward role on Discord. ``_commands`` holds the commands and the page button,
``_seasons`` the season presenter."""

from __future__ import annotations

from bot.client import HeartsClient
from cogs.leaderboard._commands import Leaderboard, PageButton, page_button_id

__all__ = ["Leaderboard", "PageButton", "page_button_id", "setup"]


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Leaderboard(bot))
