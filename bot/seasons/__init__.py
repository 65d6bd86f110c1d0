"""Seasons of a server's leaderboard (docs/RULES.md "Seasons"): monthly or quarterly boards over
the finished games, each closed once with its board kept as it stood, a summary posted once and an
optional reward role for the top three. Built on the table service's clock and settings and on
``bot.storage``; it knows nothing of Discord."""

from bot.seasons.service import GRACE, SeasonPresenter, SeasonService
from bot.seasons.summary import MIN_GAMES, REWARDED_PLACES, SeasonSummary, summarise

__all__ = [
    "GRACE",
    "MIN_GAMES",
    "REWARDED_PLACES",
    "SeasonPresenter",
    "SeasonService",
    "SeasonSummary",
    "summarise",
]
