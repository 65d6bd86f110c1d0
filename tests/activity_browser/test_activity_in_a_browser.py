"""The Activity in a real browser: the app the bot serves, framed by the test's stand-in for
Discord's client (``playtest.activity_client``) in Debian's Chromium, against the real bot and the
emulator. Each person has their own browser context; the page is read and used only through the
hooks of its contract (``data-testid``, ``data-card``, ``document.body.dataset``), as a person
would: taps on the cards and buttons it shows."""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from playwright.async_api import Browser, FloatRect, Locator, expect

from bot.engine.cards import cards_of
from bot.engine.hand import Phase
from bot.tables import lobby_actions
from bot.tables.permissions import Actor
from bot.tables.table import TableStatus
from bot.text import card_full_name, t
from discord_emulator import Message, User
from discord_emulator.runner import BotRunner
from playtest.activity_client import (
    BOUND,
    ActivityWindow,
    CodeFault,
    DiscordClientServer,
    SocketGate,
    open_activity,
)
from playtest.harness import Hearts, control, controls, enabled, move_of, next_tap
from tests.cogs.test_activity import _activity_turn, base, in_view, started, table_of


async def open_for(
    browser: Browser, client: DiscordClientServer, hearts: Hearts, user: User, *, gate: bool = False
) -> ActivityWindow:
    """``user`` opens the Activity in the table's channel (``gate``: through a ``SocketGate``)."""
    return await open_activity(browser, client, user, hearts.general, base(hearts) + "/", gate=gate)


def card_of(custom_id: str) -> int:
    """The card a DM's card button plays (``hh:card:table:seat:move:card``)."""
    return int(custom_id.rsplit(":", 1)[1])


def seat_of(hearts: Hearts, table: int, user: User) -> int:
    return next(s.seat for s in hearts.bot.service.snapshot(table).seats if s.player_id == str(user.id))


async def shown_as_the_service_has_it(hearts: Hearts, window: ActivityWindow, table: int) -> int:
    """Wait until the page shows the table's current move; check it shows the reader's hand and
    the cards they may play as the service has them. Returns the move number."""
    service = hearts.bot.service
    snapshot = service.snapshot(table)
    assert await window.wait_move(snapshot.move_number) == snapshot.move_number
    private = service.private_hand(Actor(str(window.user.id)), table)
    hand = await window.hand()
    assert sorted(hand) == cards_of(private.cards)
    assert await window.card_labels() == [card_full_name(c, window.user.locale) for c in hand]
    if private.playable:
        assert sorted(await window.playable()) == cards_of(private.playable)
    return snapshot.move_number


