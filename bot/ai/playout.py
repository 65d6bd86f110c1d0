"""The playouts of ``hard``'s search: a hand finished by the ``normal`` policy for every seat.

The search plays a hand out once per candidate per sampled deal, about ten thousand times per
decision, so this is its hot path: one loop over plain ints and lists (no ``Hand`` method call per
card, no ``Trick`` kept), asking the engine's rules of a trick (``tricks``: which cards may be
played, which one wins) and compiled with mypyc where a compiler is present (``setup.py``), as
those rules and the policy are. It leaves the points taken and the tricks won exactly as playing
the same cards through ``Hand`` would (``tests/ai/test_playout.py`` compares the two), so the
search's choices do not depend on which one ran.
"""

from __future__ import annotations

from bot.ai.consts import Consts
from bot.ai.policy import choose_card
from bot.ai.textbook import textbook_card
from bot.engine.tricks import legal_cards, winning_index


def play_out(
    k: Consts,
    hands: list[int],
    trick: list[int],
    leader: int,
    played: int,
    taken: list[int],
    tricks_won: list[int],
    voids: list[int],
    broken: bool,
    tricks_done: int,
    seeker: int,
    hunter: int,
    counting: int,
    first: int = -1,
    styles: int = 0,
) -> None:
    """Play the hand on from its position with ``choose_card`` for every seat (``seeker``, the
    searching seat, defending eagerly; ``hunter``, if not -1, as a moon-hunter), updating
    ``hands``, ``taken``, ``tricks_won`` and ``voids`` in place. ``trick`` holds the cards of the
    trick in progress, led by ``leader``; ``played`` every card played, those included.

    Stops at the last trick, or as soon as every card of ``counting`` (the cards that score, 0 when
    every trick counts) has been taken between two tricks: the rest cannot change the points.
    ``first``, if not -1, is the first card played (a legal one: the search's candidate).
    ``styles``: the seats played in the textbook style (``textbook``), one bit each."""
    n = k.n
    total = k.cards_per_player
    breakers = k.breakers
    forbidden = k.first_trick_forbidden
    first_lead = k.first_lead
    trick = trick.copy()
    while tricks_done < total:
        if not trick and counting and not counting & ~played:
            return
        seat = (leader + len(trick)) % n
        held = hands[seat]
        first_trick = tricks_done == 0
        legal = legal_cards(held, trick, first_trick, broken, first_lead, forbidden)
        if first >= 0:
            card = first
            first = -1
        elif styles >> seat & 1:
            card = textbook_card(k, legal, trick)
        elif legal & (legal - 1):
            card = choose_card(
                k,
                seat,
                held,
                legal,
                trick,
                leader,
                played,
                taken,
                voids,
                first_trick,
                seat == seeker,
                seat == hunter,
            )
        else:
            card = legal.bit_length() - 1
        if trick and card // 13 != trick[0] // 13:
            voids[seat] |= 1 << trick[0] // 13
        bit = 1 << card
        hands[seat] = held ^ bit
        played |= bit
        if bit & breakers:
            broken = True
        trick.append(card)
        if len(trick) < n:
            continue
        winner = (leader + winning_index(trick)) % n
        for c in trick:
            taken[winner] |= 1 << c
        tricks_won[winner] += 1
        leader = winner
        trick = []
        tricks_done += 1
