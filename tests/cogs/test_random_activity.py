"""Random input to the Activity's socket, against the real bot, from a fixed seed: the seated people
and a spectator, each with pages that open, close and come back, send the moves their views offer,
old and forged ones, what no page of ours sends (other ops, bad values, not JSON), go out of view
and back, while the same people click their DMs, time passes, the disk fails and is mended and
the bot restarts.

What must hold whatever they do: nothing is logged as an error and every interaction is answered
(the fixtures fail the test otherwise), every page that asks is answered (a view or a refusal,
never silence), each open page is shown the table as it is once the bot is at rest, and the table
still comes to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from bot.tables import TableSnapshot, TableStatus
from cogs.activity._views import seat_of
from discord_emulator import DiscordEmulator
from discord_emulator.interactions import InteractionRecord
from discord_emulator.models import User
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts
from tests.cogs.test_activity import activity, base, session  # noqa: F401  (the fixtures)
from tests.cogs.test_random_input import a_click, a_disk_fault, played_out_by_time
from tests.random_seeds import seeds

STEPS = 250
BOUND = 20.0  # a page's answer comes as soon as it is sent, at most this late


def seen_as(view: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """What a view says of the table for its reader: its move number, their seat, whether they
    are shown a hand."""
    return None if view is None else (view["move"], view["you"], view["hand"] is not None)


async def shown_as_it_is(hearts: Hearts, page: RandomPage, table_id: int) -> tuple[bool, TableSnapshot]:
    """Whether the page comes to show the table as it is (in move, seat and hand) within the
    bound, and the table then. "As it is" is read again at each message the page is sent: the bot
    at rest is the table service and the presenter, while the test's last move may still be under
    way (a page's move, a deferred click: applied in memory, its save or its rollback on a failed
    disk still to come), and the page's read of the last change too (a quit and a rejoin keep
    the move number); each change, a rollback included, sends the page a view."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(BOUND):
            while page.open:
                page.changed.clear()  # (before the table is read: a change after it wakes this)
                snap = await hearts.bot.service.table_snapshot(table_id)
                if seen_as(page.view()) == as_it_is(snap, page.user):
                    return True, snap
                await page.changed.wait()
    snap = await hearts.bot.service.table_snapshot(table_id)
    return seen_as(page.view()) == as_it_is(snap, page.user), snap


def as_it_is(snap: TableSnapshot, user: User) -> tuple[Any, ...]:
    """What a view of ``snap`` says for ``user``'s page: the move number, their seat, a hand."""
    seat = seat_of(snap, str(user.id))
    playing = seat is not None and snap.status is TableStatus.PLAYING
    return (snap.move_number, *((seat, True) if playing else (None, False)))


class RandomPage:
    """An Activity page as its server sees it, reading everything it is sent as it comes."""

    def __init__(self, user: User, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.user = user
        self.ws = ws
        self.received: list[Any] = []
        self.changed = asyncio.Event()  # set at each message received, and when the socket closes
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                if message.type is aiohttp.WSMsgType.TEXT:
                    self.received.append(json.loads(message.data))
                    self.changed.set()
        finally:
            self.changed.set()

    @property
    def open(self) -> bool:
        return not self.reader.done()

    def view(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self.received) if m.get("op") == "view"), None)

    async def until(self, check: Callable[[], bool]) -> None:
        """Wait until ``check()`` holds (re-checked at each message), or the socket closes."""
        async with asyncio.timeout(BOUND):
            while not check() and self.open:
                self.changed.clear()
                await self.changed.wait()

    async def ask(self, message: Any) -> None:
        """Send ``message`` and wait for the page to be answered: a refusal or a view after it (a
        move made is shown to every page as a view), or its socket closed. Going out of view and
        back is answered by nothing."""
        count = len(self.received)
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))
        if not (isinstance(message, dict) and message.get("op") in ("away", "back")):
            await self.until(lambda: len(self.received) > count)

    async def close(self) -> None:
        await self.ws.close()
        await self.reader


async def open_page(hearts: Hearts, session: aiohttp.ClientSession, user: User) -> RandomPage:  # noqa: F811
    async with session.post(base(hearts) + "/api/token", json={"code": hearts.emu.authorize(user)}) as r:
        token = (await r.json())["access_token"]
    instance = hearts.emu.activities.join(user, hearts.general).instance_id
    ws = await session.ws_connect(base(hearts) + "/api/socket")
    await ws.send_json({"op": "hello", "access_token": token, "instance": instance})
    page = RandomPage(user, ws)
    await page.until(lambda: bool(page.received))  # its words (and view), or sent away
    return page


