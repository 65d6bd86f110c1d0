"""A server's seasons (bot.seasons) in the database: the running one, closing it once, its board
frozen as it stood, and its summary's claim.

Closing is one transaction: the season's row is marked closed only where nobody has (a
compare-and-set on ``closed_at``), its board is written (a second writer's rows conflict and
change nothing) and the next season opened. The summary is owed from then on (``posted_at``
NULL) and claimed like the daily summary (``bot.storage.claims``).

A game is added to the totals of the season whose window holds its end when it is saved
(``bot.storage.writes``); a season is opened after its start (the close comes a minute after the
end, or later after downtime), so its opening counts the ranked games of its window saved before
it, under the server's lock that every game's save holds: each game is counted once, by whichever
of the two transactions comes second."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.storage import leaderboard, locks, ratings
from bot.storage.claims import PostClaim, release, take_over
from bot.storage.database import Database
from bot.storage.leaderboard import Board, BoardRow, Order, PlayerStats, with_change

_COLUMNS = "guild_id, number, kind, starts_at, ends_at, closed_at, posted_at"


@dataclass(frozen=True, slots=True)
class Season:
    guild_id: str
    number: int
    kind: str  # bot.tables.seasons.SeasonKind's value (the calendar lives above storage)
    starts_at: float
    ends_at: float
    closed_at: float | None
    posted_at: float | None


def _season(r: tuple[object, ...]) -> Season:
    return Season(
        guild_id=str(r[0]),
        number=int(r[1]),  # type: ignore[call-overload]
        kind=str(r[2]),
        starts_at=float(r[3]),  # type: ignore[arg-type]
        ends_at=float(r[4]),  # type: ignore[arg-type]
        closed_at=None if r[5] is None else float(r[5]),  # type: ignore[arg-type]
        posted_at=None if r[6] is None else float(r[6]),  # type: ignore[arg-type]
    )


async def running(db: Database, guild_id: str, *, latest: bool = False) -> Season | None:
    """The server's running season, if seasons are on. ``latest``: after this process's writes."""
    sql = f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND closed_at IS NULL"
    rows = await (db.read_latest(sql, (guild_id,)) if latest else db.rows(sql, (guild_id,)))
    return _season(rows[0]) if rows else None


async def season(db: Database, guild_id: str, number: int) -> Season | None:
    rows = await db.rows(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number)
    )
    return _season(rows[0]) if rows else None


async def last_number(db: Database, guild_id: str) -> int:
    """The number of the server's latest season; 0 before its first."""
    rows = await db.read_latest(
        "SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id = ?", (guild_id,)
    )
    return int(rows[0][0])


async def due(db: Database, now: float) -> list[Season]:
    """Every running season that has ended by ``now``, and every closed one whose summary is
    still owed: the work of a season check, all servers (the caller keeps its own)."""
    rows = await db.read_latest(
        f"SELECT {_COLUMNS} FROM seasons WHERE (closed_at IS NULL AND ends_at <= ?) "
        "OR (closed_at IS NOT NULL AND posted_at IS NULL) ORDER BY guild_id, number",
        (now,),
    )
    return [_season(r) for r in rows]


async def next_end(db: Database, after: float) -> float | None:
    """When the next running season of any server ends after ``after`` (the timer's next reading;
    a season already due that another process owns is that process's to close)."""
    rows = await db.read_latest(
        "SELECT MIN(ends_at) FROM seasons WHERE closed_at IS NULL AND ends_at > ?", (after,)
    )
    return None if rows[0][0] is None else float(rows[0][0])


