"""The metrics and health endpoint (METRICS_PORT) of the real bot, scraped over real HTTP while it
plays through the emulator: the numbers move when things happen."""

from __future__ import annotations

import asyncio
import re
import signal
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from bot.storage import WriteFault
from bot.text import t
from discord_emulator import DiscordEmulator, route_keys
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, next_tap, start_hearts
from playtest.processes import BotProcess, BotProcesses
from tests.cogs.hearts.test_clicks import _game_with_alice_to_play

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def scrape(port: int) -> Samples:
    status, text = await get(port, "/metrics")
    assert status == 200
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def delta(after: Samples, before: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum over every sample of ``name`` that has ``labels`` (and any others)."""
    want = set(labels.items())
    return sum(v for (n, have), v in samples.items() if n == name and want <= set(have))


def recorded(name: str, **labels: str) -> float:
    """What this process recorded so far (the in-process bot's metrics, read straight from the
    registry the endpoint serves: a check ``emulator.wait_until`` can repeat at every event)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def ready_status(port: int) -> int:
    """``/health/ready``'s status, fetched at once (for a bot in another process: the check the
    emulator's bounded wait repeats at each of its events and the bot's output lines)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=5.0) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest_asyncio.fixture
async def metered(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> Hearts:
    """The ``hearts`` fixture's server and bot, with the endpoint on a free port."""
    return await start_hearts(emulator, bot_runner, tmp_path, metrics_port=0)


def port_of(hearts: Hearts) -> int:
    assert hearts.bot.monitor is not None
    return hearts.bot.monitor.port


async def test_a_move_moves_the_counters_and_the_tables_show_by_state(metered: Hearts) -> None:
    port = port_of(metered)
    assert await get(port, "/health/live") == (200, "live\n")
    assert await get(port, "/health/ready") == (200, "ready\n")
    alice = metered.people[0]
    dm = await _game_with_alice_to_play(metered)
    await metered.settle()
    before = await scrape(port)
    assert value(before, "hearts_tables_open", state="lobby") == 0
    assert value(before, "hearts_tables_open", state="playing") == 1
    assert value(before, "hearts_lease_held") == 1
    assert value(before, "hearts_ready") == 1
    pacer = metered.bot.pacer
    assert value(before, "hearts_discord_global_limit") == pacer.share / pacer.period
    assert value(before, "hearts_computer_decision_seconds_count", level="normal") > 0
    assert value(before, "hearts_render_seconds_count", image="hand") > 0
    assert value(before, "hearts_storage_commit_seconds_count") > 0
    sent = value(before, "hearts_discord_requests_total", route="POST /channels/{id}/messages", status="200")
    assert sent > 0

    ix = await metered.emu.click(alice, dm, custom_id=next_tap(dm))
    await ix.wait_acknowledged()
    await metered.settle()
    answered = value(before, "hearts_interaction_answer_seconds_count")
    await metered.emu.wait_until(  # timed at the end of the callback's answer, as the bot reads it
        lambda: recorded("hearts_interaction_answer_seconds_count") > answered,
        what="the click's answer timed",
    )
    after = await scrape(port)
    assert delta(after, before, "hearts_moves_total", actor="person") == 1
    sent = "hearts_discord_requests_total"
    callback = "POST /interactions/{id}/{token}/callback"
    assert total(after, sent, route=callback) > total(before, sent, route=callback)
    routes = [dict(labels)["route"] for name, labels in after if name == sent]
    assert not [r for r in routes if re.search(r"\d{6,}|/callback$", r) and "{token}" not in r], routes
    lag = "hearts_event_loop_lag_seconds_count"
    sampled = value(before, lag)
    await metered.emu.wait_until(lambda: recorded(lag) > sampled, what="a loop-lag sample")  # its next tick
    assert value(await scrape(port), lag) > sampled


async def test_a_refused_write_counts_as_a_storage_error(metered: Hearts) -> None:
    port = port_of(metered)
    alice = metered.people[0]
    dm = await _game_with_alice_to_play(metered)
    await metered.settle()
    before = await scrape(port)
    metered.bot.db.faults.fail(WriteFault.DISK_FULL)
    ix = await metered.emu.click(alice, dm, custom_id=next_tap(dm))
    assert (await metered.reply(ix)).content == t("table.storage_busy")
    metered.bot.db.faults.clear()
    after = await scrape(port)
    errors = "hearts_storage_commit_errors_total"
    assert delta(after, before, errors, kind="unavailable") >= 1
    assert delta(after, before, "hearts_moves_total", actor="person") == 0


async def test_a_429_is_counted_by_scope_and_route(metered: Hearts) -> None:
    port = port_of(metered)
    before = await scrape(port)
    metered.emu.faults.rate_limit(route_keys.CREATE_MESSAGE, retry_after=0.05)
    await metered.open_table(metered.people[0], seats=4)
    after = await scrape(port)
    assert value(after, "hearts_tables_open", state="lobby") == 1
    limited = "hearts_discord_rate_limited_total"
    assert delta(after, before, limited, scope="user") == 1
    route = "POST /channels/{id}/messages"
    sent = "hearts_discord_requests_total"
    assert delta(after, before, sent, route=route, status="429") == 1


async def test_the_real_process_serves_health_until_sigterm(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    # Ready once restored and connected (after discord.py's READY), as an orchestrator's probe sees it.
    bot, port = await _serving_process(bot_process)
    assert (await get(port, "/health/live"))[0] == 200
    assert (await get(port, "/health/ready"))[0] == 200
    assert value(await scrape(port), "hearts_lease_held") == 1
    bot.process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.process.wait(), 10.0) == 0
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(port, "/health/live")


async def _serving_process(bot_process: BotProcesses) -> tuple[BotProcess, int]:
    """``python -m bot`` with its endpoint on a free port, once it answers ready; and the port."""
    bot = await bot_process.start(extra_env={"METRICS_PORT": "0", "RENDER_WORKERS": "0"})
    line = await bot.wait_for_line("metrics on http://127.0.0.1:")
    port = int(re.search(r"127\.0\.0\.1:(\d+)/metrics", line).group(1))  # type: ignore[union-attr]
    await bot_process.emu.wait_until(lambda: ready_status(port) == 200, what="the bot ready")
    return bot, port


async def test_the_real_process_is_not_ready_while_its_gateway_reconnects(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    bot, port = await _serving_process(bot_process)
    gateway = emulator.gateway
    gateway.hold_resumes()  # the reconnect is slow: the new socket is open, RESUMED has not come
    try:
        assert await gateway.disconnect() == 1
        await emulator.wait_until(lambda: gateway.resumes_held == 1, what="the bot's RESUME")
        assert await get(port, "/health/ready") == (503, "not ready\n")
        assert (await get(port, "/health/live"))[0] == 200
        assert value(await scrape(port), "hearts_ready") == 0
    finally:
        gateway.release_resumes()
    await emulator.wait_for_resume()
    await emulator.wait_until(lambda: ready_status(port) == 200, what="the bot ready after RESUMED")
    assert value(await scrape(port), "hearts_ready") == 1
    assert await bot.stop() == 0


async def test_the_real_process_is_not_ready_once_it_begins_to_stop(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    bot, port = await _serving_process(bot_process)
    # Another connection's write lock holds the stop at its first write (the service's last
    # heartbeat) for up to the busy timeout: the endpoint still answers meanwhile.
    lock = sqlite3.connect(bot_process.workdir / "hearts.sqlite3", isolation_level=None)
    try:
        lock.execute("BEGIN EXCLUSIVE")
        bot.process.send_signal(signal.SIGTERM)
        await bot.wait_for_line("stopping (a second Ctrl-C stops at once)")
        assert await get(port, "/health/ready") == (503, "not ready\n")
        assert (await get(port, "/health/live"))[0] == 200  # still running: the stop is held
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert await asyncio.wait_for(bot.process.wait(), 10.0) == 0  # a bound for a hang
