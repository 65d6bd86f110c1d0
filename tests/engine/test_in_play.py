"""``Hand.in_play``: a mid-hand position rebuilt from current holdings and the tricks played must
be the same position as the real hand (the searches of the computer players depend on it)."""

from __future__ import annotations

import random

import pytest

from bot.engine.hand import Hand, Phase
from bot.engine.randomplay import random_move
from bot.engine.rules import Omnibus, RuleSet


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        RuleSet(players=3),
        RuleSet(players=7, queen_breaks_hearts=False),
        RuleSet(omnibus=Omnibus.JACK_OF_DIAMONDS),
    ],
)
@pytest.mark.parametrize("stop", [0, 1, 5, 17, 30])
def test_rebuilt_position_matches_the_real_hand(rules: RuleSet, stop: int) -> None:
    rng = random.Random(stop)
    hand = Hand.new(rules, f"in-play:{stop}", hand_number=1)
    played = 0
    while hand.phase is not Phase.SCORED and played < stop:
        for seat in hand.waiting_for():
            was_playing = hand.phase is Phase.PLAYING
            hand.apply(random_move(hand, seat, rng))
            played += was_playing
            break
    while hand.phase is Phase.PASSING:
        hand.apply(random_move(hand, hand.waiting_for()[0], rng))
    copy = Hand.in_play(rules, hand.hands, hand.hand_number, hand.tricks, hand.trick, hand.leader)
    assert copy.phase is Phase.PLAYING
    assert (copy.to_move, copy.leader, copy.trick, copy.tricks) == (
        hand.to_move,
        hand.leader,
        hand.trick,
        hand.tricks,
    )
    assert (copy.played, copy.taken, copy.voids) == (hand.played, hand.taken, hand.voids)
    assert (copy.hearts_broken, copy.tricks_won) == (hand.hearts_broken, hand.tricks_won)
    assert copy.legal_plays() == hand.legal_plays()
    assert copy.hands == hand.hands
