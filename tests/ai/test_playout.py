"""``play_out``, the search's compiled playout loop, must finish a hand exactly as playing the
policy's cards (the textbook style's for the seats read so) through ``Hand`` would: the search's
values, the daily's par and the coach's ratings must not depend on which of the two ran."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.consts import consts_of
from bot.ai.playout import play_out
from bot.ai.policy import choose_card
from bot.ai.textbook import textbook_card
from bot.engine.hand import Hand, Phase
from bot.engine.rules import RuleSet
from tests.ai.positions import random_position
from tests.engine.test_properties import rule_sets


def through_the_hand(hand: Hand, seeker: int, hunter: int, counting: int, styles: int = 0) -> None:
    """The reference: the policy's card for every seat (the textbook card for the seats of
    ``styles``), one ``Hand.play`` (validated) per card."""
    k = consts_of(hand.rules)
    while hand.phase is Phase.PLAYING:
        if counting and not hand.trick and not counting & ~hand.played:
            return
        seat = hand.to_move
        legal = hand.legal_plays()
        if styles >> seat & 1:
            hand.play(seat, textbook_card(k, legal, hand.trick))
            continue
        card = choose_card(
            k,
            seat,
            hand.hands[seat],
            legal,
            hand.trick,
            hand.leader,
            hand.played,
            hand.taken,
            hand.voids,
            not hand.tricks,
            seat == seeker,
            seat == hunter,
        )
        hand.play(seat, card)


@settings(max_examples=120, deadline=None)
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32),
    cut=st.integers(0, 60),
    seeker=st.integers(0, 5),
    hunter=st.integers(-1, 5),
    stop_early=st.booleans(),
    styles=st.sampled_from([0, 0, 0b10, 0b1110, 0b101]),
)
def test_the_compiled_playout_plays_the_policy_as_the_hand_would(
    rules: RuleSet, seed: int, cut: int, seeker: int, hunter: int, stop_early: bool, styles: int
) -> None:
    hand = random_position(rules, seed, cut)
    if hand is None:
        return
    k = consts_of(rules)
    counting = k.penalty | k.bonus_bit if stop_early else 0
    hands, taken, won, voids = hand.hands.copy(), hand.taken.copy(), hand.tricks_won.copy(), hand.voids.copy()
    trick = hand.trick.copy()
    play_out(
        k,
        hands,
        trick,
        hand.leader,
        hand.played,
        taken,
        won,
        voids,
        hand.hearts_broken,
        len(hand.tricks),
        seeker,
        hunter,
        counting,
        styles=styles,
    )
    assert trick == hand.trick  # the position given is left as it was
    through_the_hand(hand, seeker, hunter, counting, styles)
    assert (taken, won, voids) == (hand.taken, hand.tricks_won, hand.voids)
    if not stop_early:
        assert hands == hand.hands == [0] * rules.players
