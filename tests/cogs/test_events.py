"""Server events through the emulator: ``/hearts-event new`` posts the sign-up message, nine
people Join, the organiser starts it, round 1 seats them at three 4-player tables (a computer at
each, in a different seat) dealt the same cards, the standings image goes to the event's thread
after each round, round 2 seats them by standing so nobody meets the same people, and the final
standings close the event. Bad input (no entrants, a second start, someone without the right, a
double Join, options that don't fit) is answered privately."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from bot.engine.cards import cards_of
from bot.engine.duplicate import boards
from bot.engine.rules import FivePlayerRemoval, MoonScoring, Omnibus, PassRotation, RuleSet
from bot.events import EventOptions, EventStatus, Standing
from bot.events.seating import Placement, pairs
from bot.events.service import CARRY_ON_RETRY
from bot.render import event_standings as es
from bot.storage import StorageUnavailable, WriteFault
from bot.storage import events as store
from bot.tables import Actor, TableOptions
from bot.text import TableRefusal, refusal_text, t
from cogs.events._commands import Events
from discord_emulator import DiscordEmulator, Message, User
from discord_emulator.pytest_plugin import ErrorLogCollector
from discord_emulator.route_keys import CREATE_MESSAGE, EDIT_WEBHOOK_MESSAGE
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts, bot_clock, make_bot
from tests.storage.targets import RawDatabase

NAMES = ("ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy")


def events_cog(h: Hearts) -> Events:
    cog = h.bot.get_cog("Events")
    assert cog is not None
    return cog  # type: ignore[return-value]


def first_pass_cards(message: Message) -> set[int]:
    """The cards of a passing message's buttons (``hh:pick:table:seat:move:card:chosen``)."""
    return {int(c.split(":")[5]) for c in message.custom_ids if c.startswith("hh:pick:")}


async def club(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, names: Sequence[str] = NAMES
) -> tuple[Hearts, User]:
    people = [emulator.create_user(n) for n in names]
    organiser = emulator.create_user("org")
    guild = emulator.create_guild("Card club", members=people, owner=organiser)
    clock = bot_clock(emulator)
    db = tmp_path / "hearts.sqlite3"
    bot = make_bot(emulator, db, clock)
    await bot_runner.start(bot)
    return Hearts(emulator, bot, clock, db, guild, guild.channel("general"), people), organiser


async def answer(h: Hearts, user: User, command: str, **options: object) -> str:
    return (await h.reply(await h.emu.slash(user, h.general, command, **options))).content


async def seating(h: Hearts, event_id: int, rnd: int) -> list[Placement]:
    return [
        Placement(s.player_id, s.table_index, s.seat) for _r, s in await store.seats(h.bot.db, event_id, rnd)
    ]


