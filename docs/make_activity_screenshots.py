"""Screenshots of the Activity's page for the docs: ``.venv/bin/python docs/make_activity_screenshots.py``.

The real bot with its Activity server against the Discord emulator, and Debian's Chromium with
the browser tests' stand-in for Discord's client (``playtest.activity_client``), as
tests/activity_browser does. alice, bob, carol and dave sit at a table; alice and bob open the
Activity, carol and dave play by DM. The pictures (``NAMES``, in docs/images/):

- ``activity_passing_phone.png``: alice's phone while passing, three cards chosen;
- ``activity_phone.png`` and ``activity_desktop.png``: alice's turn in the middle of a hand, two or
  three cards on the table, some of her cards playable and some not, on a phone and a desktop;
- ``activity_phone_ru.png``: bob's turn at such a moment, his Discord in Russian.

The deal is random and the page is drawn by a browser, so each run makes different pictures
(tests/test_docs.py checks that these files are the ones named here, not their pixels). Rerun
after changing the page's look (web/activity/src).
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any, Final

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from PIL import Image  # noqa: E402

from bot.engine.cards import cards_of  # noqa: E402
from bot.engine.hand import Phase  # noqa: E402
from bot.tables.permissions import Actor  # noqa: E402
from discord_emulator import DiscordEmulator, User  # noqa: E402
from discord_emulator.runner import BotRunner, redirect_discord_py  # noqa: E402
from playtest.activity_client import ActivityWindow, DiscordClientServer, chromium, open_activity  # noqa: E402
from playtest.activity_client.browser import BOUND  # noqa: E402
from playtest.harness import Hearts, control, start_hearts  # noqa: E402

OUT: Final = HERE / "images"
PHONE: Final[dict[str, Any]] = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 1.5,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: Final[dict[str, Any]] = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}
NAMES: Final = (
    "activity_passing_phone.png",
    "activity_phone.png",
    "activity_desktop.png",
    "activity_phone_ru.png",
)
OTHER_LOCALE: Final = "ru"  # another script than the Latin; the system's fonts have Cyrillic (no CJK)


async def started(hearts: Hearts) -> int:
    """alice opens a four-seat table to 100, the others sit, alice starts; the table's id."""
    alice, bob, carol, dave = hearts.people
    lobby = await hearts.open_table(alice, seats=4, target=100)
    await hearts.seat(lobby, [bob, carol, dave])
    await hearts.click(alice, lobby, "Start")
    return int(control(await hearts.hand_with(alice, "pick"), "pick").split(":")[2])


def app_url(hearts: Hearts) -> str:
    cog = hearts.bot.get_cog("ActivityCog")
    assert cog is not None
    return f"http://127.0.0.1:{cog.port}/"  # type: ignore[attr-defined]


async def shown(hearts: Hearts, window: ActivityWindow, table: int) -> None:
    """Wait until the page shows the table's current move with every card image loaded."""
    await window.wait_move(hearts.bot.service.snapshot(table).move_number)
    await window.app.wait_for_function(
        "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=BOUND
    )
    await window.app.wait_for_function(
        "() => document.getElementById('countdown')?.textContent !== ''", timeout=BOUND
    )


async def save(window: ActivityWindow, name: str) -> None:
    """The window's screenshot in 256 colours (median cut, no dithering: the felt's gradient
    shows no bands; refined by k-means, which keeps the few pixels of the turn's gold), well under
    200 KB where the browser's own PNG is over."""
    path = OUT / name
    shot = Image.open(io.BytesIO(await window.page.screenshot(animations="disabled"))).convert("RGB")
    colours = shot.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE, kmeans=2)
    colours.save(path, optimize=True)
    print(f"{path.relative_to(HERE.parent)}: {shot.width}x{shot.height}, {path.stat().st_size // 1024} KB")


def mid_trick(hearts: Hearts, table: int, user: User) -> bool:
    """``user`` alone is to play, to a trick of two or three cards, after the hand's first trick
    (the last trick is shown), with a choice that leaves out some of their cards (they must
    follow suit)."""
    service = hearts.bot.service
    snapshot = service.snapshot(table)
    if snapshot.phase is not Phase.PLAYING or not 2 <= len(snapshot.trick) <= 3:
        return False
    seat = next(s.seat for s in snapshot.seats if s.player_id == str(user.id))
    if snapshot.waiting != (seat,):
        return False
    private = service.private_hand(Actor(str(user.id)), table)
    cards = cards_of(private.cards)
    return len(cards) <= 12 and 2 <= len(cards_of(private.playable)) < len(cards)


async def make(hearts: Hearts, client: DiscordClientServer) -> None:
    service = hearts.bot.service
    alice, bob = hearts.people[:2]
    hearts.emu.set_locale(bob, OTHER_LOCALE)
    table = await started(hearts)
    OUT.mkdir(exist_ok=True)
    async with chromium() as browser:

        async def window(user: User, device: dict[str, Any]) -> ActivityWindow:
            opened = await open_activity(
                browser, client, user, hearts.general, app_url(hearts), device=device
            )
            await shown(hearts, opened, table)
            return opened

        # Passing: alice chooses her hand's first three cards in the page.
        phone = await window(alice, PHONE)
        count = service.private_hand(Actor(str(alice.id)), table).pass_count
        chosen = (await phone.hand())[:count]
        for card in chosen:
            await phone.tap(card)
            await phone.card(card).and_(phone.ui.locator('[aria-pressed="true"]')).wait_for(timeout=BOUND)
        await save(phone, "activity_passing_phone.png")
        await phone.context.close()
        # Everyone passes by DM, where the rest of the game is played (a pass made in the page
        # would leave a DM of choices the harness would still try to act on).
        for person in hearts.people:
            await hearts.pass_hand(person)
        await hearts.emu.wait_until(
            lambda: service.snapshot(table).phase is not Phase.PASSING, what="the passes"
        )

        # alice's turn mid-trick, on a phone and on a desktop; then bob's, in Russian.
        for user, shots in (
            (alice, [(PHONE, "activity_phone.png"), (DESKTOP, "activity_desktop.png")]),
            (bob, [(PHONE, "activity_phone_ru.png")]),
        ):
            await hearts.play_until(partial(mid_trick, hearts, table, user), limit=200)
            await hearts.settle()
            for device, name in shots:
                opened = await window(user, device)
                await save(opened, name)
                await opened.context.close()


async def main() -> None:
    async with DiscordEmulator() as emu:
        with redirect_discord_py(emu), tempfile.TemporaryDirectory() as workdir:
            runner = BotRunner(emu)
            try:
                emu.enable_activities()
                hearts = await start_hearts(emu, runner, Path(workdir), activity_port=0)
                async with DiscordClientServer(emu) as client:
                    await make(hearts, client)
            finally:
                await emu.settle()
                await runner.stop_all()


if __name__ == "__main__":
    asyncio.run(main())
