"""The rules of one trick: which cards may be played to it, and which card wins it.

Kept apart from ``hand`` so that they can be compiled with mypyc (``setup.py``): ``Hand`` asks them
once per card, the computer players' playouts and their reading of the other seats' plays hundreds
of thousands of times per decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import HEARTS, SUIT_MASKS, Card, CardSet


def winning_index(cards: Sequence[Card]) -> int:
    """The index of the card winning a trick so far (``cards`` non-empty, in play order): the
    highest card of the suit led. ``Hand`` and the random play-out keep their own inlined loop,
    the simulations' hot path; ``hard``'s playouts call this one (compiled)."""
    led = cards[0] // 13
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c > cards[best] and c // 13 == led:
            best = i
    return best


def legal_cards(
    held: CardSet,
    trick: Sequence[Card],
    first_trick: bool,
    hearts_broken: bool,
    first_lead: Card,
    forbidden: CardSet,
) -> CardSet:
    """The cards of ``held`` that may be played to ``trick`` (its cards so far, in play order):
    follow suit; lead the ``first_lead`` card to the first trick and no heart before hearts are
    broken unless nothing else is held; no ``forbidden`` card (``RuleSet.first_trick_forbidden``) on
    the first trick while another can be discarded. ``Hand`` asks it for the seat to move; the
    computer players ask it for hands they sample and in their playouts (the random play-out keeps
    its own inlined copy, the simulations' hot path)."""
    if not trick:
        if first_trick:
            return held & (1 << first_lead)
        if hearts_broken or not held & ~HEARTS:
            return held
        return held & ~HEARTS
    legal = held & SUIT_MASKS[trick[0] // 13]
    if legal:
        return legal
    if first_trick and held & ~forbidden:
        return held & ~forbidden
    return held
