"""The interactions the bot is still answering, waited for before a stop closes what they need.

discord.py runs each interaction's handler (a slash command, a control, a modal) in a task of its
own. A stop that closed the table service, the database and the HTTP session under them would
leave each one failing half way: a click already acknowledged ("thinking…") never answered, and
errors in the log. So a stop first lets them finish, for a bounded time; the gateway is still
connected meanwhile, and interactions that arrive then are waited for too.

The tasks are found by the names discord.py gives them (``INTERACTION_TASKS``); a test of a stop in
the middle of interactions fails if an upgrade renames them.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)

INTERACTION_TASKS = (
    "CommandTree-invoker",  # a slash command or an autocomplete (app_commands.CommandTree)
    "discord-ui-view-dispatch-",  # a control of a view held in memory
    "discord-ui-dynamic-item-",  # a control found by its custom_id (every control of this bot)
    "discord-ui-modal-dispatch-",  # a modal submitted
)


def handlers_running() -> set[asyncio.Task[Any]]:
    """The tasks of this event loop that are answering an interaction now."""
    return {
        task
        for task in asyncio.all_tasks()
        if not task.done() and task.get_name().startswith(INTERACTION_TASKS)
    }


async def finish_handlers(timeout: float) -> int:
    """Wait until no interaction is being answered (those arriving meanwhile included), for at most
    ``timeout`` seconds; returns how many were still running then (logged)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while running := handlers_running():
        left = deadline - loop.time()
        if left <= 0:
            log.warning("stopping with %d interaction(s) still being answered", len(running))
            return len(running)
        await asyncio.wait(running, timeout=left)
    return 0
