"""A person's own display preferences, the same on every server and table, and how they are read
and saved (by whoever shows them: the Discord side reads them straight from storage)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.tables.refusals import or_busy

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PlayerPreferences:
    four_colour: bool = False  # diamonds blue and clubs green, so suits tell apart at a glance

    def to_json(self) -> dict[str, Any]:
        return {"four_colour": self.four_colour}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> PlayerPreferences:
        """Tolerant: missing, unknown or ill-typed values fall back to the defaults."""
        if not data:
            return cls()
        value = data.get("four_colour")
        return cls(four_colour=value if isinstance(value, bool) else False)


async def load_preferences(db: Database, player_id: str) -> PlayerPreferences:
    """A person's preferences; the defaults if none were saved, the row can't be read (reported by
    the database) or the database can't be read now."""
    try:
        return PlayerPreferences.from_json(await db.player_preferences(player_id))
    except StorageUnavailable as exc:
        log.warning("preferences of %s not read (%s): the defaults serve", player_id, exc)
        return PlayerPreferences()


async def save_preferences(db: Database, player_id: str, preferences: PlayerPreferences) -> None:
    """Save a person's preferences (``STORAGE_BUSY`` if the database can't take them now)."""
    await or_busy(db.set_player_preferences(player_id, preferences.to_json()))
