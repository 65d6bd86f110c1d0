"""Review hand end to end: the replay step by step and animated, the coach prepared in the
background and saved, ``/hearts replay``; fairness (nothing of the hand in play in any message,
custom id or image) and bad input (each answered privately)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.client.review import REVIEW_COG
from bot.review.service import ReviewService
from bot.storage import StorageUnavailable
from bot.text import t
from discord_emulator import Channel, Message, Permission, User
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts

REVIEW_1 = t("button.review_hand", hand=1)
NEXT = t("button.review_next")
WHOLE_HAND = t("button.review_animation")
COACH = "**Coach**"
HAND_OF = re.compile(r"\bhand (\d+)", re.IGNORECASE)


async def _to_hand_two(hearts: Hearts) -> tuple[User, User, Message]:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, hands=2)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    service = hearts.bot.service
    await hearts.play_until(lambda: service.snapshot(1).hand_number == 2, [alice, bob])
    await hearts.settle()
    table = await hearts.emu.wait_until(
        lambda: (m := hearts.table_message()) is not None and REVIEW_1 in _labels(m) and m,
        what="the table message of hand 2 with Review hand 1",
    )
    return alice, bob, table


async def _finished_game(hearts: Hearts) -> Message:
    """A one-hand game of alice and bob (and two computers) played to its end: its standings."""
    return await hearts.one_hand_game()


def _review_service(hearts: Hearts) -> ReviewService:
    cog = hearts.bot.get_cog(REVIEW_COG)
    assert cog is not None
    return cog.reviews  # type: ignore[attr-defined,no-any-return]


def _labels(message: Message) -> list[str]:
    return [str(c.get("label")) for c in message.iter_components() if "label" in c]


def _assert_nothing_of_hand(hearts: Hearts, in_play: int) -> None:
    """Every review id and every replay image anywhere is of a hand before ``in_play``."""
    for message in hearts.emu.state.messages.values():
        for custom_id in message.custom_ids:
            if custom_id.startswith("hr:"):
                assert int(custom_id.split(":")[3]) < in_play, custom_id
        for attachment in message.attachments:
            if attachment.filename.startswith("replay"):
                assert attachment.description
                hands = {int(n) for n in HAND_OF.findall(attachment.description)}
                assert hands and max(hands) < in_play, attachment.description


async def test_review_hand_during_a_game_steps_animates_and_coaches_the_finished_hand_only(
    hearts: Hearts,
) -> None:
    _, bob, table = await _to_hand_two(hearts)
    emu = hearts.emu
    answer = await hearts.reply(await emu.click(bob, table, label=REVIEW_1))
    (image,) = answer.attachments
    assert image.filename == "replay.png" and image.description
    assert image.description.startswith(t("review.title", table=1, hand=1))
    assert t("review.intro", table=1, hand=1) in answer.content
    coached = await hearts.wait_content(answer, COACH)  # the background review, shown when saved
    reviews = _review_service(hearts)
    assert reviews.runs == 1
    assert t("review.coach.preparing") not in coached.content

    edits = emu.message(answer.id).edit_count
    await hearts.click(bob, emu.message(answer.id), NEXT)
    stepped = await emu.wait_until(
        lambda: (
            (m := emu.message(answer.id)).edit_count > edits and m.attachments[0].data != image.data and m
        ),
        what="the replay's next step",
    )
    assert "Trick 1:" in str(stepped.attachments[0].description)
    assert COACH in stepped.content  # saved: shown at once

    animation = await hearts.reply(await emu.click(bob, stepped, label=WHOLE_HAND))
    (gif,) = animation.attachments
    assert gif.filename == "replay.gif"
    with Image.open(io.BytesIO(gif.data)) as im:
        assert im.format == "GIF" and im.n_frames == 14  # as dealt, then 13 tricks

    again = await hearts.reply(await emu.click(bob, table, label=REVIEW_1))
    assert COACH in again.content  # the saved review, read back ...
    assert reviews.runs == 1  # ... and the coach not run again
    _assert_nothing_of_hand(hearts, 2)


async def test_during_a_game_a_spectator_and_the_public_replay_are_refused(hearts: Hearts) -> None:
    alice, _, table = await _to_hand_two(hearts)
    carol = hearts.people[2]
    refused = await hearts.reply(await hearts.emu.click(carol, table, label=REVIEW_1))
    assert refused.content == t("review.problem.game_not_over", table=1)
    assert not refused.attachments
    ix = await hearts.emu.slash(alice, hearts.general, "hearts replay", table=1, hand=1)
    assert (await hearts.reply(ix)).content == t("review.problem.game_not_over", table=1)
    ix = await hearts.emu.slash(alice, hearts.general, "hearts replay", table=1, hand=2)
    assert (await hearts.reply(ix)).content == t("review.problem.hand_in_play", table=1, hand=2)
    _assert_nothing_of_hand(hearts, 2)


async def test_after_the_game_the_replay_is_posted_and_bad_requests_are_answered_privately(
    hearts: Hearts,
) -> None:
    standings = await _finished_game(hearts)
    assert REVIEW_1 in _labels(standings)

    carol = hearts.people[2]  # a spectator may look once the game is over: the replay, no coach
    spectator = await hearts.reply(await hearts.emu.click(carol, standings, label=REVIEW_1))
    assert t("review.coach.spectator") in spectator.content and spectator.attachments

    ix = await hearts.emu.slash(carol, hearts.general, "hearts replay", table=1, hand=1)
    assert (await hearts.reply(ix)).content == t("review.posted", table=1, hand=1)
    posted = await hearts.wait_public(t("review.public", table=1, hand=1, name="carol"))
    (gif,) = posted.attachments
    assert gif.filename == "replay.gif" and gif.description
    assert len(gif.data) < 2_000_000  # far below Discord's 10 MiB

    for options, problem in (
        ({"table": 1, "hand": 2}, t("review.problem.no_such_hand", table=1, hand=2, count=1)),
        ({"table": 99, "hand": 1}, t("review.problem.no_table", table=99)),
    ):
        ix = await hearts.emu.slash(carol, hearts.general, "hearts replay", **options)
        assert (await hearts.reply(ix)).content == problem
    other = hearts.emu.create_guild("Another club", members=[carol])
    ix = await hearts.emu.slash(carol, other.channel("general"), "hearts replay", table=1, hand=1)
    assert (await hearts.reply(ix)).content == t("review.problem.other_server", table=1)


async def test_the_replay_steps_on_after_a_restart_from_the_database(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    _, bob, table = await _to_hand_two(hearts)
    emu = hearts.emu
    answer = await hearts.reply(await emu.click(bob, table, label=REVIEW_1))
    await hearts.wait_content(answer, COACH)
    await hearts.restart(bot_runner)
    edits = emu.message(answer.id).edit_count
    await hearts.click(bob, emu.message(answer.id), NEXT)
    stepped = await emu.wait_until(
        lambda: (m := emu.message(answer.id)).edit_count > edits and m,
        what="the next step after the restart",
    )
    assert "Trick 1:" in str(stepped.attachments[0].description)
    assert COACH in stepped.content  # the saved review, read back


async def test_a_review_the_database_cannot_save_is_shown_all_the_same(
    hearts: Hearts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk is full when the coach's review is done: it is shown (and made again when next
    asked for), not thrown away as a failure with an error in the log."""
    bob = hearts.people[1]
    standings = await _finished_game(hearts)

    async def disk_full(*_: object) -> None:
        raise StorageUnavailable("database or disk is full")

    monkeypatch.setattr(hearts.bot.db, "save_review", disk_full)
    answer = await hearts.reply(await hearts.emu.click(bob, standings, label=REVIEW_1))
    coached = await hearts.wait_content(answer, COACH)
    assert t("review.coach.failed") not in coached.content
    reviews = _review_service(hearts)
    record = await reviews.hand(1, 1, str(hearts.guild.id), reader=str(bob.id))
    seat = record.seat_of(str(bob.id))
    assert seat is not None and await reviews.saved(record, seat) is None  # not saved: made again


