"""The group-commit writer: one task per database commits every write in groups.

The saves that arrive while a commit is running share the next transaction, so a thousand busy tables
cost a few commits a second, not a thousand. If a group fails because of one bad write, each write is
retried alone, so it never loses another table's; if it fails because the database can't be written
at all (locked by another process, disk full, read-only, I/O error, the server gone), every write of
the group fails at once with ``StorageUnavailable`` and nothing is changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Generic, TypeVar

from bot import telemetry
from bot.storage.errors import StorageUnavailable

log = logging.getLogger(__name__)

W = TypeVar("W")


class GroupWriter(Generic[W]):
    """Queues writes and commits them in groups through ``commit`` (one transaction per call, one
    result per write); ``unavailable`` tells a whole-database failure from one bad write."""

    def __init__(
        self,
        commit: Callable[[Sequence[W]], Awaitable[list[Any]]],
        unavailable: Callable[[BaseException], bool],
    ) -> None:
        self._commit = commit
        self._unavailable = unavailable
        self._pending: list[tuple[W, asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def submit(self, write: W) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if self._closed:
            # A write that comes late in a shutdown (an interaction still being handled) is refused
            # like any other while the database can't be written: its writer answers "try again".
            # Started after the connection closed, it failed with the driver's own error instead
            # and was logged as a bad write.
            future.set_exception(StorageUnavailable("the database is closed (the bot is stopping)"))
            return future
        self._pending.append((write, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="db-writer")
        return future

    @property
    def task(self) -> asyncio.Task[None] | None:
        return self._task

    async def close(self) -> None:
        """Refuse new writes, then wait for those in flight (before the connection closes)."""
        self._closed = True
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _loop(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                results = await self._timed_commit([w for w, _ in batch])
            except asyncio.CancelledError:
                # Stopped mid-transaction (shutdown): nothing of the group was written, and its
                # writers must hear so rather than wait forever.
                for _, future in batch:
                    _fail(future, StorageUnavailable("the database writer was stopped"))
                raise
            except Exception as exc:
                if self._unavailable(exc):
                    telemetry.STORAGE_COMMIT_ERRORS.labels("unavailable").inc()
                    log.warning("the database can't be written (%d writes refused): %s", len(batch), exc)
                    for _, future in batch:
                        _fail(future, as_unavailable(exc))
                    continue
                telemetry.STORAGE_COMMIT_ERRORS.labels("write").inc()
                log.exception("group commit of %d writes failed; retrying each alone", len(batch))
                await self._one_by_one(batch)
                continue
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)

    async def _timed_commit(self, group: Sequence[W]) -> list[Any]:
        with telemetry.STORAGE_COMMIT.time():
            return await self._commit(group)

    async def _one_by_one(self, batch: list[tuple[W, asyncio.Future[Any]]]) -> None:
        for write, future in batch:
            try:
                (result,) = await self._timed_commit([write])
            except Exception as exc:
                unavailable = self._unavailable(exc)
                telemetry.STORAGE_COMMIT_ERRORS.labels("unavailable" if unavailable else "write").inc()
                _fail(future, as_unavailable(exc) if unavailable else exc)
            else:
                if not future.done():
                    future.set_result(result)


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def as_unavailable(exc: BaseException) -> StorageUnavailable:
    if isinstance(exc, StorageUnavailable):
        return exc
    out = StorageUnavailable(str(exc))
    out.__cause__ = exc
    return out
