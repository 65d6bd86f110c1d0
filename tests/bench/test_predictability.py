"""The predictability bench (``bench/predictability.py``): its learned policy and its IS-MCTS decisions."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open_spiel, the bench extra) is not installed"
)

import numpy as np  # noqa: E402  (OpenSpiel brings it)

from bench.ismcts_match import Hero, Opponent, play_seating, spiel_action, spiel_game  # noqa: E402
from bench.predictability import Stacked, class_of, fit  # noqa: E402
from bot.engine import Hand  # noqa: E402
from bot.engine.cards import Card  # noqa: E402


def test_the_learned_policy_finds_the_weights_the_choices_were_drawn_with() -> None:
    rng = np.random.default_rng(7)
    truth = np.array([2.0, -1.0, 0.5, 0.0])
    blocks, chosen = [], []
    for _ in range(4000):
        rows = rng.normal(size=(int(rng.integers(2, 5)), len(truth)))
        p = np.exp(rows @ truth)
        chosen.append(int(rng.choice(len(rows), p=p / p.sum())))
        blocks.append(rows)
    start = np.concatenate([[0], np.cumsum([len(b) for b in blocks])])
    data = Stacked(np.vstack(blocks), start, np.array(chosen))
    weights = fit(data)
    assert np.abs(weights - truth).max() < 0.15
    assert data.accuracy(weights) > data.accuracy(-weights) + 0.3


def test_a_card_stands_for_the_cards_it_cannot_differ_from() -> None:
    classes = [0, 4, 13, 20]  # 2♣ for 2♣–4♣, 6♣ for 6♣ up, 2♦, 9♦
    assert [class_of(c, classes) for c in (0, 2, 4, 12, 13, 19, 20)] == [0, 0, 4, 4, 13, 13, 20]


def test_the_match_shows_each_card_an_ismcts_seat_plays_with_the_state_it_searched() -> None:
    seen: list[tuple[int, Card]] = []
    game = spiel_game()

    def watch(hand: Hand, seat: int, history: list[int], card: Card) -> None:
        assert hand.to_move == seat and hand.legal_plays() >> card & 1
        state = game.new_initial_state()
        for action in history:
            state.apply_action(action)
        assert state.current_player() == seat and spiel_action(card) in state.legal_actions()
        seen.append((seat, card))

    play_seating(Hero("normal"), 0, 1, Opponent(simulations=20), watch)
    assert len(seen) == 39 and {seat for seat, _ in seen} == {0, 2, 3}
    assert len({card for _, card in seen}) == 39
