"""Who has a table open live (the Activity's page, in view), so that the hand it shows is not
also sent by DM: a person playing in the Activity would otherwise be notified of every turn they
are already looking at.

In memory, in the process that serves the page (the Activity's sockets). Skipping a DM is only
ever a postponement: when a person's last page on a table closes or goes out of view, they are
``closed`` and the table offers their turn again (``ServiceBase._page_closed``), so the DM with the
controls goes out then. Nothing here is saved: after a restart the pages are gone until they
reconnect, and the restart offers every turn whose controls never went out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable


class LivePages:
    """How many pages each person has open and in view, per table."""

    def __init__(self, closed: Callable[[int, str], None]) -> None:
        """``closed(table_id, player_id)`` is called when a person's last page on a table closes."""
        self._open: Counter[tuple[int, str]] = Counter()
        self._closed = closed

    def opened(self, table_id: int, player_id: str) -> None:
        self._open[table_id, player_id] += 1

    def closed(self, table_id: int, player_id: str) -> None:
        key = (table_id, player_id)
        if key not in self._open:
            return  # not open (forgotten by ``clear``): nothing to tell
        self._open[key] -= 1
        if not self._open[key]:
            del self._open[key]
            self._closed(table_id, player_id)

    def watching(self, table_id: int, player_id: str) -> bool:
        """Whether ``player_id`` has this table open in view now."""
        return self._open.get((table_id, player_id), 0) > 0

    def clear(self) -> None:
        """Forget every page without telling anyone (the pages' server is stopping: the bot's
        restart offers the turns again)."""
        self._open.clear()
