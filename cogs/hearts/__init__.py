"""The game's Discord side, one extension: ``/hearts`` and ``/hearts-settings``, the controls, and
the presenter that shows the table service's events. Its modules are private, one job each:

- ``_commands``: the slash commands, and the cog that owns the rest while the extension is loaded;
- ``_controls``: every button and menu (``DynamicItem``), its ``custom_id`` template and builder;
- ``_clicks``: what a click does (controls → table service);
- ``_presenter``: table events → Discord calls; ``_redraw``: coalescing the table message's edits;
  ``_dms``: DM channels and the closed-DM fallback;
- ``_wording``: snapshot → text, pure (no Discord);
- ``_images``: snapshot → image, rendered off the event loop;
- ``_state``: what the Discord side remembers about a table, saved in the database.
"""

from __future__ import annotations

from bot.client import HeartsClient
from cogs.hearts._commands import Hearts, HeartsSettings


async def setup(bot: HeartsClient) -> None:
    await bot.add_cog(Hearts(bot))
    await bot.add_cog(HeartsSettings(bot))
