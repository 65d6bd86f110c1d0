"""Time limits (a timeout, then a forfeit) and a restart of the bot in the middle of a hand."""

from __future__ import annotations

import sqlite3

from bot.engine.cards import cards_of, parse_cards
from bot.tables import Actor
from bot.text import t
from discord_emulator import route_keys
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, make_bot, move_of, next_tap

TIME_LIMIT = 60


async def test_a_timeout_plays_a_random_move_and_a_second_one_forfeits_the_seat(hearts: Hearts) -> None:
    alice, bob, carol = hearts.people[:3]
    lobby = await hearts.open_table(alice, seats=4, target=10, time_limit=TIME_LIMIT)
    await hearts.seat(lobby, [bob, carol])
    await hearts.click(alice, lobby, "Start")
    # alice and carol pass; bob does nothing.
    await hearts.pass_hand(alice)
    await hearts.pass_hand(carol)
    bob_pass = await hearts.hand_with(bob, "pick")
    dealt = hearts.bot.service.private_hand(Actor(str(bob.id)), 1).cards
    before = hearts.emu.mark()

    hearts.clock.advance(TIME_LIMIT + 1)

    first = await hearts.wait_public("ran out of time", since=before)
    assert first.content == t("announce.timeout", name="bob")
    assert "lost the game" not in first.content
    # The random pass went through: the hand is being played, and bob's pass DM lost its buttons:
    # it no longer looks like a turn of his.
    received = await hearts.emu.wait_for_dm(bob, lambda m: "You received" in m.content, since=before)
    assert received.attachments
    await hearts.emu.wait_until(
        lambda: not hearts.emu.message(bob_pass.id).custom_ids, what="bob's old pass controls taken down"
    )
    # and it says why and which cards were passed for him, not "tap 3 cards to pass" for good
    told = hearts.emu.message(bob_pass.id).content.split("\n")[-1]
    before_cards, after_cards = t("hand.you_timed_out_passed", cards="\0").split("\0")
    assert told.startswith(before_cards) and told.endswith(after_cards)
    passed = parse_cards(told.removeprefix(before_cards).removesuffix(after_cards))
    held = hearts.bot.service.private_hand(Actor(str(bob.id)), 1).cards
    assert len(cards_of(passed)) == 3 and passed & dealt == passed and not passed & held

    # bob's next turn to play: he lets it run out again and loses his seat to a computer.
    await hearts.play_until(lambda: _has_play_control(hearts, bob), [alice, carol])
    turn = await hearts.hand_with(bob, "card")
    before = hearts.emu.mark()
    hearts.clock.advance(TIME_LIMIT + 1)
    forfeit = await hearts.wait_public("ran out of time twice", since=before)
    assert forfeit.content == t("announce.forfeit", name="bob")
    await hearts.emu.wait_until(  # at once, not at the game's end: his seat is a computer's now
        lambda: not [m for m in hearts.emu.dm_messages(bob) if m.custom_ids], what="bob's DMs taken down"
    )
    assert hearts.emu.message(turn.id).content.split("\n")[-1] == t("hand.you_forfeited")
    assert not hearts.game_over()

    # The game goes on with a computer in bob's seat and ends; bob gets no more controls.
    await hearts.play_until(hearts.game_over, [alice, carol])
    assert not [m for m in hearts.emu.dm_messages(bob) if m.custom_ids]
    over = hearts.public("Game over")[0]
    assert "bob" in over.content  # bob's ranking points change (a forfeit) is still listed
    await hearts.settle()
    table = hearts.table_message()
    assert table is not None and t("lobby.finished") in table.content
    assert table.labels == [t("button.score_sheet")]


async def test_a_restart_mid_hand_keeps_the_game_and_old_dm_controls_work(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    # Play into the first hand until alice holds a play control in her DM, untouched.
    await hearts.play_until(lambda: _has_play_control(hearts, alice), [alice, bob])
    old = await hearts.hand_with(alice, "card")
    assert not old.ephemeral
    first_bot = hearts.bot
    hearts.clock.advance(TIME_LIMIT / 2)

    # Ten minutes down: the deadlines move by the downtime, so nobody times out for it.
    restarted = hearts.emu.mark()
    await hearts.restart(bot_runner, downtime=600)
    hearts.clock.advance(TIME_LIMIT / 2 - 1)
    assert hearts.bot is not first_bot

    tap = next_tap(old)
    label = old.component(tap)["label"]
    ix = await hearts.emu.click(alice, hearts.emu.message(old.id), custom_id=tap)
    await ix.wait_acknowledged()
    after = await hearts.wait_content(old, "You played")  # (an ack may be a defer)
    assert after.content == t("hand.played", card=label)
    assert not after.custom_ids  # the played control is gone
    assert not hearts.public("ran out of time")

    await hearts.play_until(hearts.game_over, [alice, bob])
    assert len(hearts.public("Hearts table #1")) == 1  # still the same lobby, no second table
    # DM channels were remembered with the table: none had to be opened again after the restart.
    assert hearts.emu.requests.count(route_keys.CREATE_DM, since=restarted) == 0


async def test_controls_sent_just_before_a_kill_are_not_sent_again(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """The kill window between sending a person's controls and recording it: the DM went out, the
    record did not. After the restart the bot finds the controls in the person's DM history and
    adopts them: no second DM, and the old controls still play."""
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(lambda: _has_play_control(hearts, alice), [alice, bob])
    old = await hearts.hand_with(alice, "card")
    play_id = next_tap(old)
    await hearts.settle()  # the controls are sent and recorded before the "kill"
    await bot_runner.stop(hearts.bot)
    with sqlite3.connect(hearts.db) as raw:  # as if killed right after the send
        gone = raw.execute(
            "DELETE FROM presenter_data WHERE key LIKE 'ctl:%' AND value = ?", (str(move_of(play_id)),)
        )
        assert gone.rowcount >= 1
    dms_before = len(hearts.emu.dm_messages(alice))
    hearts.bot = make_bot(hearts.emu, hearts.db, hearts.clock)
    await bot_runner.start(hearts.bot)
    await hearts.emu.settle()

    assert len(hearts.emu.dm_messages(alice)) == dms_before  # nothing sent again
    assert [m.id for m in hearts.emu.dm_messages(alice) if play_id in m.custom_ids] == [old.id]
    played = t("hand.played", card=old.component(play_id)["label"])
    ix = await hearts.emu.click(alice, hearts.emu.message(old.id), custom_id=play_id)
    await ix.wait_acknowledged()
    assert (await hearts.wait_content(old, played)).content == played  # (an ack may be a defer)


def _has_play_control(hearts: Hearts, user: object) -> bool:
    from discord_emulator import User

    assert isinstance(user, User)
    return any(
        (m.id, m.edit_count) not in hearts.seen and any(c.startswith("hh:card:") for c in m.custom_ids)
        for m in hearts.emu.dm_messages(user)
    )
