"""Server events' rows (``bot.events``): events, entrants, each round's seating and tables, and the
people's points per board. SQL both backends accept; every write goes through the writer
(``Database.execute``) and is written so that a conflict never fails: a second claim of a round,
a table's result recorded twice or a round scored twice changes nothing, and the caller learns it
lost (several processes, a restart in between). Reads go behind the writes submitted before them
(``Database.read_latest``): whether a round is complete is decided right after a table's result
is written."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database


@dataclass(frozen=True, slots=True)
class EventRow:
    event_id: int
    guild_id: str
    channel_id: str
    organiser_id: str
    name: str
    options: dict[str, Any]  # parsed by bot.events (storage knows no options)
    seed: int
    status: str
    round: int
    message_id: str | None
    thread_id: str | None


@dataclass(frozen=True, slots=True)
class SeatRow:
    player_id: str
    table_index: int
    seat: int


@dataclass(frozen=True, slots=True)
class TableRow:
    table_index: int
    table_id: int
    finished: bool


@dataclass(frozen=True, slots=True)
class ScoreRow:
    round: int
    board: int
    player_id: str
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class EventTable:
    """Where an event table belongs."""

    event_id: int
    round: int
    table_index: int
    finished: bool


_COLUMNS = "id, guild_id, channel_id, organiser_id, name, options, seed, status, round, message_id, thread_id"


def _event(row: tuple[Any, ...]) -> EventRow:
    eid, guild, channel, organiser, name, options, seed, status, rnd, message, thread = row
    return EventRow(
        int(eid),
        str(guild),
        str(channel),
        str(organiser),
        str(name),
        json.loads(str(options)),
        int(seed),
        str(status),
        int(rnd),
        None if message is None else str(message),
        None if thread is None else str(thread),
    )


async def create_event(
    db: Database,
    guild_id: str,
    channel_id: str,
    organiser_id: str,
    name: str,
    options: dict[str, Any],
    seed: int,
    now: float,
    message_id: str | None = None,
) -> int:
    """A new event in sign-up (``message_id``: its sign-up message, known in the same write); its
    number is the next free one (a race with another process retries with the next)."""
    while True:
        rows = await db.read_latest("SELECT COALESCE(MAX(id), 0) FROM events")
        event_id = int(rows[0][0]) + 1
        row = (event_id, guild_id, channel_id, organiser_id, name, json.dumps(options), seed, message_id, now)
        (made,) = await db.execute(
            (
                f"INSERT INTO events ({_COLUMNS}, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'signup', 0, "
                "?, NULL, ?) ON CONFLICT(id) DO NOTHING",
                row,
            )
        )
        if made == 1:
            return event_id


async def event(db: Database, event_id: int) -> EventRow | None:
    rows = await db.read_latest(f"SELECT {_COLUMNS} FROM events WHERE id = ?", (event_id,))
    return _event(tuple(rows[0])) if rows else None


async def events_of(db: Database, guild_id: str) -> list[EventRow]:
    """A server's events, newest first."""
    sql = f"SELECT {_COLUMNS} FROM events WHERE guild_id = ? ORDER BY id DESC"
    rows = await db.read_latest(sql, (guild_id,))
    return [_event(tuple(r)) for r in rows]


async def events_in(db: Database, status: str) -> list[EventRow]:
    """Every event whose status is ``status`` ('signup', 'running', 'paused', ...), oldest first."""
    rows = await db.read_latest(f"SELECT {_COLUMNS} FROM events WHERE status = ? ORDER BY id", (status,))
    return [_event(tuple(r)) for r in rows]


async def cancelled_with_open_tables(db: Database) -> list[EventRow]:
    """Cancelled events with a table not recorded as closed: a cancel the database cut short."""
    rows = await db.read_latest(
        f"SELECT {_COLUMNS} FROM events WHERE status = 'cancelled'"
        " AND id IN (SELECT event_id FROM event_tables WHERE finished = 0) ORDER BY id"
    )
    return [_event(tuple(r)) for r in rows]


async def move_on(
    db: Database, event_id: int, status: str, rnd: int, new_status: str, new_round: int
) -> bool:
    """Compare-and-set of the event's status and round: True for the one caller that moved it."""
    (changed,) = await db.execute(
        (
            "UPDATE events SET status = ?, round = ? WHERE id = ? AND status = ? AND round = ?",
            (new_status, new_round, event_id, status, rnd),
        )
    )
    return changed == 1


