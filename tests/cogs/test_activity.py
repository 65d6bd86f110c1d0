"""The table as an Activity, at the socket level: the real bot with its Activity server
(ACTIVITY_PORT) against the emulator (OAuth2 code exchange, /users/@me with the person's token),
two people in the Activity and two by DM at one table."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from PIL import Image

from bot.engine.cards import cards_of, cardset, parse_card
from bot.engine.game import SeatKind
from bot.engine.hand import Phase
from bot.render import sprites
from bot.storage.errors import StorageUnavailable
from bot.tables.options import TableOptions
from bot.tables.permissions import Actor
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.service_base import ServiceSettings
from bot.tables.snapshot import SeatInfo, TableSnapshot
from bot.tables.table import TableStatus
from bot.text import card_list, refusal_text, t
from cogs.activity._cog import READ_AGAIN, Connection
from cogs.activity._identity import REFUSALS_ALLOWED, Person
from cogs.activity._instance import ATTEMPTS as INSTANCE_ATTEMPTS
from cogs.activity._instance import KEPT_FOR, READS_PER_PERSON
from cogs.activity._static import CARD_WIDTH
from cogs.activity._views import public_view
from discord_emulator import Callback, Channel, DiscordEmulator, InteractionRecord, Message, User, route_keys
from discord_emulator.entry_points import APP_HANDLER
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, control, controls, move_of, start_hearts

BOUND = 20.0  # every wait for a socket message ends as soon as it comes, at most this late


@pytest_asyncio.fixture
async def activity(emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path) -> Hearts:
    emulator.enable_activities()  # the app has Activities, and Discord's default Entry Point command
    return await start_hearts(emulator, bot_runner, tmp_path, activity_port=0)


@pytest_asyncio.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as s:
        yield s


def base(hearts: Hearts) -> str:
    cog = hearts.bot.get_cog("ActivityCog")
    assert cog is not None
    return f"http://127.0.0.1:{cog.port}"  # type: ignore[attr-defined]


class Page:
    """The Activity's page, as far as the server sees it: a token for a code, then a socket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    async def next(self, check: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        async with asyncio.timeout(BOUND):
            while True:
                message = await self.ws.receive_json()
                self.received.append(message)
                if check(message):
                    return message

    async def view(self, check: Callable[[dict[str, Any]], bool] = lambda v: True) -> dict[str, Any]:
        return await self.next(lambda m: m["op"] == "view" and check(m), "a view")

    async def view_at(self, move: int) -> dict[str, Any]:
        """The view of the table at ``move`` or later: the last one received, else the next."""
        return await self.view_when(lambda v: v["move"] >= move)

    async def view_when(self, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The last view received that passes ``check``, else the next one that does."""
        views = [m for m in self.received if m["op"] == "view" and check(m)]
        return views[-1] if views else await self.view(check)

    async def refusal(self) -> dict[str, Any]:
        return await self.next(lambda m: m["op"] == "refused", "a refusal")


async def token_for(hearts: Hearts, session: aiohttp.ClientSession, code: str) -> tuple[int, Any]:
    async with session.post(base(hearts) + "/api/token", json={"code": code}) as r:
        return r.status, await r.json()


async def open_page(
    hearts: Hearts,
    session: aiohttp.ClientSession,
    user: User,
    hello: dict[str, Any] | None = None,
    *,
    channel: Channel | None = None,
) -> Page:
    """``user`` opens the Activity in ``channel`` (general by default), joining the instance that
    runs there, and the page says hello with its token and that instance (and ``hello``)."""
    status, body = await token_for(hearts, session, hearts.emu.authorize(user))
    assert status == 200, body
    instance = hearts.emu.activities.join(user, channel or hearts.general).instance_id
    ws = await session.ws_connect(base(hearts) + "/api/socket")
    await ws.send_json(
        {"op": "hello", "access_token": body["access_token"], "instance": instance} | (hello or {})
    )
    return Page(ws)


def table_of(custom_id: str) -> int:
    return int(custom_id.split(":")[2])


async def started(hearts: Hearts) -> int:
    alice, bob, carol, dave = hearts.people
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob, carol, dave])
    await hearts.click(alice, lobby, "Start")
    return table_of(control(await hearts.hand_with(alice, "pick"), "pick"))


async def watched(hearts: Hearts, session: aiohttp.ClientSession, user: User) -> tuple[int, Any, Page]:
    """A game started (``started``), the Activity's cog, and ``user``'s page on it, shown it."""
    table = await started(hearts)
    cog = hearts.bot.get_cog("ActivityCog")
    assert cog is not None
    page = await open_page(hearts, session, user, {"table": table})
    await page.view()
    return table, cog, page


async def test_the_commands_sync_keeps_the_apps_entry_point(activity: Hearts):
    entry = activity.emu.commands.entry_point()
    assert entry is not None and entry["name"] == "launch"  # Discord's default, sent back as it was
    assert "hearts" in {c["name"] for c in activity.emu.commands.list(None)}


async def test_a_person_sees_their_own_seat_and_a_spectator_no_hand(
    activity: Hearts, session: aiohttp.ClientSession
):
    emu = activity.emu
    table = await started(activity)
    alice = activity.people[0]
    page = await open_page(activity, session, alice, {"table": table})
    view = await page.view()
    assert view["table"] == table and view["phase"] == "passing" and view["you"] is not None
    assert len(view["hand"]["cards"]) == 13 and view["hand"]["pass_count"] == 3
    assert [s["name"] for s in view["seats"]] == ["alice", "bob", "carol", "dave"]

    eve = emu.create_user("eve")
    emu.add_member(activity.guild, eve)
    # No table named, as the page says hello: the table of the channel the Activity runs in.
    watcher = await open_page(activity, session, eve)
    seen = await watcher.view()
    assert seen["table"] == table and seen["you"] is None and seen["hand"] is None
    # A spectator's move is refused like a click by someone without a seat.
    await watcher.ws.send_json({"op": "play", "move": seen["move"], "card": view["hand"]["cards"][0]})
    assert (await watcher.refusal())["code"] == "not_seated"


async def test_a_wrong_code_or_token_is_refused_before_anything_is_shown(
    activity: Hearts, session: aiohttp.ClientSession
):
    await started(activity)
    assert await token_for(activity, session, "made-up") == (401, {"error": "unauthorized"})
    code = activity.emu.authorize(activity.people[0])
    assert (await token_for(activity, session, code))[0] == 200
    assert (await token_for(activity, session, code))[0] == 401  # a code is good once
    for _ in range(2):
        ws = await session.ws_connect(base(activity) + "/api/socket")
        await ws.send_json({"op": "hello", "access_token": "forged", "table": 1})
        assert await ws.receive_json() == {"op": "refused", "code": "unauthorized"}
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4001
    # Made-up tokens are requests Discord refuses (401), and enough of those get an address
    # banned: past the allowance (here the two above) the server refuses without asking Discord ...
    refusals = activity.bot.get_cog("ActivityCog").refusals  # type: ignore[union-attr]
    refusals.allowed = 2
    asked = activity.emu.requests.count(route_keys.OAUTH2_TOKEN)
    assert await token_for(activity, session, activity.emu.authorize(activity.people[1])) == (
        401,
        {"error": "unauthorized"},
    )
    assert activity.emu.requests.count(route_keys.OAUTH2_TOKEN) == asked
    # ... until the ten minutes those refusals came in have passed.
    activity.clock.advance(refusals.window)
    assert (await token_for(activity, session, activity.emu.authorize(activity.people[1])))[0] == 200


async def test_a_page_is_where_discord_says_its_instance_runs_not_where_it_says(
    activity: Hearts, session: aiohttp.ClientSession
):
    """Anyone signed in could say hello naming another channel's table: the table must be one of
    the channel that Discord says the named Activity instance runs in, and the person must be
    connected to that instance."""
    emu, alice = activity.emu, activity.people[0]
    table = await started(activity)
    eve = emu.create_user("eve")
    emu.add_member(activity.guild, eve)
    elsewhere = emu.create_channel(activity.guild, "elsewhere")
    # eve, in an Activity of another channel, names the table's number: there is no such table there.
    page = await open_page(activity, session, eve, {"table": table}, channel=elsewhere)
    assert (await page.refusal())["code"] == "no_such_table"
    # She names the instance running in the table's channel, without being in it: refused for
    # good. One Discord does not list (asked again, as for an instance just opened) sends the page
    # away to come back later (1013, no refusal); ".." is no instance id (never asked about).
    running = emu.activities.join(alice, activity.general).instance_id
    asked = emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE)
    for instance, times, refusal, code in (
        (running, 1, {"op": "refused", "code": "unauthorized"}, 4001),
        ("i-made-up", INSTANCE_ATTEMPTS, None, aiohttp.WSCloseCode.TRY_AGAIN_LATER),
        ("..", 0, {"op": "refused", "code": "unauthorized"}, 4001),
    ):
        _, body = await token_for(activity, session, emu.authorize(eve))
        ws = await session.ws_connect(base(activity) + "/api/socket")
        await ws.send_json({"op": "hello", "access_token": body["access_token"], "instance": instance})
        if refusal is not None:
            assert await ws.receive_json() == refusal
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == code, instance
        assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + times
        asked += times
    # Once she joins it, she watches the table as a spectator.
    seen = await (await open_page(activity, session, eve)).view()
    assert seen["table"] == table and seen["you"] is None and seen["hand"] is None


async def test_the_pages_of_one_instance_cost_one_read_of_it_a_minute(
    activity: Hearts, session: aiohttp.ClientSession
):
    """Each read of an instance is a request of the bot's own: pages opening at once share one, and
    Discord's answer is kept a minute for the pages of the people it names (a table's people,
    every page after a restart); a person it does not name is asked about afresh, and refused if
    Discord does not name them."""
    emu, general = activity.emu, activity.general
    table = await started(activity)
    alice, bob, carol = activity.people[:3]
    for person in (alice, bob):
        emu.activities.join(person, general)
    asked = emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE)
    # The first read waits out a 429 (a second): the page opening meanwhile shares it.
    emu.faults.rate_limit(route_keys.GET_ACTIVITY_INSTANCE, retry_after=1.0)
    pages = await asyncio.gather(*(open_page(activity, session, person) for person in (alice, bob)))
    for page in pages:
        assert (await page.view())["table"] == table
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 2  # the 429, then the read
    assert (await (await open_page(activity, session, alice)).view())["table"] == table  # kept
    asked += 1
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 1
    # carol, not in the Activity, names its instance: Discord is asked, and does not name her.
    _, body = await token_for(activity, session, emu.authorize(carol))
    ws = await session.ws_connect(base(activity) + "/api/socket")
    instance = emu.activities.join(alice, general).instance_id
    await ws.send_json({"op": "hello", "access_token": body["access_token"], "instance": instance})
    assert await ws.receive_json() == {"op": "refused", "code": "unauthorized"}
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 2
    activity.clock.advance(KEPT_FOR)  # a minute on: asked again
    assert (await (await open_page(activity, session, bob)).view())["table"] == table
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 3
    # The system clock is set back an hour: the answer just kept is from "later", asked again.
    activity.clock.set(activity.clock.now() - 3600)
    assert (await (await open_page(activity, session, bob)).view())["table"] == table
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 4


async def test_pages_asking_at_once_share_a_failed_read_and_a_persons_reads_are_bounded(
    activity: Hearts, session: aiohttp.ClientSession
):
    """What costs the bot's own requests is bounded: pages that wait for one read share its
    failure (Discord's 5xx, after discord.py's own retry), and one person's pages make Discord
    read at most ``READS_PER_PERSON`` times a minute; past that they are sent away to come back
    later, without a request."""
    emu, general = activity.emu, activity.general
    await started(activity)
    alice, bob, carol = activity.people[:3]
    for person in (alice, bob):
        instance = emu.activities.join(person, general).instance_id
    asked = emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE)
    emu.faults.rate_limit(route_keys.GET_ACTIVITY_INSTANCE, retry_after=1.0)  # holds the read ...
    emu.faults.fail(route_keys.GET_ACTIVITY_INSTANCE, status=403, code=50001, message="Missing Access")

    async def hello(person: User, named: str) -> int:
        _, body = await token_for(activity, session, emu.authorize(person))
        ws = await session.ws_connect(base(activity) + "/api/socket")
        await ws.send_json({"op": "hello", "access_token": body["access_token"], "instance": named})
        while (closed := await ws.receive()).type is aiohttp.WSMsgType.TEXT:  # a refusal first
            assert json.loads(closed.data)["op"] == "refused"
        assert closed.type is aiohttp.WSMsgType.CLOSE
        return int(closed.data)

    # ... which then fails: both pages are sent away, on one read (the 429, then the 403).
    assert await asyncio.gather(hello(alice, instance), hello(bob, instance)) == [1013, 1013]
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 2
    asked += 2
    # carol, not in the Activity, names its instance again and again: each hello is a read, and
    # refused; past her reads of the minute, sent away without one, until the minute has passed.
    for _ in range(READS_PER_PERSON):
        assert await hello(carol, instance) == 4001
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + READS_PER_PERSON
    assert await hello(carol, instance) == aiohttp.WSCloseCode.TRY_AGAIN_LATER
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + READS_PER_PERSON
    activity.clock.advance(KEPT_FOR)
    assert await hello(carol, instance) == 4001
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + READS_PER_PERSON + 1
    # Her reads spent again, then the system clock set back an hour: reads made "later" than now
    # no longer count against her (how long ago they were is unknown), and she is asked about.
    for _ in range(READS_PER_PERSON - 1):
        assert await hello(carol, instance) == 4001
    assert await hello(carol, instance) == aiohttp.WSCloseCode.TRY_AGAIN_LATER
    activity.clock.set(activity.clock.now() - 3600)
    assert await hello(carol, instance) == 4001
    assert emu.requests.count(route_keys.GET_ACTIVITY_INSTANCE) == asked + 2 * READS_PER_PERSON + 1


async def test_what_no_page_of_ours_sends_is_refused_and_changes_nothing(
    activity: Hearts, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
):
    """What a hostile client could send: JSON nested deeper than the parser goes, a moon choice
    that is neither true nor false, a message larger than any page sends; hellos from a DM (no
    server), from a channel with no table, with a table id past 64 bits. Each is refused (a hello
    as no table here, in the reader's language), the table is as it was, and no handler fails."""
    service, alice = activity.bot.service, activity.people[0]
    table = await started(activity)
    activity.emu.set_locale(alice, "de")
    page = await open_page(activity, session, alice, {"table": table})
    move = (await page.view())["move"]
    before = service.snapshot(table)
    await page.ws.send_str("[" * 4000)  # within the size limit, deeper than the parser goes
    assert (await page.refusal())["code"] == "bad_request"
    await page.ws.send_json({"op": "moon", "move": move, "add_to_others": "false"})
    assert await page.refusal() == {"op": "refused", "code": "bad_request", "reason": "add_to_others"}
    await page.ws.send_str(json.dumps({"op": "pass", "move": move, "cards": [0] * 3000}))
    closed = await page.ws.receive()
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert service.snapshot(table) == before

    emu = activity.emu
    for hello, channel in (
        ({"table": 2**70}, None),
        ({"table": "1"}, emu.create_channel(activity.guild, "elsewhere")),  # no table there
        ({}, emu.dm_channel(alice)),  # an Activity in a DM: no server, no table
    ):
        refused = await (await open_page(activity, session, alice, hello, channel=channel)).refusal()
        assert refused["code"] == "no_such_table", hello
        assert refused["reason"] == refusal_text(TableRefusal.NO_SUCH_TABLE, "de"), hello
    assert service.snapshot(table) == before
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_two_in_the_activity_two_by_dm_one_table(activity: Hearts, session: aiohttp.ClientSession):
    alice, bob, carol, dave = activity.people
    table = await started(activity)
    pages = {u.name: await open_page(activity, session, u, {"table": table}) for u in (alice, bob)}
    views = {name: await page.view() for name, page in pages.items()}

    # A forged move number and a card nobody holds are refused and change nothing.
    hand = views["alice"]["hand"]["cards"]
    await pages["alice"].ws.send_json({"op": "pass", "move": views["alice"]["move"] + 5, "cards": hand[:3]})
    assert (await pages["alice"].refusal())["reason"] == t("table.stale")
    await pages["alice"].ws.send_json({"op": "pass", "move": views["alice"]["move"], "cards": [-1, 1, 2]})
    assert (await pages["alice"].refusal())["code"] == "not_in_hand"

    # alice and bob pass in the Activity, carol and dave by DM; alice's DM, whose controls she
    # did not use, loses them at once and says what she passed.
    alice_dm = await activity.hand_with(alice, "pick")
    for name in ("alice", "bob"):
        view = views[name]
        await pages[name].ws.send_json(
            {"op": "pass", "move": view["move"], "cards": view["hand"]["cards"][:3]}
        )
    told = await activity.emu.wait_until(
        lambda: not (m := activity.emu.message(alice_dm.id)).custom_ids and m, what="alice's DM taken down"
    )
    passed = t("hand.passed", cards=card_list(cardset(hand[:3])), direction=t("direction.left"))
    assert told.content.splitlines()[-1] == passed
    await activity.pass_hand(carol)
    await activity.pass_hand(dave)
    playing = await pages["alice"].view(lambda v: v["phase"] == "playing")
    assert len(playing["hand"]["cards"]) == 13 and len(playing["hand"]["received"]) == 3

    # Play the hand out: the Activity's people by socket, the others by DM, until it is scored.
    service, played = activity.bot.service, {"alice": 0, "bob": 0}
    while (snap := await service.table_snapshot(table)).phase is Phase.PLAYING:
        name = _person_to_play(activity, snap)
        if name is None:
            await activity.play_until(lambda: _activity_turn(activity, table), [carol, dave], limit=20)
            continue
        view = await pages[name].view_at(snap.move_number)
        await pages[name].ws.send_json(
            {"op": "play", "move": view["move"], "card": view["hand"]["playable"][0]}
        )
        await pages[name].view_at(snap.move_number + 1)
        played[name] += 1
    assert played["alice"] >= 1 and played["bob"] >= 1
    # The game (to 10 points: one hand) is over, and both pages were told, every card played.
    assert snap.status is TableStatus.FINISHED
    for page in pages.values():
        final = await page.view_when(lambda v: v["status"] == "finished")
        assert [s["cards_left"] for s in final["seats"]] == [0, 0, 0, 0] and final["hand"] is None


async def test_a_change_is_read_once_for_every_socket_and_changes_told_at_once_are_one_read(
    activity: Hearts, session: aiohttp.ClientSession
):
    """The table is read once per change for all its sockets (each still sent its own seat's view),
    and changes the service tells of in one go are one read: every socket is sent the table as it
    is then, once."""
    alice, bob = activity.people[:2]
    table = await started(activity)
    eve = activity.emu.create_user("eve")
    activity.emu.add_member(activity.guild, eve)
    pages = {u.name: await open_page(activity, session, u, {"table": table}) for u in (alice, bob, eve)}
    views = {name: await page.view() for name, page in pages.items()}
    cog = activity.bot.get_cog("ActivityCog")
    assert cog is not None
    reads: list[int] = []
    read = cog._read  # type: ignore[attr-defined]

    async def counted(table_id: int) -> Any:
        reads.append(table_id)
        return await read(table_id)

    cog._read = counted  # type: ignore[attr-defined]

    async def everyone_sees(seat: int) -> None:
        for page in pages.values():
            await page.view(lambda v: seat not in v["waiting"])

    # alice passes in the Activity: one read, three views (hers, bob's, the spectator's).
    mine = views["alice"]
    await pages["alice"].ws.send_json(
        {"op": "pass", "move": mine["move"], "cards": mine["hand"]["cards"][:3]}
    )
    await everyone_sees(mine["you"])
    assert reads == [table]
    seen = {name: len(page.received) for name, page in pages.items()}
    hands = {name: page.received[-1]["hand"] for name, page in pages.items()}
    assert hands["alice"]["passed"] is not None and hands["bob"]["passed"] is None and hands["eve"] is None
    assert hands["alice"]["cards"] != hands["bob"]["cards"]

    # Five changes told at once (as the service tells its watchers, synchronously), then bob passes.
    for _ in range(5):
        cog._changed(table)  # type: ignore[attr-defined]
    his = views["bob"]
    await pages["bob"].ws.send_json({"op": "pass", "move": his["move"], "cards": his["hand"]["cards"][:3]})
    await everyone_sees(his["you"])
    assert reads == [table] * 3
    assert {name: len(page.received) - seen[name] for name, page in pages.items()} == dict.fromkeys(pages, 2)
    current = activity.bot.service.snapshot(table).move_number
    assert all(page.received[-1]["move"] == current for page in pages.values())

    # A page opening now is sent the table as last read (nothing changed since): no read.
    dave = await open_page(activity, session, activity.people[3], {"table": table})
    first = await dave.view()
    assert reads == [table] * 3
    assert first["move"] == current and first["hand"]["cards"] not in (
        hands["alice"]["cards"],
        hands["bob"]["cards"],
    )


async def test_a_change_while_nobody_watches_a_read_under_way_is_read_again_for_the_next_page(
    activity: Hearts, session: aiohttp.ClientSession
):
    """A read under way when the last page closes, a change while nobody watches, a page opening
    before the read ends: the new page is sent the table as it is after that change, not the read's
    older table (a quit and a rejoin keep the move number: such a view looked current, with the
    person shown unseated, until the table's next change)."""
    alice, bob = activity.people[:2]
    table, cog, page = await watched(activity, session, alice)
    read, left = cog._read, cog._left  # type: ignore[attr-defined]
    read_done, gate, gone = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def held(table_id: int) -> Any:
        views = await read(table_id)
        read_done.set()
        await gate.wait()
        return views

    def noticed(conn: Any) -> None:
        left(conn)
        gone.set()

    cog._read, cog._left = held, noticed  # type: ignore[attr-defined]
    cog._changed(table)  # type: ignore[attr-defined]
    async with asyncio.timeout(BOUND):
        await read_done.wait()  # read: the table before bob's pass
        await page.ws.close()
        await gone.wait()
    assert table not in cog.watching  # type: ignore[attr-defined]
    service, his = activity.bot.service, Actor(str(bob.id))
    hand = service.private_hand(his, table)
    await service.pass_cards(his, table, hand.move_number, cardset(cards_of(hand.cards)[:3]))
    again = await open_page(activity, session, alice, {"table": table})
    await again.next(lambda m: m["op"] == "words", "its words")  # registered: the read under way sends it
    gate.set()
    view = await again.view(lambda v: hand.seat not in v["waiting"])
    assert view["move"] == service.snapshot(table).move_number


async def test_a_read_the_database_refuses_is_read_again_a_little_later(
    activity: Hearts, session: aiohttp.ClientSession
) -> None:
    """The table's read for its pages is refused, the database busy (a closed table is read back
    from it): the page is told so, and READ_AGAIN seconds later it is sent the table as it is, with
    no further change to prompt it (a closed table never has one)."""
    alice, bob = activity.people[:2]
    table, cog, page = await watched(activity, session, alice)
    read = cog._read  # type: ignore[attr-defined]

    async def busy_once(table_id: int) -> Any:
        cog._read = read  # type: ignore[attr-defined]
        raise Refused(TableRefusal.STORAGE_BUSY)

    cog._read = busy_once  # type: ignore[attr-defined]
    service, his = activity.bot.service, Actor(str(bob.id))
    hand = service.private_hand(his, table)
    await service.pass_cards(his, table, hand.move_number, cardset(cards_of(hand.cards)[:3]))
    told = await page.next(lambda m: m["op"] == "refused", "the refusal")
    assert told["code"] == TableRefusal.STORAGE_BUSY.value
    activity.clock.advance(READ_AGAIN)
    view = await page.view(lambda v: hand.seat not in v["waiting"])
    assert view["move"] == service.snapshot(table).move_number


def _person_to_play(hearts: Hearts, snap: TableSnapshot) -> str | None:
    for seat in snap.waiting:
        player = snap.seats[seat].player_id
        for person in hearts.people[:2]:
            if player == str(person.id):
                return person.name
    return None


def _activity_turn(hearts: Hearts, table: int) -> bool:
    try:
        snap = hearts.bot.service.snapshot(table)
    except Refused:  # the game is over
        return True
    return snap.phase is not Phase.PLAYING or _person_to_play(hearts, snap) is not None


@pytest.mark.parametrize("first", ["activity", "dm"])
async def test_a_move_made_in_both_places_at_once_is_played_once(
    activity: Hearts, session: aiohttp.ClientSession, first: str
):
    emu, alice = activity.emu, activity.people[0]
    table = await started(activity)
    page = await open_page(activity, session, alice, {"table": table})
    view = await page.view()
    # alice chooses three cards in her DM (choosing is no move), then confirms there and passes in
    # the Activity at the same moment.
    for _ in range(3):
        await activity.act(alice, await activity.hand_with(alice, "pick"))
    dm = await activity.hand_with(alice, "pok")
    move = {"op": "pass", "move": view["move"], "cards": view["hand"]["cards"][-3:]}
    if first == "activity":
        await page.ws.send_json(move)
        click = await emu.click(alice, dm, custom_id=control(dm, "pok"))
    else:
        click = await emu.click(alice, dm, custom_id=control(dm, "pok"))
        await page.ws.send_json(move)
    outcome = await page.next(
        lambda m: m["op"] == "refused" or (m["op"] == "view" and m["hand"]["passed"] is not None),
        "an outcome",
    )
    # Passes are chosen at once by every seat (no turn order), so the later one is refused as
    # already passed, or as out of date if the move number moved on meanwhile.
    refusals = {t("table.stale"), t("refusal.already_passed")}
    dm_refused = (await activity.reply(click)).content in refusals
    socket_refused = outcome["op"] == "refused"
    assert dm_refused != socket_refused, (outcome, dm_refused)  # exactly one of the two was played
    if socket_refused:
        assert outcome["reason"] in refusals
    seat = view["you"]
    snapshot = activity.bot.service.snapshot(table)
    assert snapshot.passed[seat] and sum(snapshot.passed) == 1


async def test_after_a_restart_mid_trick_the_activity_reconnects_to_the_table_as_it_is(
    activity: Hearts, bot_runner: BotRunner, session: aiohttp.ClientSession
):
    alice = activity.people[0]
    table = await started(activity)
    for person in activity.people:
        await activity.pass_hand(person)
    await activity.play_until(lambda: len(activity.bot.service.snapshot(table).trick) == 2)
    await activity.settle()
    page = await open_page(activity, session, alice, {"table": table})
    before = await page.view()
    assert len(before["trick"]) == 2

    await activity.restart(bot_runner, activity_port=0)
    closed = await page.ws.receive()
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == aiohttp.WSCloseCode.SERVICE_RESTART
    again = await (await open_page(activity, session, alice, {"table": table})).view()
    assert (again["move"], again["trick"], again["hand"]) == (before["move"], before["trick"], before["hand"])


async def test_a_page_that_comes_back_while_the_bot_restores_its_tables_is_sent_back_to_retry(
    activity: Hearts, session: aiohttp.ClientSession
):
    """The Activity's server listens before the starting bot has restored its tables: a page that
    reconnects then is closed with 1012 (it tries again), not told that its table does not exist."""
    alice = activity.people[0]
    table = await started(activity)
    activity.bot.restored = False  # as between the extension's start and the tables' restore
    early = await open_page(activity, session, alice, {"table": table})
    closed = await early.ws.receive()
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == aiohttp.WSCloseCode.SERVICE_RESTART
    activity.bot.restored = True
    view = await (await open_page(activity, session, alice, {"table": table})).view()
    assert view["table"] == table and view["hand"] is not None


async def test_open_the_table_launches_the_activity_in_the_tables_channel(
    activity: Hearts, session: aiohttp.ClientSession
):
    alice = activity.people[0]
    table = await started(activity)
    table_message = await activity.wait_table_message()
    assert table_message.labels[0] == t("button.open_table")
    ix = await activity.emu.click(alice, table_message, label=t("button.open_table"))
    assert await ix.wait_acknowledged() is Callback.LAUNCH_ACTIVITY
    launch = await activity.emu.wait_for_launch(alice, since=ix)
    assert launch.channel.id == table_message.channel_id
    # The page names the instance it was launched in; Discord says where that runs: its table.
    view = await (await open_page(activity, session, alice, {"instance": launch.instance_id})).view()
    assert view["table"] == table and view["hand"] is not None


async def test_a_table_with_no_activity_set_up_has_no_such_button(hearts: Hearts):
    await started(hearts)
    table_message = await hearts.wait_table_message()
    assert t("button.show_hand") in table_message.labels
    assert t("button.open_table") not in table_message.labels


async def test_an_entry_point_sent_to_the_bot_opens_the_activity(activity: Hearts):
    """With the APP_HANDLER handler, Discord sends the Entry Point command to the bot."""
    emu, alice = activity.emu, activity.people[0]
    entry = emu.commands.entry_point()
    assert entry is not None
    emu.commands.add(None, {k: v for k, v in entry.items() if k != "id"} | {"handler": APP_HANDLER})
    ix = await emu.open_from_app_launcher(alice, activity.general)
    assert isinstance(ix, InteractionRecord)
    assert await ix.wait_acknowledged() is Callback.LAUNCH_ACTIVITY
    assert (await emu.wait_for_launch(alice, since=ix)).interaction_id == ix.id


async def alices_page_at_the_deal(
    hearts: Hearts, session: aiohttp.ClientSession
) -> tuple[Page, dict[str, Any], InteractionRecord]:
    """alice opens a table, the other three sit, her page is opened (in the table's channel, no
    table named, as the page says hello) and she starts the game: her page, its view of the
    passing, and the Start click."""
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, hearts.people[1:])
    page = await open_page(hearts, session, alice)
    await page.view()
    start = await hearts.click(alice, lobby, "Start")
    return page, await page.view(lambda v: v["phase"] == "passing"), start


