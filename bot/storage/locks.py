"""The database locks that keep several bot processes on one PostgreSQL database from overwriting
each other's work: each is a (space, number) pair held until the end of the write transaction
(``Backend.lock``). A table's save holds its table's lock; a finished game's rating update holds its
server's; taking a lease holds the leases' lock, so two processes can't both see a shard range free; taking a
share of the bot's global budget holds the budget's, so two can't both take the same free requests.
"""

from __future__ import annotations

import zlib
from typing import Final

TABLE: Final = 0x48540001  # ("HT", 1) + the table id
RATINGS: Final = 0x48540002  # + a server's number (``server_key``)
LEASES: Final = 0x48540003  # + 0
TABLE_IDS: Final = 0x48540004  # + 0
BUDGET: Final = 0x48540010  # + 0


def table_lock(table_id: int) -> tuple[int, int]:
    return TABLE, _int32(table_id)


def ratings_lock(guild_id: str) -> tuple[int, int]:
    """One lock per server: its players' ratings are read and written under it, and a season is
    opened under it (``bot.storage.seasons``: a game saved meanwhile is counted once)."""
    return RATINGS, _int32(zlib.crc32(guild_id.encode()))


LEASES_LOCK: Final = (LEASES, 0)
TABLE_IDS_LOCK: Final = (TABLE_IDS, 0)  # claiming a new table's id (Database.claim_table_id)
BUDGET_LOCK: Final = (BUDGET, 0)  # dividing the bot's global budget (bot.storage.budget)


def _int32(n: int) -> int:
    """A lock number is a signed 32-bit integer: larger numbers wrap (two may share a lock: a wait,
    never a mistake)."""
    return (n + 2**31) % 2**32 - 2**31
