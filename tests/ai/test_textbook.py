"""The textbook style (``bot.ai.textbook``): the card its rules name, in every position."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.consts import consts_of
from bot.ai.textbook import textbook_card
from bot.engine.cards import HEARTS, Card, CardSet, cards_of, parse_card, parse_cards
from bot.engine.rules import RuleSet
from tests.ai.positions import random_position
from tests.engine.test_properties import rule_sets


def the_rules_say(rules: RuleSet, legal: CardSet, trick: list[Card]) -> Card:
    """The textbook's rules as a person would read them, card by card."""
    cards = cards_of(legal)
    if not trick:
        return min(cards, key=lambda c: (c % 13, c // 13))  # the lowest card
    led = trick[0] // 13
    follow = [c for c in cards if c // 13 == led]
    if follow:
        winning = max(c for c in trick if c // 13 == led)
        under = [c for c in follow if c < winning]
        return max(under) if under else min(follow)
    queen = rules.penalty_cards & ~HEARTS
    if legal & queen:
        return cards_of(queen)[0]
    hearts = [c for c in cards if HEARTS >> c & 1]
    if hearts:
        return max(hearts)
    return max(cards, key=lambda c: (c % 13, c // 13))  # the highest card


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), cut=st.integers(0, 60))
def test_every_position_gets_the_card_the_rules_name(rules: RuleSet, seed: int, cut: int) -> None:
    hand = random_position(rules, seed, cut)
    if hand is None:
        return
    legal = hand.legal_plays()
    assert textbook_card(consts_of(rules), legal, hand.trick) == the_rules_say(rules, legal, hand.trick)


def test_ties_of_rank_go_to_the_lower_suit_to_lead_and_the_higher_to_throw() -> None:
    k = consts_of(RuleSet())
    assert textbook_card(k, parse_cards("4D 4C 9S"), []) == parse_card("4C")
    led = [parse_card("2H")]
    assert textbook_card(k, parse_cards("KC KD 3S"), led) == parse_card("KD")
    assert textbook_card(k, parse_cards("KC KD QS"), led) == parse_card("QS")
    assert textbook_card(k, parse_cards("2S 9S KS"), [parse_card("TS")]) == parse_card("9S")
    assert textbook_card(k, parse_cards("JS KS"), [parse_card("TS")]) == parse_card("JS")
