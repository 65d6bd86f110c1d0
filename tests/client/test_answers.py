"""``to_cog``: a persistent control's click reaches its cog as loaded now, and is answered
whatever happens (narrow unit tests: a real ``commands.Bot``, a stand-in for the interaction)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.client.answers import to_cog
from bot.tables.refusals import Refused, TableRefusal
from bot.text import refusal_text, t


@dataclass
class Response:
    sent: list[tuple[str, bool]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, *, ephemeral: bool = False, **_: Any) -> None:
        self.sent.append((text, ephemeral))


class Handles(commands.Cog, name="Handles"):
    def __init__(self) -> None:
        self.clicks: list[str] = []

    async def click(self, interaction: Any, arg: str) -> None:
        self.clicks.append(arg)
        await interaction.response.send_message("done", ephemeral=True)

    async def broken(self, interaction: Any) -> None:
        raise ValueError("a bug")


def click_on(client: commands.Bot) -> Any:
    return SimpleNamespace(
        client=client,
        response=Response(),
        locale=discord.Locale.german,
        data={"custom_id": "x"},
        user=SimpleNamespace(id=1),
        extras={},
    )


async def a_bot(*cogs: commands.Cog) -> commands.Bot:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in cogs:
        await client.add_cog(cog)
    return client


async def test_a_click_reaches_the_loaded_cogs_method() -> None:
    cog = Handles()
    interaction = click_on(await a_bot(cog))
    await to_cog(interaction, "Handles", "click", "seat 2")
    assert cog.clicks == ["seat 2"] and interaction.response.sent == [("done", True)]


async def test_a_click_whose_cog_is_not_loaded_is_answered_that_it_failed() -> None:
    interaction = click_on(await a_bot())  # the extension unloaded: its cog is gone
    await to_cog(interaction, "Handles", "click", "seat 2")
    assert interaction.response.sent == [(t("reply.error", "de"), True)]


async def test_a_click_whose_handler_fails_is_answered_that_it_failed() -> None:
    interaction = click_on(await a_bot(Handles()))
    await to_cog(interaction, "Handles", "broken")
    assert interaction.response.sent == [(t("reply.error", "de"), True)]


async def test_a_click_whose_handler_is_refused_is_answered_with_the_reason() -> None:
    """A refusal raised from deep in a handler (a click starting a game while the disk is full) is
    no bug: the person reads why, in their words, and nothing is logged as an error."""

    class Refuses(commands.Cog, name="Handles"):
        async def click(self, interaction: Any) -> None:
            raise Refused(TableRefusal.STORAGE_BUSY)

    interaction = click_on(await a_bot(Refuses()))
    await to_cog(interaction, "Handles", "click")
    assert interaction.response.sent == [(refusal_text(TableRefusal.STORAGE_BUSY, "de"), True)]


async def test_a_refusal_whose_answer_discord_does_not_take_is_logged_not_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The click expired before its refusal could be answered (Discord says 10062): that is
    logged as a warning, never raised to discord.py (which logs it as an error)."""

    class Refuses(commands.Cog, name="Handles"):
        async def click(self, interaction: Any) -> None:
            raise Refused(TableRefusal.STALE, move=1, current=2)

    interaction = click_on(await a_bot(Refuses()))

    async def expired(*_: Any, **__: Any) -> None:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10062})

    interaction.response.send_message = expired
    await to_cog(interaction, "Handles", "click")
    assert [r.levelname for r in caplog.records if r.name == "bot.client.answers"] == ["WARNING"]
