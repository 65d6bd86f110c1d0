"""Who has a table open live (the Activity's page, in view), so that the hand it shows is not
also sent by DM: a person playing in the Activity would otherwise be notified of every turn they
are already looking at.

In memory. A process counts the pages its own sockets serve (``opened``/``closed``); with several
processes (PostgreSQL), a page served by one process for a table another plays is announced to
that owner (``bot.tables.sharing``: at its opening and closing, and again at every heartbeat), who
keeps it as ``heard`` until it is closed or not announced again in time (``expire``). Skipping a
DM is only ever a postponement: when a person's last page on a table closes, goes out of view or
expires, the table offers their turn again (``ServiceBase._page_closed``), so the DM with the
controls goes out then. What is not known (a lost announcement, a process just started) counts as
no page: the DM goes out. Nothing here is saved: after a restart the pages are gone until they
reconnect, and the restart offers every turn whose controls never went out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

Page = tuple[int, str]  # (table id, player id)


class LivePages:
    """How many pages each person has open and in view, per table: this process's own, and
    those other processes announced (each until a time)."""

    def __init__(self, changed: Callable[[int, str, bool], None]) -> None:
        """``changed(table_id, player_id, shown)`` is called when a person's first page of this
        process on a table opens (``shown``) and when their last one here closes."""
        self._open: Counter[Page] = Counter()
        self._heard: dict[Page, dict[str, float]] = {}  # announced elsewhere: holder → until
        self._changed = changed

    def opened(self, table_id: int, player_id: str) -> None:
        page = (table_id, player_id)
        self._open[page] += 1
        if self._open[page] == 1:
            self._changed(table_id, player_id, True)

    def closed(self, table_id: int, player_id: str) -> None:
        page = (table_id, player_id)
        if page not in self._open:
            return  # not open (forgotten by ``clear``): nothing to tell
        self._open[page] -= 1
        if not self._open[page]:
            del self._open[page]
            self._changed(table_id, player_id, False)

    def watching(self, table_id: int, player_id: str) -> bool:
        """Whether ``player_id`` has this table open in view now, here or (as announced) elsewhere."""
        page = (table_id, player_id)
        return self._open.get(page, 0) > 0 or page in self._heard

    def own(self) -> list[Page]:
        """The pages this process's sockets serve (to announce them again)."""
        return list(self._open)

    def heard(self, table_id: int, player_id: str, holder: str, until: float | None) -> bool:
        """Another process (``holder``) announced the page open until ``until``, or closed (None).
        Returns whether the person has no page of the table left by it."""
        page = (table_id, player_id)
        holders = self._heard.setdefault(page, {})
        if until is not None:
            holders[holder] = until
            return False
        holders.pop(holder, None)
        if not holders:
            del self._heard[page]
        return not self.watching(table_id, player_id)

    def expire(self, now: float) -> list[Page]:
        """Forget what other processes announced and did not announce again by ``now``; returns
        the pages of people left with none."""
        gone: list[Page] = []
        for page, holders in list(self._heard.items()):
            for holder, until in list(holders.items()):
                if until <= now:
                    del holders[holder]
            if not holders:
                del self._heard[page]
                if not self.watching(*page):
                    gone.append(page)
        return gone

    def clear(self) -> None:
        """Forget this process's pages without telling anyone (the pages' server is stopping: the
        bot's restart offers the turns again, the other processes let the announcements expire)."""
        self._open.clear()
