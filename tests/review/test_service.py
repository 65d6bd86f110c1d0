"""The review service on a real database (each backend): the finished hands from the action log,
never the hand in play; every refusal; the coach run once, saved, and a running accuracy."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine.hand import Phase
from bot.engine.rules import RuleSet
from bot.review.coach import positions
from bot.review.history import table_history
from bot.review.profile import Profiles
from bot.review.service import ReviewProblem, ReviewRefused, ReviewService, ReviewSettings
from bot.storage.records import ActionRow
from bot.storage.reviews import recent_accuracy
from bot.tables import Actor, ManualClock, TableOptions
from bot.tables.replay import ReplayError
from bot.text import t
from bot.text.markdown import text_name
from bot.text.review import refusal
from tests.events.test_service import ORGANISER, events, settle
from tests.events.test_service import PEOPLE as EVENT_PEOPLE
from tests.events.test_service import options as event_options
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, play_to_end, rig

ALICE = Actor("alice")
BOB = Actor("bob")
PEOPLE = {"alice": ALICE, "bob": BOB}


async def _into_hand(r: Rig, number: int, hands: int = 3) -> int:
    """A game of alice, bob and two computers played into hand ``number`` (its first move made)."""
    s = r.service
    opts = TableOptions(rules=RuleSet(fixed_hands=hands, target_score=None))
    snap = await s.create_table(ALICE, GUILD, CHANNEL, opts, seed=5)
    await s.join(BOB, snap.table_id)
    await s.start_game(ALICE, snap.table_id)
    rng = random.Random(1)
    while (s.snapshot(snap.table_id).hand_number or 0) < number:
        await s.settle()
        await act_once(s, snap.table_id, PEOPLE, rng)
    await s.settle()
    await act_once(s, snap.table_id, PEOPLE, rng)  # a move of the hand in play
    await s.settle()
    return snap.table_id


def _reviews(r: Rig, deals: int | None = 4) -> ReviewService:
    return ReviewService(r.db, r.service.computers, r.clock, ReviewSettings(budget=1.0, deals=deals))


async def test_only_finished_hands_are_found_and_every_refusal_says_why(db_url: str) -> None:
    r = await rig(db_url)
    table = await _into_hand(r, 2)
    reviews = _reviews(r)
    found = await reviews.history(table, GUILD)
    assert [h.hand_number for h in found.hands] == [1] and not found.game_over
    in_play = r.service.snapshot(table)
    assert in_play.hand_number == 2 and in_play.phase is not Phase.SCORED
    game = r.service._tables[table].game
    assert game is not None
    assert all(h.dealt != game.hand.dealt for h in found.hands)  # the hand in play is in no record
    record = await reviews.hand(table, 1, GUILD, reader="bob")
    assert record.points == game.sheet[0].points  # the engine's own score

    async def refused(problem: ReviewProblem, *args: object, **kwargs: object) -> None:
        with pytest.raises(ReviewRefused) as caught:
            await reviews.hand(*args, **kwargs)  # type: ignore[arg-type]
        assert caught.value.problem is problem

    await refused(ReviewProblem.HAND_IN_PLAY, table, 2, GUILD, reader="bob")
    await refused(ReviewProblem.NO_SUCH_HAND, table, 3, GUILD, reader="bob")
    await refused(ReviewProblem.NO_SUCH_HAND, table, 0, GUILD, reader="bob")
    await refused(ReviewProblem.GAME_NOT_OVER, table, 1, GUILD, reader="carol")  # a spectator
    await refused(ReviewProblem.GAME_NOT_OVER, table, 1, GUILD)  # a public replay
    await refused(ReviewProblem.OTHER_SERVER, table, 1, "another-guild", reader="bob")
    await refused(ReviewProblem.NO_TABLE, 999, 1, GUILD, reader="bob")
    await r.close()


def test_a_log_that_cannot_be_replayed_is_refused_not_guessed() -> None:
    bad = [ActionRow(1, 0.0, 0, "alice", "start", "{}")]
    with pytest.raises(ReplayError):
        table_history(1, GUILD, CHANNEL, bad)


async def test_the_coach_runs_once_is_saved_and_feeds_the_running_accuracy(db_url: str) -> None:
    r = await rig(db_url)
    table = await _into_hand(r, 2)
    reviews = _reviews(r)
    record = await reviews.hand(table, 1, GUILD, reader="alice")
    seat = record.seat_of("alice")
    assert seat is not None
    assert await reviews.saved(record, seat) is None
    first, second = reviews.prepare(record, seat), reviews.prepare(record, seat)
    assert first is second  # two requests share one run
    report = await first
    assert report.decisions and report.accuracy is not None
    saved = await reviews.saved(record, seat)
    assert saved is not None and saved.to_json() == report.to_json()
    accuracy = await recent_accuracy(r.db, "alice")
    assert accuracy.reviews == 1 and accuracy.decisions == len(report.decisions)
    assert accuracy.share == report.accuracy
    assert (await recent_accuracy(r.db, "bob")).share is None
    await r.close()


async def test_a_cancelled_games_finished_hands_are_everyones_and_the_cut_hand_is_not_played(
    db_url: str,
) -> None:
    """Cancelled in hand 2: it will never be played on, so hand 1 is a finished game's hand (a
    spectator reviews it, a public replay posts it), and hand 2 is no finished hand; it was
    "still being played" and hand 1 waited for an end that never comes."""
    r = await rig(db_url)
    table = await _into_hand(r, 2)
    await r.service.cancel(ALICE, table)
    reviews = _reviews(r)
    found = await reviews.history(table, GUILD)
    assert found.game_over and [h.hand_number for h in found.hands] == [1]
    assert (await reviews.hand(table, 1, GUILD, reader="carol")).hand_number == 1
    assert (await reviews.hand(table, 1, GUILD)).hand_number == 1
    for reader in ("alice", "carol", None):
        with pytest.raises(ReviewRefused) as caught:
            await reviews.hand(table, 2, GUILD, reader=reader)
        assert caught.value.problem is ReviewProblem.NO_SUCH_HAND
        assert caught.value.params == {"table": table, "hand": 2, "count": 1}
    await r.close()


async def test_the_coach_rates_a_persons_own_decisions_and_the_profile_their_hands_played_through(
    db_url: str,
) -> None:
    """Three people and a computer. bob's time runs out at the first pass (a random pass is made
    for him); alice leaves after two tricks of hand 2 and the computer plays her seat to the end.
    The coach rated both as theirs ("Pass: you passed ...", every trick of hand 2 after she left),
    fed into alice's accuracy, and her profile counted hand 2, which her game's record does not."""
    r = await rig(db_url)
    s = r.service
    carol = Actor("carol")
    people = {**PEOPLE, "carol": carol}
    opts = TableOptions(rules=RuleSet(fixed_hands=2, target_score=None), time_limit=60.0)
    table = (await s.create_table(ALICE, GUILD, CHANNEL, opts, seed=5)).table_id
    await s.join(BOB, table)
    await s.join(carol, table)
    await s.start_game(ALICE, table)
    rng = random.Random(1)
    await act_once(s, table, {"alice": ALICE, "carol": carol}, rng)  # bob does not pass ...
    r.clock.advance(61.0)  # ... and his time runs out: a random pass
    await s.settle()
    game = s._tables[table].game
    assert game is not None and game.timeouts == {"bob": 1}
    while not (game.hand_number == 2 and len(game.hand.tricks) >= 2):
        await act_once(s, table, people, rng)
        await s.settle()
    await s.leave(ALICE, table)
    await play_to_end(s, table, {"bob": BOB, "carol": carol})

    reviews = _reviews(r)
    first, second = (await reviews.history(table, GUILD)).hands
    bob = first.seat_of("bob")
    assert bob is not None and first.passed[bob]
    assert all(p.trick is not None for p in positions(first, bob))  # his random pass is not rated
    seat = second.seat_of("alice")
    assert seat is not None
    mine = list(positions(second, seat))
    assert mine and all(len(p.view.tricks) < 2 for p in mine)  # tricks 1 and 2: nothing after she left
    actions = await r.db.actions(table)
    hers = {
        json.loads(a.payload)["move"].get("card") for a in actions if a.kind == "move" and a.actor == "alice"
    }
    assert all(p.trick is None or p.chosen.bit_length() - 1 in hers for p in mine)
    report = await reviews.prepare(second, seat)
    assert len(report.decisions) == len(mine)
    assert (await recent_accuracy(r.db, "alice")).decisions == len(mine)

    (recorded,) = await r.db.rows("SELECT hands FROM game_players WHERE player_id = 'alice'", ())
    profile = await Profiles(r.db).of(GUILD, "alice")
    assert profile.hands.hands == int(recorded[0]) == 1  # hand 1: she left during hand 2
    assert (await Profiles(r.db).of(GUILD, "bob")).hands.hands == 2
    await r.close()


def test_an_events_name_in_a_refusal_is_plain_text() -> None:
    """The organiser's words are escaped as everywhere else the event is named: they bolded,
    hid and pinged in the refusal ("the event **Spring ** cup || @everyone**")."""
    name = "Spring ** cup || @everyone"
    refused = ReviewRefused(ReviewProblem.EVENT_NOT_OVER, table=3, name=name)
    said = refusal(refused, "en")
    assert said == t("review.problem.event_not_over", "en", table=3, name=text_name(name))
    assert "**Spring \\*\\* cup \\|\\| @\u200beveryone**" in said


async def test_an_event_cancelled_mid_game_shows_its_tables_finished_hands(db_url: str) -> None:
    """An event is over once cancelled (RULES 3b): its table, closed in hand 2 by the cancel, is
    looked at face up like any finished game, which hand 1 never was ("still playing"); while the
    event ran, by nobody."""
    e = await events(db_url, ManualClock())
    try:
        reviews = _reviews(e.rig)
        event = await e.service.new(ORGANISER, GUILD, CHANNEL, "Spring Cup", event_options(rounds=1))
        for person in EVENT_PEOPLE[:4]:
            await e.service.join(person, GUILD, event.event_id)
        await e.service.begin(ORGANISER, GUILD, event.event_id)
        await settle(e)
        ((_round, (table,)),) = e.shown.rounds
        actors, rng = {p.user_id: p for p in EVENT_PEOPLE}, random.Random(3)
        while (e.rig.service.snapshot(table).hand_number or 0) < 2:
            await act_once(e.rig.service, table, actors, rng)
            await settle(e)
        with pytest.raises(ReviewRefused) as refused:
            await reviews.hand(table, 1, GUILD)
        assert refused.value.problem is ReviewProblem.EVENT_NOT_OVER

        await e.service.cancel(ORGANISER, GUILD, event.event_id)
        await settle(e)
        assert (await reviews.hand(table, 1, GUILD)).hand_number == 1
        with pytest.raises(ReviewRefused) as refused:
            await reviews.hand(table, 2, GUILD)
        assert refused.value.problem is ReviewProblem.NO_SUCH_HAND
    finally:
        await e.close()