async def test_a_replay_is_posted_only_where_the_bot_may_and_of_a_game_the_asker_could_see(
    hearts: Hearts,
) -> None:
    """/hearts replay where the bot can't attach files says so (it was "Something went wrong", and
    a 403 in the log); a game played in a channel the one asking can't see is no table to them (it
    was posted, names and cards, wherever they asked)."""
    bob, carol = hearts.people[1:3]
    emu = hearts.emu
    await _finished_game(hearts)
    quiet = emu.create_channel(hearts.guild, "quiet")
    emu.set_overwrite(quiet, emu.bot, deny=Permission.ATTACH_FILES)
    answer = await hearts.reply(await emu.slash(carol, quiet, "hearts replay", table=1, hand=1))
    assert answer.content == t("review.missing_permissions", permissions=t("permission.attach_files"))

    lounge = emu.create_channel(hearts.guild, "lounge")
    emu.set_overwrite(hearts.general, carol, deny=Permission.VIEW_CHANNEL)  # where the game was
    answer = await hearts.reply(await emu.slash(carol, lounge, "hearts replay", table=1, hand=1))
    assert answer.content == t("review.problem.no_table", table=1)
    answer = await hearts.reply(await emu.slash(bob, lounge, "hearts replay", table=1, hand=1))
    assert answer.content == t("review.posted", table=1, hand=1)
    assert not [m for m in emu.state.messages.values() if m.channel_id == quiet.id and m.attachments]


