"""The writes the bot makes, and the statements that apply them inside one transaction: written once,
in the SQL both backends share (``bot.storage.backend``)."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage import locks, ratings
from bot.storage.backend import Tx
from bot.storage.lease import SHARDS_PREFIX, LeaseHolder, LeaseRow, overlapping
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


@dataclass(frozen=True, slots=True)
class ReviewWrite:
    """A hand's review for one seat (``bot.storage.reviews``); the first one saved stays."""

    table_id: int
    hand_number: int
    seat: int
    player_id: str
    guild_id: str
    decisions: int
    accurate: int
    data: str
    at: float


@dataclass(frozen=True, slots=True)
class OutboxWrite:
    """How far an outbox row was delivered: ``shown`` events; ``delivered_at`` once all were."""

    table_id: int
    seq: int
    shown: int
    delivered_at: float | None


@dataclass(frozen=True, slots=True)
class PruneOutbox:
    """Delete the outbox rows delivered before ``before`` (→ how many)."""

    before: float


@dataclass(frozen=True, slots=True)
class ClaimTableId:
    """A new table's id no other process is given (→ the id)."""


@dataclass(frozen=True, slots=True)
class Statements:
    """A feature's own statements (e.g. ``bot.storage.daily``), in order, in the group's
    transaction (→ the rows each changed). They must not fail on conflicts (``ON CONFLICT``)."""

    sql: tuple[tuple[str, tuple[Any, ...]], ...]
    fetch: bool = False  # a read of the latest state instead (→ the rows of the one statement)
    locks: tuple[tuple[int, int], ...] = ()  # held for the transaction (``bot.storage.locks``)


CLAIMED_KEY = "table_id_claimed"  # meta: the last table id claimed


@dataclass(frozen=True, slots=True)
class Announce:
    """A message to every other process, sent at the commit (PostgreSQL's NOTIFY; SQLite: none)."""

    message: str


Write = (
    TableWrite
    | SettingsWrite
    | MetaWrite
    | PresenterWrite
    | PreferencesWrite
    | LeaseWrite
    | ClaimTableId
    | Statements
    | ReviewWrite
    | OutboxWrite
    | PruneOutbox
    | Announce
)


@dataclass(frozen=True, slots=True)
class Stale:
    """A table write refused because the stored row moved on (the result in its place)."""

    stored: int  # the action number the row is at


