import pytest

from bot.engine.cards import parse_card
from bot.engine.hand import Hand, Phase
from bot.engine.moves import IllegalMove, Refusal
from bot.engine.rules import RuleSet


def three_of(hand: Hand, seat: int) -> int:
    mask, out = hand.hands[seat], 0
    for _ in range(3):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


@pytest.mark.parametrize(("hand_number", "offset"), [(1, 1), (2, 3), (3, 2)])
def test_all_choose_before_any_card_moves_then_cards_go_the_right_way(hand_number: int, offset: int) -> None:
    hand = Hand.new(RuleSet(), seed="pass", hand_number=hand_number)
    before = list(hand.hands)
    chosen = [three_of(hand, s) for s in range(4)]
    for seat in range(3):
        hand.pass_cards(seat, chosen[seat])
        assert hand.hands == before  # nothing moves until everyone has chosen
        assert hand.phase is Phase.PASSING
        assert seat not in hand.waiting_for()
    hand.pass_cards(3, chosen[3])
    assert hand.phase is Phase.PLAYING
    for seat in range(4):
        target = (seat + offset) % 4
        assert hand.received[target] == chosen[seat]
        assert hand.hands[target] & chosen[seat] == chosen[seat]
        assert hand.hands[target].bit_count() == 13
    assert hand.hands[hand.to_move] >> parse_card("2C") & 1  # 2♣ holder after passing leads


def test_hold_hand_skips_passing() -> None:
    hand = Hand.new(RuleSet(), seed=3, hand_number=4)
    assert hand.phase is Phase.PLAYING
    assert hand.received == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("cards", "code"),
    [(0b11, Refusal.WRONG_PASS_COUNT), (0b1111, Refusal.WRONG_PASS_COUNT), (-7, Refusal.WRONG_PASS_COUNT)],
)
def test_bad_pass_counts_are_refused(cards: int, code: Refusal) -> None:
    hand = Hand.new(RuleSet(), seed=1)
    with pytest.raises(IllegalMove) as info:
        hand.pass_cards(0, cards)
    assert info.value.refusal is code
    assert info.value.params == {"count": 3}


def test_passing_cards_not_held_or_twice_is_refused() -> None:
    hand = Hand.new(RuleSet(), seed=1)
    mine = three_of(hand, 0)
    theirs = three_of(hand, 1)
    with pytest.raises(IllegalMove) as info:
        hand.pass_cards(0, theirs)
    assert info.value.refusal is Refusal.NOT_IN_HAND
    hand.pass_cards(0, mine)
    with pytest.raises(IllegalMove) as info:
        hand.pass_cards(0, mine)
    assert info.value.refusal is Refusal.ALREADY_PASSED


def test_deal_is_reproducible_from_a_seed_and_covers_the_deck() -> None:
    for players in range(3, 8):
        rules = RuleSet(players=players)
        a = Hand.new(rules, seed=99).dealt
        assert a == Hand.new(rules, seed=99).dealt
        assert a != Hand.new(rules, seed=100).dealt
        union = 0
        for h in a:
            assert h.bit_count() == rules.cards_per_player
            assert not union & h
            union |= h
        assert union == rules.deck
