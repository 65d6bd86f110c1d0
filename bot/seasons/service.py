"""A server's seasons over the table service's clock (docs/RULES.md "Seasons").

A season counts the ranking points of the server's games that finish within it; skill (OpenSkill)
is never reset. The running season's row says when it ends; at that moment (plus ``GRACE``, so a
game that finished just before and is still being saved is in it) the owner of the server's shard
closes it: the board is frozen as it stood and the next season opened, in one transaction that
only one process can make (``bot.storage.seasons.close``). The summary (the final board, the most
games, the best points per hand, the reward role) is then owed until posted, claimed like the daily
summary: once, across restarts and processes. A change of the kind in ``/hearts-settings`` acts at
once (``settings_changed``): off → on starts a season now; monthly ↔ quarterly keeps the running
season's start and moves its end to the end of the new period holding now; on → off ends it now.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final, Protocol

from bot.seasons.summary import SeasonSummary, summarise
from bot.storage import seasons as store
from bot.storage.claims import PostClaim, Unreleased
from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.storage.seasons import Season
from bot.tables.background import Background
from bot.tables.clock import Later
from bot.tables.options import ServerSettings
from bot.tables.seasons import SeasonKind, period_end
from bot.tables.service import TableService

log = logging.getLogger(__name__)

GRACE: Final = 60.0  # seconds after a season's end before its board is frozen
RECHECK: Final = 3600.0  # the timer is armed at most this far ahead (a wall clock may jump)
RETRY: Final = 60.0  # a check the database could not serve is tried again this much later


class SeasonPresenter(Protocol):
    """The Discord side: posts a closed season's summary and moves its reward role."""

    async def summary(self, summary: SeasonSummary) -> None: ...


class _Unattached:
    async def summary(self, summary: SeasonSummary) -> None:
        log.info("season summary of server %s not posted (no presenter)", summary.season.guild_id)


