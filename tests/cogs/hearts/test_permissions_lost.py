"""A game whose place the bot may still see but no longer post in: a permission denied to it or to
@everyone (a raid's lockdown), or its thread locked by a moderator. Discord answers 403/50013
Missing Permissions, or 50083 for a post in a locked thread, to every post and edit there. Such a
place is as good as gone (``_places``): the game's news moves to the lobby's channel where the bot
may post there, saying why in one line, else nowhere (the game's end then goes by DM); nothing is
tried there again and again, and a player whose DMs are closed is pinged in the new place. At
Start, a place where the bot may not post its pictures is not chosen: the host is told what is
missing, as ``/hearts new`` tells it."""

from __future__ import annotations

import re

import pytest

from bot.client.permissions import permission_names
from bot.text import t
from discord_emulator import Message, Permission
from playtest.harness import Hearts, discord_presenter

REFUSALS = (50013, 50083)


def table_id(lobby: Message) -> int:
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    return int(found.group(1))


async def start_in_a_thread(hearts: Hearts, **options: object) -> tuple[Message, Message]:
    """Alice and three computers, one hand; returns the lobby and the first table message."""
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none", **options)
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    assert hearts.emu.state.channels[table.channel_id].kind.is_thread
    return lobby, table


def refused(hearts: Hearts) -> list[int | None]:
    """The codes of the bot's requests Discord refused for a permission or a lock."""
    return [r.code for r in hearts.emu.requests.records if r.code in REFUSALS]


@pytest.mark.parametrize("how", ["send messages in threads denied", "thread locked"])
async def test_a_thread_the_bot_may_not_post_in_moves_the_game_to_the_lobbys_channel(
    hearts: Hearts, how: str
) -> None:
    """alice's DMs are closed: she plays through pings, which now come in the lobby's channel
    (before, they were refused in the thread: she timed out twice without being reached)."""
    alice = hearts.people[0]
    emu = hearts.emu
    emu.faults.close_dms(alice)
    hearts.no_dm.add(alice.id)
    lobby, table = await start_in_a_thread(hearts)
    thread = emu.state.channels[table.channel_id]
    if how == "thread locked":
        emu.state.update_thread(thread, {"locked": True})  # a moderator locks it
        why = t("announce.place_gone", table=table_id(lobby))
    else:
        emu.set_overwrite(hearts.general, emu.bot, deny=Permission.SEND_MESSAGES_IN_THREADS)
        # (without the right to send there, Discord takes Attach Files away too)
        named = permission_names(["send_messages_in_threads", "attach_files"])
        why = t("announce.no_thread", permissions=named, table=table_id(lobby))
    await hearts.play_until(hearts.game_over, [alice])
    await hearts.settle()
    here = [m.content for m in emu.messages(hearts.general)]
    assert here.count(why) == 1  # said once, in one line
    assert any(c.startswith("**Hand 1:**") for c in here)  # the hand's scores, not lost
    assert any(c.startswith("**Game over.**") for c in here)
    pinged = [m for m in emu.state.messages.values() if alice.id in m.notified]  # (deleted or not)
    assert hearts.general.id in {m.channel_id for m in pinged}
    assert not hearts.public(t("announce.forfeit", name=alice.name))  # she was reached in time
    assert len(refused(hearts)) <= 2, refused(hearts)  # an edit and a post, not one of each per move
    saved = await hearts.bot.db.presenter_data(table_id(lobby))
    assert saved["play_channel"] == str(hearts.general.id)


@pytest.mark.parametrize("where", ["in a thread", "in the channel"])
async def test_a_lockdown_leaves_no_place_and_the_game_ends_by_dm(hearts: Hearts, where: str) -> None:
    """A raid's lockdown: @everyone may no longer send messages, in threads or not, nor make
    threads, and the bot has no allow of its own. The thread and the channel both refuse: nothing
    more is tried there, and the game's end comes by DM."""
    alice = hearts.people[0]
    emu = hearts.emu
    if where == "in the channel":  # no thread could be made: the game is played in the channel
        emu.set_overwrite(hearts.general, emu.bot, deny=Permission.CREATE_PUBLIC_THREADS)
        lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
        await hearts.click(alice, lobby, "Start")
        await hearts.wait_table_message()
    else:
        lobby, _ = await start_in_a_thread(hearts)
    lockdown = (
        Permission.SEND_MESSAGES | Permission.SEND_MESSAGES_IN_THREADS | Permission.CREATE_PUBLIC_THREADS
    )
    emu.set_overwrite(hearts.general, hearts.guild, deny=lockdown)
    why = t("announce.end_by_dm", table=table_id(lobby))

    def ended() -> Message | None:
        return next((m for m in emu.dm_messages(alice) if m.content.startswith(why)), None)

    await hearts.play_until(ended, [alice])
    await hearts.settle()
    assert len(refused(hearts)) <= 3, refused(hearts)  # the thread, the channel's line: then nothing
    assert (await hearts.bot.db.presenter_data(table_id(lobby)))["homeless"] == "1"


async def test_attach_files_taken_before_start_is_told_to_the_host(hearts: Hearts) -> None:
    """Attach Files denied between /hearts new and Start: no place can show the table's picture,
    so none is tried (no refusal), and the host is told which permission is missing, as /hearts
    new would have told them; the game goes on in DMs."""
    alice = hearts.people[0]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    emu.set_overwrite(hearts.general, emu.bot, deny=Permission.ATTACH_FILES)
    await hearts.click(alice, lobby, "Start")
    told = t("reply.missing_permissions", permissions=t("permission.attach_files"))
    await emu.wait_until(lambda: any(m.content == told for m in emu.dm_messages(alice)), what="the host told")
    ending = t("announce.end_by_dm", table=table_id(lobby))
    await hearts.play_until(
        lambda: any(m.content.startswith(ending) for m in emu.dm_messages(alice)), [alice]
    )
    await hearts.settle()
    # Nothing tried blindly at the start: only the hand's scores, text, are tried (and shown), and
    # the end, with its picture, is refused once (a table with no place tries it again each hand).
    assert refused(hearts) == [50013]
    assert hearts.public("**Hand 1:**")
    assert not [c for c in emu.state.channels.values() if c.kind.is_thread]  # no thread left unused


async def test_a_place_given_back_is_used_again_at_the_next_hand(hearts: Hearts) -> None:
    """View Channel taken mid-game (the thread and the channel out of reach: no place left), then
    given back: from the next hand's scores the game is public again, in the lobby's channel."""
    alice = hearts.people[0]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=4, hands=2, passing="none")
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    state = await discord_presenter(hearts.bot).state(table_id(lobby))
    emu.set_overwrite(hearts.general, emu.bot, deny=Permission.VIEW_CHANNEL)
    await hearts.play_until(lambda: state.homeless, [alice])
    emu.set_overwrite(hearts.general, emu.bot)  # given back

    def over() -> bool:  # (the table closes whether or not its end is public)
        return table_id(lobby) not in {s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))}

    await hearts.play_until(over, [alice])
    await hearts.settle()
    here = [m.content for m in emu.messages(hearts.general)]
    assert any(c.startswith("**Game over.**") for c in here)
    assert any(c.startswith("**Hand 2:**") for c in here)
