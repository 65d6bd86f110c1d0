"""The writes the bot makes, and the statements that apply them inside one transaction: written once,
in the SQL both backends share (``bot.storage.backend``)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage import ratings
from bot.storage.backend import Tx
from bot.storage.lease import LeaseHolder, LeaseRow
from bot.storage.records import DamagedRow, GameRecord, RatingChange, TableWrite

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SettingsWrite:
    guild_id: str
    data: str
    at: float


@dataclass(frozen=True, slots=True)
class MetaWrite:
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class PresenterWrite:
    table_id: int
    key: str
    value: str | None  # None deletes


@dataclass(frozen=True, slots=True)
class PreferencesWrite:
    player_id: str
    data: str
    at: float


@dataclass(frozen=True, slots=True)
class LeaseWrite:
    op: str  # "acquire" (→ the other holder's LeaseRow, or None), "renew" (→ still held), "release"
    name: str
    me: LeaseHolder
    now: float
    ttl: float


Write = TableWrite | SettingsWrite | MetaWrite | PresenterWrite | PreferencesWrite | LeaseWrite

_UPSERT_TABLE = """
INSERT INTO tables (id, guild_id, channel_id, host_id, status, move, deadline, state, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET
    host_id = excluded.host_id, status = excluded.status, move = excluded.move,
    deadline = excluded.deadline, state = excluded.state, updated_at = excluded.updated_at
"""
_INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, at, move, actor, kind, payload) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_UPSERT_SETTINGS = (
    "INSERT INTO server_settings (guild_id, data, updated_at) VALUES (?, ?, ?) "
    "ON CONFLICT(guild_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at"
)
_UPSERT_PREFERENCES = (
    "INSERT INTO player_preferences (player_id, data, updated_at) VALUES (?, ?, ?) "
    "ON CONFLICT(player_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at"
)
_UPSERT_PRESENTER = (
    "INSERT INTO presenter_data (table_id, key, value) VALUES (?, ?, ?) "
    "ON CONFLICT(table_id, key) DO UPDATE SET value = excluded.value"
)
_UPSERT_META = (
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)


async def apply(tx: Tx, writes: Sequence[Write], report: Callable[[DamagedRow], None]) -> list[Any]:
    """Every write of a group, in order, inside the caller's transaction; one result per write."""
    tables = [x for x in writes if isinstance(x, TableWrite)]
    if tables:
        await tx.executemany(
            _UPSERT_TABLE,
            [
                (
                    t.table_id,
                    t.guild_id,
                    t.channel_id,
                    t.host_id,
                    t.status,
                    t.move_number,
                    t.deadline,
                    t.state,
                    t.created_at,
                    t.updated_at,
                )
                for t in tables
            ],
        )
        await tx.executemany(
            _INSERT_ACTION,
            [
                (t.table_id, a.seq, a.at, a.move_number, a.actor, a.kind, a.payload)
                for t in tables
                for a in (t.action,)
            ],
        )
    results: list[Any] = []
    for x in writes:
        result: Any = None
        if isinstance(x, TableWrite):
            result = () if x.game is None else await _record_game(tx, x.game, report)
        elif isinstance(x, LeaseWrite):
            result = await _lease(tx, x)
        elif isinstance(x, SettingsWrite):
            await tx.execute(_UPSERT_SETTINGS, (x.guild_id, x.data, x.at))
        elif isinstance(x, PreferencesWrite):
            await tx.execute(_UPSERT_PREFERENCES, (x.player_id, x.data, x.at))
        elif isinstance(x, PresenterWrite):
            if x.value is None:
                await tx.execute(
                    "DELETE FROM presenter_data WHERE table_id = ? AND key = ?", (x.table_id, x.key)
                )
            else:
                await tx.execute(_UPSERT_PRESENTER, (x.table_id, x.key, x.value))
        else:
            await tx.execute(_UPSERT_META, (x.key, x.value))
        results.append(result)
    return results


async def _record_game(
    tx: Tx, game: GameRecord, report: Callable[[DamagedRow], None]
) -> tuple[RatingChange, ...]:
    """Results per person, then the rating update, inside the caller's transaction. A rating row
    that can't be read counts as a new player's rating (and is overwritten): it never stops a game
    from ending."""
    await tx.execute(
        "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game.table_id, game.guild_id, game.finished_at, game.end_reason, game.hands, game.options),
    )
    await tx.executemany(
        "INSERT INTO game_players (table_id, guild_id, player_id, seat, place, total, ranking_points, hands, "
        "hand_points, moons, timeouts, quit, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.table_id,
                game.guild_id,
                p.player_id,
                p.seat,
                p.place,
                p.total,
                p.ranking_points,
                p.hands,
                p.hand_points,
                p.moons,
                p.timeouts,
                int(p.quit),
                int(p.place == 1 and not p.quit),
            )
            for p in game.players
        ],
    )
    ids = [pid for pid, _ in game.ranks]
    before: dict[str, tuple[float, float]] = {}
    if ids:
        marks = ",".join("?" * len(ids))
        rows = await tx.fetch(
            f"SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND player_id IN ({marks})",
            (game.guild_id, *ids),
        )
        for pid, mu, sigma in rows:
            try:
                before[str(pid)] = ratings.checked(float(mu), float(sigma))
            except (TypeError, ValueError) as exc:
                report(DamagedRow("ratings", f"{game.guild_id}/{pid}", game.guild_id, str(exc)))
    old = [before.get(pid, ratings.default_rating()) for pid in ids]
    new = ratings.rate(old, [rank for _, rank in game.ranks])
    await tx.executemany(
        "INSERT INTO ratings (guild_id, player_id, mu, sigma) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(guild_id, player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
        [(game.guild_id, pid, mu, sigma) for pid, (mu, sigma) in zip(ids, new, strict=True)],
    )
    changes = []
    by_id = dict(zip(ids, zip(old, new, strict=True), strict=True))
    for p in game.players:
        rows = await tx.fetch(
            "SELECT COALESCE(SUM(ranking_points), 0) FROM game_players WHERE guild_id = ? AND player_id = ?",
            (game.guild_id, p.player_id),
        )
        (mu0, s0), (mu1, s1) = by_id.get(p.player_id, (ratings.default_rating(), ratings.default_rating()))
        changes.append(
            RatingChange(
                p.player_id,
                p.ranking_points,
                int(rows[0][0]) if rows else 0,
                ratings.skill(mu0, s0),
                ratings.skill(mu1, s1),
            )
        )
    return tuple(changes)


