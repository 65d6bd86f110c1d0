"""A game the harness finds stuck says why in its timeout: the requests alone (all CI prints) did
not say whose turn it was, nor that the person's controls had been taken down."""

from __future__ import annotations

import pytest

from discord_emulator import EmulatorTimeout
from playtest.harness import Hearts


async def test_a_stuck_game_says_whose_turn_it_is_and_what_each_person_holds(hearts: Hearts) -> None:
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.click(alice, lobby, "Start")
    dm = await hearts.hand_with(alice, "pick")
    hearts.seen.add((dm.id, dm.edit_count))  # as if her pass controls had been acted on already

    with pytest.raises(EmulatorTimeout) as stuck:
        await hearts.play_until(hearts.game_over, [alice], timeout=0.2)

    told = str(stuck.value)
    assert "waiting for a move to make or the end" in told
    table = hearts.bot.service.tables(str(hearts.guild.id))[0]
    assert f"table {table.table_id} playing: move {table.move_number} of {table.phase}" in told
    assert "waiting for (0" in told  # her seat (the computers may not have passed yet)
    assert f"alice's DM {dm.id} (edit {dm.edit_count}): 14 controls, acted on" in told
    assert told.index("alice's ephemeral") < told.index("alice's DM")  # in the order they came
