"""The rule-based card play of the ``normal`` level (RULES.md section 4), also the playout policy of
``hard``.

One function, ``choose_card``, takes a seat's public knowledge as plain ints (its hand, the legal
cards, the trick, every card played, the cards each seat has taken, who showed out of what) and
returns a card. ``normal`` calls it with a ``SeatView``'s fields; ``hard`` calls it for every seat of
every sampled deal, so it is written for speed: bit tricks, no allocation beyond a few ints, no
look-ahead.

What it does, in brief:
- Leading: the lowest card of the suit it is least likely to win, never a suit nobody else holds
  while points are out, fishing for the Q♠ with low spades, never leading A♠/K♠ into a live Q♠.
- Following: duck under the winning card with the highest card that still ducks; shed high cards on
  clean tricks when last; dump the Q♠ under a higher spade; keep the Omnibus card for itself.
- Discarding: the Q♠ first, then A♠/K♠ while the Q♠ is out, then high hearts and high cards of short
  suits; never give the Omnibus card away.
- Moon: when one other player holds every point taken so far, take a point card from them or hand
  points to someone else, and under a trick it cannot take from them play its lowest card, keeping
  the high ones that may take a later trick; when it holds every point itself with control of
  hearts, it goes for it.

How eagerly it defends is its parameter ``eager``: ``normal`` (and ``hard``'s own fallback)
defends eagerly, seeing a threat early and breaking its normal play for it; the simulated players
of ``hard``'s playouts defend late, as most players do (``eager=False``). Measured with
bench/ai_strength.py: the eager defence cuts the moons a hunter makes against ``normal`` by seven
eighths at no cost against ordinary opponents, but as a model of ordinary opponents it made ``hard``
weaker than before issue 15 (README, issue 15). ``hunt`` plays a seat as a moon-hunter: ``hard``'s
model of a seat that looks like a shooter (``shooter``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.ai.consts import Consts, consts_of
from bot.engine.cards import HEARTS, SUIT_MASKS, CardSet, cardset
from bot.engine.tricks import winning_index
from bot.engine.view import SeatView

_SUITS = SUIT_MASKS


def _points(k: Consts, penalty_cards: int) -> int:
    """Points of a set of penalty cards (hearts and the Q♠)."""
    return (penalty_cards & HEARTS).bit_count() * k.heart_points + (
        k.queen_points if penalty_cards & k.queen_bit else 0
    )


def _lowest_rank(mask: int) -> int:
    """The card of lowest rank in ``mask`` (non-empty), the lower suit on a tie."""
    best = -1
    for s in range(4):
        mine = mask & _SUITS[s]
        if mine:
            c = _low(mine)
            if best < 0 or c - 13 * s < best % 13:
                best = c
    return best


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


THREAT_HEARTS = 2
"""Hearts one seat alone must have taken (or one heart with the Q♠), counting the trick being played,
before the others defend against its moon. Measured with bench/ai_strength.py against a moon-hunter
and the heuristic: the Q♠ alone is no threat (treating it as one made ``hard``'s simulated opponents
shun the Q♠'s taker and cost it points), and 3 or more hearts let the hunter through more often."""
LATE_THREAT_THIRDS = 3
"""The late defence (``eager=False``) sees a threat once one seat alone has taken at least a third of
the moon's points (tricks already won only), as the policy did before issue 15."""


def moon_state(
    k: Consts,
    seat: int,
    taken: Sequence[int],
    hand: int,
    out: int,
    trick_winner: int = -1,
    trick_cards: int = 0,
    eager: bool = True,
) -> tuple[int, bool]:
    """(seat threatening a moon or -1, whether ``seat`` itself should shoot).

    A threat: one other seat holds every penalty card taken so far, counting the current trick's
    (``trick_cards``) as taken by the seat winning it now (``trick_winner``), and among them at least
    ``THREAT_HEARTS`` hearts, or a heart and the Q♠. Shooting: this seat holds every penalty card
    taken, at least half the moon's points, the Q♠ is no longer out and its highest heart beats
    every heart still out. With ``eager`` False the threat is the late one (``LATE_THREAT_THIRDS``).
    """
    penalty = k.penalty
    holder = -1
    got = 0
    for s in range(k.n):
        mine = taken[s] & penalty
        if mine:
            if holder >= 0:
                return -1, False
            holder = s
            got = mine
    if holder == seat:
        if _points(k, got) * 2 < k.moon_points or k.queen_bit & out:
            return -1, False
        hearts_out = out & HEARTS
        return -1, not hearts_out or _high(hand & HEARTS) > _high(hearts_out)
    if not eager:
        late = holder >= 0 and _points(k, got) * LATE_THREAT_THIRDS >= k.moon_points
        return (holder if late else -1), False
    in_trick = trick_cards & penalty
    if in_trick:
        if holder < 0:
            holder = trick_winner
            got = in_trick
        elif holder == trick_winner:
            got |= in_trick
        else:
            return -1, False
    if holder < 0 or holder == seat:
        return -1, False
    hearts = (got & HEARTS).bit_count()
    real = hearts >= THREAT_HEARTS or (hearts and got & k.queen_bit)
    return (holder if real else -1), False


def choose_card(
    k: Consts,
    seat: int,
    hand: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    played: int,
    taken: Sequence[int],
    voids: Sequence[int],
    first_trick: bool,
    eager: bool = True,
    hunt: bool = False,
) -> int:
    """The card to play. ``played`` includes the cards of the current trick. ``eager``: how early
    and how hard it defends against another seat's moon (module docstring). ``hunt``: go for the
    moon as long as no other seat has taken a point (``hard``'s model of a seat that looks like it
    is shooting)."""
    if not legal & (legal - 1):
        return _low(legal)
    out = k.deck & ~played & ~hand
    hunting = hunt and not _others_took_points(k, seat, taken)
    if not trick:
        if hunting:
            threat, shooting = -1, True
        elif played & k.penalty:
            threat, shooting = moon_state(k, seat, taken, hand, out, -1, 0, eager)
        else:
            threat, shooting = -1, False
        return _lead(k, seat, hand, legal, out, voids, shooting, threat, eager)
    n = k.n
    led = trick[0] // 13
    suit = _SUITS[led]
    win = trick[0]
    win_i = 0
    pts = 0
    cards = 0
    points = k.points
    for i, c in enumerate(trick):
        pts += points[c]
        cards |= 1 << c
        if c > win and c // 13 == led:
            win = c
            win_i = i
    winner = (leader + win_i) % n
    if hunting:
        threat, shooting = -1, True
    elif played & k.penalty:
        threat, shooting = moon_state(k, seat, taken, hand, out, winner, cards, eager)
    else:
        threat, shooting = -1, False  # no point card played yet: no moon either way
    if legal & suit:
        if eager and threat == winner >= 0 and not legal & ~((2 << win) - 1):
            # It cannot take this trick from the shooter: keep the high cards that may take a later one.
            return _low(legal)
        return _follow(
            k, seat, hand, legal, trick, leader, out, voids, first_trick, shooting, threat, win, pts
        )
    return _discard(k, hand, legal, out, shooting, threat, winner, pts, eager)


def _others_took_points(k: Consts, seat: int, taken: Sequence[int]) -> bool:
    """Whether a seat other than ``seat`` has taken a point card: its moon is off."""
    return any(s != seat and taken[s] & k.penalty for s in range(k.n))


def card_for_view(view: SeatView, eager: bool = True) -> int:
    """``choose_card`` for the seat of ``view`` (whose turn it must be)."""
    return choose_card(
        consts_of(view.rules),
        view.seat,
        view.hand,
        view.legal,
        view.trick,
        view.leader,
        view.played,
        view.taken,
        view.voids,
        not view.tricks,
        eager,
    )


class TrickState(NamedTuple):
    """The trick being played, as the moon defence sees it."""

    winner: int  # the seat winning it so far, or -1 before its first card
    top: int  # the card winning it so far, or -1
    cards: int  # its cards, as a set


def trick_state(view: SeatView) -> TrickState:
    """Who is winning the trick being played, with which card (the engine's rule)."""
    if not view.trick:
        return TrickState(-1, -1, 0)
    i = winning_index(view.trick)
    return TrickState((view.leader + i) % view.players, view.trick[i], cardset(view.trick))


def moon_threat(view: SeatView) -> int:
    """The seat that ``view``'s seat, defending eagerly, sees threatening a moon (the trick being
    played counted), or -1."""
    k = consts_of(view.rules)
    out = k.deck & ~view.played & ~view.hand
    state = trick_state(view)
    return moon_state(k, view.seat, view.taken, view.hand, out, state.winner, state.cards)[0]


SHOOTER_TRICKS = 0.75
"""Share of the tricks so far (the one being played counted when it wins it) that a seat with every
point must have won before ``hard`` treats it as a shooter (``shooter``). Measured over 400 hands
of four of today's ``normal``: a lone taker of two hearts shows up in 141 of them, one that has also
won three quarters of the tricks in 35, and that still flags 12 of their 14 moons and 125 of a
moon-hunter's 127, at the same trick."""


def shooter(view: SeatView) -> int:
    """The seat that looks like it is shooting the moon, or -1: the eager defence's threat
    (``moon_threat``) that has also won at least ``SHOOTER_TRICKS`` of the tricks. A seat that took
    two hearts by chance is no shooter; one that takes trick after trick with them is."""
    threat = moon_threat(view)
    if threat < 0:
        return -1
    state = trick_state(view)
    won = view.tricks_won[threat] + (state.winner == threat)
    played = len(view.tricks) + bool(view.trick)
    return threat if won >= SHOOTER_TRICKS * played else -1


def stops_moon(view: SeatView) -> bool:
    """Whether ``view``'s seat can win a trick holding a point card from a seat that looks like a
    shooter (``shooter``): the cheap, certain moon defence that ``hard`` never second-guesses.
    Against a seat that took a few points by chance, taking them is left to the search."""
    k = consts_of(view.rules)
    state = trick_state(view)
    if not state.cards & k.penalty or not view.legal & _SUITS[state.top // 13]:
        return False
    if shooter(view) != state.winner:
        return False
    return bool(view.legal & ~((2 << state.top) - 1))


def moon_defence(view: SeatView) -> CardSet:
    """The legal cards that keep the moon defence while a seat that looks like a shooter
    (``shooter``) wins the trick being played: a discard that gives it no point, or, when the trick
    cannot be taken from it, the lowest card (the high ones may take a later trick from it and stop
    the moon). Every legal card otherwise. ``hard`` searches only these: a sampled deal rarely gives
    the shooter the cards a real one holds, so its playouts undervalue the defence, and feeding the
    shooter or shedding a stopper under it is what lets a moon through (README, issue 15)."""
    legal = view.legal
    state = trick_state(view)
    if state.winner < 0 or shooter(view) != state.winner:
        return legal
    if legal & _SUITS[state.top // 13]:
        return legal if legal & ~((2 << state.top) - 1) else legal & -legal
    return legal & ~consts_of(view.rules).penalty or legal


def _lead(
    k: Consts,
    seat: int,
    hand: int,
    legal: int,
    out: int,
    voids: Sequence[int],
    shooting: bool,
    threat: int,
    eager: bool,
) -> int:
    if shooting:
        best = -1
        for s in range(4):
            mine = legal & _SUITS[s]
            if mine and _high(mine) > _high(out & _SUITS[s] | 1):
                best = max(best, _high(mine))
        return best if best >= 0 else _high(legal)
    if threat >= 0 and eager:
        # A heart that beats every heart still out takes at least one heart: the moon is off.
        top = legal & HEARTS
        if top and _high(top) > _high(out & HEARTS | 1):
            return _high(top)
    queen_bit = k.queen_bit
    queen_out = bool(out & queen_bit)
    penalty_out = out & k.penalty
    n = k.n
    best_card = -1
    best_cost = 1e9
    for s in range(4):
        mine = legal & _SUITS[s]
        if not mine:
            continue
        theirs = out & _SUITS[s]
        c = _low(mine)
        if s == 2 and queen_out:
            fish = mine & k.below_queen
            if fish:
                c = _high(fish)
        if c == k.bonus and mine & ~k.bonus_bit:
            c = _low(mine & ~k.bonus_bit)
        if not theirs:
            # Nobody else can follow: everyone discards on it.
            cost = 3.0 + penalty_out.bit_count() * 0.5 if penalty_out else 0.5
        else:
            lower = (theirs & ((1 << c) - 1)).bit_count()
            higher = theirs.bit_count() - lower
            if not higher:
                cost = 8.0 if penalty_out else 1.0
            else:
                cost = 4.0 * lower / (lower + higher)
                voided = 0
                for o in range(n):
                    if o != seat and voids[o] >> s & 1:
                        voided += 1
                if voided and penalty_out:
                    cost += 1.5 * voided * lower / (lower + higher) + 0.5 * voided
        if s == 2 and queen_bit:
            if hand & queen_bit:
                cost += 3.0
            elif queen_out:
                cost += 10.0 if c > k.queen else -1.5
        if c == k.bonus:
            cost += 6.0
        cost += 1.0 * (hand & _SUITS[s]).bit_count()
        if cost < best_cost:
            best_cost = cost
            best_card = c
    return best_card


def _follow(
    k: Consts,
    seat: int,
    hand: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    out: int,
    voids: Sequence[int],
    first_trick: bool,
    shooting: bool,
    threat: int,
    win: int,
    pts: int,
) -> int:
    n = k.n
    last = len(trick) == n - 1
    top = _high(legal)
    above = legal & ~((2 << win) - 1)
    below = legal & ((1 << win) - 1)
    queen_bit = k.queen_bit
    bonus_bit = k.bonus_bit
    if first_trick:
        return top
    if shooting:
        if above:
            return _low(above) if last else top
        return _low(legal)
    trick_has_penalty = any(k.penalty >> c & 1 for c in trick)
    if threat >= 0 and trick_has_penalty and above:
        return _low(above) if last else _high(above)  # take a point card: the moon is off
    if above & bonus_bit and (last or not out & _SUITS[win // 13] & ~((2 << k.bonus) - 1)):
        return k.bonus  # it wins the trick: take the −10 for ourselves
    if pts < 0 and above:
        return _low(above) if last else _high(above)
    if last:
        if pts > 0 or trick_has_penalty:
            if below:
                return _high(below & ~bonus_bit or below)
            return _high(legal & ~queen_bit or legal)
        return _high(legal & ~queen_bit & ~bonus_bit or legal & ~queen_bit or legal)
    if win // 13 == 2 and queen_bit:
        if legal & queen_bit and win > k.queen:
            return k.queen
        if out & queen_bit:
            if below:
                return _high(below)
            safe = legal & k.below_queen
            if safe:
                return _high(safe)
            return _low(legal & ~queen_bit or legal)
        if legal & queen_bit:
            if below & ~queen_bit:
                return _high(below & ~queen_bit)
            return _high(legal & ~queen_bit)
    if below:
        return _high(below & ~bonus_bit or below)
    # We win unless someone after us goes higher.
    after_void = False
    for i in range(len(trick) + 1, n):
        if voids[(leader + i) % n] >> (win // 13) & 1:
            after_void = True
    if pts > 0 or (after_void and out & k.penalty):
        return _low(legal & ~bonus_bit or legal)
    return _high(legal & ~queen_bit & ~bonus_bit or legal & ~queen_bit or legal)


def _discard(
    k: Consts,
    hand: int,
    legal: int,
    out: int,
    shooting: bool,
    threat: int,
    winner: int,
    pts: int,
    eager: bool,
) -> int:
    queen_bit = k.queen_bit
    bonus_bit = k.bonus_bit
    penalty = k.penalty
    if shooting:
        keep = legal & ~penalty & ~bonus_bit
        return _low(keep) if keep else _low(legal)
    if threat >= 0:
        if winner != threat:
            if legal & penalty:
                return _high(legal & queen_bit or legal & penalty)
        else:
            # Nothing for the shooter. Eager: keep high cards and hearts, they may stop it later;
            # late: its usual discard, among the cards that give no points.
            safe = legal & ~penalty & ~bonus_bit
            if safe:
                if eager:
                    return _lowest_rank(safe)
                legal = safe
    if legal & queen_bit:
        return k.queen
    if legal & bonus_bit:
        rest = legal & ~bonus_bit
        if not rest:
            return k.bonus
        legal = rest
    if out & queen_bit:
        danger = legal & k.above_queen
        if danger:
            return _high(danger)
    best = -1
    best_score = -1e9
    for s in range(4):
        mine = legal & _SUITS[s]
        if not mine:
            continue
        c = _high(mine)
        rank = c - 13 * s
        score = float(rank)
        theirs = out & _SUITS[s]
        if s == 3:
            score += 6.0
        else:
            held = (hand & _SUITS[s]).bit_count()
            if held <= 2:
                score += 1.5
            if theirs and c < _low(theirs):
                score -= 6.0  # already the lowest: a safe card to keep
        if score > best_score:
            best_score = score
            best = c
    return best
