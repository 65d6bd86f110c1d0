"""Interactions carry the user's client locale and the server's, as Discord sends them."""

from __future__ import annotations

import pytest

from discord_emulator import DiscordEmulator
from tests.conftest import World


async def test_an_interaction_carries_the_users_and_the_servers_locale(world: World) -> None:
    emu = world.emu
    emu.set_locale(world.alice, "de")
    emu.set_locale(world.guild, "ja")
    record = await emu.slash(world.alice, world.general, "deal")
    await record.wait_acknowledged()
    payload = emu.interactions.payload(record)
    assert payload["locale"] == "de"
    assert payload["guild_locale"] == "ja"
    assert payload["guild"]["locale"] == "ja"
    assert world.guild.payload()["preferred_locale"] == "ja"


async def test_a_new_user_and_server_start_in_american_english_unless_told(emulator: DiscordEmulator) -> None:
    hindi = emulator.create_user("asha", locale="hi")
    guild = emulator.create_guild("Club", members=[hindi], locale="id")
    assert emulator.create_user("sam").locale == "en-US"
    assert (hindi.locale, guild.preferred_locale) == ("hi", "id")


@pytest.mark.parametrize("locale", ["en", "de-DE", "xx", "en-XA", ""])
async def test_only_discords_locales_can_be_set(emulator: DiscordEmulator, locale: str) -> None:
    """Discord sends only the locales of its clients (``en-US``, ``de``, ``pt-BR``, ...)."""
    user = emulator.create_user("sam")
    with pytest.raises(ValueError):
        emulator.set_locale(user, locale)
    with pytest.raises(ValueError):
        emulator.create_guild("Club", locale=locale)