# A season's games saved before its row was opened: those of its window. Once only: a person with
# a row of totals has had every game of theirs in the window counted (by this or by its save).
_OPENING_TOTALS = """
INSERT INTO season_totals (guild_id, number, player_id, ranking_points, games, wins, hands, hand_points)
SELECT guild_id, number, player_id, ranking_points, games, wins, hands, hand_points FROM (
    SELECT s.guild_id, s.number, gp.player_id, SUM(gp.ranking_points) AS ranking_points, COUNT(*) AS games,
           SUM(gp.won) AS wins, SUM(gp.hands) AS hands, SUM(gp.hand_points) AS hand_points
    FROM seasons s
    JOIN games g ON g.guild_id = s.guild_id AND g.finished_at >= s.starts_at AND g.finished_at < s.ends_at
    JOIN game_players gp ON gp.table_id = g.table_id
    WHERE s.guild_id = ? AND s.number = ? AND s.closed_at IS NULL AND g.ranked = 1
    GROUP BY s.guild_id, s.number, gp.player_id
) played WHERE true
ON CONFLICT (guild_id, number, player_id) DO NOTHING
"""


def _opening(guild_id: str, number: int) -> tuple[str, tuple[object, ...]]:
    """The statement that counts a newly opened season's games saved before it (its transaction
    holds the server's lock: ``locks.ratings_lock``)."""
    return _OPENING_TOTALS, (guild_id, number)


async def open_season(db: Database, guild_id: str, kind: str, starts_at: float, ends_at: float) -> None:
    """Start the server's next season (none may be running: a second insert changes nothing)."""
    number = await last_number(db, guild_id) + 1
    await db.execute(
        (
            "INSERT INTO seasons (guild_id, number, kind, starts_at, ends_at) "
            "SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS "
            "(SELECT 1 FROM seasons WHERE guild_id = ? AND closed_at IS NULL) "
            "ON CONFLICT (guild_id, number) DO NOTHING",
            (guild_id, number, kind, starts_at, ends_at, guild_id),
        ),
        _opening(guild_id, number),
        locks=[locks.ratings_lock(guild_id)],
    )


async def reshape(db: Database, guild_id: str, number: int, kind: str, ends_at: float) -> None:
    """The running season takes another kind and end (a change of the setting mid-season)."""
    await db.execute(
        (
            "UPDATE seasons SET kind = ?, ends_at = ? "
            "WHERE guild_id = ? AND number = ? AND closed_at IS NULL",
            (kind, ends_at, guild_id, number),
        )
    )


# A season's people with their skill now (the default rating's for people the ratings lack).
_PEOPLE = f"""
SELECT t.player_id, t.ranking_points, t.games, t.wins, t.hands, t.hand_points,
       COALESCE(r.mu, ?) - {ratings.SIGMAS} * COALESCE(r.sigma, ?) AS skill
FROM season_totals t LEFT JOIN ratings r ON r.guild_id = t.guild_id AND r.player_id = t.player_id
WHERE t.guild_id = ? AND t.number = ?
"""
# Places: equal ranking points and wins share one (skill order: equal skill and ranking points).
_TIES = {
    Order.POINTS: "ranking_points DESC, wins DESC",
    Order.SKILL: "skill DESC, ranking_points DESC",
}


def _people_args(guild_id: str, number: int) -> tuple[object, ...]:
    return (*ratings.default_rating(), guild_id, number)


