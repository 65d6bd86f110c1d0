"""What can go wrong with the database, as the rest of the bot sees it."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Final


class StorageError(RuntimeError):
    """Base of the storage layer's own errors."""


class SchemaError(StorageError):
    """The database was written by a newer version of the bot (or is not ours)."""


class ForeignDatabase(SchemaError):
    """The database holds tables (another application's) but no schema version of the bot: it is
    refused before anything is created in it. The message names the database and its tables."""

    def __init__(self, where: str, tables: Sequence[str]) -> None:
        self.where = where
        self.tables = tuple(tables)
        more = len(self.tables) - 5
        self.shown = ", ".join(self.tables[:5]) + (f" and {more} more" if more > 0 else "")
        super().__init__(
            f"the database {where} is not empty: it holds tables that are not the bot's ({self.shown}) "
            "and no schema version of the bot. Nothing was changed in it: give the bot a new, empty "
            "database (or the bot's own)"
        )


class DatabaseDamaged(StorageError):
    """The database file is damaged or is no SQLite database at all (SQLite's ``SQLITE_CORRUPT``,
    ``SQLITE_NOTADB``): a permanent error, not "busy": retrying can't help, the file must be
    repaired or restored from a backup. The message names the file."""


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


# SQLite's primary result codes (the low byte of an exception's ``sqlite_errorcode``, which is the
# extended code) that mean "the database can't be used now" (another connection's lock, a full disk,
# a read-only file, an I/O error, a file that can't be opened), and those of a damaged file.
_SQLITE_UNAVAILABLE: Final = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
    }
)
_SQLITE_DAMAGED: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_SQLITE_IOERR_CORRUPTFS: Final = 10 | (33 << 8)  # an I/O error that is the file system's damage
# For an error with no code (one made by hand, e.g. ``bot.storage.faults``): SQLite's messages.
_UNAVAILABLE_PHRASES: Final = ("locked", "busy", "full", "readonly", "read-only", "i/o", "unable to open")
_DAMAGED_PHRASES: Final = ("malformed", "not a database", "corrupt")


def _sqlite_code(exc: BaseException) -> int | None:
    """SQLite's (extended) result code of one of its errors, when SQLite raised it."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code if isinstance(code, int) else None


def damaged(exc: BaseException) -> bool:
    """Whether ``exc`` (SQLite's) says the database file is damaged or no database at all."""
    if isinstance(exc, DatabaseDamaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = _sqlite_code(exc)
    if code is not None:
        return code & 0xFF in _SQLITE_DAMAGED or code == _SQLITE_IOERR_CORRUPTFS
    text = str(exc).lower()
    return any(phrase in text for phrase in _DAMAGED_PHRASES)


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` (SQLite's; PostgreSQL's are told apart in ``bot.storage.postgres``) means "the
    database as a whole can't be used now" (as opposed to one bad write, e.g. a constraint
    violation, or a damaged file, which retrying can't mend): then retrying writes one by one is
    pointless. Decided by SQLite's result code; by its message only for an error without one."""
    if isinstance(exc, StorageUnavailable):
        return True
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.IntegrityError):
        return False
    if damaged(exc):
        return False
    code = _sqlite_code(exc)
    if code is not None:
        return code & 0xFF in _SQLITE_UNAVAILABLE
    text = str(exc).lower()
    return any(phrase in text for phrase in _UNAVAILABLE_PHRASES)
