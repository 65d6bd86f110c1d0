"""Behaviour of the computer players on constructed positions (issue 3)."""

from __future__ import annotations

import pytest

from bot.ai import Level, decide
from bot.ai.consts import consts_of
from bot.ai.policy import choose_card, moon_defence, moon_threat, shooter
from bot.engine.cards import HEARTS, QUEEN_OF_SPADES, TEN_OF_DIAMONDS, parse_card, parse_cards
from bot.engine.hand import Hand, Phase
from bot.engine.moves import ChooseMoon, PassCards, PlayCard
from bot.engine.rules import MoonScoring, Omnibus, PassRotation, RuleSet
from bot.engine.view import SeatView, seat_view
from tests.ai.positions import position

SMART = [Level.NORMAL, Level.HARD]
SEARCH = {"time_budget": 60.0, "deals": 40}  # hard: a fixed number of deals, so the test replays exactly


def card_of(move: object) -> int:
    assert isinstance(move, PlayCard)
    return move.card


def policy_card(view: SeatView, *, eager: bool, hunt: bool = False) -> int:
    """``choose_card`` with the fields of ``view``, defending as ``eager`` says."""
    fields = (view.seat, view.hand, view.legal, view.trick, view.leader, view.played, view.taken, view.voids)
    return choose_card(consts_of(view.rules), *fields, not view.tricks, eager, hunt)


def passing_view(holding: str, rules: RuleSet | None = None):  # type: ignore[no-untyped-def]
    rules = rules or RuleSet()
    mine = parse_cards(holding)
    rest = [c for c in rules.deck_cards if not mine >> c & 1]
    per = rules.cards_per_player
    hands = [mine] + [sum(1 << c for c in rest[i * per : (i + 1) * per]) for i in range(rules.players - 1)]
    hand = Hand(rules, hands, hand_number=1)
    assert hand.phase is Phase.PASSING
    return seat_view(hand, 0)


@pytest.mark.parametrize("level", SMART)
def test_passes_the_queen_of_spades_with_too_few_spades(level: Level) -> None:
    view = passing_view("QS 3S 7S 2C 5C 9C KC 4D 8D JD 2H 6H TH")
    move = decide(view, level, seed=1)
    assert isinstance(move, PassCards)
    assert move.cards >> QUEEN_OF_SPADES & 1


@pytest.mark.parametrize("level", SMART)
def test_keeps_the_queen_of_spades_behind_four_low_spades(level: Level) -> None:
    view = passing_view("QS 2S 3S 5S 7S 2C 5C 9C KC 4D 8D 2H 6H")
    move = decide(view, level, seed=1)
    assert isinstance(move, PassCards)
    assert not move.cards >> QUEEN_OF_SPADES & 1


def test_normal_passes_a_short_side_suit_to_make_a_void() -> None:
    view = passing_view("2S 3S 5S 7S 9S 6C 8C 4D 5D 6D 7D 2H 3H")
    move = decide(view, Level.NORMAL, seed=1)
    assert isinstance(move, PassCards)
    assert move.cards & parse_cards("6C 8C") == parse_cards("6C 8C")


@pytest.mark.parametrize("level", list(Level))
def test_never_plays_a_heart_on_the_first_trick(level: Level) -> None:
    # Void in clubs, holding hearts: the first trick must get a diamond or spade.
    # Its best discard otherwise would be the ace of hearts: the rule is all that keeps it back.
    view = position("AH KH QH JH TH 9H 8H 2D 3D 4S 5S 6S 7S", seat=1, trick="2C", leader=0, rules=RuleSet())
    assert view.hand & HEARTS and not view.legal & HEARTS  # the rule, as the engine gives it
    for seed in range(5):
        card = card_of(decide(view, level, seed=seed, **SEARCH))
        assert view.legal >> card & 1 and not HEARTS >> card & 1
    # Holding nothing but hearts, it must play one (the rule's exception).
    only = position("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", seat=1, trick="2C", leader=0, rules=RuleSet())
    assert HEARTS >> card_of(decide(only, level, seed=0, **SEARCH)) & 1


