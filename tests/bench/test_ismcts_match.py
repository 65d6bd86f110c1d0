"""The IS-MCTS match (``bench/ismcts_match.py``): our engine and OpenSpiel's Hearts kept in lockstep."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.baseline import ROOT

BENCH = ["bench/ismcts_match.py"]


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *BENCH, *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120
    )


def test_without_openspiel_the_bench_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "pyspiel.py").write_text("raise ImportError('no OpenSpiel here')\n", encoding="utf-8")
    done = _run(
        "--hero", "normal", "--deals", "1", env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    )
    assert done.returncode != 0
    assert "OpenSpiel is not installed" in done.stderr and "pip install open_spiel" in done.stderr
    assert "Traceback" not in done.stderr


pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open_spiel, the bench extra) is not installed"
)

from bench.ai_strength import duplicate_hand  # noqa: E402
from bench.ismcts_match import (  # noqa: E402
    RULES,
    SPIEL_PARAMETERS,
    Hero,
    dealt_state,
    mismatch,
    our_card,
    read_line,
    spiel_action,
    spiel_game,
)
from bot.engine.cards import CLUBS, card_code  # noqa: E402


def test_each_card_is_the_action_openspiel_names_with_its_code() -> None:
    state = spiel_game().new_initial_state()
    state.apply_action(0)  # past the pass direction: actions now name cards
    for card in range(52):
        assert state.action_to_string(0, spiel_action(card)) == card_code(card)
        assert our_card(spiel_action(card)) == card


@pytest.mark.parametrize("deal", [0, 1, 2, 3])
def test_the_chance_outcomes_deal_the_engines_deal_with_its_pass_direction(deal: int) -> None:
    hand = duplicate_hand(RULES, deal)
    state = dealt_state(spiel_game(), hand)
    assert state.current_player() == (
        0 if hand.rules.pass_target(0, hand.hand_number) is not None else hand.to_move
    )
    assert mismatch(state, hand, 0) is None  # the seat to move and its cards (or its legal lead)
    for seat in range(4):  # each seat's information state lists its hand, a line per suit
        lines = state.information_state_string(seat).splitlines()
        for card in range(52):
            rank, suit = card_code(card)
            ranks = next(line for line in lines if line.startswith(suit + " "))[2:]
            assert (rank in ranks) == bool(hand.dealt[seat] >> card & 1), (seat, card_code(card))


def test_a_rule_that_differs_fails_the_cross_check() -> None:
    hand = duplicate_hand(RULES, 3)  # a hold hand: the 2♣'s holder leads at once
    assert hand.hands[hand.to_move] & CLUBS & (CLUBS - 2)  # it has another club it could lead
    other = spiel_game(tuple({**SPIEL_PARAMETERS, "can_lead_any_club": True}.items()))
    assert mismatch(dealt_state(spiel_game(), hand), hand, 0) is None
    assert mismatch(dealt_state(other, hand), hand, 0) is not None


def test_the_opponents_process_reads_a_line_and_leaves_the_next_in_the_pipe() -> None:
    # what it takes must not depend on how much the hero has sent by then (see read_line)
    read, write = os.pipe()
    try:
        os.write(write, b'{"seeds": {}}\n{"seat": 1}\n')
        assert read_line(read) == b'{"seeds": {}}\n'
        os.close(write)
        assert read_line(read) == b'{"seat": 1}\n'
        assert read_line(read) == b""
    finally:
        os.close(read)


def test_a_hero_at_deals_of_its_own_searches_them_whatever_the_run_gives_the_others() -> None:
    own = Hero.of("hard-nostyle@920", 0.2, 400)
    assert (own.player, own.deals, own.budget) == ("hard-nostyle", 920, 0.2)
    assert Hero.of("hard", 0.2, 400).deals == 400
    assert Hero.of("hard", None, None).player == "hard"
    for wrong in ("hard@", "hard@many", "hard@0", "nobody@10"):
        done = _run("--hero", wrong, "--deals", "1")
        assert done.returncode == 2 and "Traceback" not in done.stderr, (wrong, done.stderr)


def test_a_tiny_paired_match_plays_every_decision_in_lockstep_and_again_the_same() -> None:
    runs = [
        _run("--paired", "normal/easy", "--deals", "1", "--simulations", "30", "--workers", workers)
        for workers in ("1", "2")
    ]
    for done in runs:
        assert done.returncode == 0, done.stderr
    out = runs[0].stdout
    # deal 0 passes left: per seating 64 decisions (52 cards, 12 pass cards), the 3 IS-MCTS
    # seats' 9 rotated passing states and the points; 4 seatings, 2 heroes
    assert "0 errors in 592 cross-checks" in out, out
    assert "illegal moves by the hero: normal 0, easy 0" in out
    assert "paired (normal vs ismcts-30) − (easy vs ismcts-30)" in out
    # the opponents play the same moves in another run, whatever the workers
    figures = [
        [line.partition("decisions median")[0] for line in done.stdout.splitlines() if "pts/hand" in line]
        for done in runs
    ]
    assert figures[0] == figures[1] and len(figures[0]) == 3