_UPSERT_TABLE = """
INSERT INTO tables (id, guild_id, channel_id, host_id, status, move, deadline, state, created_at, updated_at,
    seq)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET
    host_id = excluded.host_id, status = excluded.status, move = excluded.move,
    deadline = excluded.deadline, state = excluded.state, updated_at = excluded.updated_at,
    seq = excluded.seq
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
_INSERT_REVIEW = (
    "INSERT INTO reviews (table_id, hand_number, seat, player_id, guild_id, decisions, accurate, data, "
    "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(table_id, hand_number, seat) DO NOTHING"
)
_INSERT_OUTBOX = "INSERT INTO outbox (table_id, seq, events, shown, delivered_at) VALUES (?, ?, ?, 0, NULL)"
_SHOWN = "UPDATE outbox SET shown = ? WHERE table_id = ? AND seq = ?"
# Once delivered, a row keeps only when (its events are not needed any more: the space is reused).
_DELIVERED = "UPDATE outbox SET shown = ?, delivered_at = ?, events = '' WHERE table_id = ? AND seq = ?"
UPSERT_META = (
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)


Lock = Callable[[Tx, Sequence[tuple[int, int]]], Awaitable[None]]
Notify = Callable[[Tx, str], Awaitable[None]]


async def apply(
    tx: Tx, writes: Sequence[Write], report: Callable[[DamagedRow], None], lock: Lock, notify: Notify
) -> list[Any]:
    """Every write of a group, in order, inside the caller's transaction; one result per write (a
    table write whose stored row moved on is not applied: ``Stale``)."""
    stale = await _stale_tables(tx, writes, lock)
    tables = [x for x in writes if isinstance(x, TableWrite) and id(x) not in stale]
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
                    t.action.seq,
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
    owed = [(t.table_id, t.action.seq, t.owed.events) for t in tables if t.owed is not None]
    if owed:
        await tx.executemany(_INSERT_OUTBOX, owed)
    for t in tables:
        if t.notify:
            await notify(tx, f"{t.table_id} {t.action.seq}")
    results: list[Any] = []
    for x in writes:
        result: Any = None
        if isinstance(x, TableWrite):
            if id(x) in stale:
                result = stale[id(x)]
            else:
                result = () if x.game is None else await _record_game(tx, x.game, report)
        elif isinstance(x, LeaseWrite):
            result = await _lease(tx, x, lock)
        elif isinstance(x, ClaimTableId):
            result = await _claim_table_id(tx, lock)
        elif isinstance(x, Statements):
            if x.fetch:
                result = await tx.fetch(*x.sql[0])
            else:
                result = [await tx.execute(sql, args) for sql, args in x.sql]
        elif isinstance(x, OutboxWrite):
            pass  # all of the group's at once, below
        elif isinstance(x, Announce):
            await notify(tx, x.message)
        elif isinstance(x, PruneOutbox):
            result = await tx.execute(
                "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?", (x.before,)
            )
        elif isinstance(x, SettingsWrite):
            await tx.execute(_UPSERT_SETTINGS, (x.guild_id, x.data, x.at))
        elif isinstance(x, ReviewWrite):
            await tx.execute(
                _INSERT_REVIEW,
                (
                    x.table_id,
                    x.hand_number,
                    x.seat,
                    x.player_id,
                    x.guild_id,
                    x.decisions,
                    x.accurate,
                    x.data,
                    x.at,
                ),
            )
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
            await tx.execute(UPSERT_META, (x.key, x.value))
        results.append(result)
    await _outbox_notes(tx, [x for x in writes if isinstance(x, OutboxWrite)])
    return results


async def _outbox_notes(tx: Tx, notes: list[OutboxWrite]) -> None:
    """How far outbox rows were delivered: one batch per statement (one round trip on PostgreSQL),
    as there is a note for nearly every move. After the group's table writes: a row saved and
    delivered within one group is inserted first."""
    shown = [(x.shown, x.table_id, x.seq) for x in notes if x.delivered_at is None]
    delivered = [(x.shown, x.delivered_at, x.table_id, x.seq) for x in notes if x.delivered_at is not None]
    if shown:
        await tx.executemany(_SHOWN, shown)
    if delivered:
        await tx.executemany(_DELIVERED, delivered)


async def _stale_tables(tx: Tx, writes: Sequence[Write], lock: Lock) -> dict[int, Stale]:
    """Compare-and-set: a table's write is applied only on top of the row it was computed from (its
    action follows the stored row's last one), under the table's lock, so that of two processes
    saving the same table from the same state, one is refused. The rating updates' server locks and
    the statements' own are taken here too: every lock of the transaction in one order. Keyed by
    ``id()`` of the write."""
    tables = [x for x in writes if isinstance(x, TableWrite)]
    keys = [locks.table_lock(t.table_id) for t in tables]
    keys += [locks.ratings_lock(t.game.guild_id) for t in tables if t.game is not None]
    keys += [key for x in writes if isinstance(x, Statements) for key in x.locks]
    if keys:
        await lock(tx, keys)
    if not tables:
        return {}
    ids = sorted({t.table_id for t in tables})
    rows = await tx.fetch(f"SELECT id, seq FROM tables WHERE id IN ({','.join('?' * len(ids))})", ids)
    stored = {int(r[0]): int(r[1]) for r in rows}
    stale: dict[int, Stale] = {}
    for t in tables:
        at = stored.get(t.table_id)
        if at is not None and at != t.action.seq - 1:
            stale[id(t)] = Stale(at)
        else:
            stored[t.table_id] = t.action.seq  # a second write of the table in this group follows it
    return stale


_SEASON_TOTALS = """
INSERT INTO season_totals (guild_id, number, player_id, ranking_points, games, wins, hands, hand_points)
SELECT gp.guild_id, s.number, gp.player_id, gp.ranking_points, 1, gp.won, gp.hands, gp.hand_points
FROM game_players gp JOIN seasons s ON s.guild_id = gp.guild_id AND s.starts_at <= ? AND s.ends_at > ?
WHERE gp.table_id = ?
ON CONFLICT (guild_id, number, player_id) DO UPDATE SET
    ranking_points = season_totals.ranking_points + excluded.ranking_points,
    games = season_totals.games + 1,
    wins = season_totals.wins + excluded.wins,
    hands = season_totals.hands + excluded.hands,
    hand_points = season_totals.hand_points + excluded.hand_points
