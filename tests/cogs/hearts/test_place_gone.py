"""A game whose place goes away: its thread deleted, or the bot's access to it taken. The game goes
on and its news goes to the lobby's channel (one line there saying why); where no channel is
left, its end is DMed to each person. The emulator answers as Discord does: 404/10003 Unknown
Channel for a deleted channel, 403/50001 Missing Access for one the bot can't see."""

from __future__ import annotations

import logging
import re

import pytest

from bot.text import t
from discord_emulator import Message, Permission
from playtest.harness import Hearts

REFUSED = "Discord refused an update"


def table_id(lobby: Message) -> int:
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    return int(found.group(1))


async def start_in_a_thread(hearts: Hearts) -> tuple[Message, Message]:
    """Alice and three computers, one hand; returns the lobby and the first table message."""
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    assert hearts.emu.state.channels[table.channel_id].kind.is_thread
    return lobby, table


async def test_a_deleted_thread_moves_the_game_to_the_lobbys_channel(
    hearts: Hearts, caplog: pytest.LogCaptureFixture
) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    lobby, table = await start_in_a_thread(hearts)
    emu.delete_channel(emu.state.channels[table.channel_id])
    with caplog.at_level(logging.WARNING):
        await hearts.play_until(hearts.game_over, [alice])
        await hearts.settle()
    here = [m.content for m in emu.messages(hearts.general)]
    why = t("announce.place_gone", table=table_id(lobby))
    assert here.count(why) == 1  # said once, however many messages followed
    assert any(c.startswith("**Hand 1:**") for c in here)
    assert any(c.startswith("**Game over.**") for c in here)
    drawn = [a.filename for m in emu.messages(hearts.general) for a in m.attachments]
    assert "table.png" in drawn, "the table message is drawn anew in the channel"
    assert "This game is over." in emu.message(lobby.id).content
    assert not [r for r in caplog.records if REFUSED in r.getMessage()]  # nothing left unsaid
    saved = await hearts.bot.db.presenter_data(table_id(lobby))  # a restart posts where the game went
    assert saved["play_channel"] == str(hearts.general.id)


@pytest.mark.parametrize("how", ["deleted", "out of reach"])
async def test_with_no_channel_left_the_game_ends_by_dm(
    hearts: Hearts, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    lobby, _ = await start_in_a_thread(hearts)
    if how == "deleted":
        emu.delete_channel(hearts.general)  # the channel, and the game's thread with it
    else:
        emu.set_overwrite(hearts.general, emu.bot, deny=Permission.VIEW_CHANNEL)  # the thread's too
    why = t("announce.end_by_dm", table=table_id(lobby))

    def ended() -> Message | None:
        return next((m for m in emu.dm_messages(alice) if m.content.startswith(why)), None)

    with caplog.at_level(logging.WARNING):
        await hearts.play_until(ended, [alice])
        await hearts.settle()
    end = ended()
    assert end is not None and "**Game over.**" in end.content and "alice won" in end.content
    assert [a.filename for a in end.attachments] == ["standings.png"]
    assert end.attachments[0].description  # its alt text
    assert [m for m in emu.dm_messages(alice) if m.content.startswith(why)] == [end]  # once
    assert not [r for r in caplog.records if REFUSED in r.getMessage()]
    assert (await hearts.bot.db.presenter_data(table_id(lobby)))["homeless"] == "1"