async def pause(db: Database, event_id: int, rnd: int, now: float) -> bool:
    """Running → paused (compare-and-set): True for the one caller that paused it."""
    (changed,) = await db.execute(
        (
            "UPDATE events SET status = 'paused', paused_at = ? "
            "WHERE id = ? AND status = 'running' AND round = ?",
            (now, event_id, rnd),
        )
    )
    return changed == 1


async def resume(db: Database, event_id: int, rnd: int, now: float) -> bool:
    """Paused → running, the round's deadline moved on by the time it was paused, in one
    transaction: True for the one caller that resumed it."""
    _moved, changed = await db.execute(
        (
            "UPDATE event_rounds SET seated_at = seated_at + (? - (SELECT paused_at FROM events "
            "WHERE id = ? AND status = 'paused')) WHERE event_id = ? AND round = ? AND EXISTS "
            "(SELECT 1 FROM events WHERE id = ? AND status = 'paused' AND round = ?)",
            (now, event_id, event_id, rnd, event_id, rnd),
        ),
        (
            "UPDATE events SET status = 'running', paused_at = NULL "
            "WHERE id = ? AND status = 'paused' AND round = ?",
            (event_id, rnd),
        ),
    )
    return changed == 1


async def discard_new(db: Database, event_id: int) -> bool:
    """Delete an event nobody has joined yet, still in sign-up: True if it was (its number is free
    again). One statement, so a Join that got in first keeps it."""
    (deleted,) = await db.execute(
        (
            "DELETE FROM events WHERE id = ? AND status = 'signup' AND NOT EXISTS "
            "(SELECT 1 FROM event_entrants WHERE event_id = ?)",
            (event_id, event_id),
        )
    )
    return bool(deleted)


async def set_thread(db: Database, event_id: int, thread_id: str) -> None:
    await db.execute(("UPDATE events SET thread_id = ? WHERE id = ?", (thread_id, event_id)))


# Whether event ``?`` takes entries (its parameters: the event, and 1 if it takes late ones):
# sign-up, or round 1 until round 2 is seated.
_TAKES_ENTRIES = (
    "EXISTS (SELECT 1 FROM events e WHERE e.id = ? AND (e.status = 'signup' OR (? = 1 "
    "AND e.status = 'running' AND e.round = 1 AND NOT EXISTS "
    "(SELECT 1 FROM event_rounds r WHERE r.event_id = e.id AND r.round = 2))))"
)


async def takes_entries(db: Database, event_id: int, *, late: bool) -> bool:
    return bool(await db.read_latest(f"SELECT 1 WHERE {_TAKES_ENTRIES}", (event_id, int(late))))


async def add_entrant(
    db: Database, event_id: int, player_id: str, now: float, most: int, *, late: bool
) -> bool:
    """Enter the person while fewer than ``most`` are in and the event takes entries (sign-up,
    or with ``late`` entry its round 1 until round 2 is seated): True if they were entered
    (False: in already, full, or too late). The checks and the entry are one statement, so two
    joins can't overfill, and a Join can't slip in after the seating that would leave it out."""
    (added,) = await db.execute(
        (
            "INSERT INTO event_entrants (event_id, player_id, joined_at) SELECT ?, ?, ? "
            "WHERE (SELECT COUNT(*) FROM event_entrants WHERE event_id = ? AND status = 'in') < ? "
            f"AND {_TAKES_ENTRIES} ON CONFLICT(event_id, player_id) DO NOTHING",
            (event_id, player_id, now, event_id, most, event_id, int(late)),
        )
    )
    return added == 1


async def remove_entrant(db: Database, event_id: int, player_id: str) -> bool:
    """Take the entrant out while the event is in sign-up: True if they were (a start that got
    there first may have seated them: they withdraw instead). Only one still in: a removal by
    the organiser stands (else Leave, then Join, would undo it)."""
    (removed,) = await db.execute(
        (
            "DELETE FROM event_entrants WHERE event_id = ? AND player_id = ? AND status = 'in' "
            "AND EXISTS (SELECT 1 FROM events WHERE id = ? AND status = 'signup')",
            (event_id, player_id, event_id),
        )
    )
    return removed == 1


async def remove_unseated_entrant(db: Database, event_id: int, player_id: str) -> bool:
    """Take out an entrant still in who was never seated (one who joined late, during round 1):
    True if they were (False: not in, or seated in some round since, who withdraws instead). One
    statement, so a round's seating stored first makes it a withdrawal."""
    (removed,) = await db.execute(
        (
            "DELETE FROM event_entrants WHERE event_id = ? AND player_id = ? AND status = 'in' "
            "AND NOT EXISTS (SELECT 1 FROM event_seats WHERE event_id = ? AND player_id = ?)",
            (event_id, player_id, event_id, player_id),
        )
    )
    return removed == 1


