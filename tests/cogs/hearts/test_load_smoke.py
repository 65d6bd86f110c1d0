"""The core of bench/discord_load.py keeps working: two tables of four people play one hand each,
at once, and every REST call and move is accounted for."""

from __future__ import annotations

from pathlib import Path

from discord_emulator import route_keys
from playtest.load import CARDS_PER_HAND, run_load


async def test_two_tables_play_a_hand_each_and_are_measured(tmp_path: Path) -> None:
    result = await run_load(2, 4, 1, tmp_path)
    assert result.errors == []
    assert (result.unanswered, result.rate_limited, result.deprecated_followups) == (0, 0, 0)
    assert result.cards == 2 * CARDS_PER_HAND
    # every card of a person is one answered move; passing adds three card taps and a confirm per person
    assert len(result.moves) >= result.cards
    assert len(result.round_trips_ms()) == len(result.moves)
    assert result.requests[route_keys.INTERACTION_CALLBACK] >= len(result.moves)
    assert 2.0 < result.rest_per_card < 6.0
