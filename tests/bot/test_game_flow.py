"""Whole games against the emulator: what people see and do."""

from __future__ import annotations

from tests.bot.harness import Hearts


async def test_two_people_and_two_computers_play_a_game_to_the_end(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, target=20)
    assert {"Join", "Leave", "Add computer", "Start", "Cancel"} <= set(lobby.labels)
    await hearts.click(bob, lobby, "Join")
    await hearts.emu.wait_until(
        lambda: "bob" in hearts.emu.message(lobby.id).content, what="bob in the lobby"
    )
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    over = hearts.public("Game over")[0]
    assert over.attachments and over.attachments[0].image().width > 300
    assert hearts.acted > 20