async def entrants(db: Database, event_id: int) -> list[tuple[str, str]]:
    """(person, status) of the entrants in the order they joined; status ``in``, ``removed`` (by
    the organiser) or ``withdrew``."""
    rows = await db.read_latest(
        "SELECT player_id, status FROM event_entrants WHERE event_id = ? ORDER BY joined_at, player_id",
        (event_id,),
    )
    return [(str(p), str(s)) for p, s in rows]


async def drop_entrant(db: Database, event_id: int, player_id: str, status: str) -> bool:
    """An entrant still in is removed or withdraws (their results so far stay): True if they were in."""
    (changed,) = await db.execute(
        (
            "UPDATE event_entrants SET status = ? WHERE event_id = ? AND player_id = ? AND status = 'in'",
            (status, event_id, player_id),
        )
    )
    return changed == 1


async def claim_round(db: Database, event_id: int, rnd: int, seats: list[SeatRow], now: float) -> bool:
    """Claim the round and store its seating in one transaction: True for exactly one claimant.
    A round seated while its event is paused (a pause came as its seating was under way) counts
    as seated when the pause began: the resume moves that on by the pause (``resume``), so its
    deadline runs from the resume, not from the seating plus the whole pause."""
    results = await db.execute(
        (
            "INSERT INTO event_rounds (event_id, round, seated_at) VALUES (?, ?, COALESCE("
            "(SELECT paused_at FROM events WHERE id = ? AND status = 'paused' AND round = ?), ?)) "
            "ON CONFLICT(event_id, round) DO NOTHING",
            (event_id, rnd, event_id, rnd, now),
        ),
        *(
            (
                "INSERT INTO event_seats (event_id, round, player_id, table_index, seat) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(event_id, round, player_id) DO NOTHING",
                (event_id, rnd, s.player_id, s.table_index, s.seat),
            )
            for s in seats
        ),
    )
    return results[0] == 1


async def seats(db: Database, event_id: int, rnd: int | None = None) -> list[tuple[int, SeatRow]]:
    """(round, seat) of the event's seatings, of one round or all."""
    sql = "SELECT round, player_id, table_index, seat FROM event_seats WHERE event_id = ?"
    args: tuple[int, ...] = (event_id,)
    if rnd is not None:
        sql += " AND round = ?"
        args = (event_id, rnd)
    rows = await db.read_latest(sql + " ORDER BY round, table_index, seat", args)
    return [(int(r), SeatRow(str(p), int(t), int(s))) for r, p, t, s in rows]


async def add_table(db: Database, event_id: int, rnd: int, table_index: int, table_id: int) -> None:
    await db.execute(
        (
            "INSERT INTO event_tables (event_id, round, table_index, table_id, finished) "
            "VALUES (?, ?, ?, ?, 0) ON CONFLICT(event_id, round, table_index) DO NOTHING",
            (event_id, rnd, table_index, table_id),
        )
    )


async def tables(db: Database, event_id: int, rnd: int) -> list[TableRow]:
    rows = await db.read_latest(
        "SELECT table_index, table_id, finished FROM event_tables WHERE event_id = ? AND round = ? "
        "ORDER BY table_index",
        (event_id, rnd),
    )
    return [TableRow(int(i), int(t), bool(f)) for i, t, f in rows]


async def table_of(db: Database, table_id: int) -> EventTable | None:
    rows = await db.read_latest(
        "SELECT event_id, round, table_index, finished FROM event_tables WHERE table_id = ?", (table_id,)
    )
    if not rows:
        return None
    e, r, i, f = rows[0]
    return EventTable(int(e), int(r), int(i), bool(f))


async def unfinished_event_of(db: Database, table_id: int) -> EventRow | None:
    """The event a table was seated for, while that event is not over (signing up, running or
    paused); None for any other table."""
    sql = (
        f"SELECT {_COLUMNS} FROM events WHERE status NOT IN ('finished', 'cancelled')"
        " AND id IN (SELECT event_id FROM event_tables WHERE table_id = ?)"
    )
    rows = await db.read_latest(sql, (table_id,))
    return _event(tuple(rows[0])) if rows else None


async def finish_table(db: Database, event_id: int, table_id: int, scores: list[ScoreRow]) -> bool:
    """Mark the table finished and store its people's points, in one transaction: True the first
    time only (the scores of a second recording are the same rows and change nothing)."""
    results = await db.execute(
        (
            "UPDATE event_tables SET finished = 1 WHERE event_id = ? AND table_id = ? AND finished = 0",
            (event_id, table_id),
        ),
        *(_insert_score(event_id, s) for s in scores),
    )
    return results[0] == 1


