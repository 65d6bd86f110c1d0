"""The ``hard`` search's use of its time, on a clock the test controls."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.ai import Level, decide, search
from bot.engine.cards import QUEEN_OF_SPADES
from bot.engine.moves import PlayCard
from tests.ai.positions import position


def test_hard_spends_its_whole_budget_even_on_a_clear_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    # Void in clubs with the Q♠: dumping it on seat 1's trick is clearly best, yet the search keeps
    # playing deals until its time is spent (a rare deal may still change the choice). The clock
    # advances 1 ms per playout, so the budget of 1 s is spent after about 1,000 playouts.
    view = position(
        "QS 4S 9H 8H 5D 6D 7D 8D 9D TD JD KD",
        seat=2,
        tricks=((1, "2C 3C 4C AC"),),
        trick="KC QC",
    )
    now = [0.0]
    run_out = search._run_out

    def playout(*args: object) -> tuple[int, ...]:
        now[0] += 0.001
        return run_out(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    monkeypatch.setattr(search, "_run_out", playout)
    move = decide(view, Level.HARD, seed=3, time_budget=1.0)
    assert move == PlayCard(2, QUEEN_OF_SPADES)
    assert now[0] >= 0.95
