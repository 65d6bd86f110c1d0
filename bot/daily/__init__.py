"""The daily challenge: the same deals for everyone each day, its own board, par and summaries.

Built on the table service (an attempt is a table with ``TableOptions.daily``) and the engine's
duplicate rules (``bot.engine.duplicate``); it knows nothing of Discord.
"""

from bot.daily.days import BadDay, DayProblem
from bot.daily.results import BoardEntry, DailyResult, DailyStats, DayBoard, DaySummary
from bot.daily.service import (
    DailyPresenter,
    DailyRefusal,
    DailyRefused,
    DailyService,
    DailySettings,
    LateFinish,
    Origin,
    Pending,
    Started,
    daily_figures,
)

__all__ = [
    "BadDay",
    "BoardEntry",
    "DailyPresenter",
    "DailyRefusal",
    "DailyRefused",
    "DailyResult",
    "DailyService",
    "DailySettings",
    "DailyStats",
    "DayBoard",
    "DayProblem",
    "DaySummary",
    "LateFinish",
    "Origin",
    "Pending",
    "Started",
    "daily_figures",
]
