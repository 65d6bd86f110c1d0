"""A test's database on either backend, and raw access to it from outside the bot: damaging a row,
holding a lock as another process would, reading what was stored."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.storage.backend import Dialect, Target
from bot.storage.postgres import numbered


@dataclass(frozen=True)
class RawDatabase:
    """``url`` as ``Database.open`` takes it; the methods go around the bot (``?`` placeholders)."""

    url: str

    @property
    def target(self) -> Target:
        return Target.parse(self.url)

    @property
    def dialect(self) -> Dialect:
        return self.target.dialect

    @property
    def postgres(self) -> bool:
        return self.dialect is Dialect.POSTGRESQL

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        if self.postgres:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(numbered(sql), *args)
            finally:
                await conn.close()
        else:
            # in a thread, as another process would: a bot in this process may be mid-commit, and
            # its commit needs the event loop that a wait for the lock here would hold up
            await asyncio.to_thread(self._sqlite_execute, sql, tuple(args))

    def _sqlite_execute(self, sql: str, args: tuple[Any, ...]) -> None:
        with contextlib.closing(sqlite3.connect(self.target.path)) as raw, raw:  # type: ignore[arg-type]
            raw.execute(sql, args)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self.postgres:
            conn = await asyncpg.connect(self.url)
            try:
                return [tuple(r) for r in await conn.fetch(numbered(sql), *args)]
            finally:
                await conn.close()
        return await asyncio.to_thread(self._sqlite_fetch, sql, tuple(args))

    def _sqlite_fetch(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.target.path)) as raw:  # type: ignore[arg-type]
            return list(raw.execute(sql, args))

    async def set_schema_version(self, number: int) -> None:
        if self.postgres:
            await self.execute("UPDATE schema_version SET version = ?", (number,))
        else:
            await self.execute(f"PRAGMA user_version = {int(number)}")

    @contextlib.asynccontextmanager
    async def write_lock(self) -> AsyncIterator[None]:
        """Hold, from another connection, the lock every write of the bot needs (as ``sqlite3`` in a
        shell or a migration script would) until the block ends; the block's own writes are
        committed at its end."""
        if self.postgres:
            conn = await asyncpg.connect(self.url)
            try:
                async with conn.transaction():
                    await conn.execute("LOCK TABLE tables, actions, meta IN EXCLUSIVE MODE")
                    yield
            finally:
                await conn.close()
            return
        other = sqlite3.connect(self.target.path, isolation_level=None, check_same_thread=False)  # type: ignore[arg-type]
        try:
            # in a thread: the bot may be mid-commit and needs the event loop to finish it
            await asyncio.to_thread(other.execute, "BEGIN EXCLUSIVE")
            yield
            other.execute("COMMIT")
        finally:
            other.close()

    async def write_lock_is_free(self) -> bool:
        """Whether another connection can take the write lock at once (no transaction of the bot
        is left open)."""
        if self.postgres:
            conn = await asyncpg.connect(self.url)
            try:
                async with conn.transaction():
                    await conn.execute("LOCK TABLE tables, actions, meta IN EXCLUSIVE MODE NOWAIT")
                return True
            except asyncpg.LockNotAvailableError:
                return False
            finally:
                await conn.close()
        raw = sqlite3.connect(self.target.path, timeout=0.2, isolation_level=None)  # type: ignore[arg-type]
        try:
            raw.execute("BEGIN IMMEDIATE")
            raw.execute("ROLLBACK")
            return True
        except sqlite3.OperationalError:
            return False
        finally:
            raw.close()
