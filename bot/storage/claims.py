"""A post owed once per server and period (a closed day's daily summary, a closed season's
summary): a row with ``claimed_by`` (the process run that posts it) and ``posted_at`` (NULL until
it is out). Only the owner of the server's shard posts, and one process at a time holds a shard,
so a claim left by an earlier run that never noted the post out is taken over: the post is
neither lost to a crash nor, with the caller's look at the channel, made twice."""

from __future__ import annotations

import enum
from typing import Final

from bot.storage.database import Database

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
