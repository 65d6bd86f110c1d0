"""What can go wrong with the database, as the rest of the bot sees it."""

from __future__ import annotations

import sqlite3


class StorageError(RuntimeError):
    """Base of the storage layer's own errors."""


class SchemaError(StorageError):
    """The database was written by a newer version of the bot (or is not ours)."""


class StorageUnavailable(StorageError):
    """The database cannot be written (or read) right now: locked by another process, disk full,
    read-only, I/O error. Nothing was changed; the same request may succeed in a moment."""


class CorruptRow(StorageError):
    """A stored row could not be read; ``table`` and ``key`` name it."""

    def __init__(self, table: str, key: str, reason: str) -> None:
        super().__init__(f"{table} row {key}: {reason}")
        self.table = table
        self.key = key
        self.reason = reason


class StaleTable(StorageError):
    """The table's stored row moved on since this process read it (another process saved a newer
    state): nothing was written. The table must be reloaded from the database."""

    def __init__(self, table_id: int, expected: int, stored: int) -> None:
        super().__init__(f"table {table_id}: saved at action {stored}, not {expected} as this process had it")
        self.table_id = table_id
        self.expected = expected
        self.stored = stored


class LeaseHeld(StorageError):
    """Another bot process holds this database (see ``bot.storage.lease``); the message names it."""

    def __init__(self, message: str, other: object) -> None:
        super().__init__(message)
        self.other = other


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` (SQLite's; PostgreSQL's are told apart in ``bot.storage.postgres``) means "the
    database as a whole can't be used now" (as opposed to one bad write, e.g. a constraint
    violation): then retrying writes one by one is pointless."""
    if isinstance(exc, StorageUnavailable):
        return True
    if not isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError):
        return False
    if isinstance(exc, sqlite3.IntegrityError):
        return False
    text = str(exc).lower()
    return any(
        phrase in text
        for phrase in ("locked", "busy", "full", "readonly", "read-only", "i/o", "disk", "unable to open")
    )
