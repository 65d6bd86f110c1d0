"""Card art and the rendered images: hand, table, score sheet, final standings.

Every renderer is a pure function from a frozen input value (``models``) to PNG bytes, so callers
can cache on the input and run it in a worker thread (``asyncio.to_thread``): rendering takes a
few milliseconds of CPU, too long to do on the event loop. Fonts and card images are loaded once
per process on first use; ``warm_up`` does that ahead of time.
"""

from __future__ import annotations

from functools import cache

from bot.render.hand import render as render_hand
from bot.render.models import (
    FinalStandings,
    HandImage,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    Shot,
    StandingRow,
    TableImage,
    TableSeat,
)
from bot.render.score_sheet import render as render_score_sheet
from bot.render.standings import render as render_final_standings
from bot.render.table import render as render_table
from bot.render.texts import ENGLISH, Words

__all__ = [
    "ENGLISH",
    "FinalStandings",
    "HandImage",
    "ScorePlayer",
    "ScoreRow",
    "ScoreSheetImage",
    "Shot",
    "StandingRow",
    "TableImage",
    "TableSeat",
    "Words",
    "render_final_standings",
    "render_hand",
    "render_score_sheet",
    "render_table",
    "warm_up",
]


@cache  # once per process: the fonts and images stay loaded (a test process starts many bots)
def warm_up() -> None:
    """Load fonts and card images now rather than at the first render (e.g. at bot start-up)."""
    from bot.engine.cards import FULL_DECK

    render_hand(HandImage(cards=FULL_DECK))
    render_hand(HandImage(cards=FULL_DECK, four_colour=True))
    render_table(TableImage(seats=tuple(TableSeat(name) for name in ("A", "B", "C", "D"))))
