"""A server's leaderboard and one player's stats, from the finished games' results.

Only persons are in ``game_players``, so computer seats can never appear. Sorted by ranking points
(RULES.md section 3) or by skill (the OpenSkill estimate, which weighs the opponents' strength).
This board counts every ranked game of the server (docs/RULES.md 2a.8: one started by a single
person against computers is not), a person's own statistics every game; a season's board
(docs/RULES.md "Seasons") is read from its totals or, once closed, as it was frozen
(``bot.storage.seasons``). Places: equal ranking points and wins share one (skill order: equal
skill and ranking points).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

from bot.storage import ratings
from bot.storage.database import Database
from bot.storage.records import DamagedRow


class Order(Enum):
    POINTS = "points"
    SKILL = "skill"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player_id: str
    rank: int | None  # 1-based position on the board in the chosen order; None: not on it
    ranking_points: int
    games: int
    wins: int
    quits: int
    avg_place: float | None  # over finished games (quits excluded)
    avg_points_per_hand: float | None
    moons: int
    timeouts: int
    skill: float


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    order: Order
    rows: tuple[PlayerStats, ...]
    total_players: int
    offset: int


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One person's row of a board: ``position`` orders the pages, ``place`` is shared by ties.
    ``change``: what their last game did to their skill; None on a closed season's board, which
    shows it as it stood."""

    player_id: str
    position: int
    place: int
    ranking_points: int
    games: int
    wins: int
    hands: int
    hand_points: int
    skill: float
    change: float | None = None
    shared: bool = False  # someone else holds the same place

    @property
    def points_per_hand(self) -> float | None:
        return self.hand_points / self.hands if self.hands else None


@dataclass(frozen=True, slots=True)
class Board:
    """A page of a board, the number of people on it, and the reader's own row wherever it is."""

    order: Order
    rows: tuple[BoardRow, ...]
    total_players: int
    offset: int
    me: BoardRow | None


_AGGREGATE = """
SELECT gp.player_id,
       SUM(gp.ranking_points), COUNT(*), SUM(gp.won), SUM(gp.quit), AVG(gp.place),
       CAST(SUM(gp.hand_points) AS DOUBLE PRECISION) / NULLIF(SUM(gp.hands), 0),
       SUM(gp.moons), SUM(gp.timeouts),
       r.mu, r.sigma, SUM(gp.hands), SUM(gp.hand_points)
FROM game_players gp {games}
LEFT JOIN ratings r ON r.guild_id = gp.guild_id AND r.player_id = gp.player_id
WHERE gp.guild_id = ?
GROUP BY gp.player_id, r.mu, r.sigma  -- one rating per player: the grouping is by player
"""
_OF_GAMES = {
    True: _AGGREGATE.format(games="JOIN games g ON g.table_id = gp.table_id AND g.ranked = 1"),
    False: _AGGREGATE.format(games=""),
}


async def _all(db: Database, guild_id: str, order: Order, *, ranked_only: bool) -> list[PlayerStats]:
    return [s for s, _hands, _points in await _aggregate(db, guild_id, order, ranked_only=ranked_only)]


async def _aggregate(
    db: Database, guild_id: str, order: Order, *, ranked_only: bool
) -> list[tuple[PlayerStats, int, int]]:
    """Every person's figures (with their hands and hand points), in ``order``, ranked: of the
    ranked games (a board's) or of every game (a person's own statistics)."""
    raw = await db.rows(_OF_GAMES[ranked_only], (guild_id,))
    rows: list[tuple[PlayerStats, int, int]] = []
    for r in raw:
        try:
            rows.append((_stats(r), int(r[11]), int(r[12])))
        except (TypeError, ValueError, OverflowError) as exc:
            # A damaged row leaves this player out of the page, not the whole server.
            db.report_damage(DamagedRow("game_players", f"{guild_id}/{r[0]}", guild_id, str(exc)))
    rows.sort(key=lambda row: (*_tie_key(row[0], order), row[0].player_id))
    return [(replace(s, rank=i + 1), h, p) for i, (s, h, p) in enumerate(rows)]


def _tie_key(s: PlayerStats, order: Order) -> tuple[float, ...]:
    """What a place is decided by: people equal in it share the place."""
    if order is Order.POINTS:
        return (-s.ranking_points, -s.wins)
    return (-round(s.skill, 6), -s.ranking_points)


