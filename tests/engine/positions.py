"""Build engine positions from readable card codes, for tests."""

from __future__ import annotations

from bot.engine.cards import parse_card, parse_cards
from bot.engine.hand import Hand, Trick
from bot.engine.rules import PassRotation, RuleSet


def hand_from(*holdings: str, rules: RuleSet | None = None) -> Hand:
    """A hand in the playing phase (no passing) with each seat holding the given cards."""
    base = rules or RuleSet(players=len(holdings), pass_rotation=PassRotation.NONE)
    return Hand(base, [parse_cards(h) for h in holdings], hand_number=1)


def later_lead(holding: str, *, hearts_broken: bool = False, rules: RuleSet | None = None) -> Hand:
    """Seat 0 leads a trick after the first one, holding ``holding``; the other seats hold the
    rest of the deck. Only for legal-move tests: the first trick is marked as played."""
    base = rules or RuleSet(pass_rotation=PassRotation.NONE)
    mine = parse_cards(holding)
    rest = base.deck & ~mine
    hand = Hand(base, [mine, rest, 0, 0][: base.players], hand_number=1)
    hand.tricks.append(Trick(0, (), 0))
    hand.to_move = hand.leader = 0
    hand.hearts_broken = hearts_broken
    hand._legal = -1
    return hand


def play_codes(hand: Hand, codes: str) -> None:
    """Play cards in turn order, whoever is to move."""
    for code in codes.split():
        hand.play(hand.to_move, parse_card(code))
