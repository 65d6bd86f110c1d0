"""Display names as last seen (``seen_names``): the bot has no members intent, so a name is known
from the person's interactions. Kept per server (``guild_id``: the member's nickname there, ``""``
for none) and outside any server (``GLOBAL``: their own display name), so that
boards and posts name people after a restart and in every process of the bot, and a nickname is
shown only on the server that gave it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from bot.storage.database import Database

GLOBAL: Final = ""
"""The ``guild_id`` of a name seen outside any server: the person's own display name."""

MAX_NAME: Final = 100
"""Longer than any Discord display name (32 characters); a longer one is cut, not refused."""

CHUNK: Final = 500
"""Ids asked in one query (well under either database's limit of parameters)."""

_UPSERT: Final = (
    "INSERT INTO seen_names (guild_id, player_id, name, seen_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT(guild_id, player_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at"
)


async def remember_name(db: Database, guild_id: str, player_id: str, name: str, at: float) -> None:
    """Save ``name`` as ``player_id``'s display name on ``guild_id`` (``GLOBAL``: outside any
    server), seen at ``at``."""
    await db.execute((_UPSERT, (guild_id, player_id, name[:MAX_NAME], at)))


async def display_names(
    db: Database, guild_id: str, player_ids: Collection[str]
) -> dict[tuple[str, str], str]:
    """The saved names of ``player_ids`` on ``guild_id`` and outside any server, by (guild id,
    player id): a row whose name is not text is passed over (the next interaction saves it
    again)."""
    ids = sorted(set(player_ids))
    out: dict[tuple[str, str], str] = {}
    for start in range(0, len(ids), CHUNK):
        part = ids[start : start + CHUNK]
        marks = ", ".join("?" * len(part))
        rows = await db.rows(
            "SELECT guild_id, player_id, name FROM seen_names "
            f"WHERE guild_id IN (?, ?) AND player_id IN ({marks})",
            [guild_id, GLOBAL, *part],
        )
        out.update(((str(g), str(p)), name) for g, p, name in rows if isinstance(name, str) and name)
    return out
