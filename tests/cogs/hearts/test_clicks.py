"""Clicks that must change nothing: a double click, a stale control, someone else's controls."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.tables import TableStatus
from bot.text import TableRefusal, refusal_text, t
from cogs.hearts._controls import COG_NAME, HasControls
from discord_emulator import DiscordEmulator, Message, RequestRecord, route_keys
from discord_emulator.runner import BotRunner
from playtest.harness import SHOW_MY_HAND, Hearts, control, make_bot, move_of, next_tap, start_hearts


async def _game_with_alice_to_play(hearts: Hearts, people: int = 2) -> Message:
    """alice and bob (and carol) against computers, played until alice has a card to play in her DM."""
    alice, *others = hearts.people[:people]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, others)
    await hearts.click(alice, lobby, "Start")

    def alice_to_play() -> bool:
        return any(
            (m.id, m.edit_count) not in hearts.seen and any(c.startswith("hh:card:") for c in m.custom_ids)
            for m in hearts.emu.dm_messages(alice)
        )

    await hearts.play_until(alice_to_play, [alice, *others])
    return await hearts.hand_with(alice, "card")


async def test_a_double_click_plays_one_card_and_the_second_click_is_refused(hearts: Hearts) -> None:
    alice = hearts.people[0]
    dm = await _game_with_alice_to_play(hearts)
    tap = next_tap(dm)  # the first card she may play
    label = dm.component(tap)["label"]
    before = hearts.emu.mark()

    # Two clicks before the bot has answered either: both reach the bot.
    first = await hearts.emu.click(alice, dm, custom_id=tap)
    second = await hearts.emu.click(alice, dm, custom_id=tap)

    await first.wait_acknowledged()
    refusal = await hearts.reply(second)
    assert refusal.content == t("table.stale")
    after = hearts.emu.message(dm.id)
    assert after.content == t("hand.played", card=label)
    assert not after.custom_ids
    # The card was played once: one "alice played" step, and her next hand has one card less.
    hand = await hearts.show_hand(alice)
    assert label not in str(hand.components)
    new = [m for m in hearts.emu.ephemeral_messages(alice) if m.seq > before]
    assert len(new) == 2  # the refusal and the hand she asked for
    assert (
        hearts.emu.requests.count(since=before, where=lambda r: r.status is not None and r.status >= 400) == 0
    )


async def test_a_control_from_an_earlier_move_is_out_of_date(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    dm = await _game_with_alice_to_play(hearts)
    # alice also opens her hand from the table: the same move's controls, in an ephemeral message.
    copy = await hearts.show_hand(alice)
    assert move_of(control(copy, "card")) == move_of(control(dm, "card"))
    # The harness must not tap the copy on its own: the test taps it, on her next turn.
    hearts.seen.add((copy.id, copy.edit_count))
    await hearts.act(alice, dm)  # she plays from the DM

    def next_turn() -> Message | None:
        """Her DM for a later move (it may come before anyone else moves: she may win the trick)."""
        later = [
            m
            for m in hearts.emu.dm_messages(alice)
            if any(c.startswith("hh:card:") for c in m.custom_ids)
            and move_of(control(m, "card")) > move_of(control(copy, "card"))
        ]
        return later[-1] if later else None

    # Later (her next turn), she uses the ephemeral copy from the earlier move.
    await hearts.play_until(next_turn, [alice, bob])
    current = await hearts.emu.wait_until(next_turn, what="alice's next turn")
    ix = await hearts.emu.click(alice, copy, custom_id=next_tap(copy))
    assert (await hearts.reply(ix)).content == t("table.stale")
    # Nothing changed: her current control is still there and still works.
    assert hearts.emu.message(current.id).custom_ids == current.custom_ids
    await hearts.act(alice, current)
    played = await hearts.wait_content(current, "You played")  # (an ack may be a defer)
    assert played.content.startswith("You played")


async def test_a_non_player_is_refused_at_the_table_and_in_the_lobby(hearts: Hearts) -> None:
    alice, bob, carol = hearts.people[:3]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])

    # carol may not start someone else's table.
    start = await hearts.emu.click(carol, lobby, label="Start")
    assert (await hearts.reply(start)).content == t("table.not_host")
    assert "Seats (2/4)" in hearts.emu.message(lobby.id).content  # still in the lobby

    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    # carol is not playing: Show my hand answers her privately and shows no cards.
    ix = await hearts.emu.click(carol, table, label=SHOW_MY_HAND)
    answer = await hearts.reply(ix)
    assert answer.content == t("table.not_seated")
    assert not answer.attachments and not answer.custom_ids
    # ... and the lobby buttons are gone now that the game is on.
    assert not hearts.emu.message(lobby.id).custom_ids


async def test_dm_controls_answered_elsewhere_lose_their_buttons_and_a_dm_click_costs_no_extra_edit(
    hearts: Hearts,
) -> None:
    """alice plays a turn from the table's Show my hand instead of her DM: the old DM loses its
    buttons with one edit (it would look like a turn of hers), her next DM has them. A turn played
    from the DM is answered by the click's own edit: no second edit takes its buttons down."""
    alice, bob = hearts.people[:2]
    dm = await _game_with_alice_to_play(hearts)
    copy = await hearts.show_hand(alice)
    hearts.seen.add((dm.id, dm.edit_count))  # the harness leaves the DM alone: alice uses the copy
    since = hearts.emu.mark()
    await hearts.act(alice, copy)
    await hearts.play_until(  # her next DM
        lambda: [m for m in hearts.emu.dm_messages(alice) if m.custom_ids and m.id != dm.id], [bob]
    )
    assert not hearts.emu.message(dm.id).custom_ids  # the old one is not live

    def edits_of_dms() -> int:
        dms = {m.channel_id for m in hearts.emu.dm_messages(alice)}
        return hearts.emu.requests.count(
            route_keys.EDIT_MESSAGE, since=since, where=lambda r: int(r.path.split("/")[2]) in dms
        )

    assert edits_of_dms() == 1
    await hearts.play_until(hearts.game_over, [alice, bob])  # by DM from now on
    await hearts.settle()
    assert edits_of_dms() == 1
    assert not [m for m in hearts.emu.dm_messages(alice) if m.custom_ids]  # nothing looks live


