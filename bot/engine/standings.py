"""Places and ranking points at the end of a game (RULES.md sections 1 and 3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

FINISH_POINTS: Final = 100  # every person who finishes a game
SOLE_LEADER_BONUS: Final = 20
SHARED_LEADER_BONUS: Final = 10  # each of several sharing first place
QUIT_PENALTY: Final = -100
LAST_STANDING_POINTS: Final = 120  # the one person left after the others quit
MIN_RANKED_PERSONS: Final = 2  # a game that starts with fewer people is unranked (RULES.md 2a.8)


def shared_places(totals: Sequence[int]) -> list[int]:
    """Places for totals, lowest first; equal totals share the better place, the next places are
    skipped: 40, 40, 40, 70 → 1, 1, 1, 4."""
    return [1 + sum(1 for other in totals if other < t) for t in totals]


def finish_ranking_points(places: Sequence[int]) -> list[int]:
    """Ranking points for the persons who finished, given their places among persons."""
    leaders = sum(1 for p in places if p == 1)
    bonus = SOLE_LEADER_BONUS if leaders == 1 else SHARED_LEADER_BONUS
    return [FINISH_POINTS + (bonus if p == 1 else 0) for p in places]


def leaders(totals: Sequence[int], seats: Iterable[int]) -> tuple[int, ...]:
    """The seats among ``seats`` with the lowest total (all of them when several share it). Pass
    the persons' seats: computer players are unranked and never lead."""
    chosen = list(seats)
    if not chosen:
        return ()
    best = min(totals[s] for s in chosen)
    return tuple(s for s in chosen if totals[s] == best)
