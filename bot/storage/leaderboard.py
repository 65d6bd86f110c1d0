"""A server's leaderboard and one player's stats, from the finished games' results.

Only persons are in ``game_players``, so computer seats can never appear. Sorted by ranking points
(RULES.md section 3) or by skill (the OpenSkill estimate, which weighs the opponents' strength).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from bot.storage import ratings
from bot.storage.database import Database


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
       CAST(SUM(gp.hand_points) AS REAL) / NULLIF(SUM(gp.hands), 0), SUM(gp.moons), SUM(gp.timeouts),
       r.mu, r.sigma
FROM game_players gp
LEFT JOIN ratings r ON r.guild_id = gp.guild_id AND r.player_id = gp.player_id
WHERE gp.guild_id = ?
GROUP BY gp.player_id
"""


async def _all(db: Database, guild_id: str, order: Order) -> list[PlayerStats]:
    async with db.reader.execute(_AGGREGATE, (guild_id,)) as cur:
        raw = await cur.fetchall()
    mu0, sigma0 = ratings.default_rating()
    rows = [
        PlayerStats(
            player_id=str(r[0]),
            rank=0,
            ranking_points=int(r[1]),
            games=int(r[2]),
            wins=int(r[3]),
            quits=int(r[4]),
            avg_place=None if r[5] is None else float(r[5]),
            avg_points_per_hand=None if r[6] is None else float(r[6]),
            moons=int(r[7]),
            timeouts=int(r[8]),
            skill=ratings.skill(
                mu0 if r[9] is None else float(r[9]), sigma0 if r[10] is None else float(r[10])
            ),
        )
        for r in raw
    ]
    if order is Order.POINTS:
        rows.sort(key=lambda s: (-s.ranking_points, -s.wins, s.player_id))
    else:
        rows.sort(key=lambda s: (-s.skill, -s.ranking_points, s.player_id))
    return [replace(s, rank=i + 1) for i, s in enumerate(rows)]


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
