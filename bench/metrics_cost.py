"""What the metrics cost: one recording (a counter, a histogram), and one scrape of ``/metrics``.

Recording happens on every move, commit, request and render, on the event loop: it prints the
nanoseconds of each kind of recording. A scrape is served by the bot's event loop (the process's
shared registry written out in a thread): it prints the milliseconds of a whole scrape over HTTP
(median and 95th percentile) and its size, with every label of a busy bot filled in (``--routes``
Discord routes with three statuses each).

Run: python bench/metrics_cost.py
     python bench/metrics_cost.py --records 500000 --scrapes 500 --routes 40
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp

from bot import telemetry
from bot.client.monitor import Monitor
from bot.client.pacing import GlobalPacer


class Busy:
    """A bot as the endpoint reads it, with tables in both states."""

    def __init__(self) -> None:
        self.pacer = GlobalPacer()

    def open_tables(self) -> Mapping[str, int]:
        return {"lobby": 120, "playing": 880}

    def lease_held(self) -> bool:
        return True

    def serving(self) -> bool:
        return True


def per_call(record: Callable[[], None], n: int) -> float:
    """Nanoseconds per call of ``record``, over ``n`` calls."""
    start = time.perf_counter_ns()
    for _ in range(n):
        record()
    return (time.perf_counter_ns() - start) / n


def fill(routes: int) -> None:
    """Every label a busy bot has: routes × statuses, images, levels, kinds, scopes, actors."""
    for r in range(routes):
        for status in ("200", "204", "429"):
            telemetry.DISCORD_REQUESTS.labels(f"POST /route{r}/{{id}}", status).inc()
    for image in ("hand", "table", "score_sheet", "standings"):
        telemetry.RENDER.labels(image).observe(0.01)
    for level in ("easy", "normal", "hard"):
        telemetry.COMPUTER_DECISION.labels(level).observe(0.05)
    for actor in ("person", "computer", "timeout"):
        telemetry.MOVES.labels(actor).inc()
    for kind in ("unavailable", "write"):
        telemetry.STORAGE_COMMIT_ERRORS.labels(kind).inc()
    for scope in ("user", "global", "shared"):
        telemetry.DISCORD_RATE_LIMITED.labels(scope).inc()
    for result in ("renewed", "failed", "lost"):
        telemetry.LEASE_RENEWALS.labels(result).inc()


async def scrapes(n: int) -> tuple[list[float], int]:
    monitor = Monitor(Busy(), "127.0.0.1", 0)
    await monitor.start()
    url = f"http://127.0.0.1:{monitor.port}/metrics"
    times: list[float] = []
    size = 0
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(n):
                start = time.perf_counter()
                async with session.get(url) as response:
                    size = len(await response.read())
                times.append(time.perf_counter() - start)
    finally:
        await monitor.stop()
    return times, size


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=int, default=200_000, help="calls timed for each kind of recording")
    parser.add_argument("--scrapes", type=int, default=200, help="scrapes timed")
    parser.add_argument("--routes", type=int, default=25, help="Discord routes labelled (3 statuses each)")
    args = parser.parse_args()

    def timed_block() -> None:
        with telemetry.STORAGE_COMMIT.time():
            pass

    kinds: dict[str, Callable[[], None]] = {
        "counter, label looked up each time": lambda: telemetry.MOVES.labels("person").inc(),
        "counter, labelled child kept": telemetry.MOVES.labels("person").inc,
        "histogram observe (no label)": lambda: telemetry.STORAGE_COMMIT.observe(0.002),
        "histogram time() of a block": timed_block,
    }
    for name, record in kinds.items():
        print(f"{name + ':':38} {per_call(record, args.records):6.0f} ns")
    fill(args.routes)
    times, size = asyncio.run(scrapes(args.scrapes))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"scrape of /metrics over HTTP ({args.routes} routes × 3 statuses, {size / 1024:.1f} KiB): "
        f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms ({len(times)} scrapes)"
    )


if __name__ == "__main__":
    main()
