"""The table service: tables in channels, seats, turns, timers, computer turns, persistence.

asyncio code that knows nothing of Discord: the Discord layer calls ``TableService`` and implements
``Presenter`` to show its events. Entry points are re-exported here.
"""

from bot.tables.clock import Clock, ManualClock, SystemClock
from bot.tables.computers import ComputerPool, ComputerSettings, PoolKind
from bot.tables.options import ServerSettings, TableOptions
from bot.tables.permissions import Actor
from bot.tables.preferences import PlayerPreferences
from bot.tables.presenter import Presenter, RecordingPresenter
from bot.tables.refusals import Refused, TableRefusal, or_busy
from bot.tables.service import TableService
from bot.tables.service_base import ServiceSettings, alive_key
from bot.tables.snapshot import PrivateHand, ScoreSheet, SeatInfo, TableSnapshot
from bot.tables.table import TableStatus

__all__ = [
    "Actor",
    "Clock",
    "ComputerPool",
    "ComputerSettings",
    "ManualClock",
    "PlayerPreferences",
    "PoolKind",
    "Presenter",
    "PrivateHand",
    "RecordingPresenter",
    "Refused",
    "ScoreSheet",
    "SeatInfo",
    "ServerSettings",
    "ServiceSettings",
    "SystemClock",
    "TableOptions",
    "TableRefusal",
    "TableService",
    "TableSnapshot",
    "TableStatus",
    "alive_key",
    "or_busy",
]
