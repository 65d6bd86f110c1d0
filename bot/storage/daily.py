"""The daily challenge's rows (``bot.daily``): the secret its deals come from, attempts with their
results (and their Share line's message), each day's par and each server's summary post. SQL both
backends accept; every write goes through the writer (``Database.execute``) and is written so that
a conflict never fails: a second claim of the same attempt, par or post changes nothing, and the
caller learns it lost."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.claims import PostClaim as PostClaim  # re-exported: the daily service reads it here
from bot.storage.claims import release, take_over
from bot.storage.database import Database
from bot.storage.records import DamagedRow

SECRET_KEY = "daily_secret"  # meta: the secret the day's deals come from (never in the code)
FIRST_DAY_KEY = "daily_first_day"  # meta: the first day the bot kept dailies (YYYY-MM-DD)
_INSERT_META = "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING"


@dataclass(frozen=True, slots=True)
class Attempt:
    day: str
    player_id: str
    guild_id: str
    channel_id: str  # where it was started from (Share posts there)
    locale: str  # the language of the person's private daily messages
    table_id: int | None
    total: int | None  # None until finished (and for good when given up)
    hands: tuple[int, ...]  # points per hand once finished
    finished: bool
    share_message_id: str | None = None  # its Share line's message in ``channel_id``, once posted


@dataclass(frozen=True, slots=True)
class DayResult:
    """A finished attempt as the boards need it."""

    player_id: str
    guild_id: str
    total: int
    hands: tuple[int, ...] = ()  # points per hand (the board draws them as the Share line does)


async def keep_secret(db: Database, secret: str, first_day: str) -> tuple[str, str]:
    """The stored secret and first day; ``secret``/``first_day`` are stored only if none are yet
    (the first start; several processes starting at once agree on whichever came first)."""
    await db.execute((_INSERT_META, (SECRET_KEY, secret)), (_INSERT_META, (FIRST_DAY_KEY, first_day)))
    rows = await db.read_latest(
        "SELECT key, value FROM meta WHERE key IN (?, ?)", (SECRET_KEY, FIRST_DAY_KEY)
    )
    stored = {str(k): str(v) for k, v in rows}
    return stored[SECRET_KEY], stored[FIRST_DAY_KEY]


_ATTEMPT_COLUMNS = (
    "day, player_id, guild_id, channel_id, locale, table_id, total, hands, finished_at, share_message_id"
)


def _attempt(row: tuple[object, ...]) -> Attempt:
    day, player, guild, channel, locale, table_id, total, hands, finished_at, shared = row
    return Attempt(
        str(day),
        str(player),
        str(guild),
        str(channel),
        str(locale),
        None if table_id is None else int(str(table_id)),
        None if total is None else int(str(total)),
        _hands(hands),
        finished_at is not None,
        str(shared) if shared is not None and str(shared).isdigit() else None,  # (damaged: none noted)
    )


_DAMAGE = (TypeError, ValueError, OverflowError)  # what reading a hand-edited or damaged row raises


def _hands(stored: object) -> tuple[int, ...]:
    """Points per hand as stored (a JSON list), or none."""
    return tuple(int(h) for h in json.loads(str(stored))) if stored is not None else ()


async def claim_attempt(
    db: Database, day: str, player_id: str, guild_id: str, channel_id: str, locale: str, now: float
) -> bool:
    """Reserve the person's one attempt at ``day``: True if it is new, False if they had one."""
    (changed,) = await db.execute(
        (
            "INSERT INTO daily_attempts (day, player_id, guild_id, channel_id, locale, started_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(day, player_id) DO NOTHING",
            (day, player_id, guild_id, channel_id, locale, now),
        )
    )
    return changed == 1


async def set_attempt_table(db: Database, day: str, player_id: str, table_id: int) -> bool:
    """Link the attempt to its table: True, or False if another start linked one first."""
    (changed,) = await db.execute(
        (
            "UPDATE daily_attempts SET table_id = ? WHERE day = ? AND player_id = ? AND table_id IS NULL",
            (table_id, day, player_id),
        )
    )
    return changed == 1


async def finish_attempt(
    db: Database, day: str, player_id: str, hands: tuple[int, ...] | None, now: float
) -> bool:
    """Record the result (``hands`` None: given up, no result). True the first time only. A result
    is owed to its person from this write on, until ``result_shown``."""
    total, stored = (None, None) if hands is None else (sum(hands), json.dumps(list(hands)))
    (changed,) = await db.execute(
        (
            "UPDATE daily_attempts SET total = ?, hands = ?, finished_at = ?, result_owed = ? "
            "WHERE day = ? AND player_id = ? AND finished_at IS NULL",
            (total, stored, now, int(hands is not None), day, player_id),
        )
    )
    return changed == 1


