"""One bot process on SQLite vs one on PostgreSQL: the table-load benchmark (bench/table_load.py)
run on each backend in turn, same tables, same simulated people, same seeds.

PostgreSQL runs on this machine (the system's server, or pgserver's: playtest/postgres_server.py)
with fsync on, twice: with synchronous commit (each commit waits for its flush to disk: PostgreSQL's
default) and without (``synchronous_commit=off``: a crash may lose the last fraction of a second of
commits but never corrupts, the durability SQLite has in WAL mode with ``synchronous=NORMAL``, as the
bot runs it).
Prints people's actions per second and p50/p99 latency from an action to its event, per backend.
Run: .venv/bin/python bench/storage_speed.py [--tables 1000] [--seconds 20]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bench.table_load import arguments, run
from playtest.postgres_server import PostgresServer, postgres_server


async def fresh_database(server: PostgresServer, name: str) -> str:
    """A new, empty database ``name`` on ``server``; its URL."""
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return server.url(name)


def main() -> None:
    args = arguments().parse_args()
    figures = {}
    args.database = None
    figures["SQLite"] = asyncio.run(run(args))
    with postgres_server(durable=True) as server:
        asyncio.run(fresh_database(server, "bench_durable"))
        args.database = server.url("bench_durable")
        figures["PostgreSQL"] = asyncio.run(run(args))
        asyncio.run(fresh_database(server, "bench_async"))
        args.database = server.url("bench_async", synchronous_commit="off")
        figures["PostgreSQL, commits not awaited"] = asyncio.run(run(args))
    print(f"\nstorage_speed: {args.tables} tables, one process")
    for name, f in figures.items():
        print(
            f"  {name:<31} {f['actions']:7,.0f} people's actions/s, {f['moves']:7,.0f} moves/s, "
            f"latency p50 {f['p50']:.1f} ms, p99 {f['p99']:.1f} ms"
        )


if __name__ == "__main__":
    main()
