"""Controls whose ``custom_id`` says what no message of this bot says: a kind of control this version
no longer has (an older version's message, or an extension not loaded here), numbers past what a
database binds, a Rematch under a game still being played. Each is answered privately as out of
date and changes nothing (no click left to fail, no driver's overflow, no second table).

Discord delivers only clicks of components a message holds, so each is put on a bot message first,
as an edited or forged message would hold it."""

from __future__ import annotations

from bot.tables import TableStatus
from bot.text import t
from discord_emulator import Message, User
from discord_emulator.interactions import InteractionRecord
from playtest.harness import Hearts

HUGE = 10**30


async def _click_forged(hearts: Hearts, user: User, message: Message, custom_id: str) -> InteractionRecord:
    held = hearts.emu.message(message.id)
    kept = list(held.components)
    held.components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}
    ]
    try:
        return await hearts.emu.click(user, held, custom_id=custom_id)
    finally:
        held.components = kept


async def test_forged_controls_are_answered_as_out_of_date_and_change_nothing(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    forged = [
        f"hh:tbl:sheet:{HUGE}",
        f"hh:lobby:join:{HUGE}",
        f"hh:card:{HUGE}:0:1:0",
        f"hh:again:y:{HUGE}:0",
        f"hh:lb:points:s{HUGE}:0",
        f"hh:lb:points:s0:{HUGE}",
        "hh:again:y:1:0",  # a Rematch of table #1, still being played
    ]
    for custom_id in forged:
        for person in (alice, bob):  # bob's confirms a forged Rematch if alice's was taken
            click = await _click_forged(hearts, person, table, custom_id)
            assert (await hearts.reply(click)).content == t("table.stale"), custom_id
    await hearts.settle()
    assert [s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))] == [1]
    assert hearts.bot.service.snapshot(1).status is TableStatus.PLAYING


async def test_a_click_no_control_claims_is_answered_as_out_of_date(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4)
    click = await _click_forged(hearts, bob, lobby, "hh:replay:1:2")  # a kind this version lacks
    assert (await hearts.reply(click)).content == t("table.stale")
    await hearts.settle()
    assert hearts.bot.service.snapshot(1).seats[1].player_id is None  # nothing changed
    # A control the bot has is answered by it alone (a second answer would be refused, and the
    # fixtures fail a test on an unanswered or doubly answered click).
    await hearts.seat(lobby, [bob])
