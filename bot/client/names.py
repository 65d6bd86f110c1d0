"""People's display names as last seen, shared by every extension: a cache in front of the
database's (``bot.storage.names``). The bot has no members intent, so a name is learnt from the
person's interactions, per server (a nickname names its member on that server only) and outside
any server (their own name, for everywhere else); saved, it names them on boards and in posts
after a restart and in the bot's other processes."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection
from typing import Final

from bot.storage.database import Database
from bot.storage.names import GLOBAL, display_names, remember_name
from bot.tables.background import Background

log = logging.getLogger(__name__)

_Key = tuple[str, str]  # (guild id or GLOBAL, player id)
KEPT: Final = 100_000
"""Names kept in memory at most: past it the ones learnt or read longest ago are forgotten (read
from the database again when next needed), so a big bot's memory does not grow with every person
it ever met."""


class KnownNames:
    """Display names by server and person. ``learn`` keeps a name at once and saves it in the
    background if it changed (an interaction never waits for the disk); ``lookup`` reads the ones
    this process has not seen, once. A database that fails costs the saved copy, never an
    answer: the name is used from memory and saved the next time it is seen."""

    def __init__(
        self, db: Database | None = None, now: Callable[[], float] = time.time, kept: int = KEPT
    ) -> None:
        self.db = db  # None until the bot has opened its database (names are kept in memory)
        self._now = now
        self._kept = kept
        self._names: dict[_Key, str] = {}
        self._saved: dict[_Key, str] = {}  # what the database holds, as far as this process knows
        self._read: set[_Key] = set()  # found in the database by this process
        self._saving = Background("saving display names")

    def get(self, player_id: str, guild_id: str = GLOBAL) -> str | None:
        """``player_id``'s name on ``guild_id`` as this process knows it, else their own."""
        return self._names.get((guild_id, player_id)) or self._names.get((GLOBAL, player_id))

    def learn(self, player_id: str, name: str, guild_id: str = GLOBAL) -> None:
        """``player_id`` is called ``name`` on ``guild_id`` now (``GLOBAL``: their own name, seen in
        one of their interactions; ``""`` on a server: no nickname there, their own name serves):
        saved unless this process has already saved or read that name for them there (the last
        save wins, from whichever process)."""
        key = (guild_id, player_id)
        self._names.pop(key, None)  # the newest now
        self._names[key] = name
        self._forget_oldest()
        if self.db is not None and self._saved.get(key) != name:
            self._saved[key] = name  # one save per change, not one per click
            self._saving.spawn(self._save(self.db, key, name))

    def _forget_oldest(self) -> None:
        """Past ``kept`` names, the oldest learnt or read are forgotten, with what this process
        knows of their saved copies (read and saved again when next needed)."""
        while len(self._names) > self._kept:
            oldest = next(iter(self._names))
            del self._names[oldest]
            self._saved.pop(oldest, None)
            self._read.discard(oldest)
        if len(self._read) > 2 * self._kept:  # (found for a server and for everywhere: two keys each)
            self._read.clear()

    async def _save(self, db: Database, key: _Key, name: str) -> None:
        try:
            await remember_name(db, *key, name, self._now())
        except Exception as exc:  # the writer passes on what it does not call unavailable, too
            log.warning("display name of %s not saved (kept in memory): %s", key[1], exc)
            if self._saved.get(key) == name:
                del self._saved[key]  # saved again when next seen

    async def settle(self) -> None:
        """Wait for the saves under way (before the database closes)."""
        await self._saving.settle()

    async def lookup(self, player_ids: Collection[str], guild_id: str = GLOBAL) -> dict[str, str]:
        """The names known of ``player_ids`` on ``guild_id``: their name there, else their own;
        each seen by this process, else saved. A person the database has is asked of it once
        per process (what this process learns later it knows); one it has not, again next time
        (another process may have saved them since)."""
        known = self._names
        unread = [
            pid for pid in player_ids if (key := (guild_id, pid)) not in known and key not in self._read
        ]
        if unread and self.db is not None:
            try:
                saved = await display_names(self.db, guild_id, unread)
            except Exception as exc:  # the names seen this run serve; the user cache after them
                log.warning("display names not read: %s", exc)
                saved = {}
            found = {pid for _, pid in saved}
            self._read.update((g, pid) for pid in found for g in (guild_id, GLOBAL))
            for key, name in saved.items():
                self._saved.setdefault(key, name)
                self._names.setdefault(key, name)
            self._forget_oldest()
        out: dict[str, str] = {}
        for pid in player_ids:
            if known_name := self.get(pid, guild_id):
                out[pid] = known_name
        return out
