"""The bot's own pacing under Discord's global rate limit."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.client.pacing import GlobalPacer, Priority, background


async def test_no_more_than_the_limit_start_in_any_window() -> None:
    pacer = GlobalPacer(requests=3, period=0.2)
    loop = asyncio.get_running_loop()
    started: list[float] = []

    async def call() -> None:
        await pacer.acquire()
        started.append(loop.time())

    await asyncio.gather(*(call() for _ in range(7)))
    assert len(started) == 7 and pacer.waits >= 2
    for i in range(len(started) - 3):
        assert started[i + 3] - started[i] >= 0.2 - 1e-3  # a fourth only once the first is a window old
    assert started[-1] - started[0] >= 0.4 - 1e-3


async def test_when_the_window_is_full_players_requests_overtake_background_ones() -> None:
    pacer = GlobalPacer(requests=2, period=0.1)
    order: list[str] = []

    async def call(name: str, in_background: bool) -> None:
        if in_background:
            with background():  # how the presenter marks the table message's redraws
                await pacer.acquire()
        else:
            await pacer.acquire()
        order.append(name)

    # In order of arrival: two fill the window, then two table redraws, then two players' DMs.
    calls = [call("first", False), call("second", False)]
    calls += [call("table 1", True), call("table 2", True), call("dm 1", False), call("dm 2", False)]
    await asyncio.gather(*calls)
    assert order == ["first", "second", "dm 1", "dm 2", "table 1", "table 2"]
    assert pacer.backlog(Priority.BACKGROUND) == 0


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    pacer = GlobalPacer(requests=1, period=0.1)
    await pacer.acquire()
    gone = asyncio.create_task(pacer.acquire())
    later = asyncio.create_task(pacer.acquire(Priority.BACKGROUND))
    await until(lambda: pacer.backlog(Priority.BACKGROUND) == 2)
    assert pacer.backlog() == 1  # only one of them is a player's
    gone.cancel()
    await asyncio.wait_for(later, 1.0)
    assert gone.cancelled()


async def test_a_background_request_past_its_patience_goes_before_newer_players_requests() -> None:
    pacer = GlobalPacer(requests=1, period=0.3, patience=0.45)
    order: list[str] = []

    async def call(name: str, priority: Priority) -> None:
        await pacer.acquire(priority)
        order.append(name)

    await pacer.acquire()  # the window is full
    calls = [call("table", Priority.BACKGROUND)] + [call(f"dm {n}", Priority.PLAYER) for n in (1, 2, 3)]
    await asyncio.gather(*calls)
    # at 0.3 s the table's redraw has waited less than its patience, at 0.6 s longer
    assert order == ["dm 1", "table", "dm 2", "dm 3"]


async def until(condition: Callable[[], bool], bound: int = 100) -> None:
    """Let other tasks run until ``condition`` holds (at most ``bound`` turns of the loop)."""
    for _ in range(bound):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition not reached")
