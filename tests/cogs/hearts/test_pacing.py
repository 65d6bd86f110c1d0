"""The bot's own pacing under Discord's global rate limit, on a manual clock: time moves only when a
test moves it, so no test reads the wall clock or depends on how fast the loop runs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

import discord
from discord.http import Route

from bot.client.pacing import GlobalPacer, Priority, background, pace
from bot.tables.clock import ManualClock


def pacer_on(clock: ManualClock, **options: Any) -> GlobalPacer:
    return GlobalPacer(clock=clock, **options)


async def started_now(tasks: list[asyncio.Task[None]]) -> int:
    """How many of ``tasks`` got through, once every task the last clock move woke has run."""
    await turns()
    return sum(task.done() for task in tasks)


async def test_no_more_than_the_share_start_in_any_window() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=5, period=2.5, burst=2)  # and at most 2 in any second
    calls = [asyncio.create_task(pacer.acquire()) for _ in range(7)]
    for step, expected in ((0.0, 2), (1.0, 4), (1.0, 5), (0.499, 5), (0.001, 6), (0.5, 7)):
        clock.advance(step)
        assert await started_now(calls) == expected  # at 2 s the burst has room, the window not
    assert pacer.waits == 5 and pacer.started == 7 and pacer.used == 5


async def test_the_burst_cap_spreads_a_full_window_over_it() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=8, period=4.0, burst=2)  # at most 2 in any quarter window
    calls = [asyncio.create_task(pacer.acquire()) for _ in range(8)]
    assert await started_now(calls) == 2
    for quarter, expected in ((0.999, 2), (0.001, 4), (1.0, 6), (1.0, 8)):
        clock.advance(quarter)
        assert await started_now(calls) == expected


async def test_when_the_window_is_full_players_requests_overtake_background_ones() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=2, period=1.0)
    order: list[str] = []

    async def call(name: str, in_background: bool) -> None:
        if in_background:
            with background():  # how the presenter marks the table message's redraws
                await pacer.acquire()
        else:
            await pacer.acquire()
        order.append(name)

    # In order of arrival: two fill the window, then two table redraws, then two players' DMs.
    names = [("first", False), ("second", False), ("table 1", True), ("table 2", True)]
    names += [("dm 1", False), ("dm 2", False)]
    calls = [asyncio.create_task(call(name, bg)) for name, bg in names]
    await turns()
    assert pacer.backlog(Priority.BACKGROUND) == 4 and pacer.backlog() == 2
    clock.advance(1.0)
    clock.advance(1.0)
    await asyncio.gather(*calls)
    assert order == ["first", "second", "dm 1", "dm 2", "table 1", "table 2"]
    assert pacer.backlog(Priority.BACKGROUND) == 0


async def test_a_cancelled_waiter_uses_up_no_slot() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=1, period=1.0)
    await pacer.acquire()
    gone = asyncio.create_task(pacer.acquire())
    later = asyncio.create_task(pacer.acquire(Priority.BACKGROUND))
    await until(lambda: pacer.backlog(Priority.BACKGROUND) == 2)
    assert pacer.backlog() == 1  # only one of them is a player's
    gone.cancel()
    await until(gone.done)
    clock.advance(1.0)  # one slot comes free: it is the later waiter's
    await until(later.done)
    assert gone.cancelled() and pacer.started == 2 and pacer.used == 1


async def test_a_background_request_past_its_patience_goes_before_newer_players_requests() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=1, period=0.3, patience=0.45)
    order: list[str] = []

    async def call(name: str, priority: Priority) -> None:
        await pacer.acquire(priority)
        order.append(name)

    await pacer.acquire()  # the window is full
    names = [("table", Priority.BACKGROUND)] + [(f"dm {n}", Priority.PLAYER) for n in (1, 2, 3)]
    calls = [asyncio.create_task(call(name, priority)) for name, priority in names]
    await turns()
    for _ in range(4):
        clock.advance(0.3)
        await turns()
    await asyncio.gather(*calls)
    # at 0.3 s the table's redraw has waited less than its patience, at 0.6 s longer
    assert order == ["dm 1", "table", "dm 2", "dm 3"]


async def test_a_request_counts_until_a_window_after_its_answer() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=1, period=1.0)
    answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def send() -> None:
        async with pacer.sending():  # how ``pace`` sends each request
            await answer  # on its way for five seconds (a busy loop, a full connection pool)

    sent = asyncio.create_task(send())
    await turns()
    later = [asyncio.create_task(pacer.acquire())]
    clock.advance(5.0)
    assert await started_now(later) == 0 and pacer.used == 1  # it may reach Discord only now
    answer.set_result(None)
    await sent
    clock.advance(0.999)
    assert await started_now(later) == 0
    clock.advance(0.001)
    assert await started_now(later) == 1


async def test_a_sender_cancelled_once_let_in_gives_its_slot_back_as_answered() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=1, period=1.0)
    await pacer.acquire()

    async def send() -> None:
        async with pacer.sending():
            raise AssertionError("not reached: cancelled as it is let in")

    sender = asyncio.create_task(send())
    await turns()
    clock.advance(1.0)  # let in ...
    sender.cancel()  # ... and cancelled before it runs
    await until(sender.done)
    later = [asyncio.create_task(pacer.acquire())]  # its slot counts as answered at 1 s: free at 2 s
    clock.advance(0.999)
    assert await started_now(later) == 0
    clock.advance(0.001)
    assert await started_now(later) == 1


async def test_a_smaller_share_holds_requests_until_the_window_has_room_for_it() -> None:
    clock = ManualClock(0.0)
    pacer = pacer_on(clock, requests=4, period=1.0, burst=4)
    for _ in range(2):
        await pacer.acquire()
    pacer.share = 0  # another process of the bot needs the budget
    waiting = [asyncio.create_task(pacer.acquire())]
    clock.advance(5.0)
    assert await started_now(waiting) == 0
    pacer.share = 1  # given one a second again: the two old starts are long gone
    assert await started_now(waiting) == 1
    assert pacer.demand() == 1 and pacer.limit == 4


class Bucketed:
    """discord.py's ``HTTPClient.request`` as the pacer sees it: each call waits until the test
    answers it."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, asyncio.Future[None]]] = []

    async def request(self, route: Route, **_: Any) -> None:
        answer = asyncio.get_running_loop().create_future()
        self.sent.append((f"{route.path} {route.major_parameters}", answer))
        await answer

    def names(self) -> list[str]:
        return [name for name, _answer in self.sent]


