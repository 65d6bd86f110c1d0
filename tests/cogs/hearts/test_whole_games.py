"""Whole games with people only, and with a person whose DMs are closed."""

from __future__ import annotations

import re

from discord_emulator import Message, route_keys
from playtest.harness import SHOW_MY_HAND, Hearts, card_taps, control


async def test_four_people_play_a_game_to_the_end_through_their_dms(hearts: Hearts) -> None:
    alice, bob, carol, dave = hearts.people
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob, carol, dave])
    await hearts.click(alice, lobby, "Start")

    # At the deal each person gets their hand by DM: an image, a button per card in rows by suit,
    # and Pass these cards, disabled until three are chosen.
    for person in hearts.people:
        dm = await hearts.hand_with(person, "pick")
        assert dm.attachments and dm.attachments[0].image().width > 300
        assert len([c for c in dm.custom_ids if c.startswith("hh:pick:")]) == 13
        assert dm.component(control(dm, "pok"))["disabled"]

    dms = {hearts.emu.dm_channel(person).id for person in hearts.people}
    await hearts.play_until(hearts.game_over)

    over = hearts.public("Game over")[0]
    assert over.attachments[0].image().height > 100  # the final standings, decoded
    for person in hearts.people:
        assert person.name in over.content  # everyone's ranking points change is listed
        assert not [m for m in hearts.emu.ephemeral_messages(person) if m.deleted is False and m.custom_ids]
    assert hearts.public("**Hand 1:**")
    # Every card was played by a person, from a DM, with one tap: one click per card played.
    hands = len(re.findall(r"\*\*Hand \d+:\*\*", "".join(m.content for m in hearts.public("**Hand "))))
    taps = card_taps(hearts.emu)
    assert hands >= 1 and len(taps) == 4 * 13 * hands
    assert all(ix.source_message is not None and ix.source_message.channel_id in dms for ix in taps)
    lobby = await hearts.wait_content(lobby, "This game is over.")
    assert not lobby.custom_ids  # the lobby buttons are gone


async def test_a_person_with_closed_dms_plays_through_show_my_hand(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    emu.faults.close_dms(bob)
    hearts.no_dm.add(bob.id)
    lobby = await hearts.open_table(alice, seats=4, target=10, computers="easy")
    await hearts.seat(lobby, [bob])
    start = await hearts.click(alice, lobby, "Start")

    # The table tells bob (with a ping) that his DMs are closed and sends him to Show my hand.
    notice = await hearts.wait_public(bob.mention, since=start)
    assert SHOW_MY_HAND in notice.content
    hand = await hearts.show_hand(bob)
    assert hand.ephemeral and hand.attachments[0].image().width > 300
    assert control(hand, "pick")

    await hearts.play_until(hearts.game_over, [alice, bob])

    dm = emu.dm_channel(bob)
    attempts = emu.requests.select(route_keys.CREATE_MESSAGE, where=lambda r: str(dm.id) in r.path)
    assert len(attempts) == 1, [str(r) for r in attempts]  # refused once, never retried
    assert attempts[0].status == 403 and attempts[0].code == 50007
    assert not emu.dm_messages(bob)
    # bob played every one of his cards from ephemeral messages only he could see.
    played = [m for m in emu.ephemeral_messages(bob) if m.content.startswith("You played")]
    assert len(played) >= 13
    assert all(m.visible_to == bob.id for m in played)
    await hearts.settle()
    assert hearts.public(bob.mention) == []  # the game is over: his last ping is gone too


async def test_a_closed_dm_player_has_at_most_one_live_ping_and_others_none(hearts: Hearts) -> None:
    """Two hands, bob's DMs closed: every turn of his pings him, each ping replacing the last; the
    people who get DMs are never pinged."""
    alice, bob, carol = hearts.people[:3]
    emu = hearts.emu
    emu.faults.close_dms(bob)
    hearts.no_dm.add(bob.id)
    live_most: dict[int, int] = {}
    pinged: set[int] = set()

    def watch(message: Message) -> None:  # every message created, edited or deleted
        for person in message.notified:
            pinged.add(message.id)
            live = [
                m
                for m in emu.state.messages.values()
                if person in m.notified and not m.deleted and m.guild_id
            ]
            live_most[person] = max(live_most.get(person, 0), len(live))

    emu.state.message_watchers.append(watch)
    lobby = await hearts.open_table(alice, seats=4, hands=2)
    await hearts.seat(lobby, [bob, carol])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob, carol])
    await hearts.settle()

    assert len(re.findall(r"\*\*Hand \d+:\*\*", "".join(m.content for m in hearts.public("**Hand ")))) == 2
    assert live_most == {bob.id: 1}  # only bob was ever pinged, never twice at once
    assert len(pinged) >= 2 * 13  # a ping for each of his turns (and his pass, the DM notice)
    assert not [m for m in emu.state.messages.values() if m.notified and not m.deleted]  # none left
