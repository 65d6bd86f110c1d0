"""What the computer players need to know about a rule set, as plain ints for their inner loops.

Everything here is read from ``RuleSet`` (the one place where the rules live) and only re-shaped:
a card's points as a tuple lookup, the Q♠ and the bonus card as a bit or -1, so that the play
policy, which runs hundreds of thousands of times per decision of the ``hard`` level, does no
attribute look-ups or Optional checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.engine.cards import QUEEN_OF_SPADES, CardSet
from bot.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Consts:
    rules: RuleSet
    n: int
    deck: CardSet
    penalty: CardSet  # hearts and (unless Black-Maria-less) the Q♠
    queen: int  # the Q♠ if it counts, else -1
    queen_bit: CardSet  # 1 << queen, or 0
    bonus: int  # the Omnibus card, else -1
    bonus_bit: CardSet
    points: tuple[int, ...]  # per card
    moon_points: int
    cards_per_player: int


@lru_cache(maxsize=64)
def consts_of(rules: RuleSet) -> Consts:
    queen_counts = rules.card_points(QUEEN_OF_SPADES) != 0
    bonus = rules.bonus_card
    return Consts(
        rules=rules,
        n=rules.players,
        deck=rules.deck,
        penalty=rules.penalty_cards,
        queen=QUEEN_OF_SPADES if queen_counts else -1,
        queen_bit=(1 << QUEEN_OF_SPADES) if queen_counts else 0,
        bonus=-1 if bonus is None else bonus,
        bonus_bit=0 if bonus is None else 1 << bonus,
        points=tuple(rules.card_points(c) for c in range(52)),
        moon_points=rules.moon_points,
        cards_per_player=rules.cards_per_player,
    )
