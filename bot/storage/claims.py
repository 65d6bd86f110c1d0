"""A post owed once per server and period (a closed day's daily summary, a closed season's
summary): a row with ``claimed_by`` (the process run that posts it) and ``posted_at`` (NULL until
it is out). Only the owner of the server's shard posts, and one process at a time holds a shard,
so a claim left by an earlier run that never noted the post out is taken over: the post is
neither lost to a crash nor, with the caller's look at the channel, made twice."""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Hashable
from typing import Final

from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable

NOBODY: Final = ""  # the holder of a released claim: no run (a column that may not be NULL)


class PostClaim(enum.Enum):
    """What a claim of a post gave this process run."""

    NONE = "none"  # out already, or this run claimed it before (it is on its way)
    FIRST = "first"  # nobody had claimed it: post it
    TAKEN_OVER = "taken_over"  # an earlier run claimed it and stopped before noting it out: it may
    # be on Discord already (stopped between the post and the note), so look before posting


async def take_over(
    db: Database, table: str, key: str, guild_id: str, value: object, holder: str
) -> PostClaim:
    """Claim the row of ``table`` whose ``guild_id`` and ``key`` column match for ``holder``, after
    the caller's insert found it there already: TAKEN_OVER if an earlier run's claim is left
    unposted, else NONE. ``table`` and ``key`` are the caller's own names, never input."""
    (changed,) = await db.execute(
        (
            f"UPDATE {table} SET claimed_by = ? "
            f"WHERE guild_id = ? AND {key} = ? AND posted_at IS NULL "
            "AND (claimed_by IS NULL OR claimed_by <> ?)",
            (holder, guild_id, value, holder),
        )
    )
    return PostClaim.TAKEN_OVER if changed == 1 else PostClaim.NONE


async def release(db: Database, table: str, key: str, guild_id: str, value: object, holder: str) -> None:
    """Give up ``holder``'s claim of a post that failed (unless it was noted out meanwhile): held
    by no run (``NOBODY``), the next try, in this run or another, takes it over (TAKEN_OVER: the
    failed post may have reached Discord, so it looks before posting). ``table`` and ``key`` are
    the caller's own names, never input."""
    await db.execute(
        (
            f"UPDATE {table} SET claimed_by = ? "
            f"WHERE guild_id = ? AND {key} = ? AND posted_at IS NULL AND claimed_by = ?",
            (NOBODY, guild_id, value, holder),
        )
    )


class Unreleased:
    """This run's claims whose release failed (the database failing just as their post did).
    Its next try of such a post takes the claim over itself (TAKEN_OVER: it looks before posting)
    instead of reading the claim as on its way, which would hold the post until a restart."""

    def __init__(self) -> None:
        self._kept: set[Hashable] = set()

    async def release(self, key: Hashable, releasing: Awaitable[None]) -> None:
        """Await ``releasing`` (the caller's ``release`` of ``key``'s claim); if the database
        can't take it, remember the claim instead (the caller goes on to raise its own failure)."""
        try:
            await releasing
        except StorageUnavailable:
            self._kept.add(key)

    def retake(self, key: Hashable, claim: PostClaim) -> PostClaim:
        """``claim`` as this run's try should read it: its own claim kept after a failed release
        is taken over."""
        if claim is PostClaim.NONE and key in self._kept:
            self._kept.discard(key)
            return PostClaim.TAKEN_OVER
        return claim
