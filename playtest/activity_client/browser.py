"""Debian's Chromium, driven by Playwright, with a person's Discord window open on the Activity.

The page framing the app is put at ``https://discord.com``: Playwright answers every request
for that origin from the test's ``DiscordClientServer`` (nothing reaches Discord), so the frame's
parent has Discord's own origin, one the SDK accepts. Chromium's Local Network Access rule asks a
person before a public site may reach their loopback address (Discord's app is served from a
public host; the test's from 127.0.0.1), so each person's context is granted that permission.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from playwright.async_api import (
    Browser,
    BrowserContext,
    Frame,
    FrameLocator,
    Locator,
    Page,
    Route,
    WebSocket,
    WebSocketRoute,
    async_playwright,
)
from playwright.async_api import TimeoutError as PageTimeout

from discord_emulator import Channel, User

from .server import DISCORD, DiscordClientServer

CHROMIUM: Final = Path("/usr/bin/chromium")  # Debian's package (``make test`` installs it)
ARGUMENTS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
BOUND: Final = 20_000  # milliseconds: every wait on a page ends as soon as it can, at most this late
SOCKET: Final = re.compile(r"/api/socket$")


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (no browser of Playwright's own)."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(ARGUMENTS))
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class SocketGate:
    """Stands between the page and the Activity's socket, forwarding both ways, and can hold
    what the server sends: the page then still shows the table as it was (a move made elsewhere
    meanwhile makes the page's next move out of date, as over a slow connection)."""

    held: list[tuple[WebSocketRoute, str | bytes]] | None = None
    rewrite: Callable[[str], str] | None = None  # applied to what the server sends, if given

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        page_side.on_message(server.send)

        def down(message: str | bytes) -> None:
            if self.rewrite is not None and isinstance(message, str):
                message = self.rewrite(message)
            if self.held is None:
                page_side.send(message)
            else:
                self.held.append((page_side, message))

        server.on_message(down)

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for page_side, message in held:
            page_side.send(message)


@dataclass
class ActivityWindow:
    """One person's Discord window (their own browser context) with the Activity open."""

    user: User
    context: BrowserContext
    page: Page
    app: Frame  # the Activity's frame
    gate: SocketGate | None  # between the page and its socket, if the test asked for one
    sockets: list[WebSocket]  # the sockets the page opened (a reconnection opens another)

    @property
    def ui(self) -> FrameLocator:
        return self.page.frame_locator("#activity")

    def hook(self, testid: str) -> Locator:
        """The element of the page's contract with this ``data-testid``."""
        return self.ui.locator(f"[data-testid={testid}]")

    @property
    def body(self) -> Locator:
        return self.ui.locator("body")

    @property
    def notice(self) -> Locator:
        return self.hook("notice")

    def card(self, card: int) -> Locator:
        return self.hook("hand").locator(f'[data-card="{card}"]')

    async def tap(self, card: int) -> None:
        """Tap ``card`` in the hand, near its left edge: the cards overlap (a later card lies over
        the right part of an earlier one), so the left edge is the part of each that shows."""
        await self.card(card).click(position={"x": 4, "y": 24}, timeout=BOUND)

    async def dataset(self, key: str) -> str | None:
        value = await self.app.evaluate("key => document.body.dataset[key] ?? null", key)
        return value if isinstance(value, str) else None

    async def wait_state(self, state: str) -> None:
        await self.app.wait_for_function(
            "state => document.body.dataset.state === state", arg=state, timeout=BOUND
        )

    async def wait_move(self, move: int) -> int:
        """Wait until the page shows the table at ``move`` or later; the move shown. Polled at
        intervals rather than on animation frames, and on a timeout the failure says what the
        page showed (a move the page never sent and one the server never answered look alike
        from here)."""
        script = "move => Number(document.body.dataset.move ?? -1) >= move"
        try:
            await self.app.wait_for_function(script, arg=move, timeout=BOUND, polling=100)
        except PageTimeout:
            raise AssertionError(f"the page never showed move {move}: {await self.described()}") from None
        return int(await self.dataset("move") or -1)

    async def described(self) -> str:
        """What the page shows and how its sockets stand, for a failure's message."""
        shown = await self.app.evaluate(
            """() => {
              const cards = [...document.querySelectorAll('[data-testid=hand] [data-card]')];
              const confirm = document.querySelector('[data-testid=pass-confirm]');
              return {
                move: document.body.dataset.move ?? null,
                state: document.body.dataset.state ?? null,
                notice: document.querySelector('[data-testid=notice]')?.textContent ?? null,
                status: document.querySelector('[data-testid=status]')?.textContent ?? null,
                hand: cards.length,
                enabled: cards.filter(b => !b.disabled && b.getAttribute('aria-disabled') !== 'true').length,
                chosen: cards.filter(b => b.getAttribute('aria-pressed') === 'true').length,
                pass_confirm: confirm === null ? null : (confirm.disabled ? 'disabled' : 'enabled'),
              };
            }"""
        )
        sockets = ["closed" if socket.is_closed() else "open" for socket in self.sockets]
        return f"{shown}, sockets {sockets}"

    async def _cards(self, testid: str, script: str) -> list[Any]:
        """``script`` run on the ``[data-card]`` elements inside the ``testid`` element."""
        found = await self.hook(testid).locator("[data-card]").evaluate_all(script)
        assert isinstance(found, list)
        return found

    async def hand(self) -> list[int]:
        """The cards the page shows in the reader's hand (engine ids), in the page's order."""
        return [int(c) for c in await self._cards("hand", "buttons => buttons.map(b => b.dataset.card)")]

    async def card_labels(self) -> list[str]:
        """The names the hand's buttons give their cards (``aria-label``), in the page's order."""
        script = "buttons => buttons.map(b => b.getAttribute('aria-label'))"
        return [str(label) for label in await self._cards("hand", script)]

    async def playable(self) -> list[int]:
        """The cards the page lets the reader play now."""
        script = (
            "buttons => buttons.filter(b => !b.disabled && b.getAttribute('aria-disabled') !== 'true')"
            ".map(b => b.dataset.card)"
        )
        return [int(c) for c in await self._cards("hand", script)]

    async def trick(self) -> list[int]:
        return [int(c) for c in await self._cards("trick", "cards => cards.map(c => c.dataset.card)")]

    async def pass_cards(self, cards: list[int]) -> None:
        """Choose ``cards`` (each tap toggles aria-pressed), then confirm the pass; returns once
        the server's answer shows it passed (the confirm button gone), so that a pass lost on
        its way fails here rather than as a later tap that only chooses a card to pass."""
        for card in cards:
            await self.tap(card)
            await self.card(card).and_(self.ui.locator('[aria-pressed="true"]')).wait_for(timeout=BOUND)
        await self.hook("pass-confirm").click(timeout=BOUND)
        try:
            await self.hook("pass-confirm").wait_for(state="detached", timeout=BOUND)
        except PageTimeout:
            raise AssertionError(f"the page's pass was never answered: {await self.described()}") from None

    async def client_state(self) -> dict[str, object]:
        """What the Discord side saw of the app (``window.discordClient`` in static/client.js)."""
        state = await self.page.evaluate("() => window.discordClient")
        assert isinstance(state, dict)
        return state


async def open_activity(
    browser: Browser,
    client: DiscordClientServer,
    user: User,
    channel: Channel,
    app_url: str,
    *,
    gate: bool = False,
    device: dict[str, Any] | None = None,
) -> ActivityWindow:
    """``user`` opens the Activity at ``app_url`` in ``channel``: a fresh browser context (their
    own cookies and storage), the Discord page framing the app; returns once the frame is there.
    With ``gate``, the page's socket goes through a ``SocketGate`` (``window.gate``); ``device``:
    the context's screen (Playwright's ``viewport``, ``device_scale_factor``, ``is_mobile``...)."""
    context = await browser.new_context(locale=user.locale, reduced_motion="reduce", **(device or {}))
    await context.grant_permissions(["local-network-access"], origin=DISCORD)

    async def from_test_server(route: Route) -> None:
        path = route.request.url.removeprefix(DISCORD)
        await route.fulfill(response=await route.fetch(url=client.base + path))

    await context.route(f"{DISCORD}/**", from_test_server)
    page = await context.new_page()
    between = SocketGate() if gate else None
    if between is not None:
        await page.route_web_socket(SOCKET, between.route)
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))  # Playwright wraps a function, not a builtin
    await page.goto(DISCORD + client.path_for(user, channel, app_url), timeout=BOUND)
    element = await page.wait_for_selector("#activity", timeout=BOUND)
    frame = await element.content_frame() if element is not None else None
    assert frame is not None
    return ActivityWindow(user, context, page, frame, between, sockets)
