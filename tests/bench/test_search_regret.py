"""The regret bench (``bench/search_regret.py``): its choices are judged by the same evaluation."""

from __future__ import annotations

from bench.search_regret import REFERENCE_SEED, judge, report
from bench.search_speed import positions
from bot.ai.policy import card_for_view, shooter
from bot.ai.search import NORMAL_PRIOR, rate_cards, search_card


def test_the_search_chooses_by_the_references_values_on_the_references_deals() -> None:
    """The bench's premise: ``search_card`` values the cards as ``rate_cards`` does, so on the
    same deals it chooses the best card, or the ``normal`` one within the credit it gives it."""
    compared = 0
    for view in positions(1):
        rated = rate_cards(view, seed=REFERENCE_SEED, deals=50)
        if len(set(rated.values())) < 2 or shooter(view) >= 0:
            continue  # nothing to choose, or the candidates kept to the moon defence
        chosen = search_card(view, seed=REFERENCE_SEED, deals=50)
        normal, best = rated[card_for_view(view)], max(rated.values())
        assert rated[chosen] == (normal if normal + NORMAL_PRIOR >= best else best)
        compared += 1
    assert compared >= 10


def test_fewer_deals_cost_something_and_no_choice_beats_the_best() -> None:
    decisions = [judge(view, 60, [1, 60], 2) for view in positions(1)]
    chosen = [d for d in decisions if d.choices > 1]
    assert len(chosen) >= 10
    assert all(r >= 0 for d in decisions for r in d.regret.values())
    assert sum(d.regret[1] for d in chosen) > sum(d.regret[60] for d in chosen) >= 0
    lines = report(decisions, 60)
    assert lines[0] == f"search_regret: {len(chosen)} card decisions with a choice of {len(decisions)}"
    assert [line.split(" deals")[0].strip() for line in lines[1:]] == ["1", "60"]