async def close(
    db: Database,
    running_season: Season,
    at: float,
    holder: str,
    successor: tuple[str, float] | None,
) -> bool:
    """Close the season once: its row marked, its board frozen from its totals as they stand (with
    today's skill; the totals then dropped), the next season (``successor``: kind and end; it
    starts where this one ends) opened with the games of its window saved already. False if it
    was closed already."""
    s = running_season
    statements: list[tuple[str, tuple[object, ...]]] = [
        (
            "UPDATE seasons SET closed_at = ?, closed_by = ?, ends_at = ? "
            "WHERE guild_id = ? AND number = ? AND closed_at IS NULL",
            (at, holder, s.ends_at, s.guild_id, s.number),
        ),
        (
            "INSERT INTO season_board (guild_id, number, player_id, place, ranking_points, games, wins, "
            "hands, hand_points, skill) "
            "SELECT ?, ?, player_id, place, ranking_points, games, wins, hands, hand_points, skill FROM "
            f"(SELECT player_id, RANK() OVER (ORDER BY {_TIES[Order.POINTS]}) AS place, ranking_points, "
            f"games, wins, hands, hand_points, skill FROM ({_PEOPLE}) people) frozen WHERE true "
            "ON CONFLICT (guild_id, number, player_id) DO NOTHING",
            (s.guild_id, s.number, *_people_args(s.guild_id, s.number)),
        ),
        # the frozen board holds it all now: the totals' space is reused
        ("DELETE FROM season_totals WHERE guild_id = ? AND number = ?", (s.guild_id, s.number)),
    ]
    if successor is not None:
        kind, ends_at = successor
        statements.append(
            (
                "INSERT INTO seasons (guild_id, number, kind, starts_at, ends_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, number) DO NOTHING",
                (s.guild_id, s.number + 1, kind, s.ends_at, ends_at),
            )
        )
        statements.append(_opening(s.guild_id, s.number + 1))
    changed = await db.execute(*statements, locks=[locks.ratings_lock(s.guild_id)])
    return changed[0] == 1


_KEYS = {Order.POINTS: ("ranking_points", "wins"), Order.SKILL: ("skill", "ranking_points")}
# A closed season's people as they stood, as ``_PEOPLE``'s columns (its skill order counts places).
_FROZEN_PEOPLE = (
    "SELECT player_id, ranking_points, games, wins, hands, hand_points, skill FROM season_board "
    "WHERE guild_id = ? AND number = ?"
)


async def live_board(
    db: Database, guild_id: str, number: int, order: Order, limit: int, offset: int, reader: str | None
) -> Board:
    """A page of the running season's board from its totals, and the reader's row on it, each row
    with what the person's last game did to their skill (as on the board of every game)."""
    found = await _counted_board(db, _PEOPLE, _people_args(guild_id, number), order, limit, offset, reader)
    rows = tuple([await with_change(db, guild_id, r) for r in found.rows])
    me = None if found.me is None else await with_change(db, guild_id, found.me)
    return replace(found, rows=rows, me=me)


async def _counted_board(
    db: Database,
    people: str,
    args: tuple[object, ...],
    order: Order,
    limit: int,
    offset: int,
    reader: str | None,
) -> Board:
    """A page of the board of ``people`` (a query of ``_PEOPLE``'s columns, with ``args``) and the
    reader's row on it: the page read in order, the places counted from the rows ahead of it (equal
    in the order's two figures share one)."""
    k1, k2 = _KEYS[order]
    (count,) = (await db.rows(f"SELECT COUNT(*) FROM ({people}) people", args))[0]
    raw = await db.rows(
        f"{_PEOPLE_ROWS.format(people=people)} ORDER BY {k1} DESC, {k2} DESC, player_id LIMIT ? OFFSET ?",
        (*args, limit, offset),
    )
    rows: list[BoardRow] = []
    for i, r in enumerate(raw):
        row = _frozen_row(r, offset + i + 1)
        if rows and _key(rows[-1], order) == _key(row, order):
            place = rows[-1].place
        elif rows:
            place = row.position
        else:
            place = 1 + await _ahead(db, people, args, order, row, ties_too=False)
        rows.append(replace(row, place=place))
    rows = [replace(r, shared=await _tied(db, people, args, order, r, rows)) for r in rows]
    me = await _row_of(db, people, args, order, reader) if reader else None
    return Board(order, tuple(rows), int(count), offset, me)


async def _row_of(
    db: Database, people: str, args: tuple[object, ...], order: Order, player_id: str
) -> BoardRow | None:
    """``player_id``'s row on the board of ``people`` (as ``_counted_board``'s), its position and
    place counted from the rows ahead of it; None: not on it."""
    mine = await db.rows(f"{_PEOPLE_ROWS.format(people=people)} WHERE player_id = ?", (*args, player_id))
    if not mine:
        return None
    found = _frozen_row(mine[0], 0)
    return replace(
        found,
        position=1 + await _ahead(db, people, args, order, found, ties_too=True),
        place=1 + await _ahead(db, people, args, order, found, ties_too=False),
        shared=await _tied(db, people, args, order, found, []),
    )


