"""Outside opponents for the strength benchmark: fixed strategies that are not the bot's own levels.

- ``heuristic``: the simple textbook heuristic many Hearts programs start from. Pass the Q♠, A♠,
  K♠, then the highest cards; follow with the highest card that stays under the winning card (else
  the lowest); when void, dump the Q♠, then the highest heart, then the highest card; lead the lowest
  card. No card counting, no moon play. Its play is ``bot.ai.textbook``, the style ``hard`` can
  find in a seat's plays.
- ``hunter``: a moon-hunting opponent. It passes its lowest cards and, as long as nobody else has
  taken a point card, plays to win every trick (its highest winners, discarding low non-point
  cards); once the moon is off it plays as the baseline's ``normal`` (``bench/baseline.py``'s
  ``BASELINE_REV``, whatever is compared, so the opponent is the same for every version measured
  against it).

Both read the rules from the engine (penalty cards, the Q♠ as the non-heart penalty card).
"""

from __future__ import annotations

from bench import baseline
from bot.ai.consts import consts_of
from bot.ai.textbook import textbook_card
from bot.engine.cards import SUIT_MASKS, cards_of
from bot.engine.hand import Phase
from bot.engine.moves import Move, PassCards, PlayCard
from bot.engine.tricks import winning_index
from bot.engine.view import SeatView


def baseline_normal(view: SeatView, seed: int) -> Move:
    """The baseline's ``normal`` (``bench/baseline.py``): play that stays the same whatever
    ``bot/ai`` becomes."""
    api = baseline.load().api
    return api.decide(view, api.Level.NORMAL, seed=seed)


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def heuristic_move(view: SeatView, seed: int) -> Move:
    seat = view.seat
    k = consts_of(view.rules)
    if view.phase is Phase.PASSING:
        dangerous = k.queen_bit | k.above_queen  # the Q♠ and the spades that would catch it
        ranked = sorted(cards_of(view.hand), key=lambda c: (not dangerous >> c & 1, -(c % 13), -(c // 13)))
        chosen = 0
        for c in ranked[: view.rules.pass_count]:
            chosen |= 1 << c
        return PassCards(seat, chosen)
    if view.phase is not Phase.PLAYING:
        return baseline_normal(view, seed)
    return PlayCard(seat, textbook_card(k, view.legal, view.trick))


def _moon_possible(view: SeatView) -> bool:
    penalty = view.rules.penalty_cards
    return not any(view.taken[s] & penalty for s in range(view.players) if s != view.seat)


def hunter_move(view: SeatView, seed: int) -> Move:
    seat = view.seat
    if view.phase is Phase.PASSING:
        ranked = sorted(cards_of(view.hand), key=lambda c: (c % 13, c // 13))
        chosen = 0
        for c in ranked[: view.rules.pass_count]:
            chosen |= 1 << c
        return PassCards(seat, chosen)
    if view.phase is not Phase.PLAYING or not _moon_possible(view):
        return baseline_normal(view, seed)
    legal = view.legal
    penalty = view.rules.penalty_cards
    out = view.unseen
    if not view.trick:
        # Lead a sure winner (the top card left in its suit), else the highest card.
        best = -1
        for s in range(4):
            mine = legal & SUIT_MASKS[s]
            top = _high(mine) if mine else -1
            if top >= 0 and top > _high(out & SUIT_MASKS[s] | 1) and (best < 0 or top % 13 > best % 13):
                best = top
        return PlayCard(seat, best if best >= 0 else max(cards_of(legal), key=lambda c: (c % 13, c)))
    led = view.trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        win = view.trick[winning_index(view.trick)]
        above = follow & ~((2 << win) - 1)
        last = len(view.trick) == view.players - 1
        if above:
            return PlayCard(seat, _low(above) if last else _high(above))
        return PlayCard(seat, _low(follow))
    keep = legal & ~penalty
    return PlayCard(seat, min(cards_of(keep or legal), key=lambda c: (c % 13, c)))
