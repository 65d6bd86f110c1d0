"""SQLite storage (aiosqlite): schema and migrations, table state with its action log, finished games,
leaderboards and ratings, server settings. One database file; WAL; one writer that commits in groups."""

from bot.storage.database import Database, SchemaError
from bot.storage.records import ActionRow, GameRecord, PlayerRecord, RatingChange, StoredTable, TableWrite

__all__ = [
    "ActionRow",
    "Database",
    "GameRecord",
    "PlayerRecord",
    "RatingChange",
    "SchemaError",
    "StoredTable",
    "TableWrite",
]