async def her_turn_after_passing_on_the_page(hearts: Hearts, page: Page, passing: dict[str, Any]) -> None:
    """alice passes on her page, the others by DM; the hand is played until her turn."""
    service, others = hearts.bot.service, hearts.people[1:]
    await page.ws.send_json({"op": "pass", "move": passing["move"], "cards": passing["hand"]["cards"][:3]})
    for person in others:
        await hearts.pass_hand(person)
    await hearts.play_until(
        lambda: _person_to_play(hearts, service.snapshot(passing["table"])) == "alice", others
    )
    await hearts.settle()


async def in_view(hearts: Hearts, user: User, shown: list[bool]) -> None:
    """Wait until the server counts ``user``'s open pages as in view or not, as ``shown`` says
    (in any order): what the page tells of its visibility has no answer to wait for."""
    cog = hearts.bot.get_cog("ActivityCog")
    assert cog is not None

    def now() -> list[bool]:
        pages = [c for conns in cog.watching.values() for c in conns if c.person.user_id == str(user.id)]  # type: ignore[attr-defined]
        return sorted(c.shown for c in pages)

    await hearts.emu.wait_until(lambda: now() == sorted(shown), what=f"{user.name}'s pages {shown}")


def _dms_with_controls(hearts: Hearts, user: User) -> list[Message]:
    return [m for m in hearts.emu.dm_messages(user) if controls(m)]