def a_message(rng: random.Random, view: dict[str, Any] | None) -> Any:
    """What the page sends: the move its view offers (now, or with an old or a future number), or
    anything else a page could send."""
    move = view["move"] if view else 1
    hand = (view or {}).get("hand") or {}
    roll = rng.random()
    if roll < 0.55 and hand:
        at = move if rng.random() < 0.8 else rng.choice([move - 1, move + 1, move + 5, 0, -1])
        if hand.get("choose_moon"):
            return {"op": "moon", "move": at, "add_to_others": rng.random() < 0.5}
        if hand.get("pass_count") and hand.get("passed") is None:
            return {"op": "pass", "move": at, "cards": rng.sample(hand["cards"], hand["pass_count"])}
        cards = hand.get("playable") or hand.get("cards") or [0]
        return {"op": "play", "move": at, "card": rng.choice(cards)}
    if roll < 0.7:
        return {"op": rng.choice(["away", "back"])}
    return rng.choice(
        [
            {"op": "play", "move": move, "card": rng.choice([52, -1, 2**70, "7", None, 3.5])},
            {"op": "pass", "move": move, "cards": rng.choice([[], [1, 1, 1], "abc", [0] * 20, None])},
            {"op": "moon", "move": move, "add_to_others": rng.choice(["yes", 1, None])},
            {"op": "play", "move": rng.choice(["1", None, True, 2**70]), "card": 0},
            {"op": rng.choice(["dance", "hello", None, 7])},
            {"move": move},
            [1, 2, 3],
            "not json",
            "null",
            '"a string"',
        ]
    )


@pytest.mark.parametrize("seed", seeds([5, 11]))
async def test_random_input_to_the_activity_is_answered_and_the_table_still_ends(
    activity: Hearts,  # noqa: F811
    session: aiohttp.ClientSession,  # noqa: F811
    bot_runner: BotRunner,
    seed: int,
) -> None:
    hearts, rng = activity, random.Random(seed)
    emu: DiscordEmulator = hearts.emu
    alice, bob, carol, dave = hearts.people  # dave is not seated: he watches
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob, carol])
    await hearts.click(alice, lobby, "Start")
    await hearts.hand_with(alice, "pick")  # dealt: the start is saved (the disk may fail from now)
    table_id = 1
    people = [alice, bob, carol, dave]
    pages: list[RandomPage] = []
    pending: list[InteractionRecord] = []

    for _ in range(STEPS):
        user, roll = rng.choice(people), rng.random()
        theirs = [p for p in pages if p.user is user and p.open]
        if roll >= 0.97:
            for ix in pending:
                await ix.wait_acknowledged()
            pending.clear()
            await hearts.restart(bot_runner, downtime=rng.choice([0, 30]), activity_port=0)
            for page in pages:  # each told the bot restarts (1012): the page comes back
                await page.reader
            pages = [await open_page(hearts, session, p.user) for p in pages if rng.random() < 0.7]
        elif roll >= 0.90:
            hearts.clock.advance(rng.choice([1, 5, 30, 70]))
        elif roll >= 0.87:
            a_disk_fault(hearts, rng)
        elif roll >= 0.82:
            if theirs and rng.random() < 0.5:
                await rng.choice(theirs).close()
            else:
                pages.append(await open_page(hearts, session, user))
        elif roll >= 0.65:
            ix = await a_click(emu, rng, user)
            if ix is not None:
                pending.append(ix)
        elif theirs:
            page = rng.choice(theirs)
            await page.ask(a_message(rng, page.view()))
        pages = [p for p in pages if p.open]
    for ix in pending:
        await ix.wait_acknowledged()
    hearts.bot.db.faults.clear()
    await hearts.settle()

    for page in [p for p in pages if not p.open]:  # closed by the server: never silently
        assert page.ws.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER, (page.user.name, page.received)
    pages = [p for p in pages if p.open]  # (one sent away while Discord is asked too often)
    for page in pages:  # told its table as it is, without asking
        await page.until(lambda p=page: p.view() is not None)  # type: ignore[misc]
        first = page.view()
        assert first is not None, (page.user.name, page.received)
        shown, snap = await shown_as_it_is(hearts, page, first["table"])  # (a rematch's, maybe)
        assert shown, (page.user.name, page.received[-3:], snap)

    # Nobody acts any more: the time limits play on to the end, and every open page is shown it.
    snap = await played_out_by_time(hearts, table_id)
    for page in pages:
        if page.view()["table"] == table_id:  # type: ignore[index]
            await page.until(lambda p=page: p.view()["status"] == snap.status.value)  # type: ignore[misc,index]
            assert page.view()["status"] == snap.status.value, page.user.name  # type: ignore[index]
        await page.close()
