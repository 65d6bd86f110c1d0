"""Uniformly random legal moves: the turn-timer's move for a player who ran out of time
(RULES.md section 3)."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine.cards import HEARTS, SUIT_MASKS, cards_of, cardset, nth_card
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.moves import ChooseMoon, Move, PassCards, PlayCard

_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(13) if chunk >> r & 1) for chunk in range(1 << 13)
)
"""The ranks present in each 13-bit suit mask, ascending: a random card of one suit in one look-up."""


def random_move(hand: Hand, seat: int, rng: random.Random) -> Move:
    """A random legal move for ``seat``, which must be one of ``hand.waiting_for()``."""
    if seat not in hand.waiting_for():
        raise ValueError(f"seat {seat} has no move to make")
    if hand.phase is Phase.PASSING:
        return PassCards(seat, cardset(rng.sample(cards_of(hand.hands[seat]), hand.rules.pass_count)))
    if hand.phase is Phase.MOON_CHOICE:
        return ChooseMoon(seat, rng.random() < 0.5)
    legal = hand.legal_plays()
    return PlayCard(seat, nth_card(legal, rng.randrange(legal.bit_count())))


def play_out_randomly(hand: Hand, rng: random.Random) -> None:
    """Finish ``hand`` with random legal moves for every seat: passes of random cards, then each
    card uniformly among the legal ones (``nth_card(legal, int(rng.random() * count))``), then a
    random moon choice if one is due.

    The tricks are played by ``_play_tricks``, one tight loop over the hand's state instead of a
    method call per card; it leaves the hand exactly as ``Hand.play`` card by card would (the
    engine's tests check this against the validating path)."""
    while hand.phase is not Phase.SCORED:
        if hand.phase is Phase.PLAYING:
            _play_tricks(hand, rng.random)
        elif hand.phase is Phase.PASSING:
            count = hand.rules.pass_count
            for seat in hand.waiting_for():
                hand.pass_cards(seat, cardset(rng.sample(cards_of(hand.hands[seat]), count)))
        else:
            hand.choose_moon(hand.to_move, rng.random() < 0.5)


def _play_tricks(hand: Hand, rnd: Callable[[], float]) -> None:
    """Play random legal cards until the last trick is complete (the rules of ``Hand.legal_plays``
    and ``Hand._play``, inlined; one pass of the outer loop per trick)."""
    hands = hand.hands
    taken = hand.taken
    tricks_won = hand.tricks_won
    voids = hand.voids
    tricks = hand.tricks
    n = hand.n
    breakers = hand._breakers
    clean = ~hand._forbidden
    total = hand._tricks_total
    first_lead = 1 << hand.rules.first_lead
    not_hearts = ~HEARTS
    suits = SUIT_MASKS
    played = hand.played
    broken = hand.hearts_broken
    leader = hand.leader
    trick = hand.trick
    new_trick = tuple.__new__  # Trick(...) without its Python-level __new__
    done = len(tricks)
    moves = hand.moves_made - len(trick)  # the trick's cards so far are counted again below
    while done < total:
        seat = (leader + len(trick)) % n
        if trick:
            led = trick[0] // 13
            best = trick[0]
            best_i = 0
            mask = 0
            for i, c in enumerate(trick):
                mask |= 1 << c
                if c > best and c // 13 == led:
                    best = c
                    best_i = i
        else:
            h = hands[seat]
            if not done:
                legal = h & first_lead
            elif broken or not h & not_hearts:
                legal = h
            else:
                legal = h & not_hearts
            k = int(rnd() * legal.bit_count())
            if k:
                for _ in range(k):
                    legal &= legal - 1
            bit = legal & -legal
            hands[seat] = h ^ bit
            if bit & breakers:
                broken = True
            best = bit.bit_length() - 1
            led = best // 13
            best_i = 0
            mask = bit
            trick = [best]
            seat = seat + 1 if seat + 1 < n else 0
        suit = suits[led]
        shift = 13 * led
        for i in range(len(trick), n):
            h = hands[seat]
            legal = h & suit
            if legal:
                ranks = _RANKS[legal >> shift]
                card = shift + ranks[int(rnd() * len(ranks))]
                bit = 1 << card
                if card > best:
                    best = card
                    best_i = i
            else:
                voids[seat] |= 1 << led
                legal = h
                if not done and h & clean:
                    legal = h & clean
                k = int(rnd() * legal.bit_count())
                if k:
                    for _ in range(k):
                        legal &= legal - 1
                bit = legal & -legal
                card = bit.bit_length() - 1
            if bit & breakers:
                broken = True
            hands[seat] = h ^ bit
            mask |= bit
            trick.append(card)
            seat = seat + 1 if seat + 1 < n else 0
        moves += n
        winner = (leader + best_i) % n
        tricks.append(new_trick(Trick, (leader, tuple(trick), winner)))
        played |= mask
        taken[winner] |= mask
        tricks_won[winner] += 1
        trick = []
        leader = winner
        done += 1
    hand.trick = trick
    hand.played = played
    hand.hearts_broken = broken
    hand.moves_made = moves
    hand.leader = hand.to_move = leader
    hand._legal = -1
    hand._tricks_over()
