"""Storage: schema and migrations, table state with its action log, finished games, leaderboards and
ratings, server settings, the lease that keeps one bot per database. Two backends behind one
``Database``: SQLite (aiosqlite, one WAL file, the default) and PostgreSQL (asyncpg, a pool); one
writer that commits in groups."""

from bot.storage.database import Database
from bot.storage.errors import CorruptRow, LeaseHeld, SchemaError, StorageError, StorageUnavailable
from bot.storage.faults import StorageFaults, WriteFault
from bot.storage.records import (
    ActionRow,
    DamagedRow,
    GameRecord,
    PlayerRecord,
    RatingChange,
    StoredTable,
    TableWrite,
)

__all__ = [
    "ActionRow",
    "CorruptRow",
    "DamagedRow",
    "Database",
    "GameRecord",
    "LeaseHeld",
    "PlayerRecord",
    "RatingChange",
    "SchemaError",
    "StorageError",
    "StorageFaults",
    "StorageUnavailable",
    "StoredTable",
    "TableWrite",
    "WriteFault",
]
