import pytest

from bot.engine.cards import format_cards, parse_card
from bot.engine.rules import (
    FivePlayerRemoval,
    InvalidRules,
    MoonScoring,
    Omnibus,
    PassDirection,
    PassRotation,
    RuleSet,
    Scoring,
)


@pytest.mark.parametrize(
    ("players", "removed", "each", "lead"),
    [
        (3, "2D", 17, "2C"),
        (4, "", 13, "2C"),
        (5, "2C 2D", 10, "3C"),
        (6, "3C 4C 2D 3D", 8, "2C"),
        (7, "3C 2D 3D", 7, "2C"),
    ],
)
def test_deck_per_player_count(players: int, removed: str, each: int, lead: str) -> None:
    rules = RuleSet(players=players)
    assert format_cards(rules.removed) == removed
    assert rules.cards_per_player == each
    assert rules.cards_per_player * players == rules.deck.bit_count()
    assert rules.first_lead == parse_card(lead)


def test_bicycle_five_player_removal_keeps_the_two_of_clubs_leading() -> None:
    rules = RuleSet(players=5, five_player_removal=FivePlayerRemoval.TWO_SPADES)
    assert format_cards(rules.removed) == "2D 2S"
    assert rules.first_lead == parse_card("2C")


def _rotation(rules: RuleSet, hands: int = 4) -> list[str]:
    return [rules.pass_direction(n).value for n in range(1, hands + 1)]


def test_pass_rotations() -> None:
    assert _rotation(RuleSet(), 5) == ["left", "right", "across", "hold", "left"]
    assert _rotation(RuleSet(players=3)) == ["left", "right", "hold", "left"]
    assert _rotation(RuleSet(players=6)) == ["left", "right", "left", "right"]
    assert _rotation(RuleSet(pass_rotation=PassRotation.LEFT)) == ["left"] * 4
    assert _rotation(RuleSet(pass_rotation=PassRotation.NONE)) == ["hold"] * 4
    assert _rotation(RuleSet(black_maria_less=True)) == ["hold"] * 4
    # Bicycle's own rotation: no hold hand; "across" only where a seat is directly across.
    assert _rotation(RuleSet(pass_rotation=PassRotation.NO_HOLD), 5) == [
        "left",
        "right",
        "across",
        "left",
        "right",
    ]
    assert _rotation(RuleSet(players=6, pass_rotation=PassRotation.NO_HOLD)) == [
        "left",
        "right",
        "across",
        "left",
    ]
    assert _rotation(RuleSet(players=5, pass_rotation=PassRotation.NO_HOLD)) == [
        "left",
        "right",
        "left",
        "right",
    ]


def test_pass_targets_left_is_next_in_turn_order() -> None:
    rules = RuleSet()
    assert [rules.pass_target(s, 1) for s in range(4)] == [1, 2, 3, 0]  # left
    assert [rules.pass_target(s, 2) for s in range(4)] == [3, 0, 1, 2]  # right
    assert [rules.pass_target(s, 3) for s in range(4)] == [2, 3, 0, 1]  # across
    assert rules.pass_target(0, 4) is None
    assert rules.pass_direction(4) is PassDirection.HOLD


def test_point_cards_per_variant() -> None:
    std = RuleSet()
    assert std.points_of(std.deck) == 26 and std.moon_points == 26
    omni = RuleSet(omnibus=Omnibus.TEN_OF_DIAMONDS)
    assert omni.points_of(omni.deck) == 16 and omni.card_points(parse_card("TD")) == -10
    jack = RuleSet(omnibus=Omnibus.JACK_OF_DIAMONDS)
    assert jack.card_points(parse_card("JD")) == -10 and jack.card_points(parse_card("TD")) == 0
    bml = RuleSet(black_maria_less=True)
    assert bml.points_of(bml.deck) == 13 and bml.card_points(parse_card("QS")) == 0
    assert bml.moon_points == 13


def test_queen_breaks_hearts_option() -> None:
    assert RuleSet().breakers >> parse_card("QS") & 1
    assert not RuleSet(queen_breaks_hearts=False).breakers >> parse_card("QS") & 1
    assert RuleSet().queen_breaks and not RuleSet(queen_breaks_hearts=False).queen_breaks
    assert not RuleSet(black_maria_less=True, queen_breaks_hearts=True).queen_breaks


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"players": 2}, "players"),
        ({"players": 8}, "players"),
        ({"target_score": None}, "end"),
        ({"fixed_hands": 5}, "end"),
        ({"target_score": 0}, "target"),
        ({"target_score": None, "fixed_hands": 0}, "hands"),
        ({"pass_count": 0}, "pass_count"),
        ({"players": 7, "pass_count": 7}, "pass_count"),
        ({"black_maria_less": True, "pass_rotation": PassRotation.LEFT}, "bml_passing"),
        ({"black_maria_less": True, "omnibus": Omnibus.TEN_OF_DIAMONDS}, "bml_omnibus"),
        ({"black_maria_less": True, "scoring": Scoring.TOURNAMENT}, "bml_tournament"),
        ({"scoring": Scoring.TOURNAMENT, "moon": MoonScoring.SHOOTER_CHOOSES}, "tournament_moon"),
    ],
)
def test_invalid_combinations_are_rejected_with_a_code(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidRules) as info:
        RuleSet(**kwargs)  # type: ignore[arg-type]
    assert info.value.code == code
    assert str(info.value)


def test_json_round_trip_and_bad_values() -> None:
    rules = RuleSet(
        players=5,
        five_player_removal=FivePlayerRemoval.TWO_SPADES,
        moon=MoonScoring.SHOOTER_CHOOSES,
        omnibus=Omnibus.JACK_OF_DIAMONDS,
        target_score=None,
        fixed_hands=8,
        queen_breaks_hearts=False,
        all_tricks_bonus=True,
    )
    assert RuleSet.from_json(rules.to_json()) == rules
    with pytest.raises(InvalidRules) as info:
        RuleSet.from_json({"moon": "banana"})
    assert info.value.code == "bad_value"
    with pytest.raises(InvalidRules) as info:
        RuleSet.from_json({"jokers": True})
    assert info.value.code == "unknown_option"