async def test_while_the_page_is_in_view_the_tables_dms_to_that_person_are_held_back(
    activity: Hearts, session: aiohttp.ClientSession
):
    """alice plays in the Activity: no hand or turn by DM while a page of hers is open and in view
    (only the warning that her time runs out); when the last one closes or goes out of view, her
    turn comes by DM, once."""
    alice, bob, carol, dave = activity.people
    service, clock = activity.bot.service, activity.clock
    page, passing, _ = await alices_page_at_the_deal(activity, session)
    table = passing["table"]

    # The turn's warning goes to all four (hers too: an open page is not always looked at).
    deadline = service.private_hand(Actor(str(bob.id)), table).deadline
    assert deadline is not None
    clock.advance(
        deadline - ServiceSettings.warning_lead(service.snapshot(table).options.time_limit) - clock.now()
    )
    warned = t("hand.warning", table=table, relative="\0").split("\0")[0]
    for person in (alice, bob, carol, dave):
        await activity.emu.wait_until(
            lambda p=person: any(m.content.startswith(warned) for m in activity.emu.dm_messages(p)),
            what=f"{person.name}'s warning",
        )

    def held() -> list[Message]:
        """What alice got by DM but the warning."""
        return [m for m in activity.emu.dm_messages(alice) if not m.content.startswith(warned)]

    await her_turn_after_passing_on_the_page(activity, page, passing)
    assert held() == []  # not the deal, the cards received, nor the turn

    # A second page of hers (another device) is opened; the first goes out of view: still nothing.
    second = await open_page(activity, session, alice, {"table": table})
    turn = await second.view()
    await page.ws.send_json({"op": "away"})
    await page.ws.send_json({"op": "back"})
    await page.ws.send_json({"op": "away"})
    await second.ws.send_json({"op": "away"})
    await second.ws.send_json({"op": "back"})
    await in_view(activity, alice, [False, True])  # (as the server has taken them)
    await activity.settle()
    assert held() == []
    # The last page in view closes: her turn comes by DM, with the controls of this move, once;
    # the table message, which shows the same turn, is not drawn again.
    table_message = activity.table_message()
    assert table_message is not None
    before = activity.emu.mark()
    await second.ws.close()
    dm = await activity.hand_with(alice, "card")
    assert {move_of(c) for c in controls(dm)} == {turn["move"]}
    await activity.settle()
    assert [m.id for m in held()] == [dm.id]
    edits = activity.emu.requests.count(
        since=before, where=lambda r: r.method == "PATCH" and r.path.endswith(f"/messages/{table_message.id}")
    )
    assert edits == 0

    # The page comes back in view and she plays from the DM: her next turn is on the page only.
    await page.ws.send_json({"op": "back"})
    await in_view(activity, alice, [True])
    await activity.act(alice, dm)
    await activity.play_until(
        lambda: (
            (snap := service.snapshot(table)).move_number > turn["move"]  # (she may lead the next trick)
            and _person_to_play(activity, snap) == "alice"
        ),
        [bob, carol, dave],
    )
    await page.view_at(service.snapshot(table).move_number)
    await activity.settle()
    assert _dms_with_controls(activity, alice) == []
    assert [m.id for m in held()] == [dm.id]


