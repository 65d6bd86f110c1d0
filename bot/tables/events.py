"""The typed events the table service sends to its presenter, in the order things happened.

Every event carries ``table``: the public snapshot *after* the whole action that caused it (one action
can play the last card of a trick, score the hand and deal the next one). Private hands travel only in
``hands`` fields, one ``PrivateHand`` per person concerned: a presenter must show each only to its
player.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import Card, CardSet
from bot.engine.game import GameResult
from bot.engine.hand import Trick
from bot.engine.rules import PassDirection
from bot.engine.scoring import HandScore
from bot.tables.snapshot import PrivateHand, TableSnapshot


class SeatChange(Enum):
    JOINED = "joined"
    LEFT = "left"  # left the lobby
    COMPUTER_ADDED = "computer_added"
    COMPUTER_REMOVED = "computer_removed"
    FILLED = "filled"  # a computer took an empty seat at the start
    QUIT = "quit"  # left a running game: a computer took the seat
    FORFEITED = "forfeited"  # the second timeout: a computer took the seat
    REJOINED = "rejoined"  # a quitter took the seat back


@dataclass(frozen=True, slots=True)
class TableCreated:
    table: TableSnapshot


@dataclass(frozen=True, slots=True)
class SeatChanged:
    table: TableSnapshot
    seat: int
    change: SeatChange
    player_id: str | None  # the person concerned (None for a computer)


@dataclass(frozen=True, slots=True)
class TableCancelled:
    table: TableSnapshot
    by: str | None  # who cancelled (None: the last person left the lobby)


@dataclass(frozen=True, slots=True)
class GameStarted:
    table: TableSnapshot


@dataclass(frozen=True, slots=True)
class HandDealt:
    table: TableSnapshot
    hand_number: int
    direction: PassDirection
    hands: tuple[PrivateHand, ...]  # one per person


@dataclass(frozen=True, slots=True)
class PassChosen:
    table: TableSnapshot
    seat: int
    # The cards chosen, for their person alone (a pass is secret): a DM that held the pass's
    # controls says what was passed from elsewhere. (0: kept in the outbox by an older bot.)
    cards: CardSet = 0


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """The exchange happened: each person's hand now holds what it received (``received``)."""

    table: TableSnapshot
    hands: tuple[PrivateHand, ...]  # one per person


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """New seats must act: ``seats`` (all at once while passing), by ``deadline``, for ``move``.

    ``hands`` has the private hand and controls of each *person* among ``seats``. ``offered``: the
    same turn offered again to a person whose Activity page closed (their DM was held back while
    it showed the turn); the table has not changed."""

    table: TableSnapshot
    seats: tuple[int, ...]
    move_number: int
    deadline: float | None
    hands: tuple[PrivateHand, ...]
    offered: bool = False


@dataclass(frozen=True, slots=True)
class CardPlayed:
    table: TableSnapshot
    seat: int
    card: Card
    hearts_broken_now: bool
    timed_out: bool = False  # played for the person by the turn timer


@dataclass(frozen=True, slots=True)
class TrickWon:
    table: TableSnapshot
    trick: Trick
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    table: TableSnapshot
    hand_number: int
    score: HandScore  # points per seat this hand, outcome (moon, ...), shooter
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """How one person's server standing moved with this game (the leaderboard change)."""

    player_id: str
    ranking_points: int  # this game
    ranking_total: int  # on this server, after this game
    skill_before: float
    skill_after: float


@dataclass(frozen=True, slots=True)
class GameOver:
    table: TableSnapshot
    result: GameResult
    changes: tuple[PlayerChange, ...]


@dataclass(frozen=True, slots=True)
class TimeoutWarning:
    table: TableSnapshot
    seats: tuple[int, ...]  # persons who will time out
    move_number: int
    deadline: float


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A person ran out of time: a random legal move was made for them, or (``forfeited``) they lost
    the game at their second timeout and a computer took the seat. ``played`` and ``passed``: the
    card played or the cards passed for them, told to them alone (a pass is secret); neither for a
    forfeit or a moon's scoring chosen for them. (Defaults: an event kept in the outbox before
    they were told reads as neither.)"""

    table: TableSnapshot
    seat: int
    player_id: str
    forfeited: bool
    played: Card | None = None
    passed: CardSet = 0


@dataclass(frozen=True, slots=True)
class TableRestored:
    """The service started again and this table goes on; deadlines moved by the downtime."""

    table: TableSnapshot
    downtime: float


@dataclass(frozen=True, slots=True)
class TableBroken:
    """The stored state of this table could not be read. Other tables are not affected."""

    table_id: int
    guild_id: str | None
    channel_id: str | None
    error: str


@dataclass(frozen=True, slots=True)
class DataDamaged:
    """A stored row could not be read; the bot works around it (defaults, a fresh value). Sent once
    per row (remembered in the database), so that a server admin can look."""

    guild_id: str | None
    channel_id: str | None  # where it was noticed, if anywhere
    what: str  # the database table
    key: str  # the row's key
    reason: str
    table_id: int = 0  # not about one game table


TableEvent = (
    TableCreated
    | SeatChanged
    | TableCancelled
    | GameStarted
    | HandDealt
    | PassChosen
    | CardsPassed
    | TurnStarted
    | CardPlayed
    | TrickWon
    | HandScored
    | GameOver
    | TimeoutWarning
    | TimedOut
    | TableRestored
    | TableBroken
    | DataDamaged
)
