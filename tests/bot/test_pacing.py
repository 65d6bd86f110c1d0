"""The bot's own pacing under Discord's global rate limit."""

from __future__ import annotations

import asyncio

from bot.presenter.pacing import GlobalPacer


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