async def test_a_dm_click_answered_after_its_move_was_shown_is_what_its_dm_says(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alice's click in her DM is answered late, after the table has shown her move (a slow
    answer): the move's event leaves that DM to the click's answer, which says what she played;
    the presenter says nothing there first. (Her next DM, if her turn comes first, takes its
    buttons off, as always when the answer is that late.)"""
    alice = hearts.people[0]
    dm = await _game_with_alice_to_play(hearts)
    cog = hearts.bot.get_cog(COG_NAME)
    assert isinstance(cog, HasControls)
    clicks = cog.clicks
    answer = clicks._done

    async def late(*args: object) -> None:
        await hearts.bot.service.settle()  # every event of the move shown first
        await answer(*args)

    monkeypatch.setattr(clicks, "_done", late)
    tap = next_tap(dm)
    played = t("hand.played", card=dm.component(tap)["label"])
    since = hearts.emu.mark()
    await hearts.emu.click(alice, dm, custom_id=tap)
    await hearts.wait_content(dm, played)
    await hearts.settle()
    assert hearts.emu.message(dm.id).content == played

    def worded(request: RequestRecord) -> bool:
        """An edit of that DM that says something (not just its buttons taken off)."""
        return request.path.endswith(f"/{dm.id}") and "content" in (request.json or {})

    assert hearts.emu.requests.count(route_keys.EDIT_MESSAGE, since=since, where=worded) == 0


@pytest.mark.parametrize("move", ["pass", "play"])
async def test_a_move_made_from_show_my_hand_takes_her_turns_dm_down_at_once_saying_what_she_did(
    hearts: Hearts, move: str
) -> None:
    """alice passes, or plays, from the table's Show my hand, not from the DM that holds her turn's
    controls: that DM loses its buttons at once (not at her next DM, a trick or the others' passes
    away, and never saying "Your turn" after it) and says what she did, under its header, as a
    click in it would have; its picture stays."""
    alice, bob = hearts.people[:2]
    if move == "pass":
        lobby = await hearts.open_table(alice, seats=4, target=10)
        await hearts.seat(lobby, [bob])
        await hearts.click(alice, lobby, "Start")
        dm = await hearts.hand_with(alice, "pick")
    else:
        dm = await _game_with_alice_to_play(hearts)
    copy = await hearts.show_hand(alice)
    hearts.seen.add((dm.id, dm.edit_count))  # the harness leaves the DM alone: alice uses the copy
    if move == "pass":
        await hearts.pass_hand(alice)  # (bob never passes: nothing else would take the DM down)
    else:
        await hearts.act(alice, copy)
    answered = await hearts.emu.wait_until(
        lambda: not (m := hearts.emu.message(copy.id)).custom_ids and not m.loading and m, what="her answer"
    )
    assert answered.content.startswith("You p")  # "You passed ..." or "You played ..."
    taken = await hearts.emu.wait_until(
        lambda: not (m := hearts.emu.message(dm.id)).custom_ids and m, what="her DM's controls taken down"
    )
    assert taken.content == f"{t('hand.header', table=1, hand=1)}\n{answered.content}"
    assert taken.attachments


@pytest.mark.parametrize("command", ["hearts cancel", "hearts leave"])
async def test_a_game_left_or_cancelled_at_her_turn_takes_her_dm_controls_down(
    hearts: Hearts, command: str
) -> None:
    """No DM looks like a turn of hers once the game is cancelled or a computer took her seat
    (bob and carol play on without her)."""
    alice = hearts.people[0]
    dm = await _game_with_alice_to_play(hearts, people=3)
    done = await hearts.emu.slash(alice, hearts.general, command)
    assert (await hearts.reply(done)).content == t("reply.done")
    await hearts.emu.wait_until(lambda: not hearts.emu.message(dm.id).custom_ids, what="her DM taken down")
    assert hearts.table_message() is not None and not hearts.game_over()


@pytest.mark.parametrize(
    ("command", "why"), [("hearts cancel", "lobby.cancelled"), ("hearts leave", "hand.you_left")]
)
async def test_a_game_cancelled_or_left_at_her_turn_leaves_her_dm_saying_so_not_that_it_is_her_turn(
    hearts: Hearts, command: str, why: str
) -> None:
    """The DM that held her controls, its buttons gone, no longer tells her to tap a card before a
    countdown that has run out: it says the table was cancelled, or that she left and a computer
    has her seat (bob and carol play on), its picture kept."""
    alice = hearts.people[0]
    dm = await _game_with_alice_to_play(hearts, people=3)
    turn = t("hand.tap_to_play", countdown="").strip()
    assert turn in dm.content and dm.attachments
    await hearts.reply(await hearts.emu.slash(alice, hearts.general, command))
    over = await hearts.emu.wait_until(
        lambda: not (m := hearts.emu.message(dm.id)).custom_ids and m, what="her DM taken down"
    )
    assert turn not in over.content and over.content.split("\n")[-1] == t(why)
    assert over.attachments  # the hand's picture stays


async def test_take_my_seat_back_after_leaving(hearts: Hearts) -> None:
    """alice leaves mid-game (a computer plays her seat; bob and carol play on) and the table
    message offers her seat back: bob's press is refused and changes nothing; alice's seats her
    again, and the button goes."""
    alice, bob = hearts.people[:2]
    await _game_with_alice_to_play(hearts, people=3)
    await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts leave"))
    back = t("button.rejoin")
    table = await hearts.emu.wait_until(
        lambda: (m := hearts.table_message()) is not None and back in m.labels and m,
        what="the table offering her seat back",
    )

    (table_id,) = [s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))]

    def alice_seated() -> bool:
        seat = hearts.bot.service.snapshot(table_id).seats[0]
        return seat.player_id == str(alice.id) and not seat.is_computer

    assert not alice_seated()
    refused = await hearts.emu.click(bob, table, label=back)
    assert (await hearts.reply(refused)).content == refusal_text(TableRefusal.CANNOT_REJOIN)
    assert not alice_seated()
    taken = await hearts.emu.click(alice, hearts.emu.message(table.id), label=back)
    assert (await hearts.reply(taken)).content == t("reply.done")
    assert alice_seated()
    await hearts.emu.wait_until(
        lambda: back not in hearts.emu.message(table.id).labels, what="the offer taken down"
    )


async def test_a_seat_taken_back_at_her_own_turn_gets_its_controls_again(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """alice leaves at her turn (her DM's buttons go) and takes her seat back before the computer
    has moved for her (it waits its pause on the bot's clock): the same move is hers again, and
    her DM has its card buttons again (none came: her controls were still noted as sent)."""
    hearts = await start_hearts(emulator, bot_runner, tmp_path, computer_pause=8.0)
    alice = hearts.people[0]
    dm = await _game_with_alice_to_play(hearts, people=4)  # (no computer: none waits on the clock)
    (table_id,) = [s.table_id for s in hearts.bot.service.tables(str(hearts.guild.id))]
    move = hearts.bot.service.snapshot(table_id).move_number
    await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts leave"))
    back = t("button.rejoin")
    table = await hearts.emu.wait_until(
        lambda: (m := hearts.table_message()) is not None and back in m.labels and m, what="her seat offered"
    )
    await hearts.emu.wait_until(lambda: not hearts.emu.message(dm.id).custom_ids, what="her DM taken down")
    taken = await hearts.emu.click(alice, hearts.emu.message(table.id), label=back)
    assert (await hearts.reply(taken)).content == t("reply.done")
    assert hearts.bot.service.snapshot(table_id).move_number == move
    await hearts.emu.wait_until(
        lambda: [
            m for m in hearts.emu.dm_messages(alice) if any(c.startswith("hh:card:") for c in m.custom_ids)
        ],
        what="her card buttons again",
    )


async def test_an_old_message_naming_another_servers_table_changes_and_shows_nothing(
    hearts: Hearts, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The bot runs on a new database (restored, replaced): table numbers start again, so old
    messages of server One name server Two's new tables #1 and #2. The old lobby's Cancel and the
    old table message's Score sheet are refused as no such table; Two's tables are untouched and
    none of them is shown."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    old_lobby = await hearts.open_table(alice, seats=4)  # #1, left in its lobby
    elsewhere = replace(hearts, general=emu.create_channel(hearts.guild, "second"))
    playing = await elsewhere.open_table(alice, seats=4)  # #2
    await elsewhere.seat(playing, [bob])
    await elsewhere.click(alice, playing, "Start")
    old_table = await hearts.wait_table_message()
    await hearts.settle()
    await emu.settle()
    await bot_runner.stop(hearts.bot)
    hearts.bot = make_bot(emu, tmp_path / "new.sqlite3", hearts.clock)
    await bot_runner.start(hearts.bot)
    carol = emu.create_user("carol")
    two = emu.create_guild("Two", members=[carol], channels=("general", "second"))
    for channel in two.channels:
        await replace(hearts, guild=two, general=channel, people=[carol]).open_table(carol, seats=4)
    assert sorted(s.table_id for s in hearts.bot.service.tables(str(two.id))) == [1, 2]

    no_such = refusal_text(TableRefusal.NO_SUCH_TABLE)
    cancel = await emu.click(alice, emu.message(old_lobby.id), label="Cancel")
    assert (await hearts.reply(cancel)).content == no_such
    sheet = await emu.click(alice, emu.message(old_table.id), label=t("button.score_sheet"))
    reply = await hearts.reply(sheet)
    assert reply.content == no_such and not reply.attachments
    await hearts.settle()
    assert [s.status for s in hearts.bot.service.tables(str(two.id))] == [TableStatus.LOBBY] * 2
