"""One bot per database: a lease row with a heartbeat.

Two bot processes on one database would both drive the same tables (double moves, double messages).
At start the bot takes the lease row ``name`` in the ``leases`` table; while it runs it renews the
row's expiry every ``ttl / 3`` seconds. A second process finds the row held and refuses to start,
naming the holder. The lease is free again when the holder releases it (a clean stop), when its expiry
passed (the holder died or hangs), or at once when the holder's process is gone from this host.

One lease per shard range: an unsharded bot takes ``shards:all``; a process holding shards 0 and 1 of
3 takes ``shards:3/0-1``. Several processes share one database when their ranges don't overlap (a
range overlaps ``shards:all``, and every range of another shard count); each owns its shards'
tables. A process that dies leaves its lease to expire: a replacement with the same range (or one
that covers it) takes it over then, and its tables resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot import telemetry
from bot.storage.errors import StorageError

log = logging.getLogger(__name__)

SHARDS_PREFIX = "shards:"
ALL_SHARDS = "shards:all"
DEFAULT_TTL = 30.0


def shard_lease(count: int | None, ids: Sequence[int] = ()) -> str:
    """The lease of a process that holds shards ``ids`` of ``count`` (None: unsharded, every
    server): ``shards:all`` or e.g. ``shards:3/0-1`` (runs of ids as SHARD_IDS writes them)."""
    if count is None:
        return ALL_SHARDS
    runs: list[str] = []
    for i in sorted(set(ids or range(count))):
        if runs and runs[-1].rpartition("-")[2].isdigit() and int(runs[-1].rpartition("-")[2]) == i - 1:
            runs[-1] = f"{runs[-1].partition('-')[0]}-{i}"
        else:
            runs.append(str(i))
    return f"{SHARDS_PREFIX}{count}/{','.join(runs)}"


def _shards(name: str) -> tuple[int, frozenset[int]] | None:
    """``(count, ids)`` of a shard lease's name; None for ``shards:all`` (and any name not read)."""
    count, slash, ranges = name.removeprefix(SHARDS_PREFIX).partition("/")
    if not slash or not count.isdigit():
        return None
    ids: set[int] = set()
    for run in ranges.split(","):
        first, _, last = run.partition("-")
        if not first.isdigit() or not (last or first).isdigit():
            return None
        ids.update(range(int(first), int(last or first) + 1))
    return int(count), frozenset(ids)


def overlapping(a: str, b: str) -> bool:
    """Whether two shard leases cover a server in common (then only one may be held)."""
    x, y = _shards(a), _shards(b)
    if x is None or y is None or x[0] != y[0]:
        return True
    return bool(x[1] & y[1])


@dataclass(frozen=True, slots=True)
class LeaseHolder:
    """Who holds (or wants) a lease: one run of one process."""

    holder: str
    pid: int
    host: str
    started_at: float

    @classmethod
    def this_process(cls) -> LeaseHolder:
        return cls(secrets.token_hex(8), os.getpid(), socket.gethostname(), time.time())

    def describe(self) -> str:
        since = datetime.fromtimestamp(self.started_at, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        return f"process {self.pid} on host {self.host!r}, running since {since}"


@dataclass(frozen=True, slots=True)
class LeaseRow:
    """The stored lease as read back (the other holder, when the lease is refused)."""

    who: LeaseHolder
    heartbeat_at: float
    expires_at: float
    name: str = ALL_SHARDS

    def free_for(self, me: LeaseHolder, now: float) -> bool:
        """Whether ``me`` may take this lease over: it expired, or its process is gone (same host),
        or it is an earlier run of this very process (a test restarting the bot in one process)."""
        if self.who.holder == me.holder or self.expires_at < now:
            return True
        if self.who.host != me.host:
            return False
        return self.who.pid == me.pid or not _process_alive(self.who.pid)


def refusal_message(path: object, other: LeaseRow, now: float) -> str:
    ago = max(0.0, now - other.heartbeat_at)
    shards = "" if other.name == ALL_SHARDS else f" for the shards {other.name.removeprefix(SHARDS_PREFIX)}"
    return (
        f"another copy of the bot is already using the database {path}{shards}: {other.who.describe()} "
        f"(last heartbeat {ago:.0f} s ago). Only one bot may hold a shard (unsharded: the whole "
        f"database): stop the other one first, or give this one other SHARD_IDS. If it died, this "
        f"one can start once its lease expires (in {max(0.0, other.expires_at - now):.0f} s)."
    )


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process with that id: alive
    return True


class LeaseKeeper:
    """Renews a held lease on the event loop until stopped; calls ``on_lost`` if another process
    took it over (this one hung for longer than the lease's life)."""

    def __init__(
        self,
        renew: Callable[[], asyncio.Future[bool]],
        ttl: float,
        on_lost: Callable[[], None],
    ) -> None:
        self._renew = renew
        self.ttl = ttl
        self._on_lost = on_lost
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="lease-keeper")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                held = await self._renew()
            except StorageError as exc:
                telemetry.LEASE_RENEWALS.labels("failed").inc()
                log.warning("the database lease could not be renewed (will retry): %s", exc)
                continue
            telemetry.LEASE_RENEWALS.labels("renewed" if held else "lost").inc()
            if not held:
                log.critical("another process took over the database lease: stopping this bot")
                self._on_lost()
                return