async def player_stats(
    db: Database, guild_id: str, player_id: str, running_season: Season | None
) -> PlayerStats | None:
    """A person's statistics as ``/stats`` gives them: their own figures of every game
    (``leaderboard.own_stats``) with the rank and ranking points of the board ``/leaderboard``
    shows by default: the running season's (it starts from zero: someone without a game in it has
    no place and no points there), else, on a server without seasons, every ranked game's."""
    if running_season is None:
        return await leaderboard.player_stats(db, guild_id, player_id)
    mine = await leaderboard.own_stats(db, guild_id, player_id)
    if mine is None:
        return None
    args = _people_args(guild_id, running_season.number)
    row = await _row_of(db, _PEOPLE, args, Order.POINTS, player_id)
    if row is None:
        return replace(mine, rank=None, ranking_points=0)
    return replace(mine, rank=row.place, ranking_points=row.ranking_points)


# A board's rows, as ``_FROZEN``'s columns (the place counted afterwards).
_PEOPLE_ROWS = (
    "SELECT player_id, 0, ranking_points, games, wins, hands, hand_points, skill FROM ({people}) people"
)


def _key(row: BoardRow, order: Order) -> tuple[float, float]:
    return (row.ranking_points, row.wins) if order is Order.POINTS else (row.skill, row.ranking_points)


async def _ahead(
    db: Database, people: str, args: tuple[object, ...], order: Order, row: BoardRow, *, ties_too: bool
) -> int:
    """How many people stand before ``row``: strictly ahead in the place's terms, and with
    ``ties_too`` those tied with it who come first by id (its position)."""
    k1, k2 = _KEYS[order]
    v1, v2 = _key(row, order)
    where = f"({k1} > ? OR ({k1} = ? AND {k2} > ?))"
    params: list[object] = [v1, v1, v2]
    if ties_too:
        where = f"({where} OR ({k1} = ? AND {k2} = ? AND player_id < ?))"
        params += [v1, v2, row.player_id]
    found = await db.rows(f"SELECT COUNT(*) FROM ({people}) people WHERE {where}", (*args, *params))
    return int(found[0][0])


async def _tied(
    db: Database, people: str, args: tuple[object, ...], order: Order, row: BoardRow, page: list[BoardRow]
) -> bool:
    """Whether someone else holds ``row``'s place: a neighbour on the page tells, at the page's
    edges (and for the reader's own row) the board is asked."""
    same = [r for r in page if _key(r, order) == _key(row, order)]
    if len(same) > 1:
        return True
    if page and row is not page[0] and row is not page[-1]:
        return False
    k1, k2 = _KEYS[order]
    v1, v2 = _key(row, order)
    found = await db.rows(
        f"SELECT COUNT(*) FROM ({people}) people WHERE {k1} = ? AND {k2} = ?", (*args, v1, v2)
    )
    return int(found[0][0]) > 1


_FROZEN = (
    "SELECT player_id, place, ranking_points, games, wins, hands, hand_points, skill FROM season_board "
    "WHERE guild_id = ? AND number = ? "
)
_FROZEN_ORDER = "ORDER BY place, player_id"


def _frozen_row(r: tuple[object, ...], position: int) -> BoardRow:
    """A row as ``_FROZEN`` reads it, with its stored place (a counted board's: 0, counted after)."""
    return BoardRow(
        player_id=str(r[0]),
        position=position,
        place=int(r[1]),  # type: ignore[call-overload]
        ranking_points=int(r[2]),  # type: ignore[call-overload]
        games=int(r[3]),  # type: ignore[call-overload]
        wins=int(r[4]),  # type: ignore[call-overload]
        hands=int(r[5]),  # type: ignore[call-overload]
        hand_points=int(r[6]),  # type: ignore[call-overload]
        skill=float(r[7]),  # type: ignore[arg-type]
    )


