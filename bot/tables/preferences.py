"""A person's own preferences, the same on every server and table, and the shape of a stored
language choice (shared with the server settings).

Rows are JSON written by earlier versions too: every field is optional and a missing, unknown or
ill-typed value reads as its default, so an old row (``{"four_colour": true}``) keeps working and a
damaged one never blocks a player.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Dialect
from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.storage.records import PreferencesChanged
from bot.tables.in_flight import InFlight
from bot.tables.refusals import Refused, TableRefusal, or_busy

log = logging.getLogger(__name__)

_LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")


def language_code(value: object) -> str | None:
    """A stored language choice, or None (automatic) for anything that is not a language tag.

    Only the shape is checked here: which languages the bot speaks is ``bot.text``'s business
    (``bot.text.locales`` treats a code it does not speak as automatic), and the table service
    does not depend on the catalogues.
    """
    return value if isinstance(value, str) and _LANGUAGE_TAG.fullmatch(value) else None


@dataclass(frozen=True, slots=True)
class PlayerPreferences:
    four_colour: bool = False  # diamonds blue and clubs green, so suits tell apart at a glance
    language: str | None = None
    """The language of the player's private text; None: their Discord client's."""
    auto_play: bool = False
    """Play the player's card for them when it is the only legal one."""

    def to_json(self) -> dict[str, Any]:
        return {"four_colour": self.four_colour, "language": self.language, "auto_play": self.auto_play}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> PlayerPreferences:
        """Tolerant: missing, unknown or ill-typed values fall back to the defaults."""
        if not isinstance(data, dict):
            return cls()
        four_colour, auto_play = data.get("four_colour"), data.get("auto_play")
        return cls(
            four_colour=four_colour if isinstance(four_colour, bool) else False,
            language=language_code(data.get("language")),
            auto_play=auto_play if isinstance(auto_play, bool) else False,
        )


async def load_preferences(db: Database, player_id: str) -> PlayerPreferences | None:
    """A person's preferences; the defaults if none were saved or the row can't be read (reported
    by the database); None if the database can't be read now (the defaults serve for now, and
    must be neither kept nor saved over the stored ones)."""
    try:
        return PlayerPreferences.from_json(await db.player_preferences(player_id))
    except StorageUnavailable as exc:
        log.warning("preferences of %s not read (%s): the defaults serve", player_id, exc)
        return None


async def save_preferences(db: Database, player_id: str, preferences: PlayerPreferences) -> None:
    """Save a person's preferences (``STORAGE_BUSY`` if the database can't take them now)."""
    await or_busy(db.set_player_preferences(player_id, preferences.to_json()))


class KnownPreferences:
    """People's preferences as this process last read them (each is read once, then kept: every
    DM and answer reads them), and the one way to change them. On a database other processes
    share, a change is announced to them, and each forgets what it kept (``forget``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._kept: dict[str, PlayerPreferences] = {}
        # Bumped by every change and every ``forget``: a read begun before one is older than what
        # it would overwrite, and is not kept.
        self._versions: dict[str, int] = {}
        self._changes = InFlight()
        self._notices = itertools.count()

    def forget(self, player_id: str) -> None:
        """Another process changed the person's preferences: read them again when next needed."""
        self._kept.pop(player_id, None)
        self._bump(player_id)

    def _bump(self, player_id: str) -> None:
        self._versions[player_id] = self._versions.get(player_id, 0) + 1

    async def of(self, player_id: str) -> PlayerPreferences:
        """The person's preferences; the defaults while the database can't be read (not kept)."""
        kept = self._kept.get(player_id)
        if kept is None:
            version = self._versions.get(player_id, 0)
            read = await load_preferences(self.db, player_id)
            if read is None:
                return PlayerPreferences()
            if self._versions.get(player_id, 0) != version:  # changed while this was read
                return self._kept.get(player_id, read)
            self._kept[player_id] = kept = read
        return kept

    async def change(
        self, player_id: str, change: Callable[[PlayerPreferences], PlayerPreferences]
    ) -> PlayerPreferences:
        """Apply ``change`` to the person's preferences as stored now and save them: read fresh
        (another process may have changed them since this one kept them), one change of theirs
        at a time, so two changes at once both hold. ``STORAGE_BUSY`` if the database can't be
        read or written now (nothing is saved over what it holds)."""
        async with self._changes.one(player_id):
            stored = await load_preferences(self.db, player_id)
            if stored is None:
                raise Refused(TableRefusal.STORAGE_BUSY)
            changed = change(stored)
            await save_preferences(self.db, player_id, changed)
            self._kept[player_id] = changed
            self._bump(player_id)
        if self.db.dialect is Dialect.POSTGRESQL:
            try:
                await self.db.announce(PreferencesChanged(player_id, next(self._notices)))
            except StorageUnavailable as exc:  # saved: the others read them at their next start
                log.warning("a change of %s's preferences not announced: %s", player_id, exc)
        return changed
