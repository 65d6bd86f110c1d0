"""Whole games against the emulator: what people see and do."""

from __future__ import annotations

from bot.text import t
from cogs.hearts._wording import message_link
from discord_emulator import Message, route_keys
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


async def test_the_table_message_names_the_passing_direction_only_while_cards_are_being_passed(
    hearts: Hearts,
) -> None:
    """The title names the passing ("Hand 1 · passing to the left") while the hand's cards are
    chosen; once they are passed and the hand is played it no longer reads as if passing were
    still going on."""
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    passing = t("table.hand_title", hand=1, direction=t("direction.left"))
    assert table.content.splitlines()[0] == passing
    for person in (alice, bob):
        await hearts.pass_hand(person)
    to_play = t("table.to_play", name="", countdown="").strip(" ·")  # "... to play · <countdown>"
    played = await hearts.emu.wait_until(
        lambda: to_play in (m := hearts.emu.message(table.id)).content and m, what="the hand played"
    )
    assert played.content.splitlines()[0] == t("table.hand_title_played", hand=1)


async def test_every_hand_dm_links_to_its_hands_table_message(hearts: Hearts) -> None:
    """Each DM of a hand, as sent, ends with "Table: <link>" to that hand's table message, the
    deal's DMs too: the first hand's had no link (sent before its table message), a later hand's
    linked the hand before's, replaced."""
    alice, bob = hearts.people[:2]
    sent: dict[int, str] = {}  # each DM's words as sent (a click's answer replaces them)

    def watch(message: Message) -> None:
        if message.guild_id is None and not message.ephemeral:
            sent.setdefault(message.id, message.content)

    hearts.emu.state.message_watchers.append(watch)
    lobby = await hearts.open_table(alice, seats=4, hands=2)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()
    last = hearts.table_message()
    assert last is not None
    thread = hearts.emu.state.channels[last.channel_id]
    tables = [m for m in hearts.emu.messages(thread) if "table.png" in [a.filename for a in m.attachments]]
    assert len(tables) == 2  # one per hand
    for hand, table in enumerate(sorted(tables, key=lambda m: m.id), start=1):
        link = t("hand.jump", link=message_link(str(hearts.guild.id), table.channel_id, table.id))
        header = t("hand.header", table=1, hand=hand)
        for person in (alice, bob):
            words = [sent[m.id] for m in hearts.emu.dm_messages(person) if sent[m.id].startswith(header)]
            assert words and all(w.endswith(f"\n{link}") for w in words), (person.name, hand, words)
