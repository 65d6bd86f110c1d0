"""The Activity's page in a real browser when something fails for a while (the database busy at its
hello or at the table's first read) and when its game is cancelled: it comes back, and says what
happened, rather than giving up or freezing on the last turn."""

from __future__ import annotations

import re
from typing import Any

from aiohttp import WSCloseCode
from playwright.async_api import Browser, expect

from bot.tables.permissions import Actor
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.snapshot import TableSnapshot
from bot.text import refusal_text, t
from cogs.activity._cog import READ_AGAIN
from playtest.activity_client import BOUND, DiscordClientServer
from playtest.harness import Hearts
from tests.activity_browser.test_activity_in_a_browser import open_for
from tests.cogs.test_activity import started


async def test_a_page_refused_while_the_database_is_busy_comes_back_and_is_told_of_a_cancel(
    activity: Hearts, browser: Browser, discord_client: DiscordClientServer
):
    """The database is busy at the page's hello (told, sent away with 1013: the page comes back),
    then at the table's first read for it (told before any view; the view comes ``READ_AGAIN``
    later): a drop of the socket after that is no refusal, and the page reconnects. The host then
    cancels the game: the page says so where whose turn it was, and keeps the reader's seat."""
    alice = activity.people[0]
    service, cog = activity.bot.service, activity.bot.get_cog("ActivityCog")
    assert cog is not None
    table = await started(activity)
    tables, read = service.channel_tables, cog._read  # type: ignore[attr-defined]

    async def busy_tables(guild_id: str, channel_id: str) -> list[TableSnapshot]:
        service.channel_tables = tables  # type: ignore[method-assign]
        raise Refused(TableRefusal.STORAGE_BUSY)

    async def busy_read(table_id: int) -> Any:
        cog._read = read  # type: ignore[attr-defined]
        raise Refused(TableRefusal.STORAGE_BUSY)

    service.channel_tables, cog._read = busy_tables, busy_read  # type: ignore[method-assign, attr-defined]
    window = await open_for(browser, discord_client, activity, alice)
    busy = refusal_text(TableRefusal.STORAGE_BUSY, alice.locale)
    await activity.emu.wait_until(lambda: len(window.sockets) >= 2, what="the page back after its 1013")
    await expect(window.notice).to_have_text(busy, timeout=BOUND)  # the first read's refusal
    activity.clock.advance(READ_AGAIN)
    await window.wait_move(service.snapshot(table).move_number)

    for conn in list(cog.watching[table]):  # type: ignore[attr-defined]
        await conn.ws.close(code=WSCloseCode.GOING_AWAY)
    await activity.emu.wait_until(lambda: len(window.sockets) >= 3, what="the page back after the drop")
    await window.wait_state("playing")

    await service.cancel(Actor(str(alice.id)), table)
    await expect(window.hook("status")).to_have_text(t("lobby.cancelled", alice.locale), timeout=BOUND)
    await expect(window.hook("seat-0")).to_have_class(re.compile(r"\byou\b"), timeout=BOUND)
    await expect(window.body).not_to_contain_text(t("activity.watching", alice.locale))