async def test_a_two_round_event_of_nine_people(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, org = await club(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    refused = await answer(h, ann, "hearts-event new", name="Mine")
    assert "Only the event's organiser, a server manager" in refused
    too_short = await answer(h, org, "hearts-event new", name="Rush", hands=20, seconds=3600, deadline=1)
    assert "That deadline is shorter" in too_short

    ix = await emulator.slash(org, h.general, "hearts-event new", name="Autumn Cup", rounds=2, hands=1)
    signup = await h.public_answer(ix)
    assert not signup.ephemeral and "**Autumn Cup** · event #1" in signup.content
    assert "nobody yet" in signup.content
    assert "Nobody has joined this event" in await answer(h, org, "hearts-event start", event=1)

    for user in h.people:
        await h.click(user, signup, "Join")
    await emulator.wait_until(
        lambda: "Entrants (9)" in emulator.message(signup.id).content, what="nine entrants listed"
    )
    again = await emulator.click(ann, emulator.message(signup.id), label="Join")
    assert "already in this event" in (await h.reply(again)).content
    assert "Only the event's organiser" in await answer(h, ann, "hearts-event start", event=1)
    assert "has started" in await answer(h, org, "hearts-event start", event=1)
    assert "already started" in await answer(h, org, "hearts-event start", event=1)

    announced = await h.wait_public("**Round 1 of 2**")
    thread = emulator.state.channels[announced.channel_id]
    assert thread.id != h.general.id  # the event's own thread, made from the sign-up message
    event = await events_cog(h).service.event(str(h.guild.id), 1)
    first = await seating(h, 1, 1)
    assert len({p.table_index for p in first}) == 3
    assert len({(p.table_index, p.seat) for p in first}) == 9

    # The same cards reach the same seat at every table: every person's first pass offers the
    # round's board in their seat.
    board = boards(event.options.table.rules, event.round_seed(1), 1)[0]
    by_name = {str(u.id): u for u in h.people}
    for p in first:
        hand = await h.hand_with(by_name[p.player_id], "pick")
        assert first_pass_cards(hand) == set(cards_of(board.hands[p.seat]))

    await h.play_until(lambda: h.public("standings after round 1 of 2"))
    after_one = h.public("standings after round 1 of 2")[0]
    assert after_one.channel_id == thread.id and after_one.attachments
    # Round 1's cards are not shown while the event goes on (bot.review refuses its tables).
    round_one = [t.table_id for t in sorted(await store.tables(h.bot.db, 1, 1), key=lambda t: t.table_index)]
    hidden = await h.reply(await emulator.slash(ann, h.general, "hearts replay", table=round_one[0], hand=1))
    assert hidden.content == t("review.problem.event_not_over", table=round_one[0], name="Autumn Cup")
    announced_two = await h.wait_public("**Round 2 of 2**")
    second = await seating(h, 1, 2)
    assert not pairs(first) & pairs(second)  # nobody meets the same people again
    # A table has one name everywhere: its number, in the announcement as in its thread's name
    # (round 2's tables are not "Table 1" again).
    round_two = [t.table_id for t in sorted(await store.tables(h.bot.db, 1, 2), key=lambda t: t.table_index)]
    named = {t("thread.name", table=number) for number in round_two}
    await emulator.wait_until(  # the round is announced before its tables' threads are made
        lambda: named <= {c.name for c in emulator.state.channels.values() if c.kind.is_thread},
        what="round 2's threads",
    )
    for number in round_two:
        assert f"Table #{number}: " in announced_two.content
    assert "Table 1:" not in announced_two.content

    await h.play_until(lambda: h.public("is over. The final standings"))
    final = h.public("is over. The final standings")[0]
    assert final.channel_id == thread.id and final.attachments and final.attachments[0].description
    # The standings say the tie-break (points taken) beside each percentage, and each one's table.
    alt = final.attachments[0].description
    assert len(re.findall(r"%, points taken \d+", alt)) == 9 and t("event.standings.tiebreak") in alt, alt
    assert "Finished." in (await h.wait_content(signup, "Finished.")).content
    ends = h.public(GAME_OVER)
    assert len(ends) == 6 and not any(m.custom_ids for m in ends)  # the event seats its rounds: no Rematch
    # Once it is over, every game can be looked at: the thread lists each round's tables.
    review = await h.wait_public("can now be looked at face up")
    assert review.channel_id == thread.id
    assert "Round 1: " + ", ".join(f"#{n}" for n in round_one) in review.content
    assert "Round 2: " + ", ".join(f"#{n}" for n in round_two) in review.content
    shown = await h.reply(await emulator.slash(ann, h.general, "hearts replay", table=round_one[0], hand=1))
    assert shown.content == t("review.posted", table=round_one[0], hand=1)

    mine = await h.reply(await emulator.slash(ann, h.general, "hearts-event standings"))
    assert mine.attachments
    board = await answer(h, ann, "hearts-event board")
    assert "**Events board** · 1 finished event" in board and "1. " in board
    listed = await answer(h, ann, "hearts-event list")
    assert "#1 **Autumn Cup** · finished · 9 entrants" in listed
    scores = await store.scores(h.bot.db, 1)
    assert len(scores) == 9 * 2  # one board per round, each person recorded once


async def test_late_entry_withdraw_remove_and_cancel(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, org = await club(emulator, bot_runner, tmp_path)
    ann, bob, cid, dan, eve = h.people[:5]
    ix = await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
    signup = await h.public_answer(ix)
    for user in (ann, bob, cid, dan):
        await h.click(user, signup, "Join")
    await emulator.wait_until(lambda: "Entrants (4)" in emulator.message(signup.id).content, what="4 in")
    await answer(h, org, "hearts-event start", event=1)
    await h.wait_public("**Round 1 of 2**")
    late = await emulator.click(eve, emulator.message(signup.id), label="Join")  # during round 1
    assert "You are in **Cup**" in (await h.reply(late)).content
    # Leaving before being seated (round 2) is leaving as in sign-up: no seat, nothing withdrawn
    gone = await emulator.click(eve, emulator.message(signup.id), label="Leave")
    assert (await h.reply(gone)).content == t("event.left", name="Cup")
    await h.wait_content(signup, "Entrants (4)")
    back = await emulator.click(eve, emulator.message(signup.id), label="Join")  # may join again
    assert "You are in **Cup**" in (await h.reply(back)).content
    assert "your results so far stay" in await answer(h, ann, "hearts-event withdraw", event=1)
    assert "Only the event's organiser" in await answer(h, bob, "hearts-event remove", event=1, member=cid)
    assert "is out of **Cup**" in await answer(h, org, "hearts-event remove", event=1, member=bob)
    assert "You are not in this event" in await answer(h, ann, "hearts-event withdraw", event=1)
    await h.wait_content(signup, "Entrants (3)")  # cid, dan, and eve who entered late
    assert "is cancelled" in await answer(h, org, "hearts-event cancel", event=1)
    await h.wait_content(signup, "Cancelled by the organiser")
    over = t("event.refused.over")
    assert await answer(h, org, "hearts-event cancel", event=1) == over  # (not "only in sign-up")
    assert await answer(h, org, "hearts-event remove", event=1, member=cid) == over
    assert await answer(h, dan, "hearts-event withdraw", event=1) == over
    assert "#1 **Cup** · cancelled" in await answer(h, dan, "hearts-event list")


async def test_a_large_rounds_announcement_is_several_messages_of_whole_lines_posted_once(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """98 people at fourteen 7-player tables: the round's announcement is longer than one Discord
    message (2,000 characters), so it goes out in several, of whole lines: every table named and
    every person pinged, once, no mention cut. Offered again (a stop before it was noted), none
    is posted twice; and a part that is missing (a failure between its messages) is posted alone."""
    h, org = await club(emulator, bot_runner, tmp_path, [f"player-{i:02d}" for i in range(98)])
    ix = await emulator.slash(org, h.general, "hearts-event new", name="Big cup", rounds=1, hands=1, seats=7)
    await h.public_answer(ix)
    cog = events_cog(h)
    for user in h.people:
        await cog.service.join(Actor(str(user.id)), str(h.guild.id), 1)
    assert "has started" in await answer(h, org, "hearts-event start", event=1)
    thread = (await h.wait_public("**Round 1 of 1**")).channel_id
    tables = [t.table_id for t in await store.tables(h.bot.db, 1, 1)]
    assert len(tables) == 14

    def parts() -> list[str]:
        return [m.content for m in emulator.messages(emulator.state.channels[thread]) if not m.deleted]

    announced = parts()
    assert len(announced) >= 2 and all(len(part) <= 2000 for part in announced)
    assert announced[0].startswith("**Round 1 of 1**")
    lines = "\n".join(announced).split("\n")
    assert [line.split(":")[0] for line in lines[1:]] == [f"Table #{n}" for n in tables]  # whole lines
    mentions = re.findall(r"<@(\d+)>", "\n".join(announced))
    assert sorted(mentions) == sorted(str(u.id) for u in h.people)  # each once, none cut
    assert sum(part.count("<@") for part in announced) == len(mentions)

    event = await cog.service.event(str(h.guild.id), 1)
    assert await cog.presenter.round_started(event, 1, tables, again=True)
    assert parts() == announced  # found, all of it: nothing posted twice
    emulator.delete_message(emulator.messages(emulator.state.channels[thread])[-1])
    assert await cog.presenter.round_started(event, 1, tables, again=True)
    assert parts() == announced  # only the missing part posted again


async def cup_of_five(h: Hearts, org: User) -> None:
    """The organiser opens the Cup (two rounds of one hand), the first five people join, it starts."""
    signup = await h.public_answer(
        await h.emu.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
    )
    for user in h.people[:5]:
        await h.click(user, signup, "Join")
    await h.emu.wait_until(lambda: "Entrants (5)" in h.emu.message(signup.id).content, what="5 in")
    await answer(h, org, "hearts-event start", event=1)


async def test_a_restart_in_the_middle_of_a_round(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, org = await club(emulator, bot_runner, tmp_path)
    five = h.people[:5]
    await cup_of_five(h, org)
    announced = await h.wait_public("**Round 1 of 2**")
    for user in five:
        await h.pass_hand(user)  # everyone passes, then the bot restarts mid-hand
    await h.settle()
    await h.restart(bot_runner, downtime=5.0)
    await h.play_until(lambda: h.public("standings after round 1 of 2"), five)
    await h.wait_public("**Round 2 of 2**")
    assert len(h.public("**Round 1 of 2**")) == 1  # nothing seated twice
    assert len({m.channel_id for m in h.public("Cup")} - {h.general.id}) == 1  # the one thread
    assert h.public("standings after round 1 of 2")[0].channel_id == announced.channel_id
    assert len(await store.tables(h.bot.db, 1, 1)) == 2


async def test_standings_discord_fails_to_post_go_out_a_minute_later_and_the_event_goes_on(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Discord fails the standings after round 1 (a 503): round 2 is seated all the same, and the
    standings go out a minute later, once (not at the next restart)."""
    h, org = await club(emulator, bot_runner, tmp_path)
    five = h.people[:5]
    failed = emulator.faults.server_error(
        CREATE_MESSAGE,
        status=503,
        where=lambda r: "standings after round" in str((r.json or {}).get("content")),
    )
    await cup_of_five(h, org)
    await h.play_until(lambda: failed.exhausted, five)
    await h.wait_public("**Round 2 of 2**")
    await events_cog(h).service.settle()
    assert not h.public("standings after round 1 of 2")
    h.clock.advance(CARRY_ON_RETRY)
    await h.wait_public("standings after round 1 of 2")
    await events_cog(h).service.settle()
    assert len(h.public("standings after round 1 of 2")) == 1
    assert await store.owed_standings(h.bot.db) == []


async def test_a_rounds_announcement_discord_fails_to_post_goes_out_a_minute_later_once(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Discord fails round 1's announcement (a 503): it is owed in the database, and posted a
    minute later, once. A restart after a crash between the post and its note (still owed) finds
    it in the thread and posts nothing more, though a pause moved its deadline since."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    await signed_up(h, org, four, rounds=1, hands=1)
    failed = emulator.faults.server_error(
        CREATE_MESSAGE, status=503, where=lambda r: "**Round 1 of 1**" in str((r.json or {}).get("content"))
    )
    await answer(h, org, "hearts-event start", event=1)
    await emulator.wait_until(lambda: failed.exhausted, what="the announcement refused")
    await events_cog(h).service.settle()
    assert not h.public("**Round 1 of 1**")
    h.clock.advance(CARRY_ON_RETRY)
    announced = await h.wait_public("**Round 1 of 1**")
    assert all(f"<@{user.id}>" in announced.content for user in four)
    await events_cog(h).service.settle()
    assert await store.announced(h.bot.db, 1, 1)
    assert "paused" in await answer(h, org, "hearts-event pause", event=1)
    h.clock.advance(600)
    await answer(h, org, "hearts-event resume", event=1)  # the round's deadline moved on: new words
    await h.bot.db.execute(("UPDATE event_rounds SET announced_at = NULL", ()))  # killed before the note
    await h.restart(bot_runner, downtime=1.0)
    await events_cog(h).service.settle()
    assert await store.announced(h.bot.db, 1, 1)
    assert len(h.public("**Round 1 of 1**")) == 1


async def test_a_round_owed_its_announcement_with_a_table_that_cant_be_read_is_not_stuck_on_it(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, error_log: ErrorLogCollector
) -> None:
    """A crash before round 1's announcement was noted, and one of its two tables' saved game
    damaged by the restart: the owed announcement is worked out without that table (it failed,
    and the round was never carried on), found in the thread and noted, not posted again."""
    h, org = await club(emulator, bot_runner, tmp_path)
    await cup_of_five(h, org)
    await h.wait_public("**Round 1 of 2**")
    await events_cog(h).service.settle()
    broken, other = (t.table_id for t in await store.tables(h.bot.db, 1, 1))
    seated = {str(u.id): u for u in h.people[:5]}
    at_other = [u for p, u in seated.items() if (await events_cog(h).service.seated(1, 1))[p] == other]
    await h.bot.db.execute(
        ("UPDATE event_rounds SET announced_at = NULL", ()),
        ("UPDATE tables SET state = '{broken' WHERE id = ?", (broken,)),
    )
    error_log.allow(rf"^ERROR bot\.\S+: tables row {broken} can't be read", logger="bot")
    await h.restart(bot_runner, downtime=1.0)
    await events_cog(h).service.settle()
    assert await store.announced(h.bot.db, 1, 1)
    (announced,) = h.public("**Round 1 of 2**")
    assert f"Table #{other}:" in announced.content
    assert all(f"<@{u.id}>" in announced.content for u in at_other)


async def test_an_event_made_in_a_thread_announces_and_posts_its_standings_in_that_thread(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """``/hearts-event new`` in a thread (a thread can't have threads): its rounds are announced,
    its tables played and its standings posted in that thread, and its sign-up loses its buttons
    at the start (none of it happened: the event looked for a text channel)."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    thread = emulator.state.create_thread(h.general, "Cup talk", owner=org)
    ix = await emulator.slash(org, thread, "hearts-event new", name="Cup", rounds=1, hands=1)
    signup = await h.public_answer(ix)
    assert signup.channel_id == thread.id
    for user in four:
        await h.click(user, signup, "Join")
    await h.emu.wait_until(lambda: "Entrants (4)" in h.emu.message(signup.id).content, what="4 in")
    await answer(h, org, "hearts-event start", event=1)
    assert (await h.wait_public("**Round 1 of 1**")).channel_id == thread.id
    await emulator.wait_until(lambda: not emulator.message(signup.id).custom_ids, what="no buttons")
    await h.play_until(lambda: h.public("is over. The final standings"), four)
    assert [m.channel_id for m in h.public("is over. The final standings")] == [thread.id]


async def test_standings_after_the_events_thread_was_archived_go_to_that_thread(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The event's thread is archived during round 1 (by a moderator, or its week idle): the
    gateway's bot forgets an archived thread, and the standings went to the channel beside it
    (a second thread from the sign-up message is refused). They go to the thread, which opens."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    await signed_up(h, org, four, rounds=2, hands=1)
    await answer(h, org, "hearts-event start", event=1)
    thread = emulator.state.channels[(await h.wait_public("**Round 1 of 2**")).channel_id]
    assert thread.kind.is_thread
    emulator.state.update_thread(thread, {"archived": True})
    await h.play_until(lambda: h.public("standings after round 1 of 2"), four)
    assert [m.channel_id for m in h.public("standings after round 1 of 2")] == [thread.id]
    assert (await h.wait_public("**Round 2 of 2**")).channel_id == thread.id


async def test_a_resume_that_finishes_the_event_leaves_its_sign_up_saying_so(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The round's tables end while the event is paused: the resume scores it and finishes the
    event, and the sign-up message says it is finished (the answer's refresh put back the event
    as the resume began, "round 1", for good)."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    signup = await signed_up(h, org, four, rounds=1, hands=1)
    await answer(h, org, "hearts-event start", event=1)
    await h.wait_public("**Round 1 of 1**")
    assert "paused" in await answer(h, org, "hearts-event pause", event=1)
    await h.play_until(lambda: h.public(GAME_OVER), four)
    await events_cog(h).service.settle()
    await answer(h, org, "hearts-event resume", event=1)
    await h.wait_public("is over. The final standings")
    await events_cog(h).service.settle()
    await h.settle()
    assert "Finished." in emulator.message(signup.id).content


async def test_the_rule_options_of_hearts_new_and_forged_values(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """/hearts-event new takes the rule options of /hearts new; the table service checks them as
    for a table: a forged value is refused privately and no event is opened."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ix = await emulator.forged_slash(org, h.general, "hearts-event new", name="Bad", moon="xx")
    allowed = ("others_plus", "shooter_chooses")
    expected = refusal_text(TableRefusal.OPTION_NOT_OFFERED, "en", option="moon", allowed=allowed)
    assert (await h.reply(ix)).content == expected
    ix = await emulator.forged_slash(org, h.general, "hearts-event new", name="Bad", seconds=1)
    assert (await h.reply(ix)).content == refusal_text(
        TableRefusal.BAD_TIME_LIMIT, "en", min=15.0, max=86400.0
    )
    clash = await answer(h, org, "hearts-event new", name="Bad", moon="shooter_chooses", tournament=True)
    assert clash == refusal_text(TableRefusal.BAD_RULES, "en", rule="tournament_moon")
    assert await events_cog(h).service.events(str(h.guild.id)) == []

    ix = await emulator.slash(
        org,
        h.general,
        "hearts-event new",
        name="Rules night",
        seats=5,
        moon="shooter_chooses",
        passing="left",
        omnibus="JD",
        queen_breaks_hearts=True,
        five_player_removal="TWO_SPADES",
    )
    await h.public_answer(ix)  # the sign-up message: the event is written
    (event,) = await events_cog(h).service.events(str(h.guild.id))
    rules = event.options.table.rules
    assert rules.players == 5 and rules.moon is MoonScoring.SHOOTER_CHOOSES
    assert rules.pass_rotation is PassRotation.LEFT and rules.omnibus is Omnibus.JACK_OF_DIAMONDS
    assert rules.queen_breaks_hearts and rules.five_player_removal is FivePlayerRemoval.TWO_SPADES


async def test_an_event_table_and_the_events_thread_deleted_mid_round(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The table's thread and the event's own thread are deleted while the round plays: the table
    plays on with its news in the channel (said once), the round is scored once and the final
    standings still go out."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ix = await emulator.slash(org, h.general, "hearts-event new", name="Quick", rounds=1, hands=1, seats=4)
    signup = await h.public_answer(ix)
    four = h.people[:4]
    for user in four:
        await h.click(user, signup, "Join")
    await emulator.wait_until(lambda: "Entrants (4)" in emulator.message(signup.id).content, what="four")
    assert "has started" in await answer(h, org, "hearts-event start", event=1)
    announced = await h.wait_public("**Round 1 of 1**")
    table = await h.wait_table_message()
    ((_index, table_id),) = [(t.table_index, t.table_id) for t in await store.tables(h.bot.db, 1, 1)]
    assert table.channel_id not in (h.general.id, announced.channel_id)  # the table's own thread
    emulator.delete_channel(emulator.state.channels[table.channel_id])
    emulator.delete_channel(emulator.state.channels[announced.channel_id])

    await h.play_until(lambda: h.public("is over. The final standings"), four)
    await h.settle()
    (final,) = h.public("is over. The final standings")
    assert final.attachments
    here = [m.content for m in emulator.messages(h.general)]
    assert here.count(t("announce.place_gone", table=table_id)) == 1
    done = await events_cog(h).service.event(str(h.guild.id), 1)
    assert done.status.value == "finished"
    assert len(await store.scores(h.bot.db, 1)) == 4  # one board, each person once


async def signed_up(h: Hearts, org: User, people: Sequence[User], **options: object) -> Message:
    ix = await h.emu.slash(org, h.general, "hearts-event new", name="Cup", **options)
    signup = await h.public_answer(ix)
    for user in people:
        await h.click(user, signup, "Join")
    entrants = f"Entrants ({len(people)})"
    await h.emu.wait_until(lambda: entrants in h.emu.message(signup.id).content, what=entrants)
    return signup


async def test_everyone_withdrawing_ends_the_event_and_owed_standings_go_out_once_connected(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Both entrants of a 3-round event withdraw during round 1: computers play it out, and the
    event ends with the final standings (it stayed "running, round 2" for ever). Standings still
    owed at a restart go out once the bot is connected (at start-up no channel is known yet: they
    were marked posted and lost)."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ann, bob = h.people[:2]
    signup = await signed_up(h, org, [ann, bob], rounds=3, hands=1)
    await answer(h, org, "hearts-event start", event=1)
    await h.wait_public("**Round 1 of 3**")
    for user in (ann, bob):
        assert "your results so far stay" in await answer(h, user, "hearts-event withdraw", event=1)
    final = await h.wait_public("is over. The final standings")
    await h.wait_content(signup, "Finished.")
    done = await events_cog(h).service.event(str(h.guild.id), 1)
    assert (done.status.value, done.round) == ("finished", 1)
    assert not h.public("**Round 2 of 3**")

    # The bot stopped after the round was scored but before its standings went out.
    await h.bot.db.execute(("UPDATE event_rounds SET posted_at = NULL WHERE event_id = ?", (1,)))
    emulator.delete_message(final)
    await h.restart(bot_runner)
    again = await h.wait_public("is over. The final standings")
    assert again.channel_id == final.channel_id and again.attachments
    await events_cog(h).service.settle()
    assert await store.owed_standings(h.bot.db) == []
    assert len(h.public("is over. The final standings")) == 1


async def test_a_round_seated_before_a_restart_is_announced_after_it_with_its_own_deadline(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """The bot stopped between a round's claim (its seating stored) and its tables: the next start
    opens them once connected and announces the round, closing at its seating time plus the
    round's time (not the restart's)."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    await signed_up(h, org, four, rounds=1, hands=1, deadline=2)
    seated = h.clock.now()
    await store.move_on(h.bot.db, 1, "signup", 0, "running", 1)
    placed = [store.SeatRow(str(user.id), 0, seat) for seat, user in enumerate(four)]
    await store.claim_round(h.bot.db, 1, 1, placed, seated)
    await h.restart(bot_runner, downtime=600.0)
    announced = await h.wait_public("**Round 1 of 1**")
    assert f"<t:{int(seated + 2 * 3600)}:R>" in announced.content
    assert len(await store.tables(h.bot.db, 1, 1)) == 1


async def test_the_signup_message_of_140_entrants_stays_within_discords_limit(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """140 entrants with names of 15 characters (2,600 characters listed): every Join is answered
    and shown, the message naming the first that fit and how many more."""
    names = [f"entrant-{i:03d}-xyz" for i in range(140)]
    h, org = await club(emulator, bot_runner, tmp_path, names)
    ix = await emulator.slash(org, h.general, "hearts-event new", name="Big cup")
    signup = await h.public_answer(ix)
    for user in h.people:
        joined = await emulator.click(user, emulator.message(signup.id), label="Join")
        assert "You are in **Big cup**" in (await h.reply(joined)).content
    shown = await h.wait_content(signup, "Entrants (140)")
    assert len(shown.content) <= 2000
    listed = sum(1 for name in names if name in shown.content)
    assert names[0] in shown.content and names[-1] not in shown.content
    assert t("reply.list_more", items="", more=140 - listed).strip() in shown.content


async def test_the_list_of_20_events_with_long_names_is_one_message(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    h, org = await club(emulator, bot_runner, tmp_path)
    service = events_cog(h).service
    options = EventOptions(TableOptions(rules=RuleSet(target_score=None, fixed_hands=4)))
    organiser = Actor(str(org.id), manages_server=True)
    for i in range(1, 21):
        await service.new(organiser, str(h.guild.id), str(h.general.id), f"{i:02d}" + "n" * 78, options)
    listed = await answer(h, org, "hearts-event list")
    assert len(listed) <= 2000 and listed.startswith("#20 **20nnn")
    assert len(listed.split("\n")) >= 10


async def test_standings_asked_mid_round_are_those_after_the_last_scored_round(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """During round 1 there are none yet (it said "after round 0" with the hands in play); during
    round 2 they are round 1's, points and tables, as posted after it."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    ann = four[0]
    await signed_up(h, org, four, rounds=2, hands=2)
    await answer(h, org, "hearts-event start", event=1)
    await h.wait_public("**Round 1 of 2**")
    service = events_cog(h).service

    async def one_hand_into(rnd: int) -> None:
        ((table_id,),) = [[t.table_id for t in await store.tables(h.bot.db, 1, rnd)]]
        await h.play_until(lambda: h.bot.service.snapshot(table_id).hand_number == 2, four)
        await h.settle()
        await service.settle()
        assert {s.round for s in await store.scores(h.bot.db, 1)} >= {rnd}  # the hand is on the board

    await one_hand_into(1)
    assert await answer(h, ann, "hearts-event standings", event=1) == t("event.standings.none", name="Cup")

    await h.play_until(lambda: h.public("**Round 2 of 2**"), four)
    await one_hand_into(2)
    mid = await h.reply(await emulator.slash(ann, h.general, "hearts-event standings", event=1))
    assert mid.content == t("event.standings.after", round=1, rounds=2) and mid.attachments
    after_one = h.public("standings after round 1 of 2")[0]
    assert mid.attachments[0].description == after_one.attachments[0].description
    round_one: dict[str, int] = {}
    for s in await store.scores(h.bot.db, 1):
        if s.round == 1:
            round_one[s.player_id] = round_one.get(s.player_id, 0) + s.points
    by_name = {u.name: str(u.id) for u in four}
    taken = re.findall(r"(\w+): [^:;]*?, points taken (\d+)", mid.attachments[0].description or "")
    assert {by_name[name]: int(points) for name, points in taken} == round_one


async def test_a_join_and_a_command_on_a_full_disk_are_told_it_is_busy_and_change_nothing(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """A database that can't be written now is no bug, whatever feature meets it: the person is told,
    in their words, that it is busy and to try again; nothing changed, and the next try works."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    ix = await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
    signup = await h.public_answer(ix)
    emulator.set_locale(ann, "de")
    h.bot.db.faults.fail(WriteFault.DISK_FULL)
    busy = await emulator.click(ann, signup, label="Join")
    assert (await h.reply(busy)).content == refusal_text(TableRefusal.STORAGE_BUSY, "de")
    assert await answer(h, org, "hearts-event pause", event=1) == refusal_text(TableRefusal.STORAGE_BUSY)
    h.bot.db.faults.clear()
    assert await store.entrants(h.bot.db, 1) == []
    joined = await emulator.click(ann, emulator.message(signup.id), label="Join")
    assert "Cup" in (await h.reply(joined)).content
    assert [player for player, _status in await store.entrants(h.bot.db, 1)] == [str(ann.id)]


async def test_a_new_event_whose_signup_cant_be_shown_is_taken_back_and_the_answer_says_so(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, error_log: ErrorLogCollector
) -> None:
    """The loading message of ``/hearts-event new`` is gone before the sign-up takes its place
    (a moderator deleted it: Discord says Unknown Message): the event is taken back, so that the
    private answer's "nothing was changed" is true and its number is free; the next try works."""
    h, org = await club(emulator, bot_runner, tmp_path)
    failed = error_log.allow(r"^ERROR bot\.client\.\S+: interaction .* failed", logger="bot")
    gone = emulator.faults.fail(EDIT_WEBHOOK_MESSAGE, status=404, code=10008, message="Unknown Message")
    refused = await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
    assert (await h.reply(refused)).content == t("reply.error")
    assert gone.exhausted and failed.seen == 1
    assert refused.original is not None and refused.original.deleted
    assert await events_cog(h).service.events(str(h.guild.id)) == []
    signup = await h.public_answer(
        await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
    )
    assert "**Cup** · event #1" in signup.content
    event = await events_cog(h).service.event(str(h.guild.id), 1)
    assert event.message_id == str(signup.id)  # saved with the event: the sign-up is kept up to date


async def test_a_change_written_is_answered_as_done_though_the_sign_ups_list_cant_be_read(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Join, a pause and a withdrawal while paused are written, then the entrants can't be read
    for the sign-up message (the database locked just then): each is answered as done, not "busy,
    nothing was changed" (a retry would then be refused), and the message catches up later."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ann, bob = h.people[:2]
    signup = await signed_up(h, org, [ann], rounds=2, hands=1)
    service = events_cog(h).service
    entrants = service.entrants

    async def locked(event_id: int) -> object:
        raise StorageUnavailable("database is locked")

    monkeypatch.setattr(service, "entrants", locked)
    joined = await emulator.click(bob, signup, label="Join")
    assert "You are in **Cup**" in (await h.reply(joined)).content
    monkeypatch.setattr(service, "entrants", entrants)
    assert [p for p, _status in await store.entrants(h.bot.db, 1)] == [str(ann.id), str(bob.id)]
    await answer(h, org, "hearts-event start", event=1)
    await h.wait_public("**Round 1 of 2**")
    monkeypatch.setattr(service, "entrants", locked)
    assert "paused" in await answer(h, org, "hearts-event pause", event=1)
    assert "results so far stay" in await answer(h, ann, "hearts-event withdraw", event=1)
    monkeypatch.setattr(service, "entrants", entrants)
    assert (await service.event(str(h.guild.id), 1)).status is EventStatus.PAUSED
    assert dict(await store.entrants(h.bot.db, 1))[str(ann.id)] == "withdrew"


async def test_a_new_event_and_a_join_are_acknowledged_while_another_process_writes(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """Another process holds the database's write lock: ``/hearts-event new`` and a Join are
    acknowledged at once (Discord gives 3 s), without waiting for the writer; once it is free,
    the sign-up message takes the loading message's place, and the Join is listed and answered.
    A refusal is still said at once, privately; a write that fails after the loading message is
    said privately too, and the loading message goes."""
    h, org = await club(emulator, bot_runner, tmp_path)
    ann = h.people[0]
    other = RawDatabase(f"sqlite:///{h.db}")  # another process on the database file
    await h.bot.db.set_busy_timeout(60)  # the bot's writes wait for the lock (not refused as busy)
    async with other.write_lock():
        refused = await answer(h, ann, "hearts-event new", name="Mine")  # the check reads only
        assert "Only the event's organiser" in refused
        new = await emulator.slash(org, h.general, "hearts-event new", name="Cup", rounds=2, hands=1)
        await new.wait_acknowledged()  # while the lock is held
        assert await other.fetch("SELECT count(*) FROM events") == [(0,)]
    signup = await h.public_answer(new)
    assert "**Cup** · event #1" in signup.content
    async with other.write_lock():
        join = await emulator.click(ann, signup, label="Join")
        await join.wait_acknowledged()  # while the lock is held
    assert "You are in **Cup**" in (await h.reply(join)).content
    await h.wait_content(signup, "Entrants (1)")

    await h.bot.db.set_busy_timeout(0.1)
    async with other.write_lock():
        busy = await emulator.slash(org, h.general, "hearts-event new", name="Later", rounds=2, hands=1)
        assert (await h.reply(busy)).content == refusal_text(TableRefusal.STORAGE_BUSY)
    assert busy.original is not None and busy.original.deleted  # no loading message left behind
    assert [e.name for e in await events_cog(h).service.events(str(h.guild.id))] == ["Cup"]


async def test_standings_asked_by_someone_far_down_show_the_top_and_their_own_row(
    emulator: DiscordEmulator, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event of 700 entrants (its standings as the service works them out, stubbed) and ann
    300th: her /hearts-event standings picture is the top rows, how many more, and her own row
    under them, as high as any past the cut (it was 960 × 29,546 px); the thread's post has the
    top and the count but no row of hers."""
    h, org = await club(emulator, bot_runner, tmp_path)
    four = h.people[:4]
    ann = four[0]
    await signed_up(h, org, four, rounds=1, hands=1)
    await answer(h, org, "hearts-event start", event=1)
    await h.play_until(lambda: h.public("is over. The final standings"), four)
    (posted,) = h.public("is over. The final standings")
    service = events_cog(h).service
    people = [str(10_000 + i) for i in range(699)]
    people.insert(299, str(ann.id))
    many = [
        Standing(p, i, False, Fraction(700 - i), 2100, 100 * (700 - i) / 700, i, 1, False)
        for i, p in enumerate(people, start=1)
    ]

    async def standings(event: object, through: int | None = None) -> list[Standing]:
        return many

    monkeypatch.setattr(service, "standings", standings)
    mine = await h.reply(await emulator.slash(ann, h.general, "hearts-event standings", event=1))
    (picture,) = mine.attachments
    rows_end = es.TITLE_H + es.HEADER_H + es.ROWS * es.ROW_H
    assert picture.image().height == rows_end + es.GAP + es.ROW_H + es.NOTE_H + es.PAD
    alt = picture.description or ""
    named = alt.count("; ") + 1
    assert alt.startswith("Standings of Cup: 1. ") and "; 300. ann: " in alt, alt
    assert f" and {700 - named} more; 300. ann: " in alt and len(alt) <= 1024, alt
    public = await events_cog(h).presenter.standings_file(
        await service.event(str(h.guild.id), 1), 1, many, True, "en"
    )
    said = public.description or ""
    assert "300. ann" not in said and f" and {700 - said.count('; ') - 1} more." in said, said
    assert posted.attachments[0].description != said  # (the real event's, four people)
