"""One bot process on SQLite vs one on PostgreSQL: the table-load benchmark (bench/table_load.py)
run on each backend in turn, same tables, same simulated people, same seeds.

PostgreSQL runs on this machine (the system's server, or pgserver's: tests/storage/postgres_server.py)
with its production durability (fsync on, synchronous commit); SQLite in WAL mode as the bot runs it.
Prints people's actions per second and p50/p99 latency from an action to its event, per backend.
Run: .venv/bin/python bench/storage_speed.py [--tables 1000] [--seconds 20]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.table_load import arguments, run
from tests.storage.postgres_server import postgres_server


def main() -> None:
    args = arguments().parse_args()
    figures = {}
    args.database = None
    figures["SQLite"] = asyncio.run(run(args))
    with postgres_server(durable=True) as server:
        args.database = server.url()
        figures["PostgreSQL"] = asyncio.run(run(args))
    print(f"\nstorage_speed: {args.tables} tables, one process")
    for name, f in figures.items():
        print(
            f"  {name:<10} {f['actions']:7,.0f} people's actions/s, {f['moves']:7,.0f} moves/s, "
            f"latency p50 {f['p50']:.1f} ms, p99 {f['p99']:.1f} ms"
        )


if __name__ == "__main__":
    main()