async def test_a_whole_game_two_people_in_the_activity_two_by_dm(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer, monkeypatch: pytest.MonkeyPatch
):
    """alice and bob play in their pages (bob's in German), carol and dave by DM, to the game's
    end (to 10 points: a hand or a few): before each of their moves the page shows the table's
    move, the hand and the cards that may be played as the service has them, and whose turn it is;
    at the end both pages show every seat's final total, and only that. bob's socket says
    (through a gate that rewrites it) that carol shot the moon in the last hand: his final panel
    says so, in German and by her name; alice's, told the truth, says what really happened. The
    table's seed is fixed: the one game is then the same in every run, and its deal gives alice a
    real moon in its only hand (about one random deal in twenty ends so; the panel's truth was
    once wrongly taken to be none)."""
    monkeypatch.setattr(lobby_actions, "secrets", SimpleNamespace(randbits=lambda bits: 11))
    service = activity.bot.service
    alice, bob, carol, dave = activity.people
    activity.emu.set_locale(bob, "de")  # bob's page speaks German (the cards' names, its words)
    table = await started(activity)
    carols = seat_of(activity, table, carol)
    windows = {
        str(u.id): await open_for(browser, discord_client, activity, u, gate=u is bob) for u in (alice, bob)
    }
    gate = windows[str(bob.id)].gate
    assert gate is not None
    gate.rewrite = functools.partial(_with_a_moon, carols)
    await activity.settle()
    dms = {u.name: len(activity.emu.dm_messages(u)) for u in activity.people}  # the deal's, so far
    played = {name: 0 for name in windows}
    while (snapshot := await service.table_snapshot(table)).status is not TableStatus.FINISHED:
        waiting = [snapshot.seats[s].player_id for s in snapshot.waiting]
        if snapshot.phase is Phase.PASSING:
            for player, window in windows.items():  # each taps their cards, then Pass
                seat = seat_of(activity, table, window.user)
                if snapshot.passed[seat]:
                    continue
                await shown_as_the_service_has_it(activity, window, table)
                # Whose passes are awaited: the others (the reader's own is asked for by the hand).
                await expect(window.hook("status")).to_contain_text(carol.name, timeout=BOUND)
                await expect(window.hook("status")).not_to_contain_text(window.user.name)
                count = service.private_hand(Actor(player), table).pass_count
                await window.pass_cards((await window.hand())[:count])
                await activity.emu.wait_until(
                    lambda seat=seat: service.snapshot(table).passed[seat], what=f"seat {seat}'s pass"
                )
            await activity.pass_hand(carol)
            await activity.pass_hand(dave)
            await activity.emu.wait_until(
                lambda: service.snapshot(table).phase is not Phase.PASSING, what="the passes made"
            )
        elif window := next((windows[p] for p in waiting if p in windows), None):
            move = await shown_as_the_service_has_it(activity, window, table)
            seat = seat_of(activity, table, window.user)
            await expect(window.hook(f"seat-{seat}")).to_have_attribute("data-turn", "true", timeout=BOUND)
            if snapshot.phase is Phase.MOON_CHOICE:
                await window.hook("moon-shoot").click(timeout=BOUND)
            else:
                await window.tap((await window.playable())[0])
                played[str(window.user.id)] += 1
            await window.wait_move(move + 1)
        else:
            await activity.play_until(lambda: _activity_turn(activity, table), [carol, dave], limit=60)
    assert all(count >= 13 for count in played.values()), played  # at least a whole hand each
    # The two in their pages got no DM of the table meanwhile; the two by DM got theirs.
    await activity.settle()
    assert [len(activity.emu.dm_messages(u)) - dms[u.name] for u in (alice, bob)] == [0, 0]
    assert all(len(activity.emu.dm_messages(u)) > dms[u.name] for u in (carol, dave))
    final = snapshot.move_number
    assert snapshot.result is not None
    for window in windows.values():
        assert await window.wait_move(final) == final
        for standing in snapshot.result.standings:
            assert standing.seat is not None
            seat = window.hook(f"seat-{standing.seat}")
            await expect(seat).to_contain_text(str(standing.total), timeout=BOUND)
            # Only the total: alice took 26 card points and scored 0 (the final panel says so).
            await expect(seat).not_to_contain_text("+")
        assert (await window.client_state())["unknown"] == []
    feat = windows[str(bob.id)].hook("result-feat")
    await expect(feat).to_have_text(t("announce.moon", "de", name=carol.name), timeout=BOUND)
    truth = snapshot.last_feat  # alice's page shows it: her own moon, not carol's
    assert truth is not None and snapshot.seats[truth.seat].player_id == str(alice.id), (
        f"seed 11's game no longer ends with alice's moon ({truth}): the deal or the plays changed; "
        "choose a seed whose game does"
    )
    line = t(f"announce.{truth.outcome.value}", alice.locale, name=alice.name)
    await expect(windows[str(alice.id)].hook("result-feat")).to_have_text(line, timeout=BOUND)


def _with_a_moon(shooter: int, message: str) -> str:
    """A view of the finished game as if ``shooter`` had shot the moon in its last hand."""
    view = json.loads(message)
    if view.get("op") != "view" or view.get("status") != "finished":
        return message
    view["feat"] = {"hand": view["hand_number"], "outcome": "moon", "seat": shooter}
    return json.dumps(view)


@dataclass
class Turn:
    """alice's turn, shown in her page (its socket behind a gate) and in her DM."""

    table: int
    window: ActivityWindow
    gate: SocketGate
    move: int
    dm: Message
    from_dm: int  # the card her DM's first card button plays
    in_page: int  # another card she may play, which she taps in the page
    hand: list[int]  # her hand before either


async def alices_turn(hearts: Hearts, browser: Browser, client: DiscordClientServer) -> Turn:
    """A hand played by DM up to a turn of alice's where she may play two cards or more."""
    service, alice = hearts.bot.service, hearts.people[0]
    table = await started(hearts)
    for person in hearts.people:
        await hearts.pass_hand(person)
    mine = seat_of(hearts, table, alice)

    def her_choice() -> bool:
        if service.snapshot(table).waiting != (mine,):
            return False
        return len(cards_of(service.private_hand(Actor(str(alice.id)), table).playable)) >= 2

    await hearts.play_until(her_choice, limit=60)
    window = await open_for(browser, client, hearts, alice, gate=True)
    assert window.gate is not None
    move = await shown_as_the_service_has_it(hearts, window, table)
    dm = await dm_at(hearts, alice, move)
    from_dm = card_of(next_tap(dm))
    in_page = next(c for c in await window.playable() if c != from_dm)
    return Turn(table, window, window.gate, move, dm, from_dm, in_page, hand_of(hearts, table, alice))


