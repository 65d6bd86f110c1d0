"""Whole games against the emulator: what people see and do."""

from __future__ import annotations

from bot.text import t
from discord_emulator import route_keys
from playtest.harness import Hearts


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


async def test_the_last_table_message_shows_the_end_and_only_the_score_sheet(hearts: Hearts) -> None:
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice])
    await hearts.settle()
    tables = [m for m in hearts.public("") if "table.png" in [a.filename for a in m.attachments]]
    assert tables, "a table message was posted"
    last = max(tables, key=lambda m: m.id)
    assert "This game is over." in last.content
    assert last.labels == ["Score sheet"]
    # The picture shows the hand's 13th trick taken: never "Trick 14" or an empty trick.
    alt = last.attachments[0].description or ""
    assert "Trick 13" in alt and "takes the trick" in alt, alt
    assert "Trick 14" not in alt and "No card has been played" not in alt
    lobby_now = hearts.emu.message(lobby.id)
    assert "This game is over." in lobby_now.content and not lobby_now.custom_ids
    # The score sheet is still there for the asking in the finished game's thread.
    thread = hearts.emu.state.channels[last.channel_id]
    scores = await hearts.reply(await hearts.emu.slash(alice, thread, "hearts scores"))
    assert scores.ephemeral and scores.attachments[0].image().width > 200


async def test_the_first_table_message_waits_for_the_thread_when_computers_fill_seats(hearts: Hearts) -> None:
    # Seats filled by computers at the start come before the game's thread exists: the table is
    # drawn only in the thread, even when making the thread is slow (here: one 429 waited out).
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    hearts.emu.faults.rate_limit(route_keys.CREATE_THREAD_FROM_MESSAGE, retry_after=0.5)
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    assert hearts.emu.state.channels[table.channel_id].kind.is_thread
    in_channel = hearts.emu.messages(hearts.general)
    assert not [m for m in in_channel if "table.png" in [a.filename for a in m.attachments]]


async def test_a_table_message_a_newer_one_replaced_says_so_and_loses_its_controls(hearts: Hearts) -> None:
    """Each hand's table message is new: the one before it kept "alice to play · time runs out"
    (long past) and its live buttons; it now says the game goes on below, its picture and the
    review of its hand kept."""
    alice = hearts.people[0]
    lobby = await hearts.open_table(alice, seats=4, hands=2, passing="none")
    await hearts.click(alice, lobby, "Start")
    first = await hearts.wait_table_message()
    await hearts.play_until(lambda: (m := hearts.table_message()) is not None and m.id != first.id, [alice])
    await hearts.settle()
    old = hearts.emu.message(first.id)
    assert old.content == t("table.continued") and old.labels == [t("button.review_hand", hand=1)]
    assert old.attachments  # its picture of the hand stays
