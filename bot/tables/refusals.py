"""Why the table service refuses a request: codes with parameters, never prose.

The Discord layer turns a code into words through the text catalogue (``bot.text``). Refusals of the
rules themselves (a card that may not be played) keep the engine's own ``Refusal`` code.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from enum import Enum
from typing import Any, TypeVar

from bot.engine.moves import IllegalMove, Refusal
from bot.storage.errors import StorageUnavailable

log = logging.getLogger(__name__)
T = TypeVar("T")


class TableRefusal(Enum):
    NO_SUCH_TABLE = "no_such_table"
    TABLE_CLOSED = "table_closed"  # the table existed but its game is over or it was cancelled
    TABLE_BROKEN = "table_broken"  # its stored state could not be read; an admin must look
    NOT_HOST = "not_host"  # only the host or a moderator may do this
    NOT_MANAGER = "not_manager"  # server settings: moderators only
    NOT_SEATED = "not_seated"  # the actor has no seat at this table
    ALREADY_SEATED = "already_seated"
    SEAT_TAKEN = "seat_taken"  # params: seat
    NO_SUCH_SEAT = "no_such_seat"  # params: seat
    TABLE_FULL = "table_full"
    NOT_IN_LOBBY = "not_in_lobby"  # the game has started (or the table is closed)
    NOT_PLAYING = "not_playing"  # there is no game running
    STALE = "stale"  # params: move, current: the control is for an older move
    CHANNEL_NOT_ALLOWED = "channel_not_allowed"
    LAST_CHANNEL = "last_channel"  # params: option, all (allow_channel, all_channels): the last stays
    BAD_TIME_LIMIT = "bad_time_limit"  # params: min, max
    BAD_RULES = "bad_rules"  # params: rule (the engine's InvalidRules code)
    OPTION_OUT_OF_RANGE = "option_out_of_range"  # params: option, min, max
    OPTION_NOT_OFFERED = "option_not_offered"  # params: option, allowed (the values it takes)
    CANNOT_REJOIN = "cannot_rejoin"  # nothing to take back, or the table does not allow it
    BUSY = "busy"  # the service is stopping
    STORAGE_BUSY = "storage_busy"  # the database can't be written now (locked, disk full): nothing changed


RefusalCode = TableRefusal | Refusal


class Refused(Exception):
    """A request the service will not carry out. ``code`` and ``params`` make the message."""

    def __init__(self, code: RefusalCode, **params: Any) -> None:
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(code.value + (f" ({detail})" if detail else ""))
        self.code = code
        self.params = params

    @classmethod
    def from_illegal(cls, exc: IllegalMove) -> Refused:
        return cls(exc.refusal, **exc.params)


class Behind(Refused):
    """The table moved on in another process: nothing was changed; this process has caught up (and
    scheduled the table's next turns), and the same request may be tried again on the new state."""

    def __init__(self) -> None:
        super().__init__(TableRefusal.STORAGE_BUSY)


def storage_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database can't be used now (locked, full, read-only), the tables'
    own word for it (``or_busy``) included: work it cut short is carried on later, not a bug."""
    return isinstance(exc, StorageUnavailable) or (
        isinstance(exc, Refused) and exc.code is TableRefusal.STORAGE_BUSY
    )


async def or_busy(work: Awaitable[T]) -> T:
    """A database that can't be used now becomes a refusal the person can read."""
    try:
        return await work
    except StorageUnavailable as exc:
        log.warning("database unavailable: %s", exc)
        raise Refused(TableRefusal.STORAGE_BUSY) from None
