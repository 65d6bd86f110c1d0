"""Plain rows that go in and out of storage. Storage knows nothing of the rules: the table service
turns its state into these."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    at: float
    move_number: int
    actor: str | None
    kind: str
    payload: str  # JSON


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player_id: str
    seat: int | None
    place: int | None
    total: int
    ranking_points: int
    hands: int
    hand_points: int
    moons: int
    timeouts: int
    quit: bool


@dataclass(frozen=True, slots=True)
class GameRecord:
    table_id: int
    guild_id: str
    finished_at: float
    end_reason: str
    hands: int
    options: str  # JSON
    players: tuple[PlayerRecord, ...]  # persons only
    # For the rating: every participant with its finishing rank (1 = best; quitters after all),
    # computers as 'computer:<level>' ids.
    ranks: tuple[tuple[str, int], ...]
    # Started with two people or more (docs/RULES.md 2a.8): only such a game counts on the boards
    # (every game's and the seasons'); a person's own statistics count every game.
    ranked: bool


@dataclass(frozen=True, slots=True)
class RatingChange:
    player_id: str
    ranking_points: int
    ranking_total: int
    skill_before: float
    skill_after: float


@dataclass(frozen=True, slots=True)
class TableWrite:
    """A table's state after an accepted action, and that action's log row: written together."""

    table_id: int
    guild_id: str
    channel_id: str
    host_id: str
    status: str
    move_number: int
    deadline: float | None
    state: str  # JSON
    created_at: float
    updated_at: float
    action: ActionRow
    game: GameRecord | None = None  # the finished game's results, in the same transaction
    notify: bool = False  # tell the other processes at commit (PostgreSQL: a table's owner reloads it)
    owed: Owed | None = None  # what this action must show to the players (the outbox), if anything


@dataclass(frozen=True, slots=True)
class Owed:
    """An action's events for the outbox: ``events`` the JSON list (``bot.tables.event_codec``),
    ``kinds`` their type names (for logs and the test-only crash points, ``faults.Crash``)."""

    events: str
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OwedRow:
    """An outbox row still owed: the events of action ``seq`` of a table, ``shown`` of them
    already delivered."""

    table_id: int
    guild_id: str
    seq: int
    events: str
    shown: int


@dataclass(frozen=True, slots=True)
class StoredTable:
    table_id: int
    guild_id: str
    channel_id: str
    status: str
    state: str


@dataclass(frozen=True, slots=True)
class DamagedRow:
    """A stored row that could not be read (hand-edited, a disk error, a bug). The bot works around
    it (defaults, a fresh value) and reports it once: ``table`` and ``key`` say which row."""

    table: str
    key: str
    guild_id: str | None
    reason: str


PAGE_NOTICE = "page"  # the first word of a PageNotice's text (a table's save: two numbers)


@dataclass(frozen=True, slots=True)
class PageNotice:
    """Another process serves (``shown``), or no longer serves, a person's live page of a table
    (the Activity), told to the table's owner (``Database.listen``; ``bot.tables.presence``)."""

    table_id: int
    player_id: str
    holder: str  # the announcing process's run
    shown: bool
    number: int  # the run's count of notices: no two texts alike (PostgreSQL sends one of each per commit)

    def text(self) -> str:
        return f"{PAGE_NOTICE} {self.table_id} {self.holder} {self.number} {int(self.shown)} {self.player_id}"

    @classmethod
    def parse(cls, text: str) -> PageNotice:
        """``text()`` read back; ``ValueError`` if it is not that."""
        kind, table_id, holder, number, shown, player_id = text.split(" ", 5)
        if kind != PAGE_NOTICE or shown not in ("0", "1") or not player_id:
            raise ValueError(text)
        return cls(int(table_id), player_id, holder, shown == "1", int(number))


PREFERENCES_NOTICE = "prefs"  # the first word of a PreferencesChanged's text


@dataclass(frozen=True, slots=True)
class PreferencesChanged:
    """Another process saved a person's preferences: what this one kept of them is out of date
    (``Database.listen``; ``bot.tables.preferences.KnownPreferences``)."""

    player_id: str
    number: int  # the announcing process's count of notices: no two texts alike in one commit

    def text(self) -> str:
        return f"{PREFERENCES_NOTICE} {self.number} {self.player_id}"

    @classmethod
    def parse(cls, text: str) -> PreferencesChanged:
        """``text()`` read back; ``ValueError`` if it is not that."""
        kind, number, player_id = text.split(" ", 2)
        if kind != PREFERENCES_NOTICE or not player_id:
            raise ValueError(text)
        return cls(player_id, int(number))


@dataclass(frozen=True, slots=True)
class TableSaved:
    """Another process saved this table up to action ``seq`` (``Database.listen``)."""

    table_id: int
    seq: int


Notice = TableSaved | PageNotice | PreferencesChanged  # what ``Database.listen`` hears
