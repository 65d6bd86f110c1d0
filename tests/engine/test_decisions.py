"""RULES.md section 2a: the rule book's decisions where the sources are silent, one test each
(decision 9, plural-correct messages, is tested with the text catalogue in tests/text/test_messages.py)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.cards import HEARTS, QUEEN_OF_SPADES, parse_card, parse_cards
from bot.engine.game import EndReason, Game, GameEnded, Occupant
from bot.engine.hand import Hand, Phase
from bot.engine.moves import IllegalMove, PassCards, PlayCard, Refusal
from bot.engine.randomplay import random_move
from bot.engine.rules import InvalidRules, MoonScoring, Omnibus, PassRotation, RuleSet, Scoring
from bot.engine.scoring import (
    HandOutcome,
    ShotScore,
    all_tricks_score,
    moon_score,
    moon_self_score,
    needs_moon_choice,
    score_hand,
    slam_score,
)

QS = 1 << QUEEN_OF_SPADES
TD = parse_cards("TD")
PENALTY = HEARTS | QS


def test_1_all_tricks_beats_slam_beats_moon_and_only_a_plain_moon_offers_a_choice() -> None:
    rules = RuleSet(all_tricks_bonus=True, omnibus=Omnibus.TEN_OF_DIAMONDS, moon=MoonScoring.SHOOTER_CHOOSES)
    everything = rules.deck
    # Every trick (and so every counting card, the bonus card too): all tricks wins, no choice.
    assert needs_moon_choice(rules, [everything, 0, 0, 0], [13, 0, 0, 0]) is None
    assert score_hand(rules, [everything, 0, 0, 0], [13, 0, 0, 0]).outcome is HandOutcome.ALL_TRICKS
    # Every counting card but not every trick: the slam, no choice.
    assert needs_moon_choice(rules, [PENALTY | TD, 0, 0, 0], [12, 1, 0, 0]) is None
    slam = score_hand(rules, [PENALTY | TD, 0, 0, 0], [12, 1, 0, 0])
    assert slam.outcome is HandOutcome.SLAM and slam.points == (-26, 0, 0, 0)
    # Every penalty card without the bonus card: a plain moon, and the shooter chooses.
    assert needs_moon_choice(rules, [PENALTY, TD, 0, 0], [12, 1, 0, 0]) == 0
    moon = score_hand(rules, [PENALTY, TD, 0, 0], [12, 1, 0, 0], moon_choice=True)
    assert moon.outcome is HandOutcome.MOON and moon.moon_choice is True


def test_2_tournament_without_the_all_tricks_option_scores_every_trick_as_a_moon() -> None:
    rules = RuleSet(scoring=Scoring.TOURNAMENT)
    assert all_tricks_score(rules) is None
    score = score_hand(rules, [rules.deck, 0, 0, 0], [13, 0, 0, 0])
    assert score.outcome is HandOutcome.MOON and score.points == (-13, 13, 13, 13)
    # With the option on, every trick is worth twice as much.
    on = RuleSet(scoring=Scoring.TOURNAMENT, all_tricks_bonus=True)
    assert score_hand(on, [on.deck, 0, 0, 0], [13, 0, 0, 0]).points == (-26, 26, 26, 26)


@pytest.mark.parametrize(
    ("options", "choice", "points"),
    [
        # The rule book's example: tournament, the 10♦ taker +13 − 10.
        ({"scoring": Scoring.TOURNAMENT}, None, (-13, 3, 13, 13)),
        ({}, None, (0, 16, 26, 26)),
        ({"moon": MoonScoring.SHOOTER_CHOOSES}, True, (0, 16, 26, 26)),
        ({"moon": MoonScoring.SHOOTER_CHOOSES}, False, (-26, -10, 0, 0)),
    ],
)
def test_3_the_bonus_card_keeps_its_minus_ten_in_every_moon_scoring(
    options: dict[str, object], choice: bool | None, points: tuple[int, ...]
) -> None:
    rules = RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS, **options)  # type: ignore[arg-type]
    assert score_hand(rules, [PENALTY, TD, 0, 0], [10, 1, 1, 1], moon_choice=choice).points == points


@pytest.mark.parametrize(
    ("scoring", "points"), [(Scoring.STANDARD, (-10, 52)), (Scoring.TOURNAMENT, (-36, 26))]
)
def test_3_the_bonus_card_keeps_its_minus_ten_when_all_tricks_are_taken(
    scoring: Scoring, points: tuple[int, int]
) -> None:
    rules = RuleSet(omnibus=Omnibus.JACK_OF_DIAMONDS, all_tricks_bonus=True, scoring=scoring)
    mine, others = points
    assert score_hand(rules, [rules.deck, 0, 0, 0], [13, 0, 0, 0]).points == (mine, others, others, others)


def test_4_black_maria_less_queen_is_ordinary() -> None:
    rules = RuleSet(black_maria_less=True)
    assert not rules.queen_counts and not rules.queen_breaks and rules.card_points(QUEEN_OF_SPADES) == 0
    # The Q♠ may be discarded to the first trick, and it does not break hearts.
    hand = Hand(
        rules,
        [
            parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            parse_cards("QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
            parse_cards("AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"),
            HEARTS,
        ],
    )
    hand.play(0, parse_card("2C"))
    assert hand.legal_plays() >> QUEEN_OF_SPADES & 1
    hand.play(1, QUEEN_OF_SPADES)
    assert not hand.hearts_broken


def test_4_black_maria_less_moon_is_every_heart_and_all_tricks_twenty_six() -> None:
    rules = RuleSet(black_maria_less=True, all_tricks_bonus=True)
    assert moon_score(rules) == ShotScore(0, 13)
    assert all_tricks_score(rules) == ShotScore(0, 26)
    assert score_hand(rules, [HEARTS, QS, 0, 0], [8, 1, 2, 2]).points == (0, 13, 13, 13)
    assert score_hand(rules, [rules.deck, 0, 0, 0], [13, 0, 0, 0]).points == (0, 26, 26, 26)
    assert not rules.passing


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"pass_rotation": PassRotation.LEFT}, "bml_passing"),
        ({"pass_rotation": PassRotation.NO_HOLD}, "bml_passing"),
        ({"omnibus": Omnibus.TEN_OF_DIAMONDS}, "bml_omnibus"),
        ({"omnibus": Omnibus.JACK_OF_DIAMONDS}, "bml_omnibus"),
        ({"scoring": Scoring.TOURNAMENT}, "bml_tournament"),
    ],
)
def test_4_black_maria_less_refuses_passing_omnibus_and_tournament(
    options: dict[str, object], code: str
) -> None:
    with pytest.raises(InvalidRules) as info:
        RuleSet(black_maria_less=True, **options)  # type: ignore[arg-type]
    assert info.value.code == code


def test_5_tournament_scoring_refuses_shooter_chooses() -> None:
    with pytest.raises(InvalidRules) as info:
        RuleSet(scoring=Scoring.TOURNAMENT, moon=MoonScoring.SHOOTER_CHOOSES)
    assert info.value.code == "tournament_moon"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_6_omnibus_with_any_number_of_players(players: int) -> None:
    rules = RuleSet(players=players, omnibus=Omnibus.TEN_OF_DIAMONDS)
    assert rules.bonus_card == parse_card("TD") and rules.deck >> parse_card("TD") & 1
    assert rules.points_of(rules.deck) == 16
    assert slam_score(rules) == ShotScore(-26, 0)


def test_7_last_person_standing_gets_120_and_the_quitters_keep_their_penalty() -> None:
    game = Game(RuleSet(), seed=3, seats=[Occupant.person(f"p{i}") for i in range(4)])
    game.quit(0)
    game.quit(1)
    (ended,) = game.quit(3)
    assert isinstance(ended, GameEnded) and ended.result.reason is EndReason.LAST_PERSON
    rows = {r.player_id: r for r in ended.result.standings if r.player_id}
    assert rows["p2"].place == 1 and rows["p2"].ranking_points == 120
    assert [rows[p].ranking_points for p in ("p0", "p1", "p3")] == [-100, -100, -100]


def _play_out(game: Game) -> None:
    rng = random.Random(1)
    while not game.over:
        game.apply(random_move(game.hand, game.hand.waiting_for()[0], rng))


def test_8_a_game_started_by_one_person_is_unranked() -> None:
    game = Game(
        RuleSet(target_score=None, fixed_hands=1),
        seed=4,
        seats=[Occupant.person("p0")] + [Occupant.computer()] * 3,
    )
    _play_out(game)
    result = game.result()
    assert not result.ranked
    assert [(r.place, r.ranking_points) for r in result.standings if not r.is_computer] == [(1, 0)]
    # Two people: ranked as usual.
    two = Game(
        RuleSet(target_score=None, fixed_hands=1),
        seed=4,
        seats=[Occupant.person("a"), Occupant.person("b")] + [Occupant.computer()] * 2,
    )
    _play_out(two)
    assert (
        two.result().ranked
        and sorted(r.ranking_points for r in two.result().standings if not r.is_computer)[-1] > 0
    )


def test_8_the_only_person_leaving_abandons_the_game_without_a_penalty() -> None:
    game = Game(RuleSet(), seed=4, seats=[Occupant.person("p0")] + [Occupant.computer()] * 3)
    (ended,) = game.quit(0)
    assert isinstance(ended, GameEnded) and ended.result.reason is EndReason.ABANDONED
    assert not ended.result.ranked
    assert [(r.quit, r.ranking_points) for r in ended.result.standings if r.player_id] == [(True, 0)]


@pytest.mark.parametrize("card", [-1, -52, 52, 63, 10**6])
def test_10_a_card_id_outside_the_deck_is_refused_as_not_held(card: int) -> None:
    game = Game(
        RuleSet(pass_rotation=PassRotation.NONE), seed=5, seats=[Occupant.person(f"p{i}") for i in range(4)]
    )
    seat = game.hand.to_move
    for move in (PlayCard(seat, card), PlayCard((seat + 1) % 4, card)):
        assert not game.hand.is_legal(move)
    with pytest.raises(IllegalMove) as info:
        game.apply(PlayCard(seat, card))
    assert info.value.refusal is Refusal.NOT_IN_HAND
    assert game.hand.phase is Phase.PLAYING and not game.hand.trick  # nothing changed


@pytest.mark.parametrize("cards", [1 << 52, (1 << 52) | 1, -1])
def test_10_a_pass_with_cards_outside_the_deck_is_refused(cards: int) -> None:
    game = Game(RuleSet(pass_count=1), seed=5, seats=[Occupant.person(f"p{i}") for i in range(4)])
    with pytest.raises(IllegalMove) as info:
        game.apply(PassCards(0, cards))
    assert info.value.refusal in (Refusal.NOT_IN_HAND, Refusal.WRONG_PASS_COUNT)
    assert game.hand.passed[0] is None


def test_moon_scores_the_wording_reads() -> None:
    assert moon_score(RuleSet()) == ShotScore(0, 26)
    assert moon_self_score(RuleSet()) is None
    assert moon_self_score(RuleSet(moon=MoonScoring.SHOOTER_CHOOSES)) == ShotScore(-26, 0)
    assert moon_score(RuleSet(scoring=Scoring.TOURNAMENT)) == ShotScore(-13, 13)
    assert all_tricks_score(RuleSet(all_tricks_bonus=True)) == ShotScore(0, 52)
    assert slam_score(RuleSet()) is None


@given(card=st.integers(min_value=-(2**70), max_value=2**70), seat=st.integers(min_value=-5, max_value=9))
def test_10_any_card_id_from_any_seat_is_played_or_refused_never_another_error(card: int, seat: int) -> None:
    hand = Hand.new(RuleSet(pass_rotation=PassRotation.NONE), seed=9)
    before = hand.to_json()
    try:
        hand.play(seat, card)
    except IllegalMove:
        assert hand.to_json() == before
    else:
        assert hand.to_json() != before  # a legal card was played
