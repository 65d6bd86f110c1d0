"""The endpoint's parts on their own: the health answers, the routes' labels, the pacer's window."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import aiohttp
import pytest
import yarl

from bot.client.monitor import Monitor
from bot.client.observing import route_of
from bot.client.pacing import GlobalPacer, Priority
from bot.telemetry import GlobalBudget

API = "http://127.0.0.1:5000/api/v10"


@dataclass
class FakeBot:
    """What the endpoint reads of a bot (``bot.client.monitor.Monitored``), set by the test."""

    ready: bool = False
    tables: Mapping[str, int] = field(default_factory=dict)
    pacer: GlobalBudget = field(default_factory=GlobalPacer)

    def open_tables(self) -> Mapping[str, int]:
        return self.tables

    def lease_held(self) -> bool:
        return True

    def serving(self) -> bool:
        return self.ready


async def status(port: int, path: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status


async def test_ready_answers_503_until_the_bot_serves_and_the_port_closes_on_stop() -> None:
    bot = FakeBot(tables={"lobby": 2, "playing": 5})
    monitor = Monitor(bot, "127.0.0.1", 0)
    await monitor.start()
    try:
        assert monitor.port > 0
        assert await status(monitor.port, "/health/live") == 200
        assert await status(monitor.port, "/health/ready") == 503
        bot.ready = True
        assert await status(monitor.port, "/health/ready") == 200
        assert await status(monitor.port, "/nothing") == 404
        url = f"http://127.0.0.1:{monitor.port}/metrics"
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            assert response.headers["Content-Type"].startswith("text/plain; version=")
            text = await response.text()
        assert 'hearts_tables_open{state="playing"} 5.0' in text
        assert "hearts_ready 1.0" in text and "hearts_lease_held 1.0" in text
        assert "process_cpu_seconds_total" in text  # the process's own metrics come along
    finally:
        await monitor.stop()
    with pytest.raises(aiohttp.ClientConnectionError):
        await status(monitor.port, "/health/live")


async def test_a_port_in_use_fails_the_start() -> None:
    first = Monitor(FakeBot(), "127.0.0.1", 0)
    await first.start()
    try:
        with pytest.raises(OSError, match=f"can't listen on 127.0.0.1:{first.port}"):
            await Monitor(FakeBot(), "127.0.0.1", first.port).start()
    finally:
        await first.stop()


@pytest.mark.parametrize(
    ("url", "route"),
    [
        (f"{API}/channels/1234567890123/messages", "/channels/{id}/messages"),
        (f"{API}/channels/123/messages/456?x=1", "/channels/{id}/messages/{id}"),
        (f"{API}/interactions/987654321/aW50ZXJhY3Rpb24=/callback", "/interactions/{id}/{token}/callback"),
        (f"{API}/webhooks/42/s3cret-token/messages/@original", "/webhooks/{id}/{token}/messages/@original"),
        (
            f"{API}/channels/1/messages/2/reactions/%E2%99%A5/@me",
            "/channels/{id}/messages/{id}/reactions/{emoji}/@me",
        ),
        (f"{API}/users/@me/channels", "/users/@me/channels"),
        (  # an Activity's instance id, which a page sends (a label value for each would never end)
            f"{API}/applications/123/activity-instances/i-1480-gc-456-789",
            "/applications/{id}/activity-instances/{id}",
        ),
        ("ws://127.0.0.1:5000/gateway?v=10", None),
        ("http://127.0.0.1:5000/api/v100/users/@me", None),
    ],
)
def test_a_route_has_no_id_and_no_token(url: str, route: str | None) -> None:
    assert route_of(yarl.URL(url, encoded=True), API) == route


async def test_the_pacer_reports_the_window_it_counts() -> None:
    pacer = GlobalPacer(requests=4, period=60.0, burst=4)
    assert pacer.use().started == 0
    for _ in range(4):
        await pacer.acquire()
    waiting = pacer.acquire(Priority.BACKGROUND)
    waiting.send(None)  # run up to where it queues for room (then never resumed)
    use = pacer.use()
    assert (use.started, use.limit, use.period) == (4, 4, 60.0)
    assert use.waiting == {"player": 0, "background": 1}
    waiting.close()
