"""``play_out_randomly``'s fast loop must leave a hand exactly as the validating API would, card by
card, with the same random choices (it is the engine's speed benchmark and a fast path)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.cards import cards_of, cardset, nth_card
from bot.engine.hand import Hand, Phase
from bot.engine.randomplay import play_out_randomly
from bot.engine.rules import RuleSet
from tests.engine.test_properties import rule_sets


def play_out_through_the_api(hand: Hand, rng: random.Random) -> None:
    """The reference: the documented choices, one validated ``Hand`` call per move."""
    while hand.phase is not Phase.SCORED:
        if hand.phase is Phase.PLAYING:
            legal = hand.legal_plays()
            hand.play(hand.to_move, nth_card(legal, int(rng.random() * legal.bit_count())))
        elif hand.phase is Phase.PASSING:
            for seat in hand.waiting_for():
                cards = cardset(rng.sample(cards_of(hand.hands[seat]), hand.rules.pass_count))
                hand.pass_cards(seat, cards)
        else:
            hand.choose_moon(hand.to_move, rng.random() < 0.5)


def state(hand: Hand) -> tuple[object, ...]:
    return (
        hand.phase,
        hand.hands,
        hand.passed,
        hand.received,
        hand.trick,
        hand.tricks,
        hand.taken,
        hand.tricks_won,
        hand.voids,
        hand.played,
        hand.hearts_broken,
        hand.result,
        hand.moves_made,
        hand.leader,
        hand.to_move,
        hand.legal_plays(),
        hand.to_json(),
    )


@settings(max_examples=80, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32), cut=st.integers(0, 60))
def test_fast_random_playout_matches_the_validating_api(
    rules: RuleSet, seed: int, move_seed: int, cut: int
) -> None:
    fast = Hand.new(rules, seed, hand_number=1 + seed % 4)
    slow = Hand.new(rules, seed, hand_number=1 + seed % 4)
    # Start from any point of the hand: some cards already played through the API.
    warm = random.Random(cut)
    while fast.phase is not Phase.SCORED and fast.moves_made < cut:
        if fast.phase is not Phase.PLAYING:
            break
        legal = fast.legal_plays()
        card = nth_card(legal, warm.randrange(legal.bit_count()))
        fast.play(fast.to_move, card)
        slow.play(slow.to_move, card)
    play_out_randomly(fast, random.Random(move_seed))
    play_out_through_the_api(slow, random.Random(move_seed))
    assert state(fast) == state(slow)
    assert fast.result is not None
