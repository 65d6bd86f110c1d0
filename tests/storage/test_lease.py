"""One bot per database: the lease row, its heartbeat, and taking it over from a dead holder."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from prometheus_client import REGISTRY

from bot.storage import Database
from bot.storage.errors import StorageError
from bot.storage.lease import ALL_SHARDS, LeaseHolder, LeaseKeeper, refusal_message
from discord_emulator.pytest_plugin import ErrorLogCollector


def _other(pid: int, host: str | None = None) -> LeaseHolder:
    me = LeaseHolder.this_process()
    return LeaseHolder("other-run", pid, host or me.host, time.time() - 60)


def _dead_pid() -> int:
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(proc.stdout)


async def test_a_live_holder_keeps_the_lease_and_is_named(db_url: str) -> None:
    db = await Database.open(db_url)
    first = _other(os.getppid())  # a live process on this host
    assert await db.acquire_lease(ALL_SHARDS, first, 30.0) is None
    me = LeaseHolder.this_process()
    held = await db.acquire_lease(ALL_SHARDS, me, 30.0)
    assert held is not None and held.who == first
    text = refusal_message(db_url, held, time.time())
    assert f"process {os.getppid()}" in text and first.host in text and str(db_url) in text
    # The holder renews; a stranger cannot.
    assert await db.renew_lease(ALL_SHARDS, first, 30.0) is True
    assert await db.renew_lease(ALL_SHARDS, me, 30.0) is False
    await db.close()


async def test_a_lease_is_taken_over_when_it_expires_or_its_process_is_gone(db_url: str) -> None:
    db = await Database.open(db_url)
    me = LeaseHolder.this_process()
    far = _other(12345, host="another-host")
    assert await db.acquire_lease(ALL_SHARDS, far, -1.0) is None  # a lease that has already run out
    assert await db.acquire_lease(ALL_SHARDS, me, 30.0) is None  # expired: taken over
    assert await db.renew_lease(ALL_SHARDS, far, 30.0) is False  # the old holder learns it lost it
    await db.release_lease(ALL_SHARDS, me)

    dead = _other(_dead_pid())
    assert await db.acquire_lease(ALL_SHARDS, dead, 3600.0) is None
    assert await db.acquire_lease(ALL_SHARDS, me, 30.0) is None  # same host, process gone: at once
    await db.close()


async def test_a_released_lease_is_free(db_url: str) -> None:
    db = await Database.open(db_url)
    first = _other(os.getppid())
    assert await db.acquire_lease(ALL_SHARDS, first, 30.0) is None
    await db.release_lease(ALL_SHARDS, first)
    assert await db.acquire_lease(ALL_SHARDS, LeaseHolder.this_process(), 30.0) is None
    await db.close()


async def test_the_database_and_its_journal_are_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "data" / "hearts.sqlite3"
    old = os.umask(0o022)
    try:
        db = await Database.open(path)
        await db.set_meta("x", "y")
        for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            assert name.exists(), name
            assert name.stat().st_mode & 0o777 == 0o600, name
        await db.close()
    finally:
        os.umask(old)


async def test_the_keeper_counts_its_renewals_for_the_metrics(error_log: ErrorLogCollector) -> None:
    """Renewed, failed (a storage error, retried), then lost: each counted once, and a lost lease
    stops the keeper (and says so, as CRITICAL)."""
    error_log.allow("another process took over the database lease", logger="bot.storage.lease")
    answers: list[bool | StorageError] = [True, StorageError("disk I/O error"), False]
    lost = asyncio.Event()

    async def renew() -> bool:
        answer = answers.pop(0)
        if isinstance(answer, StorageError):
            raise answer
        return answer

    def counts() -> list[float]:
        name = "hearts_lease_renewals_total"
        return [REGISTRY.get_sample_value(name, {"result": r}) or 0.0 for r in ("renewed", "failed", "lost")]

    before = counts()
    keeper = LeaseKeeper(renew, 0.03, lost.set)  # type: ignore[arg-type]
    keeper.start()
    try:
        await asyncio.wait_for(lost.wait(), 10)
    finally:
        await keeper.stop()
    assert [a - b for a, b in zip(counts(), before, strict=True)] == [1, 1, 1]
    assert answers == []