async def test_with_closed_dms_a_person_in_the_activity_is_sent_to_show_my_hand_only_when_the_page_closes(
    activity: Hearts, session: aiohttp.ClientSession
):
    """alice's DMs are closed and she plays in the Activity: while her page is in view nothing
    is tried in her DMs and the table pings her for nothing; when it closes, her turn's DM is
    refused and the table sends her to Show my hand. Back on a page, her next turn takes that
    ping down (as a ping at it would have replaced it) and pings her for nothing."""
    alice, others = activity.people[0], activity.people[1:]
    service = activity.bot.service
    activity.emu.faults.close_dms(alice)
    page, passing, start = await alices_page_at_the_deal(activity, session)
    await her_turn_after_passing_on_the_page(activity, page, passing)
    assert activity.public(alice.mention) == []

    await page.ws.close()
    notice = await activity.wait_public(alice.mention, since=start)
    assert notice.content == t("hand.no_dm", mention=alice.mention)
    dm = activity.emu.dm_channel(alice)
    attempts = activity.emu.requests.select(route_keys.CREATE_MESSAGE, where=lambda r: str(dm.id) in r.path)
    assert [r.status for r in attempts] == [403]  # her turn's DM, tried once the page closed

    again = await open_page(activity, session, alice, {"table": passing["table"]})
    turn = await again.view()
    await again.ws.send_json({"op": "play", "move": turn["move"], "card": turn["hand"]["playable"][0]})
    await activity.play_until(
        lambda: (
            (snap := service.snapshot(passing["table"])).move_number > turn["move"]
            and _person_to_play(activity, snap) == "alice"
        ),
        others,
    )
    await again.view_at(service.snapshot(passing["table"]).move_number)
    await activity.settle()
    assert activity.public(alice.mention) == []