"""


async def _record_game(
    tx: Tx, game: GameRecord, report: Callable[[DamagedRow], None]
) -> tuple[RatingChange, ...]:
    """Results per person, then the rating update, inside the caller's transaction. A rating row
    that can't be read counts as a new player's rating (and is overwritten): it never stops a game
    from ending."""
    await tx.execute(
        "INSERT INTO games (table_id, guild_id, finished_at, end_reason, hands, options, ranked) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            game.table_id,
            game.guild_id,
            game.finished_at,
            game.end_reason,
            game.hands,
            game.options,
            int(game.ranked),
        ),
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
    # The season whose window holds the game's end (bot.seasons) counts it if it is ranked: its
    # totals, in this transaction, so a season's board is read without adding up its games. A game
    # that ends before that season's row is opened is counted by its opening (bot.storage.seasons).
    if game.ranked:
        await tx.execute(_SEASON_TOTALS, (game.finished_at, game.finished_at, game.table_id))
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
    await tx.executemany(  # kept with the results: any process can tell the game's end (rating_changes)
        "UPDATE game_players SET skill_before = ?, skill_after = ? WHERE table_id = ? AND player_id = ?",
        [(c.skill_before, c.skill_after, game.table_id, c.player_id) for c in changes],
    )
    return tuple(changes)


async def _claim_table_id(tx: Tx, lock: Lock) -> int:
    """The next id after every table's and every claim's (each claim is remembered, so a table
    that is not saved yet keeps its id too)."""
    await lock(tx, [locks.TABLE_IDS_LOCK])
    (top,) = await tx.fetch("SELECT COALESCE(MAX(id), 0) FROM tables")
    claimed = await tx.fetch("SELECT value FROM meta WHERE key = ?", (CLAIMED_KEY,))
    new = max(int(top[0]), int(claimed[0][0]) if claimed else 0) + 1
    await tx.execute(UPSERT_META, (CLAIMED_KEY, str(new)))
    return new


async def _lease(tx: Tx, x: LeaseWrite, lock: Lock) -> Any:
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
    await lock(tx, [locks.LEASES_LOCK])  # two processes can't both find overlapping ranges free
    rows = await tx.fetch(
        "SELECT name, holder, pid, host, started_at, heartbeat_at, expires_at FROM leases "
        "WHERE substr(name, 1, ?) = ?",
        (len(SHARDS_PREFIX), SHARDS_PREFIX),
    )
    for row in rows:
        name = str(row[0])
        if name != x.name and not overlapping(name, x.name):
            continue
        try:
            who = LeaseHolder(str(row[1]), int(row[2]), str(row[3]), float(row[4]))
            other = LeaseRow(who, float(row[5]), float(row[6]), name)
            if not all(math.isfinite(t) for t in (who.started_at, other.heartbeat_at, other.expires_at)):
                raise ValueError("a time that is not a number")
        except (TypeError, ValueError) as exc:
            log.error("the lease row %r can't be read (%s): taking it over", name, exc)
        else:
            if not other.free_for(me, x.now):
                return other
            if other.who.holder != me.holder:
                log.warning("taking over the lease %r from %s (it is gone)", name, other.who.describe())
        if name != x.name:
            await tx.execute("DELETE FROM leases WHERE name = ?", (name,))
    await tx.execute(
        "INSERT INTO leases (name, holder, pid, host, started_at, heartbeat_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, "
        "pid = excluded.pid, host = excluded.host, started_at = excluded.started_at, "
        "heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at",
        (x.name, me.holder, me.pid, me.host, me.started_at, x.now, x.now + x.ttl),
    )
    return None
