"""``bot.app.serve``'s stop: one that hangs is abandoned after ``Settings.shutdown_timeout``, and
the log line says where it was waiting; the interactions being answered finish before the stop
closes what they need (the real process's clean stops: ``test_process.py``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import cast

import pytest

from bot.app import HeartsBot, awaiting, serve
from bot.client.inflight import handlers_running
from bot.config import Settings
from discord_emulator import route_keys
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