@pytest.mark.parametrize("level", SMART)
def test_dumps_the_queen_of_spades_when_void_in_the_suit_led(level: Level) -> None:
    view = position(
        "QS 4S 9H 8H 5D 6D 7D 8D 9D TD JD KD",
        seat=2,
        tricks=((1, "2C 3C 4C AC"),),
        trick="KC QC",
    )
    assert card_of(decide(view, level, seed=3, **SEARCH)) == QUEEN_OF_SPADES


@pytest.mark.parametrize("level", SMART)
def test_dumps_the_queen_of_spades_under_a_higher_spade(level: Level) -> None:
    view = position(
        "QS 3S 9H 8H 5D 6D 7D 8D 9D TD JD KD",
        seat=2,
        tricks=((1, "2C 3C 4C AC"),),
        trick="5S AS",
    )
    assert card_of(decide(view, level, seed=3, **SEARCH)) == QUEEN_OF_SPADES


MOON_TRICKS = (
    (0, "2C AC 3C 4C"),
    (1, "AS QS 2S 3S"),
    (1, "KS AH 4S 5S"),
    (1, "KD 2H 2D 3D"),
)


@pytest.mark.parametrize("level", SMART)
def test_takes_a_heart_to_stop_a_moon(level: Level) -> None:
    # Seat 1 has taken every point so far (the Q♠ and three hearts); seat 3 can win this heart trick.
    tricks = (*MOON_TRICKS, (1, "QD 3H 4D 5D"))
    view = position("KH 5H 8D 9D 5C 6C 7C 6S", seat=3, tricks=tricks, trick="TH 6H")
    assert view.taken[1] & HEARTS and not any(view.taken[s] for s in (0, 2, 3))
    assert card_of(decide(view, level, seed=5, **SEARCH)) == parse_card("KH")


def test_normal_gives_points_to_someone_else_when_a_moon_is_on() -> None:
    # Seat 1 holds every point taken; seat 2 is winning this trick, and we are void: give it a heart.
    view = position("8H 9H JS TS 4D 5D 6D 7D 8D", seat=3, tricks=MOON_TRICKS, trick="5C KC")
    card = card_of(decide(view, Level.NORMAL, seed=1))
    assert HEARTS >> card & 1


OMNIBUS = RuleSet(pass_rotation=PassRotation.NONE, omnibus=Omnibus.TEN_OF_DIAMONDS)


@pytest.mark.parametrize("level", SMART)
def test_omnibus_takes_the_bonus_card_when_it_wins_the_trick(level: Level) -> None:
    # Last to play to a diamond trick: the 10♦ wins it and is worth −10 to its taker.
    view = position(
        "TD 3D 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H",
        seat=3,
        tricks=((1, "2C 3C 4C AC"),),
        trick="4D 8D 9D",
        rules=OMNIBUS,
    )
    assert card_of(decide(view, level, seed=2, **SEARCH)) == TEN_OF_DIAMONDS


@pytest.mark.parametrize("level", SMART)
def test_omnibus_never_throws_the_bonus_card_to_someone_else(level: Level) -> None:
    view = position(
        "TD 3D 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H",
        seat=3,
        tricks=((1, "2C 3C 4C AC"),),
        trick="6C 7C 8C",
        rules=OMNIBUS,
    )
    assert card_of(decide(view, level, seed=2, **SEARCH)) != TEN_OF_DIAMONDS


@pytest.mark.parametrize("level", SMART)
def test_omnibus_keeps_the_bonus_card_when_passing(level: Level) -> None:
    rules = RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS)
    view = passing_view("TD AD KD 3S 5S AH KH QH 8C 9C JC QC KC", rules)
    move = decide(view, level, seed=1)
    assert isinstance(move, PassCards)
    assert not move.cards >> TEN_OF_DIAMONDS & 1


