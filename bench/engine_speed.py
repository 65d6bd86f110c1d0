"""Engine speed: random full 4-player hands per second on one core, next to OpenSpiel's C++ Hearts
through pyspiel in the same run.

A hand: deal by one shuffle, pass (hands 1-3 of the rotation; the 4th holds), 13 tricks of uniformly
random legal cards, score. Three ways, interleaved round by round so that the machine's load hits
them alike; the median of the rounds is printed:

- ``engine``: ``Hand.new`` + ``play_out_randomly``, the engine's own random play-out (a tight loop
  over the hand's state, compiled by mypyc at install time where a C compiler is available: see
  setup.py; the script says which one ran);
- ``engine API``: the same hands driven card by card through the public, validating API
  (``legal_plays`` + ``play``), the way the table service moves;
- ``pyspiel``: ``pyspiel.load_game("hearts")``, the pass direction chosen by the hand number, the
  deal applied as 52 chance actions from one ``random.shuffle``, then a random pick from
  ``legal_actions()`` per move (the C++ engine driven from Python). Optional: ``pip install
  open_spiel`` (the ``bench`` extra); without it only the engine's figures are printed.

Goal (issue 15): engine / pyspiel >= 1.0.
Run: .venv/bin/python bench/engine_speed.py [--hands N] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.ismcts_match import spiel_pass
from bot.engine import Hand, Phase, RuleSet, randomplay
from bot.engine.cards import nth_card
from bot.engine.randomplay import play_out_randomly

RULES = RuleSet()


def engine_hands(n: int, seed: int) -> int:
    rng = random.Random(seed)
    checksum = 0
    for i in range(n):
        hand = Hand.new(RULES, seed * 1_000_003 + i, hand_number=1 + i % 4)
        play_out_randomly(hand, rng)
        assert hand.result is not None
        checksum += hand.result.points[0]
    return checksum


def engine_api_hands(n: int, seed: int) -> int:
    rng = random.Random(seed)
    random_ = rng.random
    checksum = 0
    for i in range(n):
        hand = Hand.new(RULES, seed * 1_000_003 + i, hand_number=1 + i % 4)
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


def pyspiel_runner() -> Callable[[int, int], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game: Any = pyspiel.load_game("hearts")

    def spiel_hands(n: int, seed: int) -> int:
        rng = random.Random(seed)
        random_ = rng.random
        deck = list(range(52))
        checksum = 0
        for i in range(n):
            state = game.new_initial_state()
            state.apply_action(spiel_pass(RULES, 1 + i % 4))
            rng.shuffle(deck)
            for card in deck:
                state.apply_action(card)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(random_() * len(legal))])
            checksum += int(state.returns()[0])
        return checksum

    return spiel_hands


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3000, help="hands per round and way")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    ways: dict[str, Callable[[int, int], int]] = {"engine": engine_hands, "engine API": engine_api_hands}
    spiel = pyspiel_runner()
    if spiel is not None:
        ways["pyspiel"] = spiel
    rates: dict[str, list[float]] = {name: [] for name in ways}
    for r in range(args.rounds):
        for name, run in ways.items():
            t0 = time.perf_counter()
            run(args.hands, r)
            rates[name].append(args.hands / (time.perf_counter() - t0))
    compiled = "compiled by mypyc" if randomplay.__file__.endswith(".so") else "pure Python (not compiled)"
    print(f"engine_speed: random 4-player hands, {args.hands} x {args.rounds} rounds each (one core)")
    print(f"  engine play-out loop: {compiled} ({Path(randomplay.__file__).name})")
    for name, values in rates.items():
        median = statistics.median(values)
        print(
            f"  {name:<10} {median:9,.0f} hands/s median  (min {min(values):,.0f}, max {max(values):,.0f})"
            f"  {1e6 / median:5.0f} us/hand"
        )
    if spiel is None:
        print("  pyspiel: not installed (pip install open_spiel, or the project's 'bench' extra)")
        return
    base = statistics.median(rates["pyspiel"])
    for name in ("engine", "engine API"):
        ratio = statistics.median(rates[name]) / base
        print(f"  ratio {name} / pyspiel: {ratio:.2f}  (goal for engine: >= 1.0)")


if __name__ == "__main__":
    main()