async def test_a_turn_held_back_when_the_bot_restarts_comes_by_dm_after_it(
    activity: Hearts, bot_runner: BotRunner, session: aiohttp.ClientSession
):
    """alice's turn is on her page only when the bot restarts: the restart offers it again and,
    since its DM never went out, sends it (her page, closed by the restart, may not come back)."""
    alice, bob, carol, dave = activity.people
    table = await started(activity)
    page = await open_page(activity, session, alice, {"table": table})
    await page.view()
    await in_view(activity, alice, [True])
    for person in activity.people:  # (alice from the DM of the deal, sent before her page opened)
        await activity.pass_hand(person)
    await activity.play_until(
        lambda: _person_to_play(activity, activity.bot.service.snapshot(table)) == "alice",
        [bob, carol, dave],
    )
    move = activity.bot.service.snapshot(table).move_number
    await activity.settle()
    assert not [m for m in activity.emu.dm_messages(alice) if controls(m) and move_of(controls(m)[0]) == move]

    await activity.restart(bot_runner, activity_port=0)
    dm = await activity.hand_with(alice, "card")
    assert {move_of(c) for c in controls(dm)} == {move}
    await activity.settle()
    assert len([m for m in activity.emu.dm_messages(alice) if controls(m)]) == 1


async def test_a_page_whose_connection_is_lost_while_it_is_sent_to_is_no_bug(activity: Hearts) -> None:
    """The connection drops while a view waits to be written (aiohttp's drain: ``ConnectionError``,
    not only a reset): the page is gone, nothing is raised (a failed task would be logged as an
    error), and the socket's sender is free for whatever comes next."""
    cog = activity.bot.get_cog("ActivityCog")
    assert cog is not None

    class Lost:
        async def send_str(self, text: str) -> None:
            raise ConnectionError("Connection lost")

    conn = Connection(Lost(), Person("1", None), 1)  # type: ignore[arg-type]
    cog._push(conn, "{}")  # type: ignore[attr-defined]
    sending = conn.sending
    assert sending is not None
    await sending
    assert conn.sending is None and conn.pending is None


