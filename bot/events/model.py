"""An event's options, state and refusals (RULES.md "Events"): what an organiser chose and what the
service checks before anything is stored."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from bot.tables.options import TableOptions

MAX_ROUNDS: Final = 10
# A round's tables at most: each is a thread, and Discord lets a server keep 1,000 threads active
# (the event's, its rounds' and the server's ordinary tables share them).
MAX_TABLES: Final = 100
MAX_START_AHEAD: Final = 30 * 24 * 3600.0  # a chosen start time: within 30 days
MIN_DEADLINE: Final = 3600.0  # a round's deadline: 1 hour ...
MAX_DEADLINE: Final = 7 * 24 * 3600.0  # ... to 7 days


class EventStatus(Enum):
    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"  # the round's tables play on; it is not scored, nor the next seated
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EventRefusal(Enum):
    NOT_ORGANISER = "not_organiser"  # only the organiser or a server manager may do this
    NO_ENTRANTS = "no_entrants"
    ALREADY_STARTED = "already_started"  # a second start, or a Join once entries are closed
    OVER = "over"  # cancel, remove or withdraw from an event that is finished or cancelled
    NOT_RUNNING = "not_running"  # pause an event that is not running, resume one not paused
    ALREADY_ENTERED = "already_entered"
    NOT_ENTERED = "not_entered"
    LEFT = "left"  # a Join by someone who withdrew or was removed: they may not come back
    NO_EVENT = "no_event"  # no such event on this server
    BAD_ROUNDS = "bad_rounds"
    BAD_HANDS = "bad_hands"  # a round is a fixed number of hands
    BAD_DEADLINE = "bad_deadline"
    DEADLINE_TOO_SHORT = "deadline_too_short"  # the turn timer alone could outlast the round
    FULL = "full"  # more entrants than a round's tables can seat
    BAD_START = "bad_start"  # a start time that has passed, or more than MAX_START_AHEAD ahead


class EventRefused(Exception):
    def __init__(self, code: EventRefusal, **details: Any) -> None:
        super().__init__(code.value)
        self.code = code
        self.details = details


@dataclass(frozen=True, slots=True)
class EventOptions:
    """``table`` is what every table of the event plays with (its rules end after the round's fixed
    number of hands); ``deadline`` is each round's time in seconds."""

    table: TableOptions
    rounds: int = 3
    deadline: float = 24 * 3600.0
    starts_at: float | None = None  # epoch seconds: the event starts itself then (None: by hand)

    @property
    def hands(self) -> int:
        assert self.table.rules.fixed_hands is not None  # checked()
        return self.table.rules.fixed_hands

    def checked(self) -> EventOptions:
        """These options, or EventRefused naming what does not fit."""
        self.table.checked()
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise EventRefused(EventRefusal.BAD_ROUNDS, max=MAX_ROUNDS)
        if self.table.rules.fixed_hands is None:
            raise EventRefused(EventRefusal.BAD_HANDS)
        if not MIN_DEADLINE <= self.deadline <= MAX_DEADLINE:
            raise EventRefused(EventRefusal.BAD_DEADLINE)
        if self.deadline < self.slowest_round():
            raise EventRefused(EventRefusal.DEADLINE_TOO_SHORT, hours=math.ceil(self.slowest_round() / 3600))
        return self

    def slowest_round(self) -> float:
        """How long one person's own moves may take at the turn timer over the round's hands: a
        deadline shorter than this would cut off people who only use the time they are given."""
        return self.hands * (self.table.rules.cards_per_player + 1) * self.table.time_limit

    @property
    def max_entrants(self) -> int:
        """As many people as ``MAX_TABLES`` tables seat."""
        return MAX_TABLES * self.table.seats

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "table": self.table.to_json(),
            "rounds": self.rounds,
            "deadline": self.deadline,
        }
        if self.starts_at is not None:
            data["starts_at"] = self.starts_at
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventOptions:
        starts = data.get("starts_at")
        return cls(
            TableOptions.from_json(data["table"]),
            int(data["rounds"]),
            float(data["deadline"]),
            None if starts is None else float(starts),
        )


@dataclass(frozen=True, slots=True)
class Event:
    event_id: int
    guild_id: str
    channel_id: str
    organiser_id: str
    name: str
    options: EventOptions
    seed: int
    status: EventStatus
    round: int  # the round being played; 0 before the start
    message_id: str | None  # the sign-up message
    thread_id: str | None  # the event's own thread

    @property
    def under_way(self) -> bool:
        """Started and not over (running or paused): an entrant leaving withdraws."""
        return self.status in (EventStatus.RUNNING, EventStatus.PAUSED)

    @property
    def over(self) -> bool:
        """Finished or cancelled: nothing of it can be changed any more."""
        return self.status in (EventStatus.FINISHED, EventStatus.CANCELLED)

    @property
    def open_for_entry(self) -> bool:
        """Sign-up, or late entry while round 1 is played (seated from round 2)."""
        late = self.status is EventStatus.RUNNING and self.round == 1 and self.options.rounds > 1
        return self.status is EventStatus.SIGNUP or late

    def round_seed(self, rnd: int) -> int:
        """The seed of round ``rnd``'s tables: every table of a round deals the same boards."""
        return (self.seed + rnd * 0x9E3779B97F4A7C15) % (1 << 62)
