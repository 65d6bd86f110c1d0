"""Auto-play (a person's setting): their only legal card is played for them, never while passing,
and the DM that says so shows the table after that card."""

from __future__ import annotations

from bot.tables import PlayerPreferences
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
    service = hearts.bot.service

    def over() -> bool:
        return 1 not in {s.table_id for s in service.tables(str(hearts.guild.id))}  # closed

    def alices_last_card() -> bool:
        return over() or service.snapshot(1).cards_left[0] == 1

    await hearts.play_until(alices_last_card, [alice, bob])
    assert not over()
    emu.faults.close_dms(alice)
    emu.clock.advance(16 * 60)  # her last click can no longer carry a DM (its token expired)
    for channel in emu.state.channels.values():
        if channel.guild_id is not None:
            emu.faults.deny_permissions(channel)
    await hearts.play_until(over, [bob])
    await hearts.settle()
    dm = emu.dm_channel(alice)
    sent = emu.requests.select(route_keys.CREATE_MESSAGE)
    assert [r for r in sent if str(dm.id) in r.path and r.code == 50007]  # the DM saying so
    assert [r for r in sent if r.code == 50013]  # the ping instead