async def add_scores(db: Database, event_id: int, scores: list[ScoreRow]) -> None:
    """People's points on a board, as each hand ends (a second write of the same changes nothing)."""
    if scores:
        await db.execute(*(_insert_score(event_id, s) for s in scores))


def _insert_score(event_id: int, s: ScoreRow) -> tuple[str, tuple[object, ...]]:
    return (
        "INSERT INTO event_scores (event_id, round, board, player_id, seat, points) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(event_id, board, player_id) DO NOTHING",
        (event_id, s.round, s.board, s.player_id, s.seat, s.points),
    )


async def seated_at(db: Database, event_id: int, rnd: int) -> float | None:
    """When the round was seated (its deadline runs from then), moved on by the pauses since
    (``claim_round``, ``resume``); None if it is not yet."""
    rows = await db.read_latest(
        "SELECT seated_at FROM event_rounds WHERE event_id = ? AND round = ?", (event_id, rnd)
    )
    return float(rows[0][0]) if rows else None


async def claim_scoring(db: Database, event_id: int, rnd: int, now: float, *, final: bool = False) -> bool:
    """Compare-and-set on the round's row: True for the one caller that scores the round. The
    ``final`` round's claim finishes the event in the same transaction, only while it is running
    (the event's row first, so that a pause in another process waits for it): a pause that came
    first holds the round until the resume, and one that comes after finds the event over. (A
    pause between the two would leave a paused event with its last round over.)"""
    claim = "UPDATE event_rounds SET scored_at = ? WHERE event_id = ? AND round = ? AND scored_at IS NULL"
    if not final:
        (changed,) = await db.execute((claim, (now, event_id, rnd)))
        return changed == 1
    _finished, changed = await db.execute(
        (
            "UPDATE events SET status = 'finished' WHERE id = ? AND status = 'running' AND round = ? "
            "AND EXISTS (SELECT 1 FROM event_rounds WHERE event_id = ? AND round = ? AND scored_at IS NULL)",
            (event_id, rnd, event_id, rnd),
        ),
        (
            f"{claim} AND EXISTS (SELECT 1 FROM events WHERE id = ? AND status = 'finished' AND round = ?)",
            (now, event_id, rnd, event_id, rnd),
        ),
    )
    return changed == 1


async def owed_standings(db: Database) -> list[tuple[int, int]]:
    """(event, round) of every round scored whose standings were not posted yet, in order (an
    event cancelled since owes nothing)."""
    rows = await db.read_latest(
        "SELECT r.event_id, r.round FROM event_rounds r JOIN events e ON e.id = r.event_id"
        " WHERE r.scored_at IS NOT NULL AND r.posted_at IS NULL AND e.status <> 'cancelled'"
        " ORDER BY r.event_id, r.round"
    )
    return [(int(e), int(r)) for e, r in rows]


async def standings_posted(db: Database, event_id: int, rnd: int, now: float) -> None:
    await db.execute(
        (
            "UPDATE event_rounds SET posted_at = ? WHERE event_id = ? AND round = ? AND posted_at IS NULL",
            (now, event_id, rnd),
        )
    )


async def announced(db: Database, event_id: int, rnd: int) -> bool:
    """Whether round ``rnd``'s announcement was posted (or given up: no thread or channel)."""
    rows = await db.read_latest(
        "SELECT announced_at FROM event_rounds WHERE event_id = ? AND round = ?", (event_id, rnd)
    )
    return bool(rows) and rows[0][0] is not None


async def round_announced(db: Database, event_id: int, rnd: int, now: float) -> None:
    await db.execute(
        (
            "UPDATE event_rounds SET announced_at = ? "
            "WHERE event_id = ? AND round = ? AND announced_at IS NULL",
            (now, event_id, rnd),
        )
    )


async def scored(db: Database, event_id: int, rnd: int) -> bool:
    rows = await db.read_latest(
        "SELECT scored_at FROM event_rounds WHERE event_id = ? AND round = ?", (event_id, rnd)
    )
    return bool(rows) and rows[0][0] is not None


async def scores(db: Database, event_id: int) -> list[ScoreRow]:
    rows = await db.read_latest(
        "SELECT round, board, player_id, seat, points FROM event_scores WHERE event_id = ? "
        "ORDER BY board, player_id",
        (event_id,),
    )
    return [ScoreRow(int(r), int(b), str(p), int(s), int(pts)) for r, b, p, s, pts in rows]
