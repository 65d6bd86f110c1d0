"""The rules of play of RULES.md section 1, one test per rule and edge case."""

import pytest

from bot.engine.cards import format_cards, parse_card, parse_cards
from bot.engine.hand import Hand, Phase
from bot.engine.moves import IllegalMove, Refusal
from bot.engine.rules import PassRotation, RuleSet

from .positions import hand_from, later_lead, play_codes

# Four seats; seat 0 holds the 2♣. Built so that tricks can be steered card by card.
S0 = "2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 4S 2H 3H"
S1 = "7C 8C 9C TC 5D 6D 7D 5S 6S 7S 4H 5H 6H"
S2 = "JC QC KC AC 8D 9D TD 8S 9S TS 7H 8H 9H"
S3 = "JD QD KD AD JS QS KS AS TH JH QH KH AH"


def refusal(hand: Hand, seat: int, code: str) -> Refusal:
    with pytest.raises(IllegalMove) as info:
        hand.play(seat, parse_card(code))
    return info.value.refusal


def test_two_of_clubs_leads_the_first_trick() -> None:
    hand = hand_from(S0, S1, S2, S3)
    assert hand.to_move == 0
    assert format_cards(hand.legal_plays()) == "2C"
    assert refusal(hand, 0, "3C") is Refusal.MUST_LEAD_FIRST_CARD
    assert refusal(hand, 1, "7C") is Refusal.NOT_YOUR_TURN


def test_must_follow_suit_and_highest_of_led_suit_wins() -> None:
    hand = hand_from(S0, S1, S2, S3)
    play_codes(hand, "2C")
    assert format_cards(hand.legal_plays()) == "7C 8C 9C TC"
    assert refusal(hand, 1, "5D") is Refusal.MUST_FOLLOW_SUIT
    play_codes(hand, "7C AC")
    # Seat 3 has no clubs: any card but hearts and the Q♠ on the first trick.
    assert format_cards(hand.legal_plays()) == "JD QD KD AD JS KS AS"
    assert refusal(hand, 3, "QS") is Refusal.NO_POINTS_ON_FIRST_TRICK
    assert refusal(hand, 3, "AH") is Refusal.NO_POINTS_ON_FIRST_TRICK
    result = hand.play(3, parse_card("AD"))  # off-suit ace does not win
    assert result.trick is not None and result.trick.winner == 2
    assert hand.to_move == hand.leader == 2


def test_first_trick_with_only_hearts_and_the_queen_may_play_them() -> None:
    hand = hand_from(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    play_codes(hand, "2C")
    assert hand.legal_plays() == hand.hands[1]  # nothing else: hearts and Q♠ allowed
    hand.play(1, parse_card("QS"))
    assert hand.hearts_broken


def test_hearts_cannot_be_led_until_broken() -> None:
    hand = hand_from(S0, S1, S2, S3)
    play_codes(hand, "2C 7C AC AD")  # seat 2 wins, leads
    assert not hand.hearts_broken
    assert refusal(hand, 2, "7H") is Refusal.HEARTS_NOT_BROKEN
    assert not hand.legal_plays() & parse_cards("7H 8H 9H")


def test_a_discarded_heart_breaks_hearts_for_later_leads() -> None:
    hand = hand_from(S0, S1, S2, S3)
    play_codes(hand, "2C 7C AC AD")  # seat 2 wins and leads
    play_codes(hand, "8D JD 2D 5D")  # seat 3 wins
    assert not hand.hearts_broken
    play_codes(hand, "KD 3D 6D 9D")  # seat 3 wins
    play_codes(hand, "QD 4D 7D TD")  # seat 3 wins; seat 0 is now void in diamonds
    assert not hand.legal_plays() & parse_cards("TH JH QH KH AH")
    play_codes(hand, "JS 2S 5S 8S")  # seat 3 wins
    hand.play(3, parse_card("AS"))
    hand.play(0, parse_card("3S"))
    hand.play(1, parse_card("6S"))
    hand.play(2, parse_card("9S"))
    hand.play(3, parse_card("KS"))
    hand.play(0, parse_card("4S"))  # seat 0 out of spades now
    hand.play(1, parse_card("7S"))
    hand.play(2, parse_card("TS"))  # seat 3 wins with KS and leads
    assert not hand.hearts_broken
    hand.play(3, parse_card("QS"))  # the Q♠ may be led at any time
    hand.play(0, parse_card("2H"))  # void in spades: discards a heart
    assert hand.hearts_broken


def test_queen_of_spades_breaks_hearts_unless_the_option_is_off() -> None:
    for breaks in (True, False):
        rules = RuleSet(pass_rotation=PassRotation.NONE, queen_breaks_hearts=breaks)
        hand = hand_from(S0, S1, S2, S3, rules=rules)
        play_codes(hand, "2C 7C AC AD")  # seat 2 leads next
        play_codes(hand, "8S QS 2S 5S")
        assert hand.hearts_broken is breaks


def test_leader_with_only_hearts_may_lead_one() -> None:
    hand = later_lead("TH JH QH")
    assert format_cards(hand.legal_plays()) == "TH JH QH"


def test_leader_with_other_cards_may_not_lead_hearts_until_broken() -> None:
    hand = later_lead("2C TH JH")
    assert format_cards(hand.legal_plays()) == "2C"
    assert refusal(hand, 0, "TH") is Refusal.HEARTS_NOT_BROKEN
    broken = later_lead("2C TH JH", hearts_broken=True)
    assert format_cards(broken.legal_plays()) == "2C TH JH"


def test_leader_with_only_hearts_and_the_queen_must_lead_the_queen() -> None:
    hand = later_lead("QS TH JH")
    assert format_cards(hand.legal_plays()) == "QS"
    assert refusal(hand, 0, "TH") is Refusal.HEARTS_NOT_BROKEN


def test_only_hearts_on_the_first_trick_may_be_discarded() -> None:
    hand = hand_from(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    play_codes(hand, "2C 2H 2D")
    assert format_cards(hand.legal_plays()) == "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"
    play_codes(hand, "2S")
    assert hand.hearts_broken  # the forced heart broke hearts


def test_wrong_phase_and_unknown_card() -> None:
    hand = Hand.new(RuleSet(), seed=1, hand_number=1)
    assert hand.phase is Phase.PASSING
    with pytest.raises(IllegalMove) as info:
        hand.play(hand.to_move, parse_card("2C"))
    assert info.value.refusal is Refusal.WRONG_PHASE
    playing = hand_from(S0, S1, S2, S3)
    assert refusal(playing, 0, "AH") is Refusal.NOT_IN_HAND
    with pytest.raises(IllegalMove) as info:
        playing.play(9, 0)
    assert info.value.refusal is Refusal.NO_SUCH_SEAT
