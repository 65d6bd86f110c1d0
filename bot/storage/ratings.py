"""The skill rating: OpenSkill's Plackett-Luce model, which rates multi-player games from finishing
ranks and accounts for the strength of every opponent. Computer seats take part under a per-level id
(so beating strong computers counts) but never appear in a leaderboard."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from openskill.models import PlackettLuce


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    return PlackettLuce()


SIGMAS = 3.0  # the skill shown and sorted on is mu − SIGMAS·sigma (also in bot.storage.seasons' SQL)


def skill(mu: float, sigma: float) -> float:
    """The conservative skill estimate shown and sorted on (mu − 3·sigma)."""
    return mu - SIGMAS * sigma


def default_rating() -> tuple[float, float]:
    r = model().rating()
    return r.mu, r.sigma


def rate(ratings: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) for each participant, given the old ones and finishing ranks (1 = best, ties
    share a rank). Fewer than two participants: unchanged."""
    if len(ratings) < 2:
        return list(ratings)
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    new = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in new]


def checked(mu: float, sigma: float) -> tuple[float, float]:
    """A stored rating, refused (ValueError) if it is not a usable one (NaN, infinite, sigma ≤ 0)."""
    if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
        raise ValueError(f"not a rating: mu={mu!r}, sigma={sigma!r}")
    return mu, sigma
