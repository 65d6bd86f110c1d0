"""People's display names as last seen, shared by every extension: a cache in front of the
database's (``bot.storage.names``). The bot has no members intent, so a name is learnt from the
person's interactions; saved, it names them on boards and in posts after a restart and in the
bot's other processes."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection

from bot.storage.database import Database
from bot.storage.names import display_names, remember_name
from bot.tables.background import Background

log = logging.getLogger(__name__)


class KnownNames:
    """Display names by person id. ``learn`` keeps a name at once and saves it in the background
    if it changed (an interaction never waits for the disk); ``lookup`` reads the ones this
    process has not seen. A database that fails costs the saved copy, never an answer: the name
    is used from memory and saved the next time it is seen."""

    def __init__(self, db: Database | None = None, now: Callable[[], float] = time.time) -> None:
        self.db = db  # None until the bot has opened its database (names are kept in memory)
        self._now = now
        self._names: dict[str, str] = {}
        self._saved: dict[str, str] = {}  # what the database holds, as far as this process knows
        self._saving = Background("saving display names")

    def get(self, player_id: str) -> str | None:
        return self._names.get(player_id)

    def learn(self, player_id: str, name: str) -> None:
        """``player_id`` is called ``name`` now (seen in one of their interactions): saved unless
        this process has already saved or read that name for them (the last save wins, from
        whichever process)."""
        self._names[player_id] = name
        if self.db is not None and self._saved.get(player_id) != name:
            self._saved[player_id] = name  # one save per change, not one per click
            self._saving.spawn(self._save(self.db, player_id, name))

    async def _save(self, db: Database, player_id: str, name: str) -> None:
        try:
            await remember_name(db, player_id, name, self._now())
        except Exception as exc:  # the writer passes on what it does not call unavailable, too
            log.warning("display name of %s not saved (kept in memory): %s", player_id, exc)
            if self._saved.get(player_id) == name:
                del self._saved[player_id]  # saved again when next seen

    async def settle(self) -> None:
        """Wait for the saves under way (before the database closes)."""
        await self._saving.settle()

    async def lookup(self, player_ids: Collection[str]) -> dict[str, str]:
        """The names known of ``player_ids``: seen by this process, else saved."""
        out = {pid: name for pid in player_ids if (name := self._names.get(pid))}
        missing = [pid for pid in player_ids if pid not in out]
        if missing and self.db is not None:
            try:
                saved = await display_names(self.db, missing)
            except Exception as exc:  # the names seen this run serve; the user cache after them
                log.warning("display names not read: %s", exc)
                saved = {}
            for pid, name in saved.items():
                self._saved.setdefault(pid, name)
                self._names.setdefault(pid, name)
            out.update(saved)
        return out
