"""The coach's judge (``bench/coach_judge.py``): a fixed set of decisions, each rated by the coach
and by a judge with more deals, and the figures that compare them."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from bench.baseline import ROOT
from bench.coach_judge import (
    Agreement,
    Row,
    Setup,
    _rate,
    coach_loss,
    decisions,
    report,
    reviews,
    revision_coach,
)
from bench.opponents import heuristic_move
from bot.engine.moves import PassCards, PlayCard


def test_the_set_is_every_decision_the_coach_rates_in_order_of_hand_seat_and_move() -> None:
    found = decisions(0, 30)
    assert [d.number for d in found] == list(range(30))
    assert found[0].is_pass and (found[0].hand, found[0].seat) == (0, 0)  # hand 0 passes left
    assert [(d.hand, d.seat) for d in found] == sorted((d.hand, d.seat) for d in found)
    assert all(d.is_pass or d.position.view.legal.bit_count() > 1 for d in found)
    assert decisions(10, 5) == found[10:15]
    first = reviews(2)
    assert [d.number for review in first for d in review] == list(range(sum(len(r) for r in first)))
    assert len({(d.hand, d.seat) for d in first[0]}) == 1 and first[0][0].seat != first[1][0].seat


def test_every_decision_gets_a_loss_from_the_coach_and_from_the_judge_replayably() -> None:
    setup = Setup(coach_deals=20, judge_factor=2, seed=0, coach_rev=None)
    rows = [_rate((d, setup)) for d in decisions(0, 4)]
    for row in rows:
        losses = (row.coach, row.coach_again, row.judge, row.judge_again)
        assert all(math.isfinite(x) and x >= 0 for x in losses)
    assert any(r.judge > 0 for r in rows)  # some choice is worse than the best
    again = [_rate((d, setup)) for d in decisions(0, 4)]
    assert [(r.coach, r.judge, r.judge_again) for r in rows] == [
        (r.coach, r.judge, r.judge_again) for r in again
    ]


def test_an_earlier_revisions_coach_rates_as_todays_does_on_the_same_code() -> None:
    old = revision_coach("HEAD")  # bot/ai unchanged since: plain Python, the same ratings
    for decision in decisions(0, 3):
        assert old(decision.position, 7, 15) == coach_loss(decision.position, 7, 15)


def test_the_textbook_set_is_the_decisions_of_four_textbook_players() -> None:
    found = decisions(0, 30, "textbook")
    assert found[0].is_pass and [d.number for d in found] == list(range(30))
    for d in found:
        move = heuristic_move(d.position.view, d.hand)
        assert isinstance(move, PassCards | PlayCard)
        assert (move.cards if isinstance(move, PassCards) else 1 << move.card) == d.position.chosen
    assert [d.position.chosen for d in found] != [d.position.chosen for d in decisions(0, 30)]


def test_an_earlier_coach_is_judged_beside_todays_in_the_same_run() -> None:
    setup = Setup(coach_deals=20, judge_factor=2, seed=0, coach_rev="HEAD", play="textbook")
    rows = [_rate((d, setup)) for d in decisions(0, 4, "textbook")]
    assert all(r.earlier == r.coach for r in rows)  # the same code and seed: the same loss
    # today's coach flags the two costly decisions, the earlier one one of them and a cheap one
    made = [
        Row(n, 0, 0, False, coach=c, coach_again=c, judge=j, judge_again=j, coach_cpu=0.1, earlier=e)
        for n, (c, e, j) in enumerate([(2.0, 2.0, 1.0), (2.0, 0.0, 1.0), (0.0, 2.0, 0.0), (0.0, 0.0, 0.0)])
    ]
    printed = "\n".join(report(made, setup))
    assert "hand(s) of four textbook players" in printed
    assert "the coach of HEAD by the same judge: precision 50% / 50%, recall 50% / 50%" in printed
    assert "today's coach over it: precision ×2.00 / ×2.00, recall ×2.00 / ×2.00" in printed


def test_precision_and_recall_count_costly_as_over_the_coachs_margin() -> None:
    flag = [2.0, 0.6, 0.1, 0.5, 3.0]
    truth = [1.0, 0.2, 0.9, 0.0, 0.7]  # 0.5 is not over the margin
    a = Agreement.of(flag, truth)
    assert (a.flagged, a.costly, a.both, a.same) == (3, 3, 2, 3)
    assert a.precision == a.recall == 2 / 3 and a.either == 2 / 4


def test_a_tiny_run_prints_the_figures_and_its_saved_rows_print_the_same(tmp_path: Path) -> None:
    saved = tmp_path / "rows.jsonl"
    args = ["--decisions", "6", "--coach-deals", "10", "--judge-factor", "2", "--workers", "1"]
    done = subprocess.run(
        [sys.executable, "bench/coach_judge.py", *args, "--save", str(saved)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "6 decisions (passes: 1, cards: 5) from 1 hand(s)" in done.stdout, done.stdout
    for words in ("precision", "recall", "judge against itself", "coach against itself", "CPU per review"):
        assert words in done.stdout
    loaded = subprocess.run(
        [sys.executable, "bench/coach_judge.py", "--load", str(saved)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.splitlines()[1:] == done.stdout.splitlines()[1:]  # all but the wall time


def test_rows_saved_when_coach_rev_replaced_todays_coach_are_refused(tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    setup = {"coach_deals": 10, "judge_factor": 2, "seed": 0, "coach_rev": "HEAD"}
    row = {"number": 0, "hand": 0, "seat": 0, "is_pass": True, "coach": 1.0, "coach_again": 1.0}
    row |= {"judge": 1.0, "judge_again": 1.0, "coach_cpu": 0.1, "setup": setup}  # no "earlier"
    old.write_text(json.dumps(row) + "\n")
    done = subprocess.run(
        [sys.executable, "bench/coach_judge.py", "--load", str(old)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2 and "rated beside today's coach" in done.stderr