async def test_in_a_games_thread_the_activity_shows_the_table_played_there(
    activity: Hearts, session: aiohttp.ClientSession
):
    """Opened from a table's message, in its game's thread (where the service has no table: they
    are the lobby channel's), the page shows that table, the newer table of the same channel and
    a seat at it notwithstanding. In the channel itself, where nothing says which table's button
    opened it, the person's own table, else the newest."""
    emu = activity.emu
    table = await started(activity)
    table_message = await activity.wait_table_message()
    eve, frank = emu.create_user("eve"), emu.create_user("frank")
    for person in (eve, frank):
        emu.add_member(activity.guild, person)
    await activity.open_table(eve, seats=4, target=10)  # eve sits at the channel's newer table
    newer = max(
        s.table_id for s in activity.bot.service.tables(str(activity.guild.id), str(activity.general.id))
    )
    assert newer != table
    for person, seat in ((frank, None), (eve, None), (activity.people[0], 0)):
        click = await emu.click(person, emu.message(table_message.id), label=t("button.open_table"))
        assert await click.wait_acknowledged() is Callback.LAUNCH_ACTIVITY
        launch = await emu.wait_for_launch(person, since=click)
        assert launch.channel.id == table_message.channel_id != activity.general.id  # the thread
        view = await (await open_page(activity, session, person, {"instance": launch.instance_id})).view()
        assert (view["table"], view["you"]) == (table, seat), person.name
    in_channel = {
        p.name: (await (await open_page(activity, session, p)).view())["table"] for p in (eve, frank)
    }
    assert in_channel == {"eve": newer, "frank": newer}


