"""Constructed positions for computer-player tests, written with card codes ("QS", "TH", ...)."""

from __future__ import annotations

import random

from bot.engine.cards import nth_card, parse_card, parse_cards
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.randomplay import random_move
from bot.engine.rules import PassRotation, RuleSet
from bot.engine.view import SeatView, seat_view

NO_PASS = RuleSet(pass_rotation=PassRotation.NONE)


def _trick(leader: int, codes: str, players: int) -> Trick:
    cards = tuple(parse_card(c) for c in codes.split())
    led = cards[0] // 13
    best = max(range(len(cards)), key=lambda i: cards[i] if cards[i] // 13 == led else -1)
    return Trick(leader, cards, (leader + best) % players)


def position(
    mine: str,
    *,
    seat: int = 0,
    tricks: tuple[tuple[int, str], ...] = (),
    trick: str = "",
    leader: int | None = None,
    rules: RuleSet = NO_PASS,
    scores: tuple[int, ...] | None = None,
    others: dict[int, str] | None = None,
) -> SeatView:
    """The view of ``seat`` holding ``mine`` after ``tricks`` ((leader, cards) each) and with
    ``trick`` on the table, led by ``leader`` (default: the last trick's winner). The other seats
    get the rest of the deck in order (or ``others``), as many cards as they have left."""
    n = rules.players
    done = [_trick(lead, codes, n) for lead, codes in tricks]
    current = tuple(parse_card(c) for c in trick.split())
    if leader is None:
        leader = done[-1].winner if done else seat
    played_by = [0] * n
    played = 0
    for t in done:
        for i, c in enumerate(t.cards):
            played_by[t.seat_of(i, n)] += 1
            played |= 1 << c
    for i, c in enumerate(current):
        played_by[(leader + i) % n] += 1
        played |= 1 << c
    hands = [0] * n
    hands[seat] = parse_cards(mine)
    for s, codes in (others or {}).items():
        hands[s] = parse_cards(codes)
    rest = [c for c in rules.deck_cards if not (played | sum(hands)) >> c & 1]
    for s in range(n):
        if s == seat or (others and s in others):
            continue
        need = rules.cards_per_player - played_by[s] - hands[s].bit_count()
        for c in rest[:need]:
            hands[s] |= 1 << c
        rest = rest[need:]
    hand = Hand.in_play(rules, hands, 1, done, current, leader)
    return seat_view(hand, seat, scores)


def random_position(rules: RuleSet, seed: int, cut: int) -> Hand | None:
    """A hand dealt from ``seed`` and played at random for ``cut`` moves (passes too); None unless
    a card is then to be played (hypothesis draws the three)."""
    hand = Hand.new(rules, seed, hand_number=1 + seed % 4)
    rng = random.Random(seed)
    while hand.phase is not Phase.SCORED and hand.moves_made < cut:
        if hand.phase is Phase.PLAYING:
            legal = hand.legal_plays()
            hand.play(hand.to_move, nth_card(legal, int(rng.random() * legal.bit_count())))
        else:
            hand.apply(random_move(hand, hand.waiting_for()[0], rng))
    return hand if hand.phase is Phase.PLAYING else None
