"""Game-level rules: hands to the end, standings, ranking points, seats, timeouts, snapshots."""

import json
import random

import pytest

from bot.engine import (
    CardPlayed,
    EndReason,
    Game,
    GameEnded,
    HandScored,
    HandStarted,
    IllegalMove,
    Occupant,
    PassChosen,
    PassesExchanged,
    PlayCard,
    Refusal,
    RuleSet,
    TrickTaken,
)
from bot.engine.cards import parse_card
from bot.engine.game import QuitReason
from bot.engine.randomplay import random_move
from bot.engine.scoring import trick_points
from bot.engine.standings import finish_ranking_points, leaders, shared_places


def people(n: int, computers: int = 0) -> list[Occupant]:
    return [Occupant.person(f"p{i}") for i in range(n)] + [Occupant.computer()] * computers


def play_to_end(game: Game, seed: int = 0) -> list[object]:
    rng = random.Random(seed)
    events: list[object] = []
    while not game.over:
        events += game.apply(random_move(game.hand, game.hand.waiting_for()[0], rng))
    return events


def test_shared_places() -> None:
    assert shared_places([40, 40, 40, 70]) == [1, 1, 1, 4]
    assert shared_places([70, 10, 30, 30]) == [4, 1, 2, 2]
    assert finish_ranking_points([1, 2, 3]) == [120, 100, 100]
    assert finish_ranking_points([1, 1, 3]) == [110, 110, 100]


def test_game_runs_to_the_target_and_totals_match_the_sheet() -> None:
    game = Game(RuleSet(target_score=60), seed=5, seats=people(4))
    events = play_to_end(game)
    assert game.end_reason is EndReason.TARGET
    assert max(game.totals) >= 60
    assert all(max(row.totals) < 60 for row in game.sheet[:-1])
    assert [sum(r.points[s] for r in game.sheet) for s in range(4)] == game.totals
    assert isinstance(events[-1], GameEnded)
    kinds = {type(e) for e in events}
    assert {PassChosen, PassesExchanged, CardPlayed, TrickTaken, HandScored, HandStarted} <= kinds
    with pytest.raises(IllegalMove) as info:
        game.apply(PlayCard(0, 0))
    assert info.value.refusal is Refusal.GAME_OVER


def test_fixed_number_of_hands() -> None:
    game = Game(RuleSet(target_score=None, fixed_hands=3), seed=1, seats=people(4))
    play_to_end(game)
    assert game.end_reason is EndReason.HANDS and len(game.sheet) == 3


def test_standings_rank_computers_after_every_person() -> None:
    game = Game(RuleSet(), seed=1, seats=people(2, computers=2))
    game.totals = [90, 100, 10, 20]
    game.end_reason = EndReason.TARGET
    rows = game.result().standings
    assert [(r.seat, r.place, r.ranking_points, r.is_computer) for r in rows] == [
        (0, 1, 120, False),
        (1, 2, 100, False),
        (2, 3, 0, True),
        (3, 4, 0, True),
    ]


def test_shared_first_place_gets_ten_each() -> None:
    game = Game(RuleSet(), seed=1, seats=people(4))
    game.totals = [40, 40, 40, 70]
    game.end_reason = EndReason.TARGET
    rows = game.result().standings
    assert [(r.place, r.ranking_points) for r in rows] == [(1, 110), (1, 110), (1, 110), (4, 100)]
    assert len(game.result().winners) == 3


def test_quitter_is_replaced_penalised_and_can_rejoin() -> None:
    game = Game(RuleSet(), seed=1, seats=people(3, computers=1))
    assert game.quit(1) == []
    assert game.seats[1].is_computer
    assert game.quitters[0].player_id == "p1" and game.quitters[0].reason is QuitReason.LEFT
    game.end_reason = EndReason.TARGET
    quit_row = game.result().standings[-1]
    assert quit_row.quit and quit_row.ranking_points == -100 and quit_row.place is None
    game.end_reason = None
    assert game.rejoin("p1") == 1
    assert game.seats[1] == Occupant.person("p1") and not game.quitters
    with pytest.raises(ValueError):
        game.rejoin("p1")


def test_a_person_an_organiser_removed_costs_nothing_and_is_no_quit() -> None:
    """Removed from an event by its organiser (not their choice): a computer takes the seat as for
    a quit, but the standing has 0 ranking points and counts as no quit; one who left, or timed
    out twice, still gets the penalty. The reason survives a snapshot."""
    game = Game(RuleSet(target_score=None, fixed_hands=2), seed=1, seats=people(4), duplicate=True)
    game.quit(1, QuitReason.REMOVED)
    game.quit(2, QuitReason.LEFT)
    game.quit_together([3], QuitReason.TIMEOUTS)
    assert game.seats[1].is_computer and game.quitters[0].reason is QuitReason.REMOVED
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.quitters == game.quitters
    play_to_end(restored)
    rows = {r.player_id: r for r in restored.result().standings if not r.is_computer}
    assert (rows["p1"].quit, rows["p1"].removed, rows["p1"].ranking_points) == (True, True, 0)
    assert not rows["p1"].counts_as_quit and rows["p1"].place is None
    for left in ("p2", "p3"):
        assert rows[left].ranking_points == -100 and rows[left].counts_as_quit and not rows[left].removed
    assert rows["p0"].ranking_points == 120 and not rows["p0"].quit
    assert [r.penalised for r in QuitReason] == [True, True, False]


