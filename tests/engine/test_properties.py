"""Invariants over random seeds, every player count and every rule option, with random legal play."""

from __future__ import annotations

import json
import random

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from bot.engine import Game, IllegalMove, Occupant, PlayCard
from bot.engine.cards import SUIT_MASKS
from bot.engine.hand import Hand, Phase
from bot.engine.randomplay import random_move
from bot.engine.rules import (
    FivePlayerRemoval,
    InvalidRules,
    MoonScoring,
    Omnibus,
    PassRotation,
    RuleSet,
    Scoring,
)
from bot.engine.scoring import HandOutcome
from bot.engine.tricks import winning_index


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    try:
        return RuleSet(
            players=draw(st.integers(3, 7)),
            five_player_removal=draw(st.sampled_from(FivePlayerRemoval)),
            pass_rotation=draw(st.sampled_from(PassRotation)),
            moon=draw(st.sampled_from(MoonScoring)),
            all_tricks_bonus=draw(st.booleans()),
            queen_breaks_hearts=draw(st.booleans()),
            omnibus=draw(st.sampled_from(Omnibus)),
            black_maria_less=draw(st.booleans()),
            scoring=draw(st.sampled_from(Scoring)),
            target_score=draw(st.sampled_from([30, 100])),
        )
    except InvalidRules:
        assume(False)
        raise


def expected_total(rules: RuleSet, outcome: HandOutcome, moon_choice: bool | None, bonus_taken: bool) -> int:
    """The hand's points summed over the seats. The bonus card's −10 goes on top of a moon or of
    all tricks (to whoever took it: the taker of every trick has it); a slam's −26 already counts it."""
    n, p = rules.players, rules.moon_points
    tournament = rules.scoring is Scoring.TOURNAMENT
    bonus = rules.bonus_points if bonus_taken else 0
    if outcome is HandOutcome.NORMAL:
        return rules.points_of(rules.deck)
    if outcome is HandOutcome.ALL_TRICKS:
        return bonus + ((n - 1) * p - p if tournament else (n - 1) * 2 * p)
    if outcome is HandOutcome.SLAM:
        return -p
    if tournament:
        return bonus + (n - 1) * (p // 2) - p // 2
    return bonus + ((n - 1) * p if moon_choice in (None, True) else -p)


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), move_seed=st.integers(0, 2**32))
# found by the search: seven players, all tricks to one seat with the 10♦ (−10 on top of its 0)
@example(
    rules=RuleSet(
        players=7,
        five_player_removal=FivePlayerRemoval.TWO_CLUBS,
        moon=MoonScoring.OTHERS_PLUS,
        all_tricks_bonus=True,
        target_score=30,
        queen_breaks_hearts=False,
        omnibus=Omnibus.TEN_OF_DIAMONDS,
    ),
    seed=246,
    move_seed=212322,
)
def test_random_hands_keep_every_invariant(rules: RuleSet, seed: int, move_seed: int) -> None:
    rng = random.Random(move_seed)
    hand = Hand.new(rules, seed, hand_number=1 + seed % 4)
    deck_size = rules.deck.bit_count()
    while hand.phase is not Phase.SCORED:
        # Cards are conserved: hands and played cards partition the deck.
        union = hand.played
        for h in hand.hands:
            assert not union & h
            union |= h
        assert union == rules.deck
        assert sum(h.bit_count() for h in hand.hands) + hand.played.bit_count() == deck_size
        # A seat shown void in a suit really holds none of it.
        for s, h in enumerate(hand.hands):
            for suit in range(4):
                if hand.voids[s] >> suit & 1:
                    assert not h & SUIT_MASKS[suit]
        if hand.phase is Phase.PLAYING:
            seat = hand.to_move
            legal = hand.legal_plays()
            assert legal and legal & ~hand.hands[seat] == 0
            # Every card in hand outside the offered set is refused, and nothing changes.
            for card in range(52):
                if hand.hands[seat] >> card & 1 and not legal >> card & 1:
                    before = hand.to_json()
                    try:
                        hand.play(seat, card)
                    except IllegalMove:
                        pass
                    else:
                        raise AssertionError(f"illegal card {card} accepted")
                    assert hand.to_json() == before
            tricks_before = len(hand.tricks)
            leader = hand.leader
            move = random_move(hand, seat, rng)
            assert isinstance(move, PlayCard)
            hand.apply(move)
            if len(hand.tricks) > tricks_before:
                trick = hand.tricks[-1]
                assert trick.leader == leader
                led = trick.cards[0] // 13
                best = max(c for c in trick.cards if c // 13 == led)
                assert trick.winner == trick.seat_of(trick.cards.index(best), rules.players)
                # The public rule agrees with the hand's, for the whole trick and every part of it.
                assert trick.winner == trick.seat_of(winning_index(trick.cards), rules.players)
                for k in range(1, len(trick.cards)):
                    part = trick.cards[:k]
                    assert part[winning_index(part)] == max(c for c in part if c // 13 == led)
                if hand.phase is Phase.PLAYING:
                    assert hand.to_move == hand.leader == trick.winner
        else:
            for seat in hand.waiting_for():
                hand.apply(random_move(hand, seat, rng))
    score = hand.result
    assert score is not None
    assert len(hand.tricks) == rules.cards_per_player
    assert sum(hand.tricks_won) == rules.cards_per_player
    bonus = rules.bonus_card
    bonus_taken = bonus is not None and any(t >> bonus & 1 for t in hand.taken)
    assert sum(score.points) == expected_total(rules, score.outcome, score.moon_choice, bonus_taken)


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_snapshots_round_trip_exactly_at_any_point(rules: RuleSet, seed: int, cut: int) -> None:
    seats = [Occupant.person("a")] + [Occupant.computer()] * (rules.players - 1)
    game = Game(rules, seed, seats)
    rng = random.Random(seed)
    moves = 0
    while not game.over and moves < cut:
        game.apply(random_move(game.hand, game.hand.waiting_for()[0], rng))
        moves += 1
    data = json.loads(json.dumps(game.to_json()))
    restored = Game.from_json(data)
    assert restored.to_json() == game.to_json()
    assert restored.totals == game.totals
    assert restored.hand.hands == game.hand.hands
    assert restored.hand.legal_plays() == game.hand.legal_plays()
    assert restored.hand.waiting_for() == game.hand.waiting_for()
