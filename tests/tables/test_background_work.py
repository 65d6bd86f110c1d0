"""A service's background work: waited for whole (work started by work included), ended by a
stop, and a failure reported rather than lost with its task."""

from __future__ import annotations

import asyncio

from bot.tables.background import Background


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


async def test_a_failure_is_reported_and_a_stop_cancels_the_rest() -> None:
    failures: list[BaseException] = []
    work = Background("test work", failures.append)
    started, never = asyncio.Event(), asyncio.Event()

    async def fails() -> None:
        raise ValueError("broken")

    async def waits() -> None:
        started.set()
        await never.wait()

    work.spawn(fails())
    await work.settle()
    assert [str(e) for e in failures] == ["broken"]
    work.spawn(waits())
    await started.wait()
    await asyncio.wait_for(work.cancel(), 5)  # the waiting task is ended, not awaited forever
    await work.settle()  # nothing left
    assert len(failures) == 1  # a cancelled task is no failure


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
