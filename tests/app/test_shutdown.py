"""``bot.app.serve``'s stop: one that hangs is abandoned after ``Settings.shutdown_timeout``, and
the log line says where it was waiting, and so is the close discord.py runs by itself on a fatal
gateway error; the interactions being answered finish before the stop closes what they need (the
real process's clean stops: ``test_process.py``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest
from discord.ext import commands

from bot.app import HeartsBot, awaiting, serve
from bot.client.inflight import handlers_running
from bot.config import Settings
from bot.tables import ComputerPool, ComputerSettings, PoolKind
from discord_emulator import DiscordEmulator, route_keys
from discord_emulator.pytest_plugin import ErrorLogCollector
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts


async def _innermost(event: asyncio.Event) -> None:
    await event.wait()


async def _outer(event: asyncio.Event) -> None:
    await _innermost(event)


async def test_awaiting_names_the_chain_of_coroutines_a_task_waits_in() -> None:
    event = asyncio.Event()
    task = asyncio.create_task(_outer(event))
    await asyncio.sleep(0)  # the task runs up to its wait
    chain = awaiting(task)
    assert [step.split(" ")[0] for step in chain[:3]] == ["_outer", "_innermost", "Event.wait"]
    assert "test_shutdown.py:" in chain[0]
    event.set()
    await task


class _HangingBot:
    """What ``serve`` uses of the bot: a start that ends at once, a close that never does."""

    def __init__(self, timeout: float) -> None:
        self.settings = Settings(discord_token="a", shutdown_timeout=timeout)
        self.stopping = False
        self.lease_lost = False
        self.closing = asyncio.Event()

    async def start(self, token: str) -> None:
        return None

    async def close(self) -> None:
        await _innermost(asyncio.Event())  # hangs


async def test_a_stop_that_hangs_is_given_up_after_the_setting_and_the_log_says_where(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot = _HangingBot(0.05)  # the hang is for ever: the bound only decides when it is given up
    with caplog.at_level(logging.ERROR, logger="bot.app"):
        status = await asyncio.wait_for(serve(cast(HeartsBot, bot), "a"), 30.0)
    assert status == 0
    (line,) = [r.getMessage() for r in caplog.records if r.name == "bot.app"]
    assert line.startswith("the shutdown took longer than 0.05 s: stopping anyway (it was waiting in _close")
    assert "_HangingBot.close" in line and "_innermost" in line


async def test_a_stop_lets_the_interactions_being_answered_finish_first(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """A stop (a deploy, a restart) while someone's command is being answered: the answer still
    goes out, and nothing fails under it (the fixture fails the test on any error logged). Before,
    the stop closed the database and the HTTP session under the handler: its "thinking…" stayed."""
    alice = hearts.people[0]
    # The answer's edit is held up (a 429 the bot waits out): the stop comes while it is under way.
    hearts.emu.faults.rate_limit(route_keys.EDIT_WEBHOOK_MESSAGE, retry_after=0.5)
    mark = hearts.emu.mark()
    ix = await hearts.emu.slash(alice, hearts.general, "hearts help")
    await hearts.emu.wait_for_request(route_keys.EDIT_WEBHOOK_MESSAGE, since=mark)  # the one refused
    assert handlers_running(), "the help is still being answered when the stop begins"
    await bot_runner.stop(hearts.bot)
    answer = await hearts.reply(ix)
    assert answer.embeds and not answer.loading


class _TakenOverBot(_HangingBot):
    """A bot whose lease another process takes over while it runs, and whose stop then hangs."""

    def __init__(self, timeout: float) -> None:
        super().__init__(timeout)
        self.request_stop: Callable[[], None] | None = None

    async def start(self, token: str) -> None:
        HeartsBot._lost_lease(cast(HeartsBot, self))  # the keeper's word: the lease is lost
        await asyncio.Event().wait()  # the bot runs on until it is stopped


async def test_a_stop_the_bot_asks_for_itself_is_bounded_as_a_signals(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Its lease taken over, the bot stops: within the shutdown's bound, with exit status 3 (it
    closed itself, beyond the bound: a stop that hung kept the process alive for ever)."""
    bot = _TakenOverBot(0.05)
    with caplog.at_level(logging.ERROR, logger="bot.app"):
        status = await asyncio.wait_for(serve(cast(HeartsBot, bot), "a"), 10.0)
    assert status == 3
    assert [r for r in caplog.records if r.getMessage().startswith("the shutdown took longer than 0.05 s")]


