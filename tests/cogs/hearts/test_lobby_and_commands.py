"""The lobby (buttons and /hearts join), and the commands that answer privately: rules, scores,
and a refused option combination."""

from __future__ import annotations

import copy
from dataclasses import replace

from bot.tables.preferences import load_preferences
from bot.tables.refusals import TableRefusal
from bot.tables.table import TableStatus
from bot.text import refusal_text, t
from playtest.harness import Hearts


async def test_the_lobby_seats_people_and_computers_and_can_be_cancelled(hearts: Hearts) -> None:
    alice, bob, carol, dave = hearts.people
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=5, target=30)
    assert "Seats (1/5)" in lobby.content and "1. alice" in lobby.content
    assert lobby.labels == ["Join", "Leave", "Add computer", "Start", "Cancel"]

    await hearts.seat(lobby, [bob])
    joined = await emu.slash(carol, hearts.general, "hearts join")  # the command does the same
    assert (await hearts.reply(joined)).content == t("reply.joined", table=1)
    await hearts.wait_content(lobby, "3. carol")
    again = await emu.click(carol, emu.message(lobby.id), label="Join")
    assert (await hearts.reply(again)).content == t("table.already_seated")

    refused = await emu.click(dave, emu.message(lobby.id), label="Add computer")
    assert (await hearts.reply(refused)).content == t("table.not_host")
    await hearts.click(alice, lobby, "Add computer")
    await hearts.wait_content(lobby, "Seats (4/5)")
    assert "Computer 4" in emu.message(lobby.id).content

    await hearts.click(bob, lobby, "Leave")
    await hearts.wait_content(lobby, "Seats (3/5)")
    assert "bob" not in emu.message(lobby.id).content

    # Only the host (or a moderator) starts or cancels.
    refused = await emu.click(dave, emu.message(lobby.id), label="Start")
    assert (await hearts.reply(refused)).content == t("table.not_host")
    refused = await emu.click(carol, emu.message(lobby.id), label="Cancel")
    assert (await hearts.reply(refused)).content == t("table.not_host")
    assert "Seats (3/5)" in emu.message(lobby.id).content

    await hearts.click(alice, lobby, "Cancel")
    cancelled = await hearts.wait_content(lobby, t("lobby.cancelled"))
    assert not cancelled.custom_ids  # no buttons on a cancelled table
    assert hearts.table_message() is None and not emu.dm_messages(alice)


async def test_rules_and_the_score_sheet_answer_privately(hearts: Hearts) -> None:
    alice, bob, carol = hearts.people[:3]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=4, target=100, moon="shooter_chooses", omnibus="JD")

    rules = await hearts.reply(await emu.slash(carol, hearts.general, "hearts rules"))
    assert rules.content.startswith(t("rules.text.title"))
    assert "Omnibus (J♦ −10)" in rules.content and "moon: shooter chooses" in rules.content
    assert "to 100 points" in rules.content

    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(lambda: hearts.public("**Hand 1:**"), [alice, bob])

    thread = emu.state.channels[hearts.public("**Hand 1:**")[0].channel_id]
    assert thread.kind.is_thread
    scores = await hearts.reply(await emu.slash(carol, thread, "hearts scores"))
    sheet = scores.attachments[0].image()
    assert sheet.width > 200 and sheet.height > 100
    assert not scores.custom_ids

    # /hearts hand in the lobby's channel shows alice her own cards, privately.
    hand = await hearts.reply(await emu.slash(alice, hearts.general, "hearts hand"))
    assert hand.content.startswith(t("hand.header", table=1, hand=0).split(" · ")[0])
    assert hand.attachments[0].image().width > 300

    # The Score sheet button on the table message answers the same way.
    table = await hearts.wait_table_message()
    pressed = await hearts.reply(await emu.click(bob, table, label=t("button.score_sheet")))
    assert pressed.attachments[0].image().size == sheet.size


