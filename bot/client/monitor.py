"""The metrics and health endpoint (``METRICS_PORT``): an HTTP server on the bot's event loop.

- ``GET /metrics``: the Prometheus text format: what ``bot.telemetry`` recorded, the process's own
  metrics (CPU, memory, open files), and what is read from the bot at the moment of the scrape
  (``BotCollector``: tables open by state, the global window, the lease, readiness).
- ``GET /health/live``: 200 while the process runs and its event loop answers (a stuck loop
  answers nothing, which an orchestrator's probe counts as a failure).
- ``GET /health/ready``: 200 once the bot has restored its tables and is connected to Discord,
  503 before, while reconnecting, and while stopping.

The server is aiohttp's (discord.py's own HTTP library) on the event loop, so a request never
blocks it; the registry shared by the whole process is written out in a thread (its process
collector reads files under /proc). It also samples the event loop's lag.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator, Mapping
from typing import Protocol

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import REGISTRY, Collector, CollectorRegistry

from bot import telemetry

log = logging.getLogger(__name__)

LAG_INTERVAL = 0.5  # seconds between two samples of the event loop's lag


class Monitored(Protocol):
    """What the endpoint reads of the bot (``bot.app.HeartsBot``)."""

    def open_tables(self) -> Mapping[str, int]:
        """Open tables owned by this process, by state (lobby, playing)."""
        ...

    @property
    def pacer(self) -> telemetry.GlobalBudget: ...

    def lease_held(self) -> bool: ...

    def serving(self) -> bool:
        """Restored and connected: ready for players."""
        ...


class BotCollector(Collector):
    """The gauges read from one bot at each scrape."""

    def __init__(self, bot: Monitored) -> None:
        self.bot = bot

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily(
            telemetry.TABLES_OPEN, "Open tables owned by this process, by state.", labels=["state"]
        )
        for state, count in sorted(self.bot.open_tables().items()):
            tables.add_metric([state], count)
        yield tables
        use = self.bot.pacer.use()
        yield GaugeMetricFamily(
            telemetry.GLOBAL_REQUESTS,
            "Requests this process started in the last second, counted against Discord's global limit.",
            value=use.started / use.period,
        )
        yield GaugeMetricFamily(
            telemetry.GLOBAL_LIMIT,
            "Requests a second this process may start under Discord's global limit (its share).",
            value=use.limit / use.period,
        )
        waiting = GaugeMetricFamily(
            telemetry.GLOBAL_WAITING,
            "Requests waiting for room under the global limit, by priority (player, background).",
            labels=["priority"],
        )
        for priority, count in sorted(use.waiting.items()):
            waiting.add_metric([priority], count)
        yield waiting
        yield GaugeMetricFamily(
            telemetry.LEASE_HELD,
            "1 while this process holds its database lease (its shard range), else 0.",
            value=int(self.bot.lease_held()),
        )
        yield GaugeMetricFamily(
            telemetry.READY,
            "1 once the bot restored its tables and is connected to Discord (as /health/ready), else 0.",
            value=int(self.bot.serving()),
        )


class Monitor:
    """The endpoint of one bot, bound to ``host``:``port`` by ``start`` (port 0: any free port,
    then ``port`` is the one bound) until ``stop``."""

    def __init__(self, bot: Monitored, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._registry = CollectorRegistry(auto_describe=True)
        self._registry.register(BotCollector(bot))
        self._runner: web.AppRunner | None = None
        self._lag: asyncio.Task[None] | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health/live", self._live)
        app.router.add_get("/health/ready", self._ready)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as exc:
            await runner.cleanup()
            raise OSError(
                exc.errno, f"the metrics endpoint can't listen on {self.host}:{self.port} ({exc.strerror})"
            ) from exc
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        self._lag = asyncio.get_running_loop().create_task(sample_lag(), name="event-loop-lag")
        log.info("metrics on http://%s:%d/metrics (and /health/live, /health/ready)", self.host, self.port)

    async def stop(self) -> None:
        if self._lag is not None:
            self._lag.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lag
            self._lag = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, _request: web.Request) -> web.Response:
        shared = await asyncio.to_thread(generate_latest, REGISTRY)
        body = shared + generate_latest(self._registry)  # the bot's state: read on its event loop
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _live(self, _request: web.Request) -> web.Response:
        return web.Response(text="live\n")

    async def _ready(self, _request: web.Request) -> web.Response:
        if self.bot.serving():
            return web.Response(text="ready\n")
        return web.Response(status=503, text="not ready\n")


async def sample_lag(interval: float = LAG_INTERVAL) -> None:
    """Observe, every ``interval``, how much later than asked the loop woke this task up."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(interval)
        telemetry.EVENT_LOOP_LAG.observe(max(0.0, loop.time() - asked - interval))
