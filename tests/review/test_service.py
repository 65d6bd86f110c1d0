"""The review service on a real database (each backend): the finished hands from the action log,
never the hand in play; every refusal; the coach run once, saved, and a running accuracy."""

from __future__ import annotations

import random

import pytest

from bot.engine.hand import Phase
from bot.engine.rules import RuleSet
from bot.review.history import table_history
from bot.review.service import ReviewProblem, ReviewRefused, ReviewService, ReviewSettings
from bot.storage.records import ActionRow
from bot.storage.reviews import recent_accuracy
from bot.tables import Actor, TableOptions
from bot.tables.replay import ReplayError
from tests.tables.helpers import CHANNEL, GUILD, Rig, act_once, rig

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