class SeasonService:
    def __init__(
        self, tables: TableService, db: Database, *, owns: Callable[[str], bool] | None = None
    ) -> None:
        self.tables = tables
        self.db = db
        self.owns = owns or tables.owns
        self.presenter: SeasonPresenter = _Unattached()
        self._holder = secrets.token_hex(8)  # this run: closes and claims name it
        self._unreleased = Unreleased()
        self._timer: Any = None
        self._work = Background("season check")
        self._checking = asyncio.Lock()
        # servers whose running season did not follow a change of their setting yet (the database)
        self._unfollowed: set[str] = set()
        self._follow_everyone = False  # every server's setting to be followed (after a start)
        self._follow_retry = Later(tables.clock, RETRY, lambda: self._work.spawn(self._follow_later()))

    def attach(self, presenter: SeasonPresenter) -> None:
        self.presenter = presenter

    async def start(self) -> None:
        """Watch the settings; in the background (the presenter may wait for its connection),
        close what ended while the bot was down and post what is owed (``settle`` waits)."""
        if self not in self.tables.settings_watchers:
            self.tables.settings_watchers.append(self)
        self._work.spawn(self._timed_check())
        self._follow_everyone = True
        self._work.spawn(self._follow_later())

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._follow_retry.cancel()
        if self in self.tables.settings_watchers:
            self.tables.settings_watchers.remove(self)
        await self._work.cancel()

    async def settle(self) -> None:
        """Wait for the background checks started so far (tests, benchmarks)."""
        await self._work.settle()

    # == the clock ============================================================================

    async def check(self) -> int:
        """Close every season of this process's servers that has ended, post every summary they
        owe; arm the timer for the next end. Returns how many summaries were posted."""
        async with self._checking:
            posted = 0
            now = self.tables.clock.now()
            while True:
                due = [s for s in await store.due(self.db, now - GRACE) if self.owns(s.guild_id)]
                running = [s for s in due if s.closed_at is None]
                for season in running:  # after a long downtime a closed season's successor may be due too
                    await self._close(season, now)
                if not running:
                    break
            for season in due:
                posted += await self._post_apart(season)
            await self._arm()
            return posted

    async def _post_apart(self, season: Season) -> int:
        """A season's summary, whose failure holds up neither the other servers' nor the timer
        (it stopped the check before it was armed again: no season closed until the next start).
        It is tried again at the next check. The database being unavailable ends the check, tried
        again as a whole (``_timed_check``), and so does a stop."""
        try:
            return await self._post(season.guild_id, season.number)
        except Exception as exc:
            if isinstance(exc, StorageUnavailable) or not self.tables.running:
                raise
            log.exception(
                "season %d of server %s: summary not posted, tried again at the next check",
                season.number,
                season.guild_id,
            )
            return 0

    async def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        clock = self.tables.clock
        nxt = await store.next_end(self.db, clock.now() - GRACE)
        when = clock.now() + RECHECK if nxt is None else min(nxt + GRACE, clock.now() + RECHECK)
        self._timer = clock.call_at(when, self._fire)

    def _fire(self) -> None:
        self._timer = None
        self._work.spawn(self._timed_check())

    async def _timed_check(self) -> None:
        """The check of the start and of the timer. A database that can't be used now (locked,
        full, read-only) leaves no season unclosed for good: the check is tried again in ``RETRY``
        seconds (what it did is kept; it carries on from there)."""
        try:
            await self.check()
        except StorageUnavailable as exc:
            log.warning("seasons not checked (%s): tried again in %.0f s", exc, RETRY)
            if self._timer is not None:
                self._timer.cancel()
            clock = self.tables.clock
            self._timer = clock.call_at(clock.now() + RETRY, self._fire)

    # == closing ==============================================================================

    async def _close(self, season: Season, now: float, settings: ServerSettings | None = None) -> bool:
        """Freeze the season's board and open the next (per the server's setting now: ``settings``
        if the caller has them, as a change of the setting does, else read)."""
        if settings is None:
            settings = await self.tables.chosen_server_settings(season.guild_id)
        successor = None
        if settings.season is not SeasonKind.OFF:
            successor = (settings.season.value, period_end(settings.season, season.ends_at))
        closed = await store.close(self.db, season, now, self._holder, successor)
        if closed:
            log.info("season %d of server %s closed", season.number, season.guild_id)
        return closed

    async def _post(self, guild_id: str, number: int) -> int:
        settings = await self.tables.chosen_server_settings(guild_id)  # (before the claim: it may fail)
        key = (guild_id, number)
        claim = self._unreleased.retake(
            key, await store.claim_summary(self.db, guild_id, number, self._holder)
        )
        if claim is PostClaim.NONE:
            return 0
        try:
            season = await store.season(self.db, guild_id, number)
            assert season is not None
            rows = await store.frozen_rows(self.db, guild_id, number)
            previous = await store.frozen_rows(self.db, guild_id, number - 1) if number > 1 else []
            summary = summarise(
                season,
                rows,
                previous,
                settings.season_channel,
                settings.season_role,
                again=claim is PostClaim.TAKEN_OVER,
            )
            await self.presenter.summary(summary)
            await store.mark_posted(self.db, guild_id, number, self.tables.clock.now())
        except Exception:  # not out, or not noted out: claimed by nobody, so a later check takes it over
            await self._unreleased.release(
                key, store.release_summary(self.db, guild_id, number, self._holder)
            )
            raise
        return 1

    # == the setting ==========================================================================

    async def settings_changed(self, guild_id: str, before: ServerSettings, after: ServerSettings) -> None:
        """A manager changed the kind: start, reshape or end the running season at once. The
        settings are saved by then: if the database can't be used for the season just now, the
        change stands and the season follows it ``RETRY`` seconds later (``_follow_later``)."""
        if before.season is after.season:
            return
        try:
            await self.check()  # a season that ended while nobody looked is closed first
            await self._follow(guild_id, after)
            await self._arm()
        except StorageUnavailable as exc:
            self._unfollowed.add(guild_id)
            self._follow_retry.put_off(f"seasons of server {guild_id} not changed yet", exc)

    async def _follow(self, guild_id: str, settings: ServerSettings) -> None:
        """Bring the server's running season in line with its setting (done already: nothing)."""
        now = self.tables.clock.now()
        running = await store.running(self.db, guild_id, latest=True)
        if running is not None and running.ends_at <= now:
            return  # ended: its close, a minute after its end (GRACE), opens the next per the setting
        if settings.season is SeasonKind.OFF:
            if running is not None and await self._close(replace(running, ends_at=now), now, settings):
                self._work.spawn(self._timed_check())  # its summary (a failure tried again)
        elif running is None:
            await store.open_season(
                self.db, guild_id, settings.season.value, now, period_end(settings.season, now)
            )
        elif running.kind != settings.season.value:
            await store.reshape(
                self.db, guild_id, running.number, settings.season.value, period_end(settings.season, now)
            )

    async def _follow_later(self) -> None:
        """The servers whose season could not follow a change of their setting, with the setting
        as it is now (read and followed as a change is: one at a time with the server's changes);
        after a start, every server of this process (``_follow_everyone``: the bot may have
        stopped before a season could follow its setting)."""
        try:
            if self._follow_everyone:
                self._unfollowed.update(g for g in await self.db.servers_with_settings() if self.owns(g))
                self._follow_everyone = False
            await self.check()  # as a change does first
            for guild_id in sorted(self._unfollowed):
                async with self.tables.settings_change(guild_id):
                    await self._follow(guild_id, await self.tables.chosen_server_settings(guild_id))
                self._unfollowed.discard(guild_id)
            await self._arm()
        except StorageUnavailable as exc:
            self._follow_retry.put_off("seasons not all changed yet", exc)

    async def running(self, guild_id: str) -> Season | None:
        return await store.running(self.db, guild_id, latest=True)
