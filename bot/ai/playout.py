"""The playouts of ``hard``'s search: a hand finished by the ``normal`` policy for every seat.

The search plays a hand out once per candidate per sampled deal, about ten thousand times per
decision, so this is its hot path. It is the rules of ``Hand.legal_plays`` and ``Hand._play`` in
one loop over plain ints and lists (no ``Hand`` method call per card, no ``Trick`` kept), compiled
with mypyc where a compiler is present (``setup.py``) together with the policy it calls. It leaves
the points taken and the tricks won exactly as playing the same cards through ``Hand`` would (the
search's tests compare the two), so the search's choices do not depend on which one ran.
"""

from __future__ import annotations

from bot.ai.consts import Consts
from bot.ai.policy import choose_card
from bot.engine.cards import HEARTS, SUIT_MASKS


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
) -> None:
    """Play the hand on from its position with ``choose_card`` for every seat (``seeker``, the
    searching seat, defending eagerly; ``hunter``, if not -1, as a moon-hunter), updating
    ``hands``, ``taken``, ``tricks_won`` and ``voids`` in place. ``trick`` holds the cards of the
    trick in progress, led by ``leader``; ``played`` every card played, those included.

    Stops at the last trick, or as soon as every card of ``counting`` (the cards that score, 0 when
    every trick counts) has been taken between two tricks: the rest cannot change the points.
    ``first``, if not -1, is the first card played (a legal one: the search's candidate)."""
    n = k.n
    total = k.cards_per_player
    breakers = k.breakers
    forbidden = k.first_trick_forbidden
    first_lead = k.first_lead_bit
    not_hearts = ~HEARTS
    trick = trick.copy()
    while tricks_done < total:
        if not trick and counting and not counting & ~played:
            return
        seat = (leader + len(trick)) % n
        held = hands[seat]
        first_trick = tricks_done == 0
        shows_out = -1  # the suit led, when the seat has none of it
        if not trick:
            if first_trick:
                legal = held & first_lead
            elif broken or not held & not_hearts:
                legal = held
            else:
                legal = held & not_hearts
        else:
            led = trick[0] // 13
            legal = held & SUIT_MASKS[led]
            if not legal:
                shows_out = led
                legal = held & ~forbidden if first_trick and held & ~forbidden else held
        if first >= 0:
            card = first
            first = -1
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
        if shows_out >= 0:
            voids[seat] |= 1 << shows_out
        bit = 1 << card
        hands[seat] = held ^ bit
        played |= bit
        if bit & breakers:
            broken = True
        trick.append(card)
        if len(trick) < n:
            continue
        best = trick[0]
        led = best // 13
        best_i = 0
        mask = 0
        for i in range(n):
            c = trick[i]
            mask |= 1 << c
            if c > best and c // 13 == led:
                best = c
                best_i = i
        winner = (leader + best_i) % n
        taken[winner] |= mask
        tricks_won[winner] += 1
        leader = winner
        trick = []
        tricks_done += 1