@dataclass(frozen=True, slots=True)
class OwedResult:
    """A recorded result whose DM is not out yet."""

    day: str
    player_id: str
    guild_id: str


async def owed_results(db: Database) -> list[OwedResult]:
    """The results recorded and not shown yet, oldest day first."""
    rows = await db.read_latest(
        "SELECT day, player_id, guild_id FROM daily_attempts WHERE result_owed = 1 ORDER BY day, player_id"
    )
    return [OwedResult(str(day), str(player), str(guild)) for day, player, guild in rows]


async def result_owed(db: Database, day: str, player_id: str) -> bool:
    """Whether the result is still owed to its person, as the latest writes left it."""
    rows = await db.read_latest(
        "SELECT 1 FROM daily_attempts WHERE day = ? AND player_id = ? AND result_owed = 1", (day, player_id)
    )
    return bool(rows)


async def result_shown(db: Database, day: str, player_id: str) -> None:
    """The result's DM is out (or can't ever be: the person's DMs are closed)."""
    await db.execute(
        ("UPDATE daily_attempts SET result_owed = 0 WHERE day = ? AND player_id = ?", (day, player_id))
    )


async def share_posted(db: Database, day: str, player_id: str, message_id: str) -> None:
    """The person's Share line of ``day`` is out: ``message_id``, in the attempt's channel (a later
    click links to it instead of posting it again)."""
    await db.execute(
        (
            "UPDATE daily_attempts SET share_message_id = ? WHERE day = ? AND player_id = ?",
            (message_id, day, player_id),
        )
    )


async def attempt(db: Database, day: str, player_id: str) -> Attempt | None:
    """The person's attempt, as the latest writes left it (read right after claiming or finishing)."""
    rows = await db.read_latest(
        f"SELECT {_ATTEMPT_COLUMNS} FROM daily_attempts WHERE day = ? AND player_id = ?", (day, player_id)
    )
    return _attempt(tuple(rows[0])) if rows else None


async def attempt_at_table(db: Database, table_id: int) -> Attempt | None:
    rows = await db.read_latest(
        f"SELECT {_ATTEMPT_COLUMNS} FROM daily_attempts WHERE table_id = ?", (table_id,)
    )
    return _attempt(tuple(rows[0])) if rows else None


async def day_of_table(db: Database, table_id: int) -> str | None:
    """The day of the attempt played at ``table_id`` (YYYY-MM-DD as stored); None: no daily's table."""
    rows = await db.read_latest("SELECT day FROM daily_attempts WHERE table_id = ?", (table_id,))
    return str(rows[0][0]) if rows else None


async def closed_at(db: Database, table_id: int, status: str) -> float | None:
    """When the table at ``table_id`` closed with ``status`` ('finished': its game's end;
    'cancelled'), its last save being that move's, if it did and the row says so readably."""
    sql = "SELECT updated_at FROM tables WHERE id = ? AND status = ?"
    rows = await db.read_latest(sql, (table_id, status))
    try:
        return float(rows[0][0]) if rows else None
    except _DAMAGE:
        return None


async def unfinished_attempts(db: Database) -> list[Attempt]:
    """Attempts with a table and no result yet (a restart checks whether their game ended)."""
    rows = await db.rows(
        f"SELECT {_ATTEMPT_COLUMNS} FROM daily_attempts WHERE finished_at IS NULL AND table_id IS NOT NULL"
    )
    return [_attempt(tuple(r)) for r in rows]


async def unfinished_of(db: Database, player_id: str) -> list[Attempt]:
    """The person's attempts without a result yet, oldest first, as the latest writes left them
    (read right after giving one up)."""
    rows = await db.read_latest(
        f"SELECT {_ATTEMPT_COLUMNS} FROM daily_attempts "
        "WHERE player_id = ? AND finished_at IS NULL ORDER BY day",
        (player_id,),
    )
    return [_attempt(tuple(r)) for r in rows]


async def ended_unrecorded(db: Database) -> list[Attempt]:
    """Attempts whose table's game ended (or was cancelled) with no result recorded yet: the bot
    stopped in between."""
    columns = ", ".join(f"a.{c.strip()}" for c in _ATTEMPT_COLUMNS.split(","))
    rows = await db.rows(
        f"SELECT {columns} FROM daily_attempts a JOIN tables t ON t.id = a.table_id "
        "WHERE a.finished_at IS NULL AND t.status IN ('finished', 'cancelled')"
    )
    return [_attempt(tuple(r)) for r in rows]