def ranked(rows: list[tuple[PlayerStats, int, int]], order: Order) -> list[BoardRow]:
    """Board rows with shared places: 40, 40, 30 ranking points (equal wins) give 1, 1, 3."""
    out: list[BoardRow] = []
    for i, (s, hands, hand_points) in enumerate(rows):
        place = i + 1
        if out and _tie_key(s, order) == _tie_key(rows[i - 1][0], order):
            place = out[-1].place
        out.append(
            BoardRow(
                s.player_id, i + 1, place, s.ranking_points, s.games, s.wins, hands, hand_points, s.skill
            )
        )
    counts = Counter(r.place for r in out)
    return [replace(r, shared=True) if counts[r.place] > 1 else r for r in out]


# The game that finished last, not the table opened last: a slow game opened before a live one
# may finish after it (the order of the ratings' updates; the same instant: the later table).
_LAST_GAME = """
SELECT gp.skill_before, gp.skill_after FROM game_players gp
JOIN games g ON g.table_id = gp.table_id
WHERE gp.guild_id = ? AND gp.player_id = ?
ORDER BY g.finished_at DESC, gp.table_id DESC LIMIT 1
"""


async def with_change(db: Database, guild_id: str, row: BoardRow) -> BoardRow:
    """The row with what the person's last finished game did to their skill (it goes up and down,
    where a game's ranking points are nearly always a gain: the marker that tells something)."""
    last = await db.rows(_LAST_GAME, (guild_id, row.player_id))
    if not last or last[0][0] is None or last[0][1] is None:
        return row
    before, after = last[0]
    return replace(row, change=float(after) - float(before))


async def board(
    db: Database,
    guild_id: str,
    order: Order,
    limit: int,
    offset: int,
    reader: str | None,
) -> Board:
    """A page of the board of every ranked game, with the reader's row."""
    rows = ranked(await _aggregate(db, guild_id, order, ranked_only=True), order)
    page = [await with_change(db, guild_id, r) for r in rows[offset : offset + limit]]
    me = next((r for r in rows if r.player_id == reader), None)
    if me is not None:
        me = await with_change(db, guild_id, me)
    return Board(order, tuple(page), len(rows), offset, me)


def _stats(r: tuple[object, ...]) -> PlayerStats:
    mu, sigma = ratings.default_rating()
    if r[9] is not None and r[10] is not None:
        # A damaged rating: the default serves (reported when the next game rewrites it).
        with contextlib.suppress(TypeError, ValueError):
            mu, sigma = ratings.checked(float(r[9]), float(r[10]))  # type: ignore[arg-type]
    return PlayerStats(
        player_id=str(r[0]),
        rank=0,
        ranking_points=int(r[1]),  # type: ignore[call-overload]
        games=int(r[2]),  # type: ignore[call-overload]
        wins=int(r[3]),  # type: ignore[call-overload]
        quits=int(r[4]),  # type: ignore[call-overload]
        avg_place=None if r[5] is None else float(r[5]),  # type: ignore[arg-type]
        avg_points_per_hand=None if r[6] is None else float(r[6]),  # type: ignore[arg-type]
        moons=int(r[7]),  # type: ignore[call-overload]
        timeouts=int(r[8]),  # type: ignore[call-overload]
        skill=ratings.skill(mu, sigma),
    )


async def leaderboard(
    db: Database, guild_id: str, order: Order = Order.POINTS, limit: int = 10, offset: int = 0
) -> LeaderboardPage:
    rows = await _all(db, guild_id, order, ranked_only=True)
    return LeaderboardPage(order, tuple(rows[offset : offset + limit]), len(rows), offset)


async def own_stats(db: Database, guild_id: str, player_id: str) -> PlayerStats | None:
    """A person's own statistics: every game of theirs on the server counts (a game alone against
    computers too). No rank: that is a board's to give (``player_stats``, or a season's:
    ``bot.storage.seasons.player_stats``)."""
    everyone = await _all(db, guild_id, Order.POINTS, ranked_only=False)
    return next((replace(s, rank=None) for s in everyone if s.player_id == player_id), None)


async def player_stats(
    db: Database, guild_id: str, player_id: str, order: Order = Order.POINTS
) -> PlayerStats | None:
    """A person's own statistics (``own_stats``) with their rank on the board of every ranked game:
    their place there (shared with whoever is equal there, as the board shows it)."""
    mine = await own_stats(db, guild_id, player_id)
    if mine is None:
        return None
    on_board = ranked(await _aggregate(db, guild_id, order, ranked_only=True), order)
    return replace(mine, rank=next((r.place for r in on_board if r.player_id == player_id), None))
