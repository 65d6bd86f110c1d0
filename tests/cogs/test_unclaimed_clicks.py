"""A click whose ``custom_id`` no control of the bot claims (a control of an older version, or of an
extension not loaded here) is answered privately as out of date, not left to fail."""

from __future__ import annotations

from bot.text import t
from playtest.harness import Hearts


async def test_a_click_no_control_claims_is_answered_as_out_of_date(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    lobby = hearts.emu.message((await hearts.open_table(alice, seats=4)).id)
    kept = list(lobby.components)
    # An old message's control, of a kind this version no longer has (on a bot message, as
    # Discord delivers only clicks of components a message holds).
    gone = "hh:replay:1:2"
    lobby.components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "Old", "custom_id": gone}]}
    ]
    click = await hearts.emu.click(bob, lobby, custom_id=gone)
    assert (await hearts.reply(click)).content == t("table.stale")
    lobby.components = kept
    await hearts.settle()
    assert hearts.bot.service.snapshot(1).seats[1].player_id is None  # nothing changed
    # A control the bot has is answered by it alone (a second answer would be refused, and
    # the fixtures fail a test on an unanswered or doubly answered click).
    await hearts.seat(lobby, [bob])
