"""Display names as last seen (``display_names``), one per person: the bot has no members intent,
so a name is known from the person's interactions (a server nickname or their global name, the
last one seen); kept here so that boards and posts name them after a restart and in every process
of the bot."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from bot.storage.database import Database

MAX_NAME: Final = 100
"""Longer than any Discord display name (32 characters); a longer one is cut, not refused."""

CHUNK: Final = 500
"""Ids asked in one query (well under either database's limit of parameters)."""

_UPSERT: Final = (
    "INSERT INTO display_names (player_id, name, seen_at) VALUES (?, ?, ?) "
    "ON CONFLICT(player_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at"
)


async def remember_name(db: Database, player_id: str, name: str, at: float) -> None:
    """Save ``name`` as ``player_id``'s display name, seen at ``at``."""
    await db.execute((_UPSERT, (player_id, name[:MAX_NAME], at)))


async def display_names(db: Database, player_ids: Collection[str]) -> dict[str, str]:
    """The saved display names of those of ``player_ids`` that have one (a row whose name is not
    text is passed over: the next interaction saves it again)."""
    ids = sorted(set(player_ids))
    out: dict[str, str] = {}
    for start in range(0, len(ids), CHUNK):
        part = ids[start : start + CHUNK]
        marks = ", ".join("?" * len(part))
        rows = await db.rows(f"SELECT player_id, name FROM display_names WHERE player_id IN ({marks})", part)
        out.update((str(pid), name) for pid, name in rows if isinstance(name, str) and name)
    return out
