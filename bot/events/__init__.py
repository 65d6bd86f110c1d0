"""Server events: duplicate tournaments over rounds, a table for everyone, every table of a round
dealt the same boards, standings by matchpoints.

Built on the table service (an event table is a table with ``TableOptions.event_id``) and the
engine's duplicate rules (``bot.engine.duplicate``); it knows nothing of Discord.
"""

from bot.events.model import (
    Event,
    EventOptions,
    EventRefusal,
    EventRefused,
    EventStatus,
)
from bot.events.service import Entrant, EventPresenter, EventService, Left
from bot.events.standings import PointsOnBoard, Standing, standings

__all__ = [
    "Entrant",
    "Event",
    "EventOptions",
    "EventPresenter",
    "EventRefusal",
    "EventRefused",
    "EventService",
    "EventStatus",
    "Left",
    "PointsOnBoard",
    "Standing",
    "standings",
]