async def test_the_page_speaks_the_language_the_person_chose(
    activity: Hearts, session: aiohttp.ClientSession
):
    """A person's words are in the language they chose (/hearts me), as their DMs and answers are,
    whatever their Discord client's: the page's words, its view and its refusals."""
    alice = activity.people[0]
    table = await started(activity)
    activity.emu.set_locale(alice, "fr")
    await activity.bot.service.known_preferences.change(str(alice.id), lambda p: replace(p, language="de"))
    page = await open_page(activity, session, alice, {"table": table})
    words = await page.next(lambda m: m["op"] == "words", "its words")
    assert words["lang"] == "de" and words["words"]["activity.your_hand"] == t("activity.your_hand", "de")
    view = await page.view()
    await page.ws.send_json({"op": "pass", "move": view["move"] + 5, "cards": view["hand"]["cards"][:3]})
    assert (await page.refusal())["reason"] == t("table.stale", "de")


async def _face(hearts: Hearts, session: aiohttp.ClientSession, path: str) -> tuple[int, bytes]:
    async with session.get(base(hearts) + path) as r:
        return r.status, await r.read()


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(png)) as im:
        return im.size, im.convert("RGBA").tobytes()


def _drawn(card: int, four_colour: bool = False, bonus: bool = False) -> tuple[tuple[int, int], bytes]:
    """The face as the DMs' images draw it, at the page's width."""
    face = sprites.face(card, CARD_WIDTH, four_colour, bonus)
    return face.size, face.tobytes()


async def test_the_page_shows_the_deck_the_person_chose(activity: Hearts, session: aiohttp.ClientSession):
    """Someone who chose the four-colour deck (/hearts deck: often to tell the suits apart) sees it
    on the page as in their DMs' images: the page is told their deck (a spectator's own choice too),
    and its faces are served in it, the DMs' very sprites; the classic deck for everyone else."""
    emu = activity.emu
    alice, bob = activity.people[:2]
    eve = emu.create_user("eve")
    emu.add_member(activity.guild, eve)
    table = await started(activity)
    chosen = activity.bot.service.known_preferences
    for person in (alice, eve):  # a player and a spectator
        await chosen.change(str(person.id), lambda p: replace(p, four_colour=True))
    decks = {}
    for person in (alice, bob, eve):
        page = await open_page(activity, session, person, {"table": table})
        decks[person.name] = (await page.next(lambda m: m["op"] == "words", "its words"))["deck"]
        await page.view()
    assert decks == {"alice": "four_colour", "bob": "classic", "eve": "four_colour"}

    king = parse_card("KD")  # diamonds are blue in the four-colour deck, clubs green
    status, four = await _face(activity, session, f"/cards/four_colour/{king}.png")
    assert status == 200 and _pixels(four) == _drawn(king, four_colour=True)
    status, classic = await _face(activity, session, f"/cards/classic/{king}.png")
    assert status == 200 and _pixels(classic) == _drawn(king) and classic != four
    assert await _face(activity, session, f"/cards/{king}.png") == (200, classic)  # a page loaded before
    spades = parse_card("KS")  # whose colour is the same in both decks
    assert _pixels((await _face(activity, session, f"/cards/four_colour/{spades}.png"))[1]) == _drawn(spades)
    for missing in ("/cards/four_colour/52.png", "/cards/sepia/1.png", "/cards/four_colour/bonus/1.png"):
        assert (await _face(activity, session, missing))[0] == 404, missing


