"""What the two storage backends (SQLite, PostgreSQL) have in common, and how one is chosen.

Every statement the storage layer runs is written once, in the SQL both dialects share, with ``?``
placeholders; the PostgreSQL backend numbers them (``$1``, ``$2`` …) before it sends them. The few
differences (column types in the migrations, where the schema version is kept, which errors mean "the
database can't be used now") live in each backend.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

from bot.storage.faults import WriteFault

T = TypeVar("T")

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


class Dialect(Enum):
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


@dataclass(frozen=True, slots=True)
class Target:
    """Which database to open: a SQLite file, or a PostgreSQL server's database (by URL)."""

    dialect: Dialect
    path: Path | None = None  # SQLite
    url: str | None = None  # PostgreSQL

    @classmethod
    def parse(cls, where: Path | str) -> Target:
        """``sqlite:///relative.db``, ``sqlite:////absolute.db``, ``postgresql://user@host/db``,
        or a plain file path (SQLite, as ``DATABASE_PATH`` gives it)."""
        if isinstance(where, Path):
            return cls(Dialect.SQLITE, path=where)
        text = where.strip()
        if text.startswith(POSTGRES_PREFIXES):
            return cls(Dialect.POSTGRESQL, url=text)
        if text.startswith(SQLITE_PREFIX):
            text = text[len(SQLITE_PREFIX) :]
        elif "://" in text:
            raise ValueError(
                f"unknown database URL {redact(text)!r}: use sqlite:///path/to/file or postgresql://…"
            )
        if not text:
            raise ValueError("the SQLite URL names no file: sqlite:///path/to/file")
        return cls(Dialect.SQLITE, path=Path(text))

    def describe(self) -> str:
        """For operators' messages: the file, or the URL without its password."""
        return str(self.path) if self.path is not None else redact(self.url or "")


def redact(url: str) -> str:
    """The URL with any password replaced by ``***``: in its credentials (``user:pw@``) and in its
    query (``?password=…``, which libpq and asyncpg read too)."""
    url = _PASSWORD_PARAMETER.sub(r"\1***", url)
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest.split("/", 1)[0]:
        return url
    credentials, _, host = rest.partition("@")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


_PASSWORD_PARAMETER: Final = re.compile(r"([?&]password=)[^&#]*", re.IGNORECASE)


class Tx(Protocol):
    """One open transaction (or, for reads, one connection)."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


class Backend(Protocol):
    """One database's connections, as the ``Database`` and the migrations use them."""

    dialect: Dialect
    target: Target

    async def transaction(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """Run ``body`` in one write transaction: committed whole, or (whatever stops it, a failed
        statement or a cancellation) rolled back whole."""
        ...

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """A read outside the writer's transaction; ``StorageUnavailable`` if it can't be done."""
        ...

    async def lock(self, tx: Tx, keys: Sequence[tuple[int, int]]) -> None:
        """Hold the locks ``keys`` (a space, a number: see ``bot.storage.locks``) until ``tx`` ends,
        taken in one order by every process so two never wait for each other. PostgreSQL: advisory
        locks (several processes write). SQLite: nothing (its write transaction already excludes
        every other writer)."""
        ...

    async def notify(self, tx: Tx, message: str) -> None:
        """Send ``message`` to every listening process when ``tx`` commits (PostgreSQL's NOTIFY;
        SQLite: nothing, one process)."""
        ...

    async def listen(self, heard: Callable[[str], None]) -> None:
        """Call ``heard`` with every message ``notify`` sends from now on, until ``close``."""
        ...

    async def read_version(self, tx: Tx) -> int:
        """The number of the last migration applied (inside a migration's transaction)."""
        ...

    async def write_version(self, tx: Tx, number: int) -> None: ...

    async def schema_version(self) -> int: ...

    def fault_error(self, fault: WriteFault) -> Exception:
        """The error this database itself raises for ``fault`` (see ``bot.storage.faults``)."""
        ...

    def unavailable(self, exc: BaseException) -> bool:
        """Whether ``exc`` means the database as a whole can't be used now (not one bad write)."""
        ...

    async def set_busy_timeout(self, seconds: float) -> None:
        """How long a write waits for another connection's lock before it is refused."""
        ...

    async def close(self) -> None: ...