async def test_one_request_in_flight_per_channel_bucket() -> None:
    http = Bucketed()
    client = cast(discord.Client, type("Client", (), {"http": http})())
    pace(client, GlobalPacer(clock=ManualClock(0.0)))
    message = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    other = Route("POST", "/channels/{channel_id}/messages", channel_id=2)
    dm = Route("POST", "/users/@me/channels")  # no channel yet: never held back
    calls = [asyncio.create_task(client.http.request(r)) for r in (message, message, other, dm, dm)]
    await until(lambda: len(http.sent) == 4)
    await turns()
    first = "/channels/{channel_id}/messages 1"
    assert http.names()[0] == first
    assert sorted(http.names()) == sorted(
        [first, "/channels/{channel_id}/messages 2", "/users/@me/channels ", "/users/@me/channels "]
    )  # the second message to channel 1 waits for the first's answer
    http.sent[0][1].set_result(None)
    await until(lambda: len(http.sent) == 5)
    assert http.names()[-1] == first
    for _name, answer in http.sent[1:]:
        answer.set_result(None)
    await asyncio.gather(*calls)


async def turns(count: int = 20) -> None:
    """Let every task that can run now run (a fixed number of loop turns, no time)."""
    for _ in range(count):
        await asyncio.sleep(0)


async def until(condition: Callable[[], bool], bound: int = 100) -> None:
    """Let other tasks run until ``condition`` holds (at most ``bound`` turns of the loop)."""
    for _ in range(bound):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition not reached")