async def _game_in(hearts: Hearts, thread: Channel) -> None:
    """alice opens a table in ``thread`` and plays its one hand with bob, to the end."""
    alice, bob = hearts.people[:2]
    ix = await hearts.emu.slash(alice, thread, "hearts new", seats=4, hands=1)
    lobby = await hearts.emu.wait_for_message(
        lambda m: "Hearts table #" in m.content and bool(m.custom_ids), channel=thread, since=ix
    )
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()


async def test_a_game_of_a_thread_archived_since_is_replayed_for_those_who_see_it(hearts: Hearts) -> None:
    """alice opened her table in a public thread off #general; the game over, the thread archives
    itself (the gateway's bot forgets an archived thread): carol, who sees #general and did not
    play, still gets its replay (the thread is asked of Discord), as she did before it archived."""
    alice, _, carol, _ = hearts.people
    emu = hearts.emu
    thread = emu.state.create_thread(hearts.general, "table talk", owner=alice)
    await _game_in(hearts, thread)
    emu.state.update_thread(thread, {"archived": True})
    await hearts.settle()
    asked = await emu.slash(carol, hearts.general, "hearts replay", table=1, hand=1)
    assert (await hearts.reply(asked)).content == t("review.posted", table=1, hand=1)


async def test_a_game_of_a_private_thread_is_replayed_only_for_those_who_see_the_thread(
    hearts: Hearts,
) -> None:
    """alice's private thread off #general, with bob and the bot: their game there is no table to
    carol, who sees #general but is not in the thread (it was posted, names and cards, in
    #general: a thread takes its parent's permissions, and its membership was never asked). dave,
    a member who did not play, sees it (Discord asked: the gateway told nothing of his joining),
    and so does carol once she may manage #general's threads (Discord shows her every one)."""
    alice, bob, carol, dave = hearts.people
    emu = hearts.emu
    thread = emu.state.create_thread(hearts.general, "just us", owner=alice, private=True)
    thread.thread_member_ids |= {bob.id, emu.bot.id}
    await _game_in(hearts, thread)

    async def replay(user: User) -> str:
        return (
            await hearts.reply(await emu.slash(user, hearts.general, "hearts replay", table=1, hand=1))
        ).content

    assert await replay(carol) == t("review.problem.no_table", table=1)
    assert not hearts.public(t("review.public", table=1, hand=1, name="carol"))
    thread.thread_member_ids.add(dave.id)
    assert await replay(dave) == t("review.posted", table=1, hand=1)
    emu.set_overwrite(hearts.general, carol, allow=Permission.MANAGE_THREADS)
    assert await replay(carol) == t("review.posted", table=1, hand=1)
