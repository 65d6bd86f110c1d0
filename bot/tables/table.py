"""One table in memory: its place, host, options, seats, the game, the move number and deadline.

The whole value round-trips through JSON (``to_json``/``from_json``): that text is what storage
keeps, saved after every accepted action, and what a restart reads back.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Final

from bot.engine.game import Game, Occupant, SeatKind
from bot.engine.hand import Phase
from bot.engine.moves import Move, PassCards
from bot.storage.records import ActionRow
from bot.tables.clock import TimerHandle
from bot.tables.options import TableOptions

STATE_VERSION: Final = 1


class TableStatus(Enum):
    LOBBY = "lobby"  # people take seats; the host starts
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def open(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


@dataclass(eq=False)
class Table:
    table_id: int
    guild_id: str
    channel_id: str
    host_id: str
    options: TableOptions
    seed: int
    created_at: float
    status: TableStatus = TableStatus.LOBBY
    lobby: list[Occupant | None] = field(default_factory=list)  # seats before the game starts
    game: Game | None = None
    # The move number: every control carries it. It goes up when the set of moves that may be made
    # changes for everyone (a card played, the passes exchanged, a hand scored); one seat choosing its
    # pass does not change it, so the other seats' pass controls stay valid while all choose at once.
    move_number: int = 0
    seq: int = 0  # action-log rows written
    deadline: float | None = None  # when the seats waiting now time out
    # Not stored: runtime machinery.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    timers: list[TimerHandle] = field(default_factory=list, repr=False)
    thinking: set[tuple[int, int]] = field(default_factory=set, repr=False)  # (seat, move) computing
    timing_out: int | None = field(default=None, repr=False)  # the move whose timeout is under way
    outbox: deque[Any] = field(default_factory=deque, repr=False)
    delivering: bool = field(default=False, repr=False)
    redelivery: TimerHandle | None = field(default=None, repr=False)  # the outbox tried again later
    saved_state: str | None = field(default=None, repr=False)  # the JSON last written to the database
    failures: int = field(default=0, repr=False)  # background actions failed in a row (retry backoff)
    retry_at: float | None = field(default=None, repr=False)  # when the retry after them is due
    # Past a deadline beyond the turn timer's (an event round's, bot.events): every person's turn
    # times out at once until the game is over (set again after a restart by whoever set it).
    overdue: bool = field(default=False, repr=False)
    # Owned by another process (bot.tables.sharing): loaded for one person's move, saved with a
    # notification to the owner, never presented or timed here.
    foreign: bool = field(default=False, repr=False)
    replaying: ActionRow | None = field(default=None, repr=False)  # another process's move, caught up

    @property
    def seat_count(self) -> int:
        return self.options.seats

    def occupants(self) -> list[Occupant | None]:
        """Who sits where now (in the lobby: None for an empty seat)."""
        if self.game is not None:
            return list(self.game.seats)
        return list(self.lobby)

    def seat_of(self, player_id: str) -> int | None:
        for seat, occupant in enumerate(self.occupants()):
            if occupant is not None and occupant.player_id == player_id:
                return seat
        return None

    def restore(self, state: str) -> None:
        """Go back to a stored state (a save failed: memory must not run ahead of the database).
        The runtime machinery (lock, timers, outbox) stays."""
        fresh = Table.from_json(json.loads(state))
        for name in ("host_id", "options", "status", "lobby", "game", "move_number", "seq", "deadline"):
            setattr(self, name, getattr(fresh, name))
        self.saved_state = state

    def cancel_timers(self) -> None:
        for handle in self.timers:
            handle.cancel()
        self.timers.clear()

    # -- snapshots ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "table_id": self.table_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "options": _options_json(self.options),
            "seed": self.seed,
            "created_at": self.created_at,
            "status": self.status.value,
            "lobby": [None if o is None else [o.kind.value, o.player_id] for o in self.lobby],
            "game": None if self.game is None else self.game.to_json(),
            "move": self.move_number,
            "seq": self.seq,
            "deadline": self.deadline,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported table state version {data.get('version')!r}")
        table = cls(
            table_id=int(data["table_id"]),
            guild_id=str(data["guild_id"]),
            channel_id=str(data["channel_id"]),
            host_id=str(data["host_id"]),
            options=TableOptions.from_json(data["options"]),
            seed=int(data["seed"]),
            created_at=float(data["created_at"]),
            status=TableStatus(data["status"]),
            lobby=[None if o is None else Occupant(SeatKind(o[0]), o[1]) for o in data["lobby"]],
            game=None if data["game"] is None else Game.from_json(data["game"]),
            move_number=int(data["move"]),
            seq=int(data["seq"]),
            deadline=None if data["deadline"] is None else float(data["deadline"]),
        )
        if len(table.lobby) != table.seat_count:
            raise ValueError("stored seats do not match the table's seat count")
        return table


def bumps_move(game: Game, move: Move) -> bool:
    """Whether an applied ``move`` changes the table's move number: every move does, except one
    seat's pass while the others still choose theirs (their pass controls stay valid)."""
    return not (isinstance(move, PassCards) and game.hand.phase is Phase.PASSING and not game.over)


@lru_cache(maxsize=256)
def _options_json(options: TableOptions) -> dict[str, Any]:
    """Options rarely change and are saved with every action: encode each value once."""
    return options.to_json()
