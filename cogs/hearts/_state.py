"""What the Discord side must remember about a table: which messages are its lobby and its table
message, where the game is played (a thread or the channel), the players' display names, who cannot
receive DMs, their DM channels, the move each seat's controls were last sent for, each person's live
ping message, the language of the table's public text and each player's last-seen Discord client
locale (so that a DM sent from an event, not an interaction, is in their language after a restart
too). Saved in the
database's presenter data (``SavedState``), so it survives a restart.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from bot.storage.database import Database
from bot.storage.errors import StorageUnavailable
from bot.tables.clock import Clock, sleep

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Sent:
    """Where a DM went."""

    channel_id: int
    message_id: int

    def saved(self) -> str:
        return f"{self.channel_id}:{self.message_id}"

    @classmethod
    def from_saved(cls, value: str) -> Sent | None:
        channel, _, message = value.partition(":")
        return cls(int(channel), int(message)) if channel.isdigit() and message.isdigit() else None


@dataclass(slots=True)
class TableMessages:
    table_id: int
    lobby_channel: int | None = None
    lobby_message: int | None = None
    play_channel: int | None = None
    table_message: int | None = None
    table_hand: int | None = None  # the hand the table message shows
    names: dict[str, str] = field(default_factory=dict)
    no_dm: set[str] = field(default_factory=set)
    dm_channels: dict[str, int] = field(default_factory=dict)  # person → their DM channel id
    # The move number for which each seat's controls were last sent (no duplicate DMs, also after a
    # restart).
    controls_sent: dict[int, int] = field(default_factory=dict)
    pings: dict[str, int] = field(default_factory=dict)  # person → their one live ping message
    # seat → the DM holding its last controls, while no click there answered them (``DirectMessages``)
    live_controls: dict[int, Sent] = field(default_factory=dict)
    restored: bool = False  # loaded from what an earlier run of the bot saved
    history_seen: set[int] = field(default_factory=set)  # seats whose DM history was looked at
    # seat → (move number, failed sends) of turn controls Discord did not take (not saved: a
    # restart sends the controls never noted as sent)
    unsent: dict[int, tuple[int, int]] = field(default_factory=dict)
    names_asked: set[str] = field(default_factory=set)  # people whose saved names were looked up
    locale: str | None = None  # the language of the table's public text, chosen when first shown
    locales: dict[str, str] = field(default_factory=dict)  # person → their last-seen client locale
    homeless: bool = False  # its thread and lobby's channel are gone or refuse its posts (``_places``)

    def send_failed(self, seat: int, move_number: int) -> bool:
        """Whether the seat's controls for this move failed to go out (and wait for a retry)."""
        failed = self.unsent.get(seat)
        return failed is not None and failed[0] == move_number

    @classmethod
    def from_saved(cls, table_id: int, saved: dict[str, str]) -> TableMessages:
        state = cls(table_id, restored=bool(saved))
        for key, value in saved.items():
            if key.startswith("name:"):
                state.names[key[5:]] = value
            elif key.startswith("nodm:"):
                state.no_dm.add(key[5:])
            elif key.startswith("ctl:") and key[4:].isdigit() and value.isdigit():
                state.controls_sent[int(key[4:])] = int(value)
            elif key.startswith("loc:"):
                state.locales[key[4:]] = value
            elif key == "locale":
                state.locale = value
            elif key == "homeless":
                state.homeless = value == "1"
            elif key.startswith("ping:") and value.isdigit():
                state.pings[key[5:]] = int(value)
            elif key.startswith("live:") and key[5:].isdigit() and (sent := Sent.from_saved(value)):
                state.live_controls[int(key[5:])] = sent
            elif key.startswith("dm:") and value.isdigit():
                state.dm_channels[key[3:]] = int(value)
            elif key in _INT_FIELDS and value.isdigit():
                setattr(state, key, int(value))
        return state


_INT_FIELDS = frozenset({"lobby_channel", "lobby_message", "play_channel", "table_message", "table_hand"})


class SavedState:
    """The presenter's data in the database, written through: a value the database can't take now
    is kept and written later (retried with backoff on ``clock``), so the presenter's work (a DM
    sent, a message posted) is never undone by a failing disk."""

    def __init__(self, db: Database, clock: Clock, retry_base: float = 0.5, retry_max: float = 4.0) -> None:
        self.db = db
        self.clock = clock
        self.retry_base = retry_base
        self.retry_max = retry_max
        self._unwritten: dict[tuple[int, str], str | None] = {}
        self._writing: asyncio.Task[None] | None = None
        self._closed = False

    async def remembered(self, table_id: int) -> dict[str, str]:
        return await self.db.presenter_data(table_id)

    async def remember(self, table_id: int, key: str, value: str | None) -> None:
        """Save one value of a table's presenter data; None forgets it."""
        if (table_id, key) in self._unwritten:
            self._unwritten[(table_id, key)] = value  # the retry writes the newest value
            return
        try:
            await self.db.set_presenter_data(table_id, key, value)
        except StorageUnavailable as exc:
            log.warning("presenter data %s of table %d kept for later: %s", key, table_id, exc)
            self._unwritten[(table_id, key)] = value
            if not self._closed and (self._writing is None or self._writing.done()):
                # Not one of the presenter's tasks: it waits on the clock, and ``settle`` must not.
                self._writing = asyncio.get_running_loop().create_task(self._write_later())

    async def _write_later(self) -> None:
        delay = self.retry_base
        while self._unwritten:
            await sleep(self.clock, delay)
            for (table_id, key), value in list(self._unwritten.items()):
                try:
                    await self.db.set_presenter_data(table_id, key, value)
                except StorageUnavailable:
                    delay = min(delay * 2, self.retry_max)
                    break
                if self._unwritten.get((table_id, key), value) == value:
                    self._unwritten.pop((table_id, key), None)

    async def close(self) -> None:
        """Stop retrying, now and for what fails later in the shutdown (what is still unwritten is
        lost: a restart redraws and resends)."""
        self._closed = True
        if self._writing is not None:
            self._writing.cancel()
            await asyncio.gather(self._writing, return_exceptions=True)
