"""A server's leaderboard and one player's stats, from the finished games' results.

Only persons are in ``game_players``, so computer seats can never appear. Sorted by ranking points
(RULES.md section 3) or by skill (the OpenSkill estimate, which weighs the opponents' strength).
"""

from __future__ import annotations

import contextlib
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
    rank: int  # 1-based position in the chosen order
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


_AGGREGATE = """
SELECT gp.player_id,
       SUM(gp.ranking_points), COUNT(*), SUM(gp.won), SUM(gp.quit), AVG(gp.place),
       CAST(SUM(gp.hand_points) AS DOUBLE PRECISION) / NULLIF(SUM(gp.hands), 0),
       SUM(gp.moons), SUM(gp.timeouts),
       r.mu, r.sigma
FROM game_players gp
LEFT JOIN ratings r ON r.guild_id = gp.guild_id AND r.player_id = gp.player_id
WHERE gp.guild_id = ?
GROUP BY gp.player_id, r.mu, r.sigma  -- one rating per player: the grouping is by player
"""


async def _all(db: Database, guild_id: str, order: Order) -> list[PlayerStats]:
    raw = await db.rows(_AGGREGATE, (guild_id,))
    rows: list[PlayerStats] = []
    for r in raw:
        try:
            rows.append(_stats(r))
        except (TypeError, ValueError, OverflowError) as exc:
            # A damaged row leaves this player out of the page, not the whole server.
            db.report_damage(DamagedRow("game_players", f"{guild_id}/{r[0]}", guild_id, str(exc)))
    if order is Order.POINTS:
        rows.sort(key=lambda s: (-s.ranking_points, -s.wins, s.player_id))
    else:
        rows.sort(key=lambda s: (-s.skill, -s.ranking_points, s.player_id))
    return [replace(s, rank=i + 1) for i, s in enumerate(rows)]


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
    rows = await _all(db, guild_id, order)
    return LeaderboardPage(order, tuple(rows[offset : offset + limit]), len(rows), offset)


async def player_stats(
    db: Database, guild_id: str, player_id: str, order: Order = Order.POINTS
) -> PlayerStats | None:
    for s in await _all(db, guild_id, order):
        if s.player_id == player_id:
            return s
    return None