def test_last_person_standing_wins_with_120() -> None:
    game = Game(RuleSet(), seed=1, seats=people(3, computers=1))
    game.quit(0)
    events = game.quit(2)
    assert game.end_reason is EndReason.LAST_PERSON
    assert isinstance(events[0], GameEnded)
    result = events[0].result
    assert [(r.player_id, r.place, r.ranking_points) for r in result.standings if not r.is_computer] == [
        ("p1", 1, 120),
        ("p0", None, -100),
        ("p2", None, -100),
    ]


def test_a_duplicate_game_goes_on_to_its_last_board_for_the_person_left() -> None:
    """At an event's table (duplicate play) the others leaving takes nothing from the person left:
    the boards are played to the last, and the game ends as any other, by its hands, not with a
    last person standing. The snapshot keeps the game duplicate; other games' keep no such key."""
    boards = RuleSet(target_score=None, fixed_hands=2)
    game = Game(boards, seed=1, seats=people(2, computers=2), duplicate=True)
    assert game.quit(0) == [] and not game.over
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.duplicate and restored.to_json() == game.to_json()
    ended = [e for e in play_to_end(restored) if isinstance(e, GameEnded)]
    assert restored.hand_number == 2 and len(restored.sheet) == 2
    assert ended[0].result.reason is EndReason.HANDS
    assert "duplicate" not in Game(RuleSet(), seed=1, seats=people(4)).to_json()


def test_a_lone_person_with_computers_quitting_abandons_the_game() -> None:
    game = Game(RuleSet(), seed=1, seats=people(1, computers=3))
    events = game.quit(0)
    assert game.end_reason is EndReason.ABANDONED and isinstance(events[0], GameEnded)
    with pytest.raises(ValueError):
        game.quit(1)  # a computer cannot quit


def test_second_timeout_forfeits() -> None:
    game = Game(RuleSet(), seed=1, seats=people(2, computers=2))
    assert game.register_timeout(0) is False
    assert game.register_timeout(1) is False
    assert game.register_timeout(0) is True
    assert game.register_timeout(2) is False  # computers never time out


def test_snapshot_round_trip_and_replay_give_the_same_state() -> None:
    rules = RuleSet(target_score=40)
    straight = Game(rules, seed="abc", seats=people(2, computers=2))
    rng = random.Random(3)
    moves = []
    while not straight.over:
        move = random_move(straight.hand, straight.hand.waiting_for()[0], rng)
        moves.append(move)
        straight.apply(move)
    for cut in (0, 7, len(moves) // 2, len(moves) - 1):
        replay = Game(rules, seed="abc", seats=people(2, computers=2))
        for move in moves[:cut]:
            replay.apply(move)
        restored = Game.from_json(json.loads(json.dumps(replay.to_json())))
        assert restored.to_json() == replay.to_json()
        for move in moves[cut:]:
            restored.apply(move)
        assert restored.to_json() == straight.to_json()
        assert restored.result() == straight.result()


def test_snapshot_with_unknown_version_is_refused() -> None:
    data = Game(RuleSet(), seed=1, seats=people(4)).to_json()
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        Game.from_json(data)


def test_leaders_are_the_lowest_persons_and_share_first_place() -> None:
    assert leaders([40, 30, 30, 10], [0, 1, 2]) == (1, 2)  # seat 3 (a computer) is left out
    assert leaders([5, 9], [1]) == (1,)
    assert leaders([5, 9], []) == ()


def test_trick_points_come_with_the_trick_taken() -> None:
    rules = RuleSet()
    assert trick_points(rules, [parse_card("QS"), parse_card("2H"), parse_card("3C")]) == 14
    game = Game(rules, seed=2, seats=people(4))
    for event in play_to_end(game):
        if isinstance(event, TrickTaken):
            assert event.points == trick_points(rules, event.trick.cards)


def test_a_hands_final_trick_stays_the_last_trick_until_the_next_hand_takes_one() -> None:
    """Between hands a table shows the hand's final trick as its last trick (else the last trick of
    every hand would be gone before anyone saw it): the game keeps it, through a snapshot too, until
    the next hand's first trick is taken; a snapshot saved before it was kept restores without it."""
    game = Game(RuleSet(target_score=None, fixed_hands=2), seed=9, seats=people(4))
    rng = random.Random(9)
    first = game.hand
    while game.hand_number == 1:
        assert game.previous_trick is None
        game.apply(random_move(game.hand, game.hand.waiting_for()[0], rng))
    final = first.tricks[-1]
    assert len(first.tricks) == 13 and game.previous_trick == final
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.previous_trick == final and restored.to_json() == game.to_json()
    older = game.to_json()
    del older["previous_trick"]
    assert Game.from_json(older).previous_trick is None