async def test_hearts_hand_where_someone_elses_table_is_shows_her_own(hearts: Hearts) -> None:
    """alice plays in #general and asks `/hearts hand` in #other, where carol has just opened a
    table: she gets her own hand (she was told she is not playing at carol's table)."""
    emu = hearts.emu
    alice, bob, carol = hearts.people[:3]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    other = replace(hearts, general=emu.create_channel(hearts.guild, "other"))
    await other.open_table(carol, seats=4)
    hand = await hearts.reply(await emu.slash(alice, other.general, "hearts hand"))
    assert hand.content.startswith(t("hand.header", table=1, hand=0).split(" · ")[0])
    assert hand.attachments[0].image().width > 300


async def test_options_that_cannot_be_played_together_are_refused_kindly(hearts: Hearts) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    ix = await emu.slash(alice, hearts.general, "hearts new", black_maria_less=True, omnibus="10D")
    answer = await hearts.reply(ix)
    assert t("rules.invalid.bml_omnibus") in answer.content
    assert "bml_omnibus" not in answer.content  # no internal codes shown to people
    assert not hearts.public("Hearts table #")  # no table was opened


async def test_the_four_colour_deck_is_a_personal_choice(hearts: Hearts) -> None:
    alice = hearts.people[0]
    ix = await hearts.emu.slash(alice, hearts.general, "hearts deck", style="four_colour")
    reply = await ix.wait_original()
    assert reply.ephemeral and "four colours" in reply.content
    image = reply.attachments[0].image().convert("RGB")
    # Somewhere in the sample hand a diamond is drawn blue: a pixel clearly bluer than red.
    red, _green, blue = (channel.tobytes() for channel in image.split())
    assert any(b > r + 60 for r, b in zip(red, blue, strict=True))
    prefs = await load_preferences(hearts.bot.db, str(alice.id))
    assert prefs.four_colour is True


async def test_leave_or_cancel_on_the_lobby_as_it_was_before_start_leaves_the_game_alone(
    hearts: Hearts,
) -> None:
    """The lobby's buttons stay on a person's screen until the lobby message is redrawn (later
    still when that edit is slow or fails): Leave or Cancel clicked there after Start is refused as
    the lobby being over, and the game goes on (bob's Leave used to quit the game, and with alice
    the last person left it ended at once; alice's Cancel would have cancelled it)."""
    alice, bob = hearts.people[:2]
    emu, service = hearts.emu, hearts.bot.service
    lobby = await hearts.open_table(alice, seats=4, target=100)
    await hearts.seat(lobby, [bob])
    before_start = copy.deepcopy(emu.message(lobby.id))  # as bob's and alice's screens still show it
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    (started,) = service.tables(str(hearts.guild.id))
    for user, label in ((bob, "Leave"), (alice, "Cancel")):
        refused = await emu.click(user, before_start, label=label)
        assert (await hearts.reply(refused)).content == refusal_text(TableRefusal.NOT_IN_LOBBY, "en")
    now = service.snapshot(started.table_id)
    assert now.status is TableStatus.PLAYING and now.seats == started.seats


async def test_a_channel_disallowed_where_every_channel_was_allowed_is_closed(hearts: Hearts) -> None:
    """/hearts-settings disallow_channel on the defaults closes that channel and says so (it was
    answered "Settings saved" and changed nothing)."""
    emu = hearts.emu
    owner = emu.state.users[hearts.guild.owner_id]
    spam = emu.create_channel(hearts.guild, "spam")
    answer = await hearts.reply(
        await emu.slash(owner, hearts.general, "hearts-settings", disallow_channel=spam)
    )
    assert t("reply.all_channels_but", channels=spam.mention) in answer.content
    refused = await hearts.reply(await emu.slash(hearts.people[0], spam, "hearts new"))
    assert refused.content == refusal_text(TableRefusal.CHANNEL_NOT_ALLOWED)
    assert hearts.table_message() is None and not hearts.bot.service.tables(str(hearts.guild.id))
