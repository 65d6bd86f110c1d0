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


async def test_a_page_of_a_season_the_database_no_longer_has_leaves_the_board_as_it_is(
    hearts: Hearts,
) -> None:
    """A database replaced since the board was posted has no season 7: its page button says so, in
    the clicker's language, and the board is not swapped for another one. A page of an order there
    is not is out of date."""
    alice = hearts.people[0]
    hearts.emu.set_locale(alice, "de")
    ix = await hearts.emu.slash(alice, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    edits = hearts.emu.message(board.id).edit_count
    for custom_id, said in (
        ("hh:lb:points:s7:1", t("leaderboard.season.none", "de", number=7)),
        ("hh:lb:rating:s0:1", t("table.stale", "de")),
    ):
        click = await _click_forged(hearts, alice, board, custom_id)
        assert (await hearts.reply(click)).content == said, custom_id
    await hearts.settle()
    assert hearts.emu.message(board.id).edit_count == edits