def _refused_bot_settings(emulator: DiscordEmulator, tmp_path: Path, shutdown_timeout: float) -> Settings:
    """A bot whose gateway connection is refused with 4011 (sharding required: two servers where
    one connection may hold one), a close code discord.py does not reconnect after."""
    emulator.gateway.guilds_per_shard = 1
    emulator.create_guild("Club")
    emulator.create_guild("Other club")
    return Settings(
        discord_token=emulator.token,
        database_path=tmp_path / "hearts.sqlite3",
        api_base=emulator.api_base,
        gateway_url=emulator.gateway_url,
        render_workers=0,
        shutdown_timeout=shutdown_timeout,
    )


def _inline_computers() -> ComputerPool:
    return ComputerPool(ComputerSettings(kind=PoolKind.INLINE))


async def test_a_fatal_gateway_error_stops_the_bot_with_its_error(
    emulator: DiscordEmulator, error_log: ErrorLogCollector, tmp_path: Path
) -> None:
    """discord.py closes the bot, then raises the error: logged, exit status 1, the stop done."""
    bot = HeartsBot(_refused_bot_settings(emulator, tmp_path, 60.0), computers=_inline_computers())
    logged = error_log.allow("the bot stopped on an error.*4011", logger="bot.app")
    status = await asyncio.wait_for(serve(bot, emulator.token), 60.0)  # a bound for a hang
    assert (status, logged.seen) == (1, 1)
    assert bot.is_closed() and not bot.lease_held()  # its stop ran: the lease released, the database closed


class _DeadConnection(commands.Bot):
    """discord.py's own close, waiting for ever on a connection that died under it (its HTTP
    session, a shard's websocket): what no emulator can make hang."""

    async def close(self) -> None:
        await _innermost(asyncio.Event())


class _StuckClosingBot(HeartsBot, _DeadConnection):
    """The real bot, whose stop closes the storage, then waits in discord.py's close for ever."""


async def test_the_close_discord_py_runs_on_a_fatal_gateway_error_is_bounded(
    emulator: DiscordEmulator, error_log: ErrorLogCollector, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """On a close code it cannot reconnect after (4011 here: more servers than one connection may
    hold), discord.py closes the client itself, then raises: inside the bot's start, beyond the
    bound of a stop. A close that hung there kept the process alive for ever (nothing restarts
    a process that never exits); now it is given up after ``shutdown_timeout``, exit status 1."""
    # The hang is for ever: the bound only decides when it is given up.
    settings = _refused_bot_settings(emulator, tmp_path, shutdown_timeout=0.5)
    bot = _StuckClosingBot(settings, computers=_inline_computers())
    given_up = error_log.allow("the bot's own close took longer than 0.5 s", logger="bot.app")
    try:
        with caplog.at_level(logging.ERROR, logger="bot.app"):
            status = await asyncio.wait_for(serve(bot, emulator.token), 60.0)  # a bound for a hang
    finally:
        await bot.http.close()
    assert status == 1  # as the error it would have raised: a restart may mend it
    assert emulator.gateway.identify_count == 0  # refused (4011): the connection was never ready
    assert given_up.seen == 1
    (line,) = [r.getMessage() for r in caplog.records if r.name == "bot.app"]
    assert "Client.connect" in line and "HeartsBot.close" in line, line  # discord.py's own close