async def _lease(tx: Tx, x: LeaseWrite) -> Any:
    """One lease operation inside the writer's transaction (see ``bot.storage.lease``)."""
    me = x.me
    if x.op == "renew":
        changed = await tx.execute(
            "UPDATE leases SET heartbeat_at = ?, expires_at = ? WHERE name = ? AND holder = ?",
            (x.now, x.now + x.ttl, x.name, me.holder),
        )
        return changed > 0
    if x.op == "release":
        await tx.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (x.name, me.holder))
        return None
    rows = await tx.fetch(
        "SELECT holder, pid, host, started_at, heartbeat_at, expires_at FROM leases WHERE name = ?",
        (x.name,),
    )
    if rows:
        row = rows[0]
        try:
            who = LeaseHolder(str(row[0]), int(row[1]), str(row[2]), float(row[3]))
            other = LeaseRow(who, float(row[4]), float(row[5]))
            if not all(math.isfinite(t) for t in (who.started_at, other.heartbeat_at, other.expires_at)):
                raise ValueError("a time that is not a number")
        except (TypeError, ValueError) as exc:
            log.error("the lease row %r can't be read (%s): taking it over", x.name, exc)
        else:
            if not other.free_for(me, x.now):
                return other
            if other.who.holder != me.holder:
                log.warning("taking over the database lease from %s (it is gone)", other.who.describe())
    await tx.execute(
        "INSERT INTO leases (name, holder, pid, host, started_at, heartbeat_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, "
        "pid = excluded.pid, host = excluded.host, started_at = excluded.started_at, "
        "heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at",
        (x.name, me.holder, me.pid, me.host, me.started_at, x.now, x.now + x.ttl),
    )
    return None