async def results(
    db: Database, day: str, guild_id: str | None = None, *, latest: bool = False
) -> list[DayResult]:
    """The day's finished attempts with a result: everyone's, or one server's (``latest``: with
    every write so far, e.g. the result just recorded)."""
    sql = "SELECT player_id, guild_id, total, hands FROM daily_attempts WHERE day = ? AND total IS NOT NULL"
    args: tuple[str, ...] = (day,)
    if guild_id is not None:
        sql += " AND guild_id = ?"
        args = (day, guild_id)
    rows = await (db.read_latest(sql, args) if latest else db.rows(sql, args))
    out: list[DayResult] = []
    for p, g, t, h in rows:
        try:
            out.append(DayResult(str(p), str(g), int(t), _hands(h)))
        except _DAMAGE as exc:  # its player left out, not the day's boards
            db.report_damage(DamagedRow("daily_attempts", f"{day}/{p}", str(g), str(exc)))
    return out


async def attempted(db: Database, day: str) -> bool:
    """Whether anybody has started ``day``'s challenge."""
    return bool(await db.rows("SELECT 1 FROM daily_attempts WHERE day = ? LIMIT 1", (day,)))


async def guilds_played(db: Database, day: str) -> set[str]:
    rows = await db.rows(
        "SELECT DISTINCT guild_id FROM daily_attempts WHERE day = ? AND total IS NOT NULL", (day,)
    )
    return {str(r[0]) for r in rows}


async def player_results(
    db: Database, player_id: str, *, latest: bool = False
) -> list[tuple[str, int, int | None]]:
    """(day, total, par) of every day the person finished, oldest first (``latest``: as results)."""
    read = db.read_latest if latest else db.rows
    rows = await read(
        "SELECT a.day, a.total, p.total FROM daily_attempts a LEFT JOIN daily_par p ON p.day = a.day "
        "WHERE a.player_id = ? AND a.total IS NOT NULL ORDER BY a.day",
        (player_id,),
    )
    out: list[tuple[str, int, int | None]] = []
    for d, t, p in rows:
        try:
            out.append((str(d), int(t), None if p is None else int(p)))
        except _DAMAGE as exc:  # that day left out of their figures, not all
            db.report_damage(DamagedRow("daily_attempts", f"{d}/{player_id}", None, str(exc)))
    return out


async def save_par(db: Database, day: str, hands: tuple[int, ...]) -> None:
    await db.execute(
        (
            "INSERT INTO daily_par (day, total, hands) VALUES (?, ?, ?) ON CONFLICT(day) DO NOTHING",
            (day, sum(hands), json.dumps(list(hands))),
        )
    )


async def par(db: Database, day: str) -> tuple[int, ...] | None:
    """Hard's points per hand on ``day``; None until computed."""
    rows = await db.rows("SELECT hands FROM daily_par WHERE day = ?", (day,))
    return tuple(int(h) for h in json.loads(str(rows[0][0]))) if rows else None


async def claimed_posts(db: Database, day: str) -> set[str]:
    """The servers whose summary of ``day`` is out already (skipped without a write)."""
    rows = await db.rows("SELECT guild_id FROM daily_posts WHERE day = ? AND posted_at IS NOT NULL", (day,))
    return {str(r[0]) for r in rows}


async def claim_post(db: Database, guild_id: str, day: str, holder: str) -> PostClaim:
    """Claim the server's summary of ``day`` for this process run (``holder``). Only the owner of
    the server's shard posts it, and one process at a time holds a shard, so a claim left by an
    earlier run that never noted the post out is taken over: the summary is neither lost to a crash
    nor, with the caller's look at the channel, posted twice."""
    (changed,) = await db.execute(
        (
            "INSERT INTO daily_posts (guild_id, day, claimed_by) VALUES (?, ?, ?) "
            "ON CONFLICT(guild_id, day) DO NOTHING",
            (guild_id, day, holder),
        )
    )
    if changed == 1:
        return PostClaim.FIRST
    return await take_over(db, "daily_posts", "day", guild_id, day, holder)


async def release_post(db: Database, guild_id: str, day: str, holder: str) -> None:
    """The summary's post failed: unclaimed again, so a later try takes it over (``claims.release``)."""
    await release(db, "daily_posts", "day", guild_id, day, holder)


async def mark_posted(db: Database, guild_id: str, day: str, at: float) -> None:
    await db.execute(
        ("UPDATE daily_posts SET posted_at = ? WHERE guild_id = ? AND day = ?", (at, guild_id, day))
    )
