"""A service's background work: waited for whole (work started by work included), ended by a
stop, and a failure reported rather than lost with its task."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.tables.background import Background
from discord_emulator.pytest_plugin import ErrorLogCollector


async def test_settle_waits_for_work_and_for_the_work_it_starts() -> None:
    work = Background("test work")
    done: list[str] = []

    async def second() -> None:
        await asyncio.sleep(0)
        done.append("second")

    async def first() -> None:
        await asyncio.sleep(0)
        done.append("first")
        work.spawn(second())

    work.spawn(first())
    await work.settle()
    assert done == ["first", "second"]


async def test_a_failure_is_reported_and_a_stop_cancels_the_rest(error_log: ErrorLogCollector) -> None:
    failures = error_log.allow("test work failed.*ValueError: broken", logger="bot.tables.background")
    work = Background("test work")
    started, never = asyncio.Event(), asyncio.Event()

    async def fails() -> None:
        raise ValueError("broken")

    async def waits() -> None:
        started.set()
        await never.wait()

    work.spawn(fails())
    await work.settle()
    assert failures.seen == 1
    work.spawn(waits())
    await started.wait()
    await asyncio.wait_for(work.cancel(), 5)  # the waiting task is ended, not awaited forever
    await work.settle()  # nothing left
    assert failures.seen == 1  # a cancelled task is no failure


async def test_a_failure_while_the_bot_stops_is_no_error(
    error_log: ErrorLogCollector, caplog: pytest.LogCaptureFixture
) -> None:
    stopping = False
    work = Background("test work", stopping=lambda: stopping)

    async def fails() -> None:
        raise ValueError("the database is closed")

    stopping = True
    caplog.set_level(logging.INFO, logger="bot.tables.background")
    work.spawn(fails())
    await work.settle()
    assert not error_log.errors  # cut short by the stop, carried on at the next start
    assert "test work stopped with the bot: the database is closed" in caplog.text


async def test_a_stop_also_ends_what_a_task_starts_as_it_is_cancelled() -> None:
    work = Background("test work")
    started, never = asyncio.Event(), asyncio.Event()
    late: list[asyncio.Task[None]] = []

    async def waits() -> None:
        started.set()
        await never.wait()

    async def starts_more_as_it_ends() -> None:
        try:
            await waits()
        finally:
            late.append(work.spawn(waits()))

    work.spawn(starts_more_as_it_ends())
    await started.wait()
    await asyncio.wait_for(work.cancel(), 5)
    assert work.idle
    assert [task.cancelled() for task in late] == [True]  # not left running after the stop