async def dm_at(hearts: Hearts, user: User, move: int) -> Message:
    """``user``'s DM with the cards they may play at ``move`` (it comes after the move is open)."""

    def current() -> Message | None:
        message = hearts.latest_with(user, "card")
        cards = [c for c in controls(message) if c.startswith("hh:card:")] if message else []
        return message if any(move_of(c) == move and enabled(message, c) for c in cards) else None  # type: ignore[arg-type]

    return await hearts.emu.wait_until(current, what=f"{user.name}'s DM at move {move}")


def hand_of(hearts: Hearts, table: int, user: User) -> list[int]:
    return cards_of(hearts.bot.service.private_hand(Actor(str(user.id)), table).cards)


async def test_a_move_made_in_the_dm_while_the_page_shows_the_old_turn_is_refused_in_the_page(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """alice's page still shows her turn (what the server sends it is held back, as on a slow
    connection) when she plays from her DM: the card she taps in the page is refused as out of
    date, and the page then shows the table as it is."""
    service, emu, alice = activity.bot.service, activity.emu, activity.people[0]
    turn = await alices_turn(activity, browser, discord_client)

    turn.gate.hold()
    await (await activity.move(alice, turn.dm)).wait_acknowledged()
    await emu.wait_until(lambda: service.snapshot(turn.table).move_number > turn.move, what="the DM's card")
    await turn.window.tap(turn.in_page)  # the page still shows move `turn.move`
    turn.gate.release()

    await expect(turn.window.notice).to_contain_text(t("table.stale", alice.locale), timeout=BOUND)
    assert sorted(set(turn.hand) - set(hand_of(activity, turn.table, alice))) == [turn.from_dm]
    snapshot = service.snapshot(turn.table)
    assert await turn.window.wait_move(snapshot.move_number) == snapshot.move_number
    assert sorted(await turn.window.trick()) == sorted(snapshot.trick)


async def test_a_card_tapped_in_the_page_and_the_dm_at_once_is_played_once(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """alice taps two different cards at the same moment, one in the page and one in her DM
    (the page shows her turn until both are sent): whichever the table takes first is played, and
    the other place says the move is out of date."""
    service, emu, alice = activity.bot.service, activity.emu, activity.people[0]
    stale = t("table.stale", alice.locale)
    turn = await alices_turn(activity, browser, discord_client)

    turn.gate.hold()
    _, click = await asyncio.gather(turn.window.tap(turn.in_page), activity.move(alice, turn.dm))
    await click.wait_acknowledged()
    await emu.wait_until(lambda: service.snapshot(turn.table).move_number > turn.move, what="a card played")
    turn.gate.release()
    await activity.settle()
    played = sorted(set(turn.hand) - set(hand_of(activity, turn.table, alice)))
    assert played in ([turn.in_page], [turn.from_dm]), played  # one card, not two
    if played == [turn.from_dm]:
        await expect(turn.window.notice).to_contain_text(stale, timeout=BOUND)
    else:
        refused = await emu.wait_for_message(lambda m: m.content == stale, viewer=alice, since=click)
        assert refused.ephemeral or refused.guild_id is None  # alice's alone
    snapshot = service.snapshot(turn.table)
    assert await turn.window.wait_move(snapshot.move_number) == snapshot.move_number


async def test_after_a_restart_mid_trick_the_page_reconnects_to_the_table_as_it_is(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer, bot_runner: BotRunner
):
    service = activity.bot.service
    table = await started(activity)
    for person in activity.people:
        await activity.pass_hand(person)
    await activity.play_until(lambda: len(service.snapshot(table).trick) == 2)
    await activity.settle()
    snapshot = service.snapshot(table)
    third = next(u for u in activity.people if str(u.id) == snapshot.seats[snapshot.waiting[0]].player_id)
    window = await open_for(browser, discord_client, activity, third)
    move = await shown_as_the_service_has_it(activity, window, table)
    assert sorted(await window.trick()) == sorted(snapshot.trick)

    cog = activity.bot.get_cog("ActivityCog")
    await activity.restart(bot_runner, activity_port=cog.port)  # type: ignore[union-attr]
    await activity.emu.wait_until(lambda: len(window.sockets) >= 2, what="the page's new socket")
    await window.wait_state("playing")
    assert await shown_as_the_service_has_it(activity, window, table) == move
    assert sorted(await window.trick()) == sorted(snapshot.trick)
    # The new socket carries moves: the third card of the trick, tapped in the page.
    await window.tap((await window.playable())[0])
    await window.wait_move(move + 1)
    assert len(activity.bot.service.snapshot(table).trick) == 3


async def test_a_wrong_or_expired_code_shows_a_notice_and_nothing_of_the_table(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """Discord refuses the code when the bot trades it: the page says so in the reader's language
    (their browser's, all it knows before Discord has said who they are) and shows no table."""
    alice = activity.people[0]
    activity.emu.set_locale(alice, "fr")
    await started(activity)
    await activity.settle()
    for fault in CodeFault:
        discord_client.faults[alice.id] = fault
        window = await open_for(browser, discord_client, activity, alice)
        await window.wait_state("refused")
        await expect(window.notice).to_have_text(t("activity.unauthorized", "fr"), timeout=BOUND)
        await expect(window.hook("hand")).to_have_count(0)
        await expect(window.ui.locator("[data-testid^=seat-]")).to_have_count(0)
        await expect(window.ui.locator("[data-card]")).to_have_count(0)
        for name in (p.name for p in activity.people):
            await expect(window.body).not_to_contain_text(name)
        assert await window.dataset("move") is None
        assert "AUTHENTICATE" not in (await window.client_state())["commands"]  # type: ignore[operator]
        await window.context.close()


async def test_a_spectator_sees_the_table_and_no_hand(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    emu, service = activity.emu, activity.bot.service
    table = await started(activity)
    eve = emu.create_user("eve")
    emu.add_member(activity.guild, eve)
    window = await open_for(browser, discord_client, activity, eve)
    snapshot = service.snapshot(table)
    assert await window.wait_move(snapshot.move_number) == snapshot.move_number
    for seat, person in enumerate(activity.people):
        await expect(window.hook(f"seat-{seat}")).to_contain_text(person.name, timeout=BOUND)
    await expect(window.hook("hand")).to_have_count(0)
    await expect(window.ui.locator("[data-card]")).to_have_count(0)  # no card of anyone's hand
    await expect(window.hook("pass-confirm")).to_have_count(0)


PHONE = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True}
THUMB = 44  # px: the smallest target a finger hits reliably (Apple's and Google's guidelines)


async def hand_rows(window: ActivityWindow, cards: int) -> list[list[FloatRect]]:
    """The hand's cards as the page lays them out (each card's picture), row by row."""
    hand = window.hook("hand").locator("[data-card]")
    await expect(hand).to_have_count(cards, timeout=BOUND)
    boxes = [
        box for i in range(cards) if (box := await hand.nth(i).locator("img").bounding_box()) is not None
    ]
    assert len(boxes) == cards
    tops = sorted({round(b["y"]) for b in boxes})  # nothing is chosen: no card raised from its row
    return [[b for b in boxes if round(b["y"]) == top] for top in tops]


def on_screen(rows: list[list[FloatRect]], width: int, height: int) -> bool:
    boxes = [b for row in rows for b in row]
    return all(
        b["x"] >= 0 and b["x"] + b["width"] <= width and b["y"] >= 0 and b["y"] + b["height"] <= height
        for b in boxes
    )


def overlaps(a: FloatRect, b: FloatRect) -> bool:
    """Whether two boxes share any area (touching edges do not)."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


async def boxes(locator: Locator) -> list[FloatRect]:
    """The bounding box of every element ``locator`` finds (each shown)."""
    found = [await locator.nth(i).bounding_box() for i in range(await locator.count())]
    assert None not in found
    return [box for box in found if box is not None]


def shown(row: list[FloatRect]) -> list[float]:
    """What each card of a row shows: up to the next card, or all of it."""
    return [after["x"] - box["x"] for box, after in itertools.pairwise(row)] + [row[-1]["width"]]


PHONES = {  # (width, height): the rows of a 13-card hand
    (360, 640): [7, 6],
    (390, 844): [7, 6],
    (412, 600): [7, 6],  # upright but squarer: the cards' size follows the height
    (640, 360): [13],
    (844, 390): [13],
}


async def test_on_a_phone_every_card_of_a_full_hand_shows_a_thumbs_width_on_screen(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer, monkeypatch: pytest.MonkeyPatch
):
    """A phone held upright (360 to 412 px wide, tall or squarer) lays the 13 cards in two rows:
    seven, then six; held sideways (360 and 390 px high), one row as on a desktop, under a shorter
    felt. Each card shows at least a thumb's width of itself, and lies wholly on the screen; the
    controls keep clear of what Discord's mobile client covers. (One page, turned and resized as a
    phone's screen would be.) Mid-trick, at each size and in three desktop windows, the trick's
    cards, the seats' name plates, the last trick's panel and the hand lie clear of each other
    (the table's seed fixed: alice plays into a trick)."""
    monkeypatch.setattr(lobby_actions, "secrets", SimpleNamespace(randbits=lambda bits: 11))
    table = await started(activity)
    alice = activity.people[0]
    window = await open_activity(
        browser, discord_client, alice, activity.general, base(activity) + "/", device=PHONE
    )
    assert await window.wait_move(activity.bot.service.snapshot(table).move_number) >= 0
    for (width, height), rows in PHONES.items():
        await window.page.set_viewport_size({"width": width, "height": height})
        laid = await hand_rows(window, 13)
        assert [len(row) for row in laid] == rows, (width, height)
        assert min(x for row in laid for x in shown(row)) >= THUMB, (width, height, laid)
        assert on_screen(laid, width, height), (width, height, laid)
    # Discord's mobile client covers the Activity's edges with its controls and says how far
    # (--discord-safe-area-inset-*): the lowest control, Pass, stays clear of them.
    await window.page.set_viewport_size({"width": 390, "height": 844})
    await window.app.evaluate(
        "document.documentElement.style.setProperty('--discord-safe-area-inset-bottom', '60px')"
    )
    bottom = await window.hook("pass-confirm").bounding_box()
    assert bottom is not None and bottom["y"] + bottom["height"] <= 844 - 60, bottom
    await pass_then_play_into_a_trick(activity, window, table, cards=13)
    await trick_clear_of_plates(window, [*PHONES, (1280, 720), (1024, 768), (800, 600)])  # and desktops
    await window.context.close()


async def test_seventeen_cards_of_three_players_lie_in_rows_a_thumb_can_tap_on_a_phone(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer, monkeypatch: pytest.MonkeyPatch
):
    """Three players hold 17 cards each: seven, seven and three on a phone held upright; held
    sideways, nine and eight (one row would leave each card less than a thumb's width). Every card
    on the screen, showing a thumb's width of itself (the felt gives up its room, the page does
    not scroll). On the felt that is left, the trick's cards (alice's among them) lie clear of
    every seat's name plate. (The table's seed is fixed: alice plays before the end of a trick
    while she still holds more than 13 cards.)"""
    monkeypatch.setattr(lobby_actions, "secrets", SimpleNamespace(randbits=lambda bits: 11))
    alice, bob, carol = activity.people[:3]
    lobby = await activity.open_table(alice, seats=3, target=10)
    await activity.seat(lobby, [bob, carol])
    await activity.click(alice, lobby, "Start")
    table = table_of(control(await activity.hand_with(alice, "pick"), "pick"))
    device = {**PHONE, "viewport": {"width": 390, "height": 844}}
    window = await open_activity(
        browser, discord_client, alice, activity.general, base(activity) + "/", device=device
    )
    assert await window.wait_move(activity.bot.service.snapshot(table).move_number) >= 0
    for (width, height), rows in {(390, 844): [7, 7, 3], (640, 360): [9, 8], (844, 390): [9, 8]}.items():
        await window.page.set_viewport_size({"width": width, "height": height})
        laid = await hand_rows(window, 17)
        assert [len(row) for row in laid] == rows, (width, height)
        assert min(x for row in laid for x in shown(row)) >= THUMB, (width, height, laid)
        assert on_screen(laid, width, height), (width, height, laid)
        assert await window.app.evaluate("document.scrollingElement.scrollHeight <= innerHeight"), (
            width,
            height,
        )
    # Mid-trick, with a card of alice's in it (her first three cards leave her more than 13).
    await pass_then_play_into_a_trick(activity, window, table, cards=3)
    assert len(await window.hand()) > 13
    await trick_clear_of_plates(window, [(640, 360), (844, 390), (390, 844)])
    await window.context.close()


async def pass_then_play_into_a_trick(
    hearts: Hearts, window: ActivityWindow, table: int, *, cards: int
) -> None:
    """The window's person passes in their page, the others by DM; then they play in the page,
    the others by DM, until they play a card that is not the last of its trick, once a trick has
    been taken (the last trick's panel shown), within their first ``cards`` cards (the table's seed
    is fixed by the test)."""
    service, person = hearts.bot.service, window.user
    mine, others = seat_of(hearts, table, person), [u for u in hearts.people if u is not person]
    await window.pass_cards((await window.hand())[:3])
    for other in others[: len(service.snapshot(table).seats) - 1]:
        await hearts.pass_hand(other)
    for _ in range(cards):
        await hearts.play_until(lambda: service.snapshot(table).waiting == (mine,), others, limit=60)
        snap = service.snapshot(table)
        into_a_trick = len(snap.trick) < len(snap.seats) - 1 and snap.last_trick is not None
        move = await shown_as_the_service_has_it(hearts, window, table)
        card = (await window.playable())[0]
        await window.tap(card)
        assert await window.wait_move(move + 1) > move
        if into_a_trick:
            await expect(window.hook("trick").locator(f'[data-card="{card}"]')).to_have_count(
                1, timeout=BOUND
            )
            return
    raise AssertionError(
        f"{person.name} played in the first trick or last to a trick with each of their first {cards}"
        " cards: choose another seed"
    )


async def trick_clear_of_plates(window: ActivityWindow, sizes: list[tuple[int, int]]) -> None:
    """At each screen size, the trick's cards, the seats' name plates, the last trick's panel and
    the reader's hand lie clear of each other."""
    for width, height in sizes:
        await window.page.set_viewport_size({"width": width, "height": height})
        trick = await boxes(window.hook("trick").locator("[data-card] img"))
        plates = await boxes(window.ui.locator('[data-testid^="seat-"]'))
        panel = await boxes(window.hook("last-trick").locator("visible=true"))
        hand = await boxes(window.hook("hand").locator("[data-card] img"))
        assert trick and plates and panel and hand
        clashes = [(a, b) for a in trick for b in plates + panel + hand if overlaps(a, b)]
        clashes += [(a, b) for a in plates for b in panel + hand if overlaps(a, b)]
        clashes += [(a, b) for a in panel for b in hand if overlaps(a, b)]
        assert not clashes, (width, height, clashes)


async def test_a_pass_pressed_as_anothers_pass_arrives_is_not_lost(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """alice presses Pass these; before she lets go, bob's pass arrives (everyone passes at once:
    views come often then) and the page shows it. Her click still sends her pass: the page keeps
    its controls from one view to the next, so the press ends on the button it began on."""
    service, (alice, bob) = activity.bot.service, activity.people[:2]
    table = await started(activity)
    window = await open_for(browser, discord_client, activity, alice)
    await shown_as_the_service_has_it(activity, window, table)
    for card in (await window.hand())[:3]:
        await window.tap(card)
        await window.card(card).and_(window.ui.locator('[aria-pressed="true"]')).wait_for(timeout=BOUND)
    box = await window.hook("pass-confirm").bounding_box()
    assert box is not None
    await window.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await window.page.mouse.down()
    await activity.pass_hand(bob)
    await expect(window.hook("status")).not_to_contain_text(bob.name, timeout=BOUND)  # shown meanwhile
    await window.page.mouse.up()
    mine = seat_of(activity, table, alice)
    await activity.emu.wait_until(lambda: service.snapshot(table).passed[mine], what="alice's pass")
    await window.context.close()


async def test_a_page_out_of_view_brings_the_turn_by_dm_and_back_in_view_holds_the_dms_back(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """alice plays in her page: her turn is not sent by DM while the page is in view; when it goes
    out of view (another app, a minimised window) her turn comes by DM, and back in view the
    server holds her DMs back again."""
    service, alice = activity.bot.service, activity.people[0]
    others = activity.people[1:]
    table = await started(activity)
    window = await open_for(browser, discord_client, activity, alice)
    await shown_as_the_service_has_it(activity, window, table)
    await window.pass_cards((await window.hand())[:3])
    for person in others:
        await activity.pass_hand(person)
    mine = seat_of(activity, table, alice)
    await activity.play_until(lambda: service.snapshot(table).waiting == (mine,), others, limit=60)
    move = await shown_as_the_service_has_it(activity, window, table)
    await activity.settle()
    assert not [m for m in activity.emu.dm_messages(alice) if controls(m) and move_of(controls(m)[0]) == move]

    hide = (  # as the browser does when the page goes out of view and comes back
        "hidden => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    await window.app.evaluate(hide, True)
    await dm_at(activity, alice, move)
    await window.app.evaluate(hide, False)
    await in_view(activity, alice, [True])
    await window.context.close()