def _moon_view(scores: tuple[int, ...]):  # type: ignore[no-untyped-def]
    rules = RuleSet(pass_rotation=PassRotation.NONE, moon=MoonScoring.SHOOTER_CHOOSES)
    hands = [parse_cards("AC KC QC JC TC AD KD QD JD AS KS QS AH")]
    rest = [c for c in rules.deck_cards if not hands[0] >> c & 1]
    hands += [sum(1 << c for c in rest[i * 13 : (i + 1) * 13]) for i in range(3)]
    hand = Hand(rules, hands)
    # Every trick goes to seat 0: it holds the top of every suit it leads, and it leads after the 2♣.
    while hand.phase is Phase.PLAYING:
        seat = hand.to_move
        legal = hand.legal_plays()
        card = legal.bit_length() - 1 if seat == 0 else (legal & -legal).bit_length() - 1
        hand.play(seat, card)
    assert hand.phase is Phase.MOON_CHOICE and hand.to_move == 0
    return seat_view(hand, 0, scores)


@pytest.mark.parametrize("level", SMART)
def test_moon_choice_ends_the_game_when_that_wins_it(level: Level) -> None:
    move = decide(_moon_view((10, 85, 90, 80)), level, seed=1)
    assert move == ChooseMoon(0, True)


@pytest.mark.parametrize("level", SMART)
def test_moon_choice_takes_minus_26_when_adding_would_end_the_game_for_someone_else(level: Level) -> None:
    # Adding 26 to the others ends the game with seat 1 first; subtracting keeps it going.
    move = decide(_moon_view((60, 20, 70, 75)), level, seed=1)
    assert move == ChooseMoon(0, False)


@pytest.mark.parametrize("level", SMART)
def test_does_not_lead_a_suit_nobody_else_holds_while_points_are_out(level: Level) -> None:
    # Every club but our A♣ is gone: leading it wins the trick and invites every discard.
    tricks = ((0, "2C 3C 4C 5C"), (3, "6C 7C 8C 9C"), (2, "TC JC QC KC"))
    view = position("AC 4D 5D 6D 8D 9D JD 2S 3S 4S", seat=1, tricks=tricks)
    assert view.to_move == 1
    assert card_of(decide(view, level, seed=1, **SEARCH)) != parse_card("AC")


# Seat 1 has taken every point so far (4 hearts): under the old 9-point threshold, no threat yet.
EARLY_MOON_TRICKS = (
    (0, "2C AC 3C 4C"),
    (1, "KD 2H 2D 3D"),
    (1, "KS 3H 4S 5S"),
    (1, "JD 5H 4D 6D"),
    (1, "QC 7H 5C 6C"),
)


@pytest.mark.parametrize("level", SMART)
def test_the_points_of_the_trick_being_played_count_towards_a_moon(level: Level) -> None:
    # Seat 1 holds 4 points and is winning a trick with a heart in it: 5 of 26, a moon in the making.
    # Seat 3 can duck with the 5♦ or stop it by taking the trick with the A♦.
    view = position("AD 5D 8C 9C 7S 8S 9S TS", seat=3, tricks=EARLY_MOON_TRICKS, trick="TD 8H")
    assert not any(view.taken[s] for s in (0, 2, 3))
    assert card_of(decide(view, level, seed=5, **SEARCH)) == parse_card("AD")


def test_normal_gives_no_point_to_a_lone_point_taker() -> None:
    # Void in diamonds, with seat 1 winning the trick after taking every point so far (5 with the
    # 8♥ in this trick): a low card goes, the hearts stay for later.
    view = position("8C 9C 7S 8S 9S TS 9H TH", seat=3, tricks=EARLY_MOON_TRICKS, trick="TD 8H")
    card = card_of(decide(view, Level.NORMAL, seed=1))
    assert not HEARTS >> card & 1
    assert card == parse_card("7S")