async def test_an_omnibus_tables_view_names_its_bonus_card_and_its_face_is_marked(
    activity: Hearts, session: aiohttp.ClientSession
):
    """On an Omnibus table the DMs' images mark the bonus card (the J♦ here): the page's view names
    it, and its face is served marked, in either deck, as the DMs draw it."""
    alice, bob, carol, dave = activity.people
    lobby = await activity.open_table(alice, seats=4, target=10, omnibus="JD")
    await activity.seat(lobby, [bob, carol, dave])
    await activity.click(alice, lobby, "Start")
    table = table_of(control(await activity.hand_with(alice, "pick"), "pick"))
    jack = parse_card("JD")
    page = await open_page(activity, session, alice, {"table": table})
    assert (await page.view())["bonus_card"] == jack
    for deck, four_colour in (("classic", False), ("four_colour", True)):
        status, marked = await _face(activity, session, f"/cards/{deck}/bonus/{jack}.png")
        assert status == 200 and _pixels(marked) == _drawn(jack, four_colour, bonus=True)
        assert marked != (await _face(activity, session, f"/cards/{deck}/{jack}.png"))[1]
    seats = tuple(SeatInfo(s, SeatKind.PERSON, str(100 + s)) for s in range(4))
    plain = TableSnapshot(1, "1", "2", "100", TableStatus.PLAYING, TableOptions(), seats, 60, None, (1,))
    assert public_view(plain, {}, None)["bonus_card"] is None


async def _closed(ws: aiohttp.ClientWebSocketResponse) -> tuple[list[dict[str, Any]], int]:
    """What the server sent a socket before it closed it, and the close code."""
    sent = []
    while (message := await ws.receive()).type is aiohttp.WSMsgType.TEXT:
        sent.append(json.loads(message.data))
    assert message.type is aiohttp.WSMsgType.CLOSE, message
    return sent, int(message.data)


async def test_a_hello_that_discord_or_the_database_cannot_answer_now_is_sent_back_later(
    activity: Hearts, session: aiohttp.ClientSession
):
    """Only Discord's refusal of the token closes the page for good (4001: the page gives up).
    Discord failing (a 5xx) or not asked (its refusals of late spent), and the database busy, are
    no verdict: the socket is closed with 1013 and the page comes back later, to be shown the table."""
    emu, alice = activity.emu, activity.people[0]
    table = await started(activity)
    service, cog = activity.bot.service, activity.bot.get_cog("ActivityCog")
    assert cog is not None
    emu.faults.fail(route_keys.GET_ME, status=502, code=0, message="Bad Gateway")
    assert await _closed((await open_page(activity, session, alice)).ws) == ([], 1013)
    _, body = await token_for(activity, session, emu.authorize(alice))
    cog.refusals.allowed = 0  # type: ignore[attr-defined]
    ws = await session.ws_connect(base(activity) + "/api/socket")
    instance = emu.activities.join(alice, activity.general).instance_id
    await ws.send_json({"op": "hello", "access_token": body["access_token"], "instance": instance})
    assert await _closed(ws) == ([], 1013)
    cog.refusals.allowed = REFUSALS_ALLOWED  # type: ignore[attr-defined]
    tables = service.channel_tables

    async def busy(guild_id: str, channel_id: str) -> list[TableSnapshot]:
        service.channel_tables = tables  # type: ignore[method-assign]
        raise Refused(TableRefusal.STORAGE_BUSY)

    service.channel_tables = busy  # type: ignore[method-assign]
    sent, code = await _closed((await open_page(activity, session, alice)).ws)
    assert ([m["code"] for m in sent], code) == ([TableRefusal.STORAGE_BUSY.value], 1013)
    assert (await (await open_page(activity, session, alice)).view())["table"] == table


async def test_a_game_cancelled_mid_play_is_shown_closed(activity: Hearts, session: aiohttp.ClientSession):
    """The host cancels the game while the hands are being passed: the pages are shown a closed
    table waiting for nobody, with no countdown, and have the words to say it was cancelled."""
    alice = activity.people[0]
    table = await started(activity)
    page = await open_page(activity, session, alice, {"table": table})
    words = (await page.next(lambda m: m["op"] == "words", "its words"))["words"]
    assert (await page.view())["waiting"] == [0, 1, 2, 3]
    await activity.bot.service.cancel(Actor(str(alice.id)), table)
    view = await page.view(lambda v: v["status"] != "playing")
    assert (view["status"], view["waiting"], view["deadline"], view["hand"]) == ("cancelled", [], None, None)
    assert words["lobby.cancelled"] == t("lobby.cancelled")


async def test_a_move_that_fails_is_answered_and_the_page_kept(
    activity: Hearts, session: aiohttp.ClientSession, error_log: Any
):
    """A move that fails unexpectedly is answered as a click's failure is (a bug: logged, "something
    went wrong" in the reader's language; the database unavailable: busy), and the socket stays
    open for the next move."""
    alice = activity.people[0]
    table = await started(activity)
    activity.emu.set_locale(alice, "de")
    page = await open_page(activity, session, alice, {"table": table})
    view = await page.view()
    service = activity.bot.service
    pass_cards = service.pass_cards
    allowance = error_log.allow("a bug", logger="cogs.activity")
    move = {"op": "pass", "move": view["move"], "cards": view["hand"]["cards"][:3]}
    for failure, answer in (
        (RuntimeError("a bug"), t("reply.error", "de")),
        (StorageUnavailable("database is locked"), refusal_text(TableRefusal.STORAGE_BUSY, "de")),
    ):

        async def failing(*args: Any, failure: Exception = failure) -> None:
            raise failure

        service.pass_cards = failing  # type: ignore[method-assign]
        await page.ws.send_json(move)
        assert (await page.refusal())["reason"] == answer
    assert allowance.seen == 1
    service.pass_cards = pass_cards  # type: ignore[method-assign]
    await page.ws.send_json(move)
    assert (await page.view(lambda v: v["hand"]["passed"] is not None))["you"] == view["you"]
