"""Looking back at a hand, one extension: the Review hand button's clicks (the replay step by step,
the whole hand animated, the coach's findings; privately) and ``/hearts replay table hand`` (a
finished game's hand, posted in the channel). Its modules are private:

- ``_controls``: the review's views (the button itself, ``bot.client.review``, is shared with the
  Hearts extension, which shows Review hand; this extension registers it and handles its clicks);
- ``_cog``: the cog, what each click and the command do, and the ``replay`` subcommand it adds to
  the Hearts extension's ``/hearts`` group when it loads.
"""

from __future__ import annotations

from bot.client import HeartsClient
from cogs.review._cog import Review


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Review(bot))
