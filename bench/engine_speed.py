"""Engine speed: full 4-player hands (deal, pass, 13 tricks, scoring) with uniformly random legal
moves through the engine's public, validating API. Prints hands per second on one core.

Goal (issue 2): at least 5,000 hands/s on the project's 2-core machine.
Run: .venv/bin/python bench/engine_speed.py [--hands N] [--repeats R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import Hand, Phase, RuleSet
from bot.engine.cards import nth_card


def play_hands(n: int, seed: int) -> int:
    rules = RuleSet()
    rng = random.Random(seed)
    random_ = rng.random
    checksum = 0
    for i in range(n):
        hand = Hand.new(rules, seed * 1_000_003 + i, hand_number=1 + i % 4)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                held, picks = hand.hands[seat], 0
                for _ in range(3):
                    card = nth_card(held, int(random_() * held.bit_count()))
                    held ^= 1 << card
                    picks |= 1 << card
                hand.pass_cards(seat, picks)
        while hand.phase is Phase.PLAYING:
            legal = hand.legal_plays()
            hand.play(hand.to_move, nth_card(legal, int(random_() * legal.bit_count())))
        assert hand.result is not None
        checksum += hand.result.points[0]
    return checksum


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for r in range(args.repeats):
        t0 = time.perf_counter()
        play_hands(args.hands, r)
        rates.append(args.hands / (time.perf_counter() - t0))
    print(f"engine_speed: {args.hands} random 4-player hands x {args.repeats} runs (one core)")
    print(f"  hands/s median {statistics.median(rates):,.0f}  min {min(rates):,.0f}  max {max(rates):,.0f}")
    print(f"  per hand median {1e6 / statistics.median(rates):.0f} us  (goal: >= 5,000 hands/s)")


if __name__ == "__main__":
    main()
