"""The ``hard`` search: its use of its time, on a clock the test controls, and what it averages."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.ai import Level, decide, search
from bot.ai.inference import InferredSampler
from bot.ai.policy import shooter, stops_moon
from bot.engine import Hand, Phase, RuleSet, SeatView, seat_view
from bot.engine.cards import QUEEN_OF_SPADES, cards_of
from bot.engine.moves import PlayCard
from tests.ai.positions import position
from tests.ai.test_inference import model_player, model_positions, textbook_player


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


def test_dealt_only_the_real_deal_the_search_plays_a_card_worth_the_most_in_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``card_value`` is what the search averages over its deals (``bench/decision_regret.py``
    judges decisions with it): a search that is dealt only the real deal plays a card that
    ``card_value`` rates the best there, but for the tie-break towards ``normal``'s choice (the
    certain moon stop, which plays without searching, left out)."""
    real: list[list[int]] = []

    class RealDeal:
        styles = 0  # every seat read as the policy plays

        def __init__(self, view: SeatView, read_styles: bool = True) -> None:
            pass

        def sample(self, rng: random.Random) -> list[int]:
            return real[0].copy()

    monkeypatch.setattr(search, "InferredSampler", RealDeal)
    rules = RuleSet()
    checked = 0
    for seed in range(6):
        hand = Hand.new(rules, f"card-value:{seed}", 1 + seed % 4)
        while hand.phase is not Phase.SCORED:
            view = seat_view(hand, hand.waiting_for()[0])
            playing = view.phase is Phase.PLAYING and len(view.tricks) >= 2
            if playing and view.legal & (view.legal - 1) and not stops_moon(view):
                real[:] = [list(hand.hands)]
                values = {c: search.card_value(view, real[0], c) for c in cards_of(view.legal)}
                chosen = search.search_card(view, seed=seed, deals=2)
                assert values[chosen] >= max(values.values()) - search.NORMAL_PRIOR
                checked += 1
            hand.apply(decide(view, Level.NORMAL, seed=seed))
    assert checked > 100


def test_a_fixed_number_of_deals_is_played_whatever_the_time_they_take(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The daily's par gives ``hard`` a fixed amount of work: a machine so slow that every playout
    outlasts the default budget still plays every deal, so par depends on the cards alone."""
    view = position(
        "QS 4S 9H 8H 5D 6D 7D 8D 9D TD JD KD",
        seat=2,
        tricks=((1, "2C 3C 4C AC"),),
        trick="KC QC",
    )
    fast = search.rate_cards(view, seed=5, deals=6)
    now = [0.0]
    run_out = search._run_out

    def slow_playout(*args: object) -> tuple[int, ...]:
        now[0] += 60.0  # a minute a playout: far past any time budget
        return run_out(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    monkeypatch.setattr(search, "_run_out", slow_playout)
    assert search.rate_cards(view, seed=5, deals=6) == fast != {}


def test_seats_read_as_textbook_players_are_played_so_in_the_search() -> None:
    """Against textbook players the search's choices change once it reads them in that style (its
    playouts play them so); against players of the model nothing changes."""
    changed = {"textbook": 0, "model": 0}
    for name, player in (("textbook", textbook_player), ("model", model_player)):
        for _, view in model_positions(range(3), tricks=6, player=player):
            if not view.legal & (view.legal - 1):
                continue
            styled = search.search_card(view, seed=3, deals=40)
            plain = search.search_card(view, seed=3, deals=40, read_styles=False)
            changed[name] += styled != plain
    assert changed["textbook"] >= 1
    assert changed["model"] == 0


def test_the_searching_seat_and_a_moon_hunter_are_never_played_as_textbook_players() -> None:
    sampler = SimpleNamespace(styles=0b1111)
    assert search._styles(sampler, 1, -1) == 0b1101  # type: ignore[arg-type]
    assert search._styles(sampler, 1, 3) == 0b0101  # type: ignore[arg-type]


def test_the_playouts_are_handed_the_seats_read_as_textbook_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every playout of a card search plays the seats its reading found playing the textbook way
    in that style (``play_out``'s ``styles``), the searching seat excepted."""
    passed: list[int] = []
    real_play_out = search.play_out

    def recording(*args: Any) -> None:
        passed.append(args[14])  # styles
        real_play_out(*args)

    class EveryoneTextbook:
        styles = 0b1111

        def __init__(self, view: SeatView, read_styles: bool = True) -> None:
            self.reading = InferredSampler(view)

        def sample(self, rng: random.Random) -> list[int]:
            return self.reading.sample(rng)

    monkeypatch.setattr(search, "play_out", recording)
    monkeypatch.setattr(search, "InferredSampler", EveryoneTextbook)
    view = next(v for _, v in model_positions(range(1), tricks=6) if v.legal & (v.legal - 1))
    assert shooter(view) < 0
    search.search_card(view, seed=3, deals=5)
    assert passed and set(passed) == {0b1111 & ~(1 << view.seat)}