async def frozen_board(
    db: Database, guild_id: str, number: int, order: Order, limit: int, offset: int, reader: str | None
) -> Board:
    """A page of a closed season's board as it stood, and the reader's row on it: read by its
    index a page at a time, however many people it holds. In points order the places are the
    frozen ones; in skill order they are counted as on a running season's board (equal skill and
    ranking points share one)."""
    if order is Order.SKILL:
        return await _counted_board(db, _FROZEN_PEOPLE, (guild_id, number), order, limit, offset, reader)
    (count,) = (
        await db.rows(
            "SELECT COUNT(*) FROM season_board WHERE guild_id = ? AND number = ?", (guild_id, number)
        )
    )[0]
    raw = await db.rows(_FROZEN + _FROZEN_ORDER + " LIMIT ? OFFSET ?", (guild_id, number, limit, offset))
    rows = [_frozen_row(r, offset + i + 1) for i, r in enumerate(raw)]
    me: BoardRow | None = None
    mine = await db.rows(_FROZEN + "AND player_id = ?", (guild_id, number, reader)) if reader else []
    if mine:
        me = _frozen_row(mine[0], await _position(db, guild_id, number, mine[0]))
    shared = await _shared_places(db, guild_id, number, {r.place for r in [*rows, *([me] if me else [])]})
    rows = [replace(r, shared=r.place in shared) for r in rows]
    me = replace(me, shared=me.place in shared) if me else None
    return Board(order, tuple(rows), int(count), offset, me)


async def _shared_places(db: Database, guild_id: str, number: int, places: set[int]) -> set[int]:
    """Which of ``places`` more than one person holds on the frozen board."""
    if not places:
        return set()
    marks = ", ".join("?" for _ in places)
    rows = await db.rows(
        f"SELECT place FROM season_board WHERE guild_id = ? AND number = ? AND place IN ({marks}) "
        "GROUP BY place HAVING COUNT(*) > 1",
        (guild_id, number, *sorted(places)),
    )
    return {int(r[0]) for r in rows}


async def _position(db: Database, guild_id: str, number: int, r: tuple[object, ...]) -> int:
    """Where a person's frozen row stands in points order: one more than the rows before it."""
    rows = await db.rows(
        "SELECT COUNT(*) FROM season_board WHERE guild_id = ? AND number = ? "
        "AND (place < ? OR (place = ? AND player_id < ?))",
        (guild_id, number, r[1], r[1], r[0]),
    )
    return int(rows[0][0]) + 1


async def frozen_rows(db: Database, guild_id: str, number: int) -> list[BoardRow]:
    """A closed season's whole board (its summary reads the top places and figures from it)."""
    raw = await db.rows(_FROZEN + _FROZEN_ORDER, (guild_id, number))
    return [_frozen_row(r, i + 1) for i, r in enumerate(raw)]


async def claim_summary(db: Database, guild_id: str, number: int, holder: str) -> PostClaim:
    """Claim a closed season's summary for this process run (as ``bot.storage.daily.claim_post``)."""
    (changed,) = await db.execute(
        (
            "UPDATE seasons SET claimed_by = ? WHERE guild_id = ? AND number = ? "
            "AND closed_at IS NOT NULL AND posted_at IS NULL AND claimed_by IS NULL",
            (holder, guild_id, number),
        )
    )
    if changed == 1:
        return PostClaim.FIRST
    return await take_over(db, "seasons", "number", guild_id, number, holder)


async def release_summary(db: Database, guild_id: str, number: int, holder: str) -> None:
    """The summary's post failed: unclaimed again, so a later check takes it over (``claims.release``)."""
    await release(db, "seasons", "number", guild_id, number, holder)


async def mark_posted(db: Database, guild_id: str, number: int, at: float) -> None:
    await db.execute(
        ("UPDATE seasons SET posted_at = ? WHERE guild_id = ? AND number = ?", (at, guild_id, number))
    )
