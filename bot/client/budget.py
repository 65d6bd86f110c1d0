"""This process's share of the bot's global budget, when several processes run one bot.

``BudgetKeeper`` reports the pacer's demand to the shared database every ``REPORT_INTERVAL`` seconds
and sets the pacer's ``share`` to what it is given (``bot.storage.budget`` divides the limit). A
process alone on its database needs none: its pacer keeps the whole limit, as it always did.

Before its first report a process has a share of its own only as small as ``MIN_SHARE`` (logging in
takes a request or two); a report that fails (the database is down) keeps the last share for a while
(the other processes keep theirs too, so the sum stays under the limit), then ``MIN_SHARE`` (they may
take this one for dead: ``bot.storage.budget``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.client.pacing import GlobalPacer
from bot.storage.budget import MIN_SHARE, SILENT
from bot.storage.database import Database
from bot.storage.errors import StorageError
from bot.tables.clock import sleep

log = logging.getLogger(__name__)

REPORT_INTERVAL = 0.25  # seconds between reports: a change of demand is followed within a second or so


class BudgetKeeper:
    """Keeps ``pacer`` at this process's share (``holder``: its lease's holder id), on the pacer's
    clock."""

    def __init__(
        self, pacer: GlobalPacer, db: Database, holder: str, interval: float = REPORT_INTERVAL
    ) -> None:
        self.pacer = pacer
        self.db = db
        self.holder = holder
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._failing_since: float | None = None  # when its reports began to fail (the pacer's clock)

    async def report(self) -> None:
        """Report the demand and take the share: a smaller one applies before the others can see
        it, a larger one once they can. A share given up stays reserved for a window and a report
        (its last requests still count at Discord)."""
        self.pacer.share = await self.db.take_share(
            self.holder,
            self.pacer.demand(),
            self.pacer.limit,
            hold=self.pacer.period + self.interval,
            clock=self.pacer.clock.now,
            lower=self._lower,
        )

    def _lower(self, share: int) -> None:
        self.pacer.share = min(self.pacer.share, share)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="budget-keeper")

    async def stop(self) -> None:
        """Stop reporting and give the share back."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        try:
            await self.db.drop_share(self.holder)
        except StorageError as exc:
            log.warning("the global budget's share was not given back (it goes with the lease): %s", exc)

    async def _run(self) -> None:
        while True:
            await sleep(self.pacer.clock, self.interval)
            await self.tick()

    async def tick(self) -> None:
        """One report. While reports fail the share is kept, for ``SILENT`` seconds: past that the
        other processes may take this one for dead and its share up, so it keeps ``MIN_SHARE``
        until a report goes through again."""
        try:
            await self.report()
        except StorageError as exc:
            now = self.pacer.clock.now()
            if self._failing_since is None:
                kept = self.pacer.share
                log.warning("the global budget can't be reported (keeping %d a second): %s", kept, exc)
                self._failing_since = now
            elif now - self._failing_since >= SILENT and self.pacer.share > MIN_SHARE:
                log.warning("the global budget still can't be reported: down to %d a second", MIN_SHARE)
                self.pacer.share = MIN_SHARE
        else:
            if self._failing_since is not None:
                log.info("the global budget is reported again (%d a second)", self.pacer.share)
            self._failing_since = None
