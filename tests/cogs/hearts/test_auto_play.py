"""Auto-play (a person's setting): their only legal card is played for them, never while passing,
and the DM that says so shows the table after that card."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bot.engine.cards import cards_of
from bot.engine.hand import Phase
from bot.tables import Actor, PlayerPreferences, PrivateHand, TableSnapshot
from bot.tables import events as ev
from bot.tables.refusals import Behind
from bot.text import t
from discord_emulator import route_keys
from playtest.harness import Hearts, card_taps, discord_presenter


async def test_the_only_legal_card_is_played_for_a_person_who_asked(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    await discord_presenter(hearts.bot).known_preferences.change(
        str(alice.id), lambda _: PlayerPreferences(auto_play=True)
    )
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")

    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()

    auto = t("hand.auto_played", card="\0").split("\0")[1]
    played_for_her = [m for m in hearts.emu.dm_messages(alice) if auto in m.content]
    # Her 13th card at least (one card left: the only legal one) was played for her, and the DM that
    # says so shows her hand without controls; every other card she tapped herself, once.
    assert played_for_her and all(not m.custom_ids and m.attachments for m in played_for_her)
    # The DM is worded from the table after the move: her card is in the trick (or in the trick it
    # completed), and she is never told that she herself is to play.
    for m in played_for_her:
        card = next(line for line in m.content.splitlines() if auto in line).removesuffix(auto)
        assert f"alice {card}" in m.content, m.content
        assert t("hand.wait", name="alice") not in m.content, m.content
    taps = card_taps(hearts.emu)
    assert len([ix for ix in taps if ix.user.id == alice.id]) + len(played_for_her) == 13
    # bob (auto-play off, the default) tapped all 13 himself.
    assert not [m for m in hearts.emu.dm_messages(bob) if auto in m.content]
    assert len([ix for ix in taps if ix.user.id == bob.id]) == 13
    # She passed by tapping her cards herself: passing is never automatic.
    assert any(
        str(ix.data.get("custom_id")).startswith("hh:pok:") and ix.user.id == alice.id
        for ix in hearts.emu.interactions.by_id.values()
    )


async def test_a_card_played_for_a_person_is_told_before_the_tables_next_event(hearts: Hearts) -> None:
    """The DM saying a card was played for alice is sent before the table's next event is shown,
    so before her next controls. It used to be sent from the background: where her next turn came
    at once (the trick's winner led back to her, or the next hand was dealt), its controls could go
    out first, and the late DM then took them down as an old turn's: her turn stood without
    controls until it timed out."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    presenter = discord_presenter(hearts.bot)
    await presenter.known_preferences.change(str(alice.id), lambda _: PlayerPreferences(auto_play=True))
    auto = t("hand.auto_played", card="\0").split("\0")[1]
    present = presenter.present
    # Her notes before and after the first showing of each turn played for her (the 2♣ she leads
    # comes with the passed cards, and its turn again after them: shown once).
    told: dict[int, tuple[int, int]] = {}

    def notes() -> int:
        return sum(auto in m.content for m in emu.dm_messages(alice))

    async def shown(event: ev.TableEvent, *, again: bool = False) -> None:
        played_for_her = [
            h.move_number
            for h in getattr(event, "hands", ())
            if h.player_id == str(alice.id) and h.your_turn and h.phase is Phase.PLAYING
            if h.playable.bit_count() == 1 and h.move_number not in told
        ]
        before = notes()
        await present(event, again=again)
        for move in played_for_her:
            told[move] = (before, notes())

    presenter.present = shown  # type: ignore[method-assign]
    lobby = await hearts.open_table(alice, seats=4, hands=2)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()

    assert len(told) >= 2  # her 13th card of each hand at least
    assert all(after == before + 1 for before, after in told.values()), told


async def test_a_dm_about_an_earlier_move_leaves_a_later_turns_controls(hearts: Hearts) -> None:
    """Were the DM saying a card was played for alice to go out after her next turn's controls
    after all (its wait cut short by the presenter's time limit), those controls stay live."""
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(lambda: hearts.latest_with(alice, "card"), [alice, bob])
    await hearts.settle()
    controls = hearts.latest_with(alice, "card")
    assert controls is not None
    buttons = list(controls.custom_ids)  # (the emulator's message itself: it changes with edits)
    presenter, service = discord_presenter(hearts.bot), hearts.bot.service
    hand = service.private_hand(Actor(str(alice.id)), 1)
    assert hand.your_turn
    earlier = replace(hand, move_number=hand.move_number - 1, your_turn=False, playable=0)
    await presenter._deliver_hand(await presenter.state(1), service.snapshot(1), earlier, "a note")
    assert any("a note" in m.content for m in hearts.emu.dm_messages(alice))
    assert buttons and hearts.emu.message(controls.id).custom_ids == buttons


async def test_an_auto_play_that_can_reach_nobody_is_no_bug(hearts: Hearts) -> None:
    """Before alice's last card, she closes her DMs and the bot loses its permissions where the
    table plays: her only card is played for her all the same; the DM that says so refused, and the
    ping that would send her to Show my hand refused too, are Discord's refusals, logged as such
    (not as a failure), and the game goes on to its end."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    await discord_presenter(hearts.bot).known_preferences.change(
        str(alice.id), lambda _: PlayerPreferences(auto_play=True)
    )
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    presenter = discord_presenter(hearts.bot)
    play_only_card = presenter.play_only_card
    assert play_only_card is not None
    cut_off: list[int] = []

    async def cut_off_before_her_last_card(hand: PrivateHand) -> TableSnapshot:
        # Right before her last card is played for her (the moment itself: the card is played
        # as soon as her turn comes, so no poll from outside could be sure to see it first).
        if hand.player_id == str(alice.id) and hand.cards.bit_count() == 1 and not cut_off:
            cut_off.append(hand.move_number)
            emu.faults.close_dms(alice)
            emu.clock.advance(16 * 60)  # her last click can no longer carry a DM (its token expired)
            for channel in emu.state.channels.values():
                if channel.guild_id is not None:
                    emu.faults.deny_permissions(channel)
        return await play_only_card(hand)

    def over() -> bool:  # the table closed (the channel can no longer say so)
        return 1 not in {s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))}

    presenter.play_only_card = cut_off_before_her_last_card
    await hearts.play_until(over, [alice, bob])
    assert cut_off  # her last card was played for her, after the cut
    await hearts.settle()
    dm = emu.dm_channel(alice)
    sent = emu.requests.select(route_keys.CREATE_MESSAGE)
    assert [r for r in sent if str(dm.id) in r.path and r.code == 50007]  # the DM saying so
    assert [r for r in sent if r.code == 50013]  # the ping instead


@pytest.mark.parametrize("where", ["this process", "another process"])
async def test_an_auto_play_whose_turn_is_past_sends_no_controls(hearts: Hearts, where: str) -> None:
    """alice's last card is played from elsewhere (her Activity page, say, in this process or in
    another one sharing the database) just before it would be played for her: the auto-play is
    refused as out of date (or as behind the other process), and she is sent no controls for
    that turn (a tap on them could only be told it is out of date)."""
    alice, bob = hearts.people[:2]
    service, presenter = hearts.bot.service, discord_presenter(hearts.bot)
    await presenter.known_preferences.change(str(alice.id), lambda _: PlayerPreferences(auto_play=True))
    lobby = await hearts.open_table(alice, seats=4, hands=2)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    play_only_card = presenter.play_only_card
    assert play_only_card is not None
    past: list[str] = []  # the turn's controls' ids begin so

    async def played_first(hand: PrivateHand) -> TableSnapshot:
        if hand.player_id == str(alice.id) and hand.cards.bit_count() == 1 and not past:
            past.append(f"hh:card:1:{hand.seat}:{hand.move_number}:")
            await service.play_card(Actor(str(alice.id)), 1, hand.move_number, cards_of(hand.playable)[0])
            if where == "another process":  # (what this process is told when it caught up)
                raise Behind
        return await play_only_card(hand)

    presenter.play_only_card = played_first
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()
    assert past  # her last card of the first hand was played before the auto-play could
    # (by DM or by the answer to her last tap: any request that carries them)
    sent = [r for r in hearts.emu.requests.records if past[0] in json.dumps(r.json)]
    assert not sent, [r.json for r in sent]
