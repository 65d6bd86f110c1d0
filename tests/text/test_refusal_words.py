from __future__ import annotations

import pytest

from bot.engine.cards import parse_card, parse_cards
from bot.engine.hand import Hand
from bot.engine.moves import IllegalMove, Refusal
from bot.engine.rules import RuleSet
from bot.tables import TableRefusal
from bot.text import LANGUAGES, has, refusal_key, refusal_text


def test_every_refusal_code_has_words() -> None:
    for code in [*Refusal, *TableRefusal]:
        assert has(refusal_key(code)), code


def test_parameters_are_named_for_people() -> None:
    assert refusal_text(Refusal.MUST_LEAD_FIRST_CARD, card=0) == "The first trick must be led with the 2♣."
    assert refusal_text(Refusal.MUST_FOLLOW_SUIT, suit=3) == "You must follow suit (♥)."
    assert "15" in refusal_text(TableRefusal.BAD_TIME_LIMIT, min=15.0, max=86400.0)


def first_trick_refusal(rules: RuleSet) -> Refusal:
    """Seat 1 is void in clubs on the first trick and tries a heart while it holds a spade."""
    hands = [
        parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        parse_cards("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 2S"),
        parse_cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
        parse_cards("3S 4S 5S 6S 7S 8S 9S TS JS KS AS KH AH"),
    ]
    hand = Hand(rules, hands, 4)
    hand.play(0, parse_card("2C"))
    with pytest.raises(IllegalMove) as refused:
        hand.play(1, parse_card("2H"))
    return refused.value.refusal


def test_black_maria_less_refuses_a_first_trick_heart_without_naming_the_queen() -> None:
    """The Q♠ is an ordinary card there (RULES.md 2a.4): the refusal speaks of hearts only."""
    standard = first_trick_refusal(RuleSet())
    assert refusal_text(standard) == "No hearts and no Q♠ on the first trick while you have another card."
    bml = first_trick_refusal(RuleSet(black_maria_less=True))
    assert refusal_text(bml) == "No hearts on the first trick while you have another card."
    for lang in LANGUAGES:
        assert refusal_text(bml, lang) != refusal_text(standard, lang), lang
