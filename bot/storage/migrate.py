"""Copy a bot's database to another one, e.g. from SQLite to PostgreSQL when the bot outgrows a file:

    python -m bot.storage.migrate --from sqlite:///data/hearts.sqlite3 --to postgresql://bot@db/hearts

Stop the bot first: the source's lease is taken for the copy, so the command refuses while a bot runs
on it (and a bot can't start on it meanwhile). The source must be a bot's database: a file that does
not exist (a typo) or a database without the bot's schema is refused before anything is opened,
created or copied. The target is brought to the current schema and must be empty (the command
refuses otherwise: it never merges two bots' data); one that holds another application's tables is
refused before anything is created in it. Every table is copied with
its ids, in one transaction on the target: a row the target refuses (e.g. text where a number
belongs, damage SQLite lets in) stops the copy with the table's name and leaves the target empty.
The source is only read (its schema is brought up to date first, as the bot itself would).
The lease table is not copied: leases belong to running processes.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import asyncpg

from bot.storage import migrations
from bot.storage.backend import Dialect, Target, Tx
from bot.storage.database import Database
from bot.storage.errors import ForeignDatabase, StorageError
from bot.storage.lease import ALL_SHARDS, LeaseHolder, refusal_message

# Every table of the schema but ``leases``, with its primary key (to page through it in order).
TABLES: Final[dict[str, tuple[str, ...]]] = {
    "meta": ("key",),
    "tables": ("id",),
    "actions": ("table_id", "seq"),
    "games": ("table_id",),
    "game_players": ("table_id", "player_id"),
    "ratings": ("guild_id", "player_id"),
    "server_settings": ("guild_id",),
    "presenter_data": ("table_id", "key"),
    "player_preferences": ("player_id",),
    "reviews": ("table_id", "hand_number", "seat"),
    "outbox": ("table_id", "seq"),
    "daily_attempts": ("day", "player_id"),
    "daily_par": ("day",),
    "daily_posts": ("guild_id", "day"),
    "events": ("id",),
    "event_entrants": ("event_id", "player_id"),
    "event_rounds": ("event_id", "round"),
    "event_seats": ("event_id", "round", "player_id"),
    "event_tables": ("event_id", "round", "table_index"),
    "event_scores": ("event_id", "board", "player_id"),
    "seasons": ("guild_id", "number"),
    "season_board": ("guild_id", "number", "player_id"),
    "season_totals": ("guild_id", "number", "player_id"),
    "seen_names": ("guild_id", "player_id"),
}
NOT_COPIED: Final = ("leases", "budget_shares")  # who runs now, not what was played
PAGE: Final = 2000
LEASE_TTL: Final = 600.0  # the copy's hold on the source; released at the end


class MigrationRefused(StorageError):
    """The copy was not started or was undone; the message says why."""


@dataclass(frozen=True, slots=True)
class Copied:
    rows: dict[str, int]  # per table


async def migrate(source: str | Target, target: str | Target) -> Copied:
    """Copy every table of ``source`` into the empty ``target`` (see the module's docstring)."""
    source = source if isinstance(source, Target) else Target.parse(source)
    target = target if isinstance(target, Target) else Target.parse(target)
    await _check_source(source)
    src = await Database.open(source, upto=migrations.LEASES)  # the lease first: a bot may run on it
    me = LeaseHolder.this_process()
    try:
        other = await src.acquire_lease(ALL_SHARDS, me, LEASE_TTL)
        if other is not None:
            raise MigrationRefused(refusal_message(src.where, other, time.time()))
        try:
            await src.migrate()
            try:
                dst = await Database.open(target)
            except ForeignDatabase as exc:
                raise MigrationRefused(
                    f"the target {exc.where} is not empty: it holds tables that are not the bot's "
                    f"({exc.shown}). Nothing was changed in it: migrate into a new, empty database"
                ) from exc
            try:
                return await _copy(src, dst)
            finally:
                await dst.close()
        finally:
            await src.release_lease(ALL_SHARDS, me)
    finally:
        await src.close()


async def _check_source(source: Target) -> None:
    """Refuse a source that is no bot's database, before it is opened (which would create a missing
    file and its folders, and bring an empty database to the bot's schema)."""
    if source.dialect is Dialect.SQLITE:
        from bot.storage.sqlite import stored_version

        assert source.path is not None
        path = source.path.absolute()
        if not path.is_file():
            raise MigrationRefused(
                f"the source {path} does not exist{' as a file' if path.exists() else ''}: "
                "check the path (nothing was created or copied)"
            )
        where = str(path)
        version = await asyncio.to_thread(stored_version, path)
    else:
        from bot.storage import postgres

        where = source.describe()
        version = await postgres.stored_version(source)
    if version == 0:
        raise MigrationRefused(
            f"the source {where} is not a bot's database (it has no schema version and none of the "
            "bot's tables): check the source (nothing was created or copied)"
        )


async def _copy(src: Database, dst: Database) -> Copied:
    for table in (*TABLES, *NOT_COPIED):
        if await dst.rows(f"SELECT 1 FROM {table} LIMIT 1"):
            raise MigrationRefused(
                f"the target {dst.where} is not empty (table {table!r} has rows): "
                "migrate into a new, empty database"
            )

    async def copy_all(tx: Tx) -> Copied:
        counts: dict[str, int] = {}
        for table, key in TABLES.items():
            counts[table] = await _copy_table(src, tx, table, key)
        return Copied(counts)

    return await dst.backend.transaction(copy_all)


async def _copy_table(src: Database, tx: Tx, table: str, key: Sequence[str]) -> int:
    order = ", ".join(key)
    copied = 0
    while True:
        rows = await src.rows(f"SELECT * FROM {table} ORDER BY {order} LIMIT ? OFFSET ?", (PAGE, copied))
        if not rows:
            return copied
        marks = ", ".join("?" * len(rows[0]))
        try:
            await tx.executemany(f"INSERT INTO {table} VALUES ({marks})", [tuple(r) for r in rows])
        except Exception as exc:
            raise MigrationRefused(
                f"a row of table {table!r} (among rows {copied + 1}-{copied + len(rows)}) can't be "
                f"copied: {exc}. Nothing was written to the target."
            ) from exc
        copied += len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.migrate",
        description="Copy the bot's database (stopped) into a new, empty one, e.g. SQLite to PostgreSQL.",
    )
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path or postgresql://…")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://… or sqlite:///path")
    args = parser.parse_args(argv)
    try:
        source, target = Target.parse(args.source), Target.parse(args.target)
        copied = asyncio.run(migrate(source, target))
    except (StorageError, ValueError, OSError, OverflowError, sqlite3.Error, asyncpg.PostgresError) as exc:
        print(f"migration refused: {exc}", file=sys.stderr)
        return 1
    for table, count in copied.rows.items():
        print(f"{table}: {count} rows")
    print(f"copied {source.describe()} to {target.describe()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
