"""Saved hand reviews (``bot.review``): one seat's review of one hand, and a person's running
accuracy over their last reviews (``/stats``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from bot.storage.database import Database
from bot.storage.records import DamagedRow

RECENT: Final = 20
"""The reviews a running accuracy is taken over."""


@dataclass(frozen=True, slots=True)
class Accuracy:
    """A person's share of accurate decisions over their last reviews."""

    reviews: int
    decisions: int
    accurate: int

    @property
    def share(self) -> float | None:
        return self.accurate / self.decisions if self.decisions else None


async def saved_review(db: Database, table_id: int, hand_number: int, seat: int) -> dict[str, Any] | None:
    """The saved review's data (None: not reviewed yet, or a damaged row, reported)."""
    rows = await db.rows(
        "SELECT data FROM reviews WHERE table_id = ? AND hand_number = ? AND seat = ?",
        (table_id, hand_number, seat),
    )
    if not rows:
        return None
    try:
        data = json.loads(rows[0][0])
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except (TypeError, ValueError) as exc:
        db.report_damage(DamagedRow("reviews", f"{table_id}/{hand_number}/{seat}", None, str(exc)))
        return None
    return data


async def recent_accuracy(db: Database, player_id: str, last: int = RECENT) -> Accuracy:
    """``player_id``'s accuracy over their ``last`` reviews (on any server: it is their play)."""
    rows = await db.rows(
        "SELECT decisions, accurate FROM reviews WHERE player_id = ? "
        "ORDER BY created_at DESC, table_id DESC, hand_number DESC LIMIT ?",
        (player_id, last),
    )
    decisions = sum(int(r[0]) for r in rows)
    return Accuracy(len(rows), decisions, sum(int(r[1]) for r in rows))


async def recent_games(db: Database, guild_id: str, player_id: str, last: int) -> list[int]:
    """The tables of ``player_id``'s last ``last`` finished games on the server, newest first."""
    rows = await db.rows(
        "SELECT table_id FROM game_players WHERE guild_id = ? AND player_id = ? "
        "ORDER BY table_id DESC LIMIT ?",
        (guild_id, player_id, last),
    )
    return [int(r[0]) for r in rows]
