"""One bot's global request budget shared by its processes through their database.

Discord counts its global limit (50 requests a second) per bot, not per connection: three processes
of one bot that each pace themselves to the whole limit send three times too much. So each process
paces itself to a *share* of it, kept in the ``budget_shares`` table: a row per process (keyed by
its lease's holder id) with the demand it last reported, the share it holds, and what it may still
be using of a larger share it gave up (``reserved`` until ``reserved_until``).

Every process reports its demand a few times a second (``BudgetKeeper`` in ``bot.client.budget``);
under one lock it drops the rows of processes whose lease is gone and which had not reported for
``SILENT`` seconds by its own last report (a database outage longer than a lease makes every lease
look gone, and every process silent: none is taken for dead for that), divides the limit among the live
rows by demand (``divide``: every process at least ``MIN_SHARE``, the rest max-min fair, what nobody
asks for spread evenly) and takes its own part, *but never more than the others leave free*. A
process that is given less lowers its share at once and keeps the difference reserved for a window
(its requests of the last window still count at Discord); the others take it up at their next report
after that. So the shares held never sum above the limit, and a change of demand is followed within
a window and two reports. A process that dies leaves its row until its lease expires (or another
process takes the lease over), then its share is free.

Only PostgreSQL shares a database between processes; the SQL is the dialect both accept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.storage import locks
from bot.storage.backend import Tx
from bot.storage.writes import Lock

MIN_SHARE = 2  # requests a window every live process keeps, so that none waits for a report to act
SILENT = 5.0  # seconds without a report after which a process whose lease is gone is dead


@dataclass(frozen=True, slots=True)
class ShareRow:
    """One process's row."""

    holder: str
    demand: int
    share: int
    reserved: int  # what it may still be using of a larger share given up ...
    reserved_until: float  # ... until then (epoch seconds)

    def held(self, now: float) -> int:
        """What the others must leave this process now."""
        return max(self.share, self.reserved if now < self.reserved_until else 0)


def divide(limit: int, demands: Mapping[str, int], floor: int = MIN_SHARE) -> dict[str, int]:
    """``limit`` divided among the processes of ``demands``: each at least ``floor`` (less if there
    are too many for it), then max-min fair (nobody gets more than it asks while another asks for
    more than it got), what is left over spread evenly; the parts sum to ``limit`` exactly. The same
    demands give every process the same division (ties go by holder)."""
    holders = sorted(demands)
    if not holders:
        return {}
    floor = min(floor, limit // len(holders))
    parts = dict.fromkeys(holders, floor)
    left = limit - floor * len(holders)
    wanting = sorted(holders, key=lambda h: (demands[h], h))
    for i, holder in enumerate(wanting):
        give = min(max(0, demands[holder] - floor), left // (len(wanting) - i))
        parts[holder] += give
        left -= give
    for i, holder in enumerate(holders):
        parts[holder] += left // len(holders) + (1 if i < left % len(holders) else 0)
    return parts


def next_row(
    mine: ShareRow | None,
    me: str,
    demand: int,
    others: Sequence[ShareRow],
    limit: int,
    now: float,
    hold: float,
) -> ShareRow:
    """This process's new row: its part of ``divide``, at most what the others leave free; a share
    lowered keeps the old one reserved for ``hold`` seconds."""
    target = divide(limit, {r.holder: r.demand for r in others} | {me: demand})[me]
    free = limit - sum(r.held(now) for r in others)
    if mine is None:
        return ShareRow(me, demand, max(0, min(target, free)), 0, now)
    share = max(0, min(target, max(free, mine.share)))  # never above what is free, but keep what it has
    if share < mine.share:
        return ShareRow(me, demand, share, mine.held(now), now + hold)
    return ShareRow(me, demand, share, mine.reserved, mine.reserved_until)


_COLUMNS = "holder, demand, share, reserved, reserved_until"
_DEAD = (
    "DELETE FROM budget_shares WHERE holder <> ? AND reported_at < ?"
    " AND holder NOT IN (SELECT holder FROM leases WHERE expires_at >= ?)"
)


async def take_share(
    tx: Tx,
    lock: Lock,
    me: str,
    demand: int,
    limit: int,
    clock: Callable[[], float],
    hold: float,
    lower: Callable[[int], None],
) -> int:
    """Report ``demand`` and return this process's share (inside a transaction, under the budget's
    lock, so two processes never both count the same free requests). A smaller share is applied
    (``lower``) before it is written, and its reservation is timed from then (``clock``: epoch
    seconds), however long the lock took."""
    await lock(tx, [locks.BUDGET_LOCK])
    now = clock()
    # Silent while this process reported (since its own last report, not since now: after an
    # outage every process has been silent as long as this one, and is alive if it reports again).
    last = await tx.fetch("SELECT reported_at FROM budget_shares WHERE holder = ?", (me,))
    since = min(now, float(last[0][0])) if last else now
    await tx.execute(_DEAD, (me, since - SILENT, now))
    rows = [
        ShareRow(str(r[0]), int(r[1]), int(r[2]), int(r[3]), float(r[4]))
        for r in await tx.fetch(f"SELECT {_COLUMNS} FROM budget_shares")
    ]
    mine = next((r for r in rows if r.holder == me), None)
    row = next_row(mine, me, demand, [r for r in rows if r.holder != me], limit, now, hold)
    lower(row.share)
    await tx.execute(
        f"INSERT INTO budget_shares ({_COLUMNS}, reported_at) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT(holder) DO UPDATE SET demand = excluded.demand, share = excluded.share, "
        "reserved = excluded.reserved, reserved_until = excluded.reserved_until, "
        "reported_at = excluded.reported_at",
        (row.holder, row.demand, row.share, row.reserved, row.reserved_until, now),
    )
    return row.share


async def drop_share(tx: Tx, me: str) -> None:
    """A process stopping gives its share back at once."""
    await tx.execute("DELETE FROM budget_shares WHERE holder = ?", (me,))
