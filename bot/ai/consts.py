"""What the computer players need to know about a rule set, as plain ints for their inner loops.

Everything here is read from ``RuleSet`` (the one place where the rules live) and only re-shaped
(the Q♠ is the penalty card that is not a heart; a card's points are ``RuleSet.card_points``):
a card's points as a tuple lookup, the Q♠ and the bonus card as a bit or -1, so that the play
policy, which runs hundreds of thousands of times per decision of the ``hard`` level, does no
attribute look-ups or Optional checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.engine.cards import HEARTS, SPADES, CardSet, lowest
from bot.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Consts:
    rules: RuleSet
    n: int
    deck: CardSet
    penalty: CardSet  # hearts and (unless Black-Maria-less) the Q♠
    queen: int  # the Q♠ if it counts, else -1
    queen_bit: CardSet  # 1 << queen, or 0
    below_queen: CardSet  # the spades below the Q♠ (0 when it does not count)
    above_queen: CardSet  # the spades that catch the Q♠ (0 when it does not count)
    bonus: int  # the Omnibus card, else -1
    bonus_bit: CardSet
    points: tuple[int, ...]  # per card
    heart_points: int  # what each heart counts
    queen_points: int  # what the Q♠ counts (0 when it does not)
    moon_points: int
    cards_per_player: int
    breakers: CardSet  # the cards that break hearts
    first_trick_forbidden: CardSet  # what may not be discarded to the first trick
    first_lead: int  # the card that leads the first trick


@lru_cache(maxsize=64)
def consts_of(rules: RuleSet) -> Consts:
    queen_bit = rules.penalty_cards & ~HEARTS  # the Q♠, when it counts
    queen = queen_bit.bit_length() - 1
    bonus = rules.bonus_card
    return Consts(
        rules=rules,
        n=rules.players,
        deck=rules.deck,
        penalty=rules.penalty_cards,
        queen=queen,
        queen_bit=queen_bit,
        below_queen=SPADES & (queen_bit - 1) if queen_bit else 0,
        above_queen=SPADES & ~(2 * queen_bit - 1) if queen_bit else 0,
        bonus=-1 if bonus is None else bonus,
        bonus_bit=0 if bonus is None else 1 << bonus,
        points=tuple(rules.card_points(c) for c in range(52)),
        heart_points=rules.card_points(lowest(HEARTS)),
        queen_points=rules.card_points(queen) if queen >= 0 else 0,
        moon_points=rules.moon_points,
        cards_per_player=rules.cards_per_player,
        breakers=rules.breakers,
        first_trick_forbidden=rules.first_trick_forbidden,
        first_lead=rules.first_lead,
    )
