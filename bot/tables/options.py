"""What a table is played with (rules, turn time, computer level) and a server's defaults for it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.ai import Level
from bot.engine.rules import InvalidRules, RuleSet
from bot.tables.preferences import language_code
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.seasons import SeasonKind

MIN_TIME_LIMIT: Final = 15.0  # seconds: live play (RULES.md section 3)
MAX_TIME_LIMIT: Final = 24 * 3600.0  # slow play over a day
DEFAULT_TIME_LIMIT: Final = 60.0


@dataclass(frozen=True, slots=True)
class TableOptions:
    rules: RuleSet = field(default_factory=RuleSet)
    time_limit: float = DEFAULT_TIME_LIMIT  # seconds per move
    computer_level: Level = Level.NORMAL
    allow_rejoin: bool = True  # a person who left may take their seat back from the computer
    # An attempt at the daily challenge (bot.daily): a private table of one person and computers,
    # played at the person's own pace (no turn timer) and kept out of the ordinary games' records
    # (the daily has its own board).
    daily: bool = False
    # A table of a server event's round (bot.events): the event's number, the link back that the
    # event service follows when the table's game ends.
    event_id: int | None = None

    def checked(self) -> TableOptions:
        """These options, or Refused if they cannot be played."""
        checked_time_limit(self.time_limit)
        return self

    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def rejoin_allowed(self) -> bool:
        """Whether a person who left may take their seat back. Never at an event's table: its
        hands are compared with the other tables' on the same cards, a hand the computer played
        counts for nobody, and the person back in the seat would be credited with it (the game
        keeps no record of a quit once it is taken back)."""
        return self.allow_rejoin and self.event_id is None

    @property
    def duplicate(self) -> bool:
        """Whether the table plays boards compared with other tables' (an event's round, the
        daily): its game is played to the last board (``Game.duplicate``)."""
        return self.daily or self.event_id is not None

    def deadline(self, now: float) -> float | None:
        """When seats asked to move at ``now`` time out; None without a turn timer (the daily)."""
        return None if self.daily else now + self.time_limit

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "time_limit": self.time_limit,
            "computer_level": self.computer_level.value,
            "allow_rejoin": self.allow_rejoin,
            **({"daily": True} if self.daily else {}),  # ordinary tables' rows stay as they were
            **({"event_id": self.event_id} if self.event_id is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableOptions:
        return cls(
            rules=RuleSet.from_json(data["rules"]),
            time_limit=float(data["time_limit"]),
            computer_level=Level(data["computer_level"]),
            allow_rejoin=bool(data.get("allow_rejoin", True)),
            daily=bool(data.get("daily", False)),
            event_id=None if data.get("event_id") is None else int(data["event_id"]),
        )


def checked_time_limit(value: object) -> float:
    """Seconds per move, if ``value`` is a number of them within the limits, else Refused."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not MIN_TIME_LIMIT <= value <= MAX_TIME_LIMIT
    ):
        raise Refused(TableRefusal.BAD_TIME_LIMIT, min=MIN_TIME_LIMIT, max=MAX_TIME_LIMIT)
    return float(value)


def rules_with(rules: RuleSet, **changes: Any) -> RuleSet:
    """``rules`` with some options changed, or Refused(BAD_RULES) naming the problem."""
    try:
        return replace(rules, **changes)
    except InvalidRules as exc:
        raise Refused(TableRefusal.BAD_RULES, rule=exc.code) from None


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's defaults for new tables, and where tables may be opened."""

    defaults: TableOptions = field(default_factory=TableOptions)
    allowed_channels: frozenset[str] = frozenset()  # empty: every channel (but the closed ones)
    closed_channels: frozenset[str] = frozenset()
    """Channels tables may not use while no channel is named in ``allowed_channels``: "every
    channel but these" (a channel disallowed where every channel was allowed)."""
    language: str | None = None
    """The language of the server's public text (tables, threads, announcements); None: the
    server's Discord locale."""
    daily_channel: str | None = None
    """Where the daily challenge's summary of each closed day goes (bot.daily); None: nowhere."""
    event_role: str | None = None
    """A role whose members may organise server events (bot.events), besides Manage Server."""
    season: SeasonKind = SeasonKind.OFF
    """The leaderboard's seasons (bot.seasons): off (one everlasting board), monthly, quarterly."""
    season_channel: str | None = None
    """Where a closed season's summary goes; None: nowhere."""
    season_role: str | None = None
    """A role the bot gives a closed season's top three (and takes from the previous ones)."""

    def allows(self, channel_id: str, parent_id: str | None = None) -> bool:
        """A thread is allowed when its parent channel is."""
        if not self.allowed_channels:
            return channel_id not in self.closed_channels and parent_id not in self.closed_channels
        return channel_id in self.allowed_channels or (
            parent_id is not None and parent_id in self.allowed_channels
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "defaults": self.defaults.to_json(),
            "allowed_channels": sorted(self.allowed_channels),
        }
        if self.closed_channels:  # rows without closed channels stay as earlier versions wrote them
            data["closed_channels"] = sorted(self.closed_channels)
        if self.language is not None:  # rows without a language stay as earlier versions wrote them
            data["language"] = self.language
        if self.daily_channel is not None:
            data["daily_channel"] = self.daily_channel
        if self.event_role is not None:
            data["event_role"] = self.event_role
        if self.season is not SeasonKind.OFF:
            data["season"] = self.season.value
        if self.season_channel is not None:
            data["season_channel"] = self.season_channel
        if self.season_role is not None:
            data["season_role"] = self.season_role
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ServerSettings:
        """The defaults must parse (a damaged row is reported by the caller); the language is
        tolerant: missing (rows from before it existed) or not a language tag reads automatic."""
        return cls(
            defaults=TableOptions.from_json(data["defaults"]),
            allowed_channels=frozenset(str(c) for c in data.get("allowed_channels", ())),
            closed_channels=frozenset(str(c) for c in data.get("closed_channels", ())),
            language=language_code(data.get("language")),
            daily_channel=_snowflake(data.get("daily_channel")),
            event_role=_snowflake(data.get("event_role")),
            season=_season_kind(data.get("season")),
            season_channel=_snowflake(data.get("season_channel")),
            season_role=_snowflake(data.get("season_role")),
        )


def _season_kind(value: Any) -> SeasonKind:
    """A stored season kind, tolerant: missing (rows from before seasons) or unknown reads off."""
    try:
        return SeasonKind(value)
    except ValueError:
        return SeasonKind.OFF


def _snowflake(value: Any) -> str | None:
    """A stored channel or role id, tolerant: anything but digits reads as none."""
    return str(value) if isinstance(value, str | int) and str(value).isdigit() else None
