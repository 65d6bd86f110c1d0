"""Auto-play (a person's setting): their only legal card is played for them, never while passing,
and the DM that says so shows the table after that card."""

from __future__ import annotations

from bot.tables import PlayerPreferences
from bot.text import t
from playtest.harness import Hearts, card_taps, discord_presenter


async def test_the_only_legal_card_is_played_for_a_person_who_asked(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    await discord_presenter(hearts.bot).set_preferences(str(alice.id), PlayerPreferences(auto_play=True))
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