def test_late_moon_defence_keeps_its_normal_play_against_a_small_threat() -> None:
    # hard's simulated players defend late: 5 points of 26 are no threat to them yet, so they duck
    # under the 10♦ where the eager defence (normal's) takes the trick with the A♦.
    view = position("AD 5D 8C 9C 7S 8S 9S TS", seat=3, tricks=EARLY_MOON_TRICKS, trick="TD 8H")
    assert policy_card(view, eager=True) == parse_card("AD")
    assert policy_card(view, eager=False) == parse_card("5D")


# Seat 1 has won every trick, leading from the second on, and taken the only two hearts played
# (seat 0 discarded them).
TWO_HEART_TRICKS = (
    (0, "2C AC 3C 4C"),
    *((1, cards) for cards in ("KD 2D 3D 4D", "KS 2S 3S 4S", "QD 5D 6D 2H", "JD 7D 8D 3H")),
)


@pytest.mark.parametrize("level", SMART)
def test_keeps_its_high_hearts_under_a_lone_point_takers_winning_heart(level: Level) -> None:
    # Seat 1 leads the A♥: seat 2 cannot win the trick, so it plays its lowest heart and keeps the
    # Q♥, which may win a later heart trick from seat 1 and stop the moon.
    view = position("QH 8H 4H 9C 8S 9S 7C TS", seat=2, tricks=TWO_HEART_TRICKS, trick="AH")
    assert card_of(decide(view, level, seed=2, **SEARCH)) == parse_card("4H")


def test_late_moon_defence_sheds_its_high_heart_under_a_winning_heart() -> None:
    # The ordinary players of hard's playouts duck with their highest heart, as most players do.
    view = position("QH 8H 4H 9C 8S 9S 7C TS", seat=2, tricks=TWO_HEART_TRICKS, trick="AH")
    assert policy_card(view, eager=False) == parse_card("QH")


@pytest.mark.parametrize("seed", range(4))
def test_hard_gives_no_point_to_a_lone_point_taker(seed: int) -> None:
    # Void in diamonds, with seat 1 winning the trick (seat 0 after us is void too): the Q♠ or a
    # heart would feed its moon, whatever the sampled deals say about how likely it is.
    view = position("QS 5S 6S 7S 8C 9C TH JH", seat=3, tricks=TWO_HEART_TRICKS, trick="TD 9D")
    card = card_of(decide(view, Level.HARD, seed=seed, **SEARCH))
    assert not view.rules.penalty_cards >> card & 1


def test_a_moon_hunter_in_the_playouts_leads_its_sure_winners() -> None:
    # Seat 1 holds every point taken; played as a hunter it leads the A♠ (nobody can beat it) where
    # the ordinary policy leads low.
    view = position("AS 6S 7S 8S 9C TC 5C AD", seat=1, tricks=TWO_HEART_TRICKS)
    assert policy_card(view, eager=False, hunt=True) == parse_card("AS")
    assert policy_card(view, eager=False) != parse_card("AS")


# Seat 1 took the only two hearts played, but won just one trick of four: a chance taker.
CHANCE_HEART_TRICKS = (
    (0, "2C 3C AC 4C"),
    (2, "KD 2D 3D 4D"),
    (2, "2S KS 3S 4S"),
    (3, "5D 2H QD 3H"),
)


def test_a_seat_that_took_two_hearts_by_chance_is_no_shooter() -> None:
    # Both are threats to the eager defence; only the one that won nearly every trick is a shooter,
    # and only under its winning card does hard keep the defence (its lowest club) whatever its
    # playouts say.
    chance = position("AS 6S 7S 8S 9C TC 5C AD 9H", seat=2, tricks=CHANCE_HEART_TRICKS, trick="KC")
    run = position("AS 6S 7S 8S 9C TC 5C 9H", seat=2, tricks=TWO_HEART_TRICKS, trick="KC")
    assert (moon_threat(chance), shooter(chance)) == (1, -1)
    assert (moon_threat(run), shooter(run)) == (1, 1)
    assert moon_defence(chance) == chance.legal
    assert moon_defence(run) == parse_cards("5C")
