"""Options as a command carries them, checked once, here, whatever sent them.

Discord's client offers only the listed choices and the declared ranges, but an interaction is just
JSON: a forged one can carry a value outside the choices, a target of 10^30 or a language the bot
does not speak. Each request below holds the raw values (None: not given) and turns them into the
service's own values, or ``Refused`` naming the option and what it allows (``OPTION_NOT_OFFERED``
with the allowed values, ``OPTION_OUT_OF_RANGE`` with the bounds), before anything is opened or
saved. The ranges and choices are those of docs/RULES.md section 2; the languages are the
catalogues' (``ServiceSettings.languages``), given by the app because the service does not depend
on the text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, Final, TypeVar

from bot.ai import Level
from bot.engine.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    FivePlayerRemoval,
    MoonScoring,
    Omnibus,
    PassRotation,
    Scoring,
)
from bot.tables.options import ServerSettings, TableOptions, checked_time_limit, rules_with
from bot.tables.preferences import PlayerPreferences
from bot.tables.refusals import Refused, TableRefusal
from bot.tables.seasons import SeasonKind

E = TypeVar("E", bound=Enum)

AUTOMATIC_PERSON: Final = "client"
"""The language choice "automatic" of a person: their Discord client's language."""
AUTOMATIC_SERVER: Final = "guild"
"""The language choice "automatic" of a server: its Discord locale."""
ON_OFF: Final = ("on", "off")
DECKS: Final = ("classic", "four_colour")


@dataclass(frozen=True, slots=True)
class IntRange:
    low: int
    high: int

    def check(self, option: str, value: object) -> int:
        """``value`` if it is a whole number within the range, else Refused naming ``option``."""
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise Refused(TableRefusal.OPTION_OUT_OF_RANGE, option=option, min=self.low, max=self.high)
        return value


SEATS: Final = IntRange(MIN_PLAYERS, MAX_PLAYERS)
TARGET: Final = IntRange(10, 1000)
HANDS: Final = IntRange(1, 100)


def one_of(option: str, value: object, allowed: Sequence[str]) -> str:
    """``value`` if it is one of ``allowed``, else Refused naming ``option`` and the values."""
    if not isinstance(value, str) or value not in allowed:
        raise Refused(TableRefusal.OPTION_NOT_OFFERED, option=option, allowed=tuple(allowed))
    return value


def enum_choice(option: str, value: object, kind: type[E], *, by_name: bool = False) -> E:
    """A member of ``kind`` chosen by its value (or, with ``by_name``, its name)."""
    allowed = [m.name if by_name else str(m.value) for m in kind]
    chosen = one_of(option, value, allowed)
    return kind[chosen] if by_name else kind(chosen)


def flag(option: str, value: object) -> bool:
    """A boolean option (a forged one may carry anything)."""
    if not isinstance(value, bool):
        raise Refused(TableRefusal.OPTION_NOT_OFFERED, option=option, allowed=("True", "False"))
    return value


def language_choice(option: str, value: object, automatic: str, languages: Sequence[str]) -> str | None:
    """A language code the catalogues have, or None for ``automatic``."""
    chosen = one_of(option, value, (automatic, *languages))
    return None if chosen == automatic else chosen


@dataclass(frozen=True, slots=True)
class TableRequest:
    """The options of ``/hearts new`` (all of them) or ``/hearts-settings`` (the table defaults
    among them), as they arrived."""

    seats: object = None
    target: object = None
    hands: object = None
    time_limit: object = None
    computers: object = None
    moon: object = None
    omnibus: object = None
    passing: object = None
    all_tricks: object = None
    queen_breaks_hearts: object = None
    black_maria_less: object = None
    tournament: object = None
    five_player_removal: object = None

    @property
    def given(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self))

    def applied_to(self, defaults: TableOptions) -> TableOptions:
        """``defaults`` with the requested changes, checked: every value one the command offers,
        then the combination one that can be played."""
        changes: dict[str, Any] = {}
        if self.seats is not None:
            changes["players"] = SEATS.check("seats", self.seats)
        if self.hands is not None:
            changes.update(fixed_hands=HANDS.check("hands", self.hands), target_score=None)
        if self.target is not None:
            target = TARGET.check("target", self.target)
            if self.hands is None:
                changes.update(target_score=target, fixed_hands=None)
            else:  # a game ends one way: refused, neither of the two dropped
                raise Refused(TableRefusal.BAD_RULES, rule="end")
        if self.moon is not None:
            changes["moon"] = enum_choice("moon", self.moon, MoonScoring)
        if self.omnibus is not None:
            changes["omnibus"] = enum_choice("omnibus", self.omnibus, Omnibus)
        if self.passing is not None:
            changes["pass_rotation"] = enum_choice("passing", self.passing, PassRotation)
        if self.all_tricks is not None:
            changes["all_tricks_bonus"] = flag("all_tricks", self.all_tricks)
        if self.queen_breaks_hearts is not None:
            changes["queen_breaks_hearts"] = flag("queen_breaks_hearts", self.queen_breaks_hearts)
        if self.black_maria_less is not None:
            changes["black_maria_less"] = flag("black_maria_less", self.black_maria_less)
        if self.tournament is not None:
            tournament = flag("tournament", self.tournament)
            changes["scoring"] = Scoring.TOURNAMENT if tournament else Scoring.STANDARD
        if self.five_player_removal is not None:
            changes["five_player_removal"] = enum_choice(
                "five_player_removal", self.five_player_removal, FivePlayerRemoval, by_name=True
            )
        time_limit = defaults.time_limit
        if self.time_limit is not None:
            time_limit = checked_time_limit(self.time_limit)
        level = defaults.computer_level
        if self.computers is not None:
            level = enum_choice("computers", self.computers, Level)
        return replace(
            defaults,
            rules=rules_with(defaults.rules, **changes),
            time_limit=time_limit,
            computer_level=level,
        ).checked()


@dataclass(frozen=True, slots=True)
class SettingsRequest:
    """``/hearts-settings`` as it arrived: table defaults, a language, channels allowed or not
    (``all_channels``: every channel again), the daily challenge's summary channel (``daily_off``:
    none), the events' organiser role (``event_role_off``: none)."""

    defaults: TableRequest = TableRequest()
    language: object = None
    allow_channel: str | None = None
    disallow_channel: str | None = None
    all_channels: object = None
    daily_channel: str | None = None
    daily_off: object = None
    event_role: str | None = None
    event_role_off: object = None
    season: object = None
    season_channel: str | None = None
    season_channel_off: object = None
    season_role: str | None = None
    season_role_off: object = None

    @property
    def given(self) -> bool:
        return self.defaults.given or any(
            v is not None
            for v in (
                self.language,
                self.allow_channel,
                self.disallow_channel,
                self.all_channels,
                self.daily_channel,
                self.daily_off,
                self.event_role,
                self.event_role_off,
                self.season,
                self.season_channel,
                self.season_channel_off,
                self.season_role,
                self.season_role_off,
            )
        )

    def applied_to(self, current: ServerSettings, languages: Sequence[str]) -> ServerSettings:
        language = current.language
        if self.language is not None:
            language = language_choice("language", self.language, AUTOMATIC_SERVER, languages)
        channels, closed = self._channels_applied_to(current)
        daily_channel = current.daily_channel if self.daily_channel is None else self.daily_channel
        if self.daily_off is not None and flag("daily_off", self.daily_off):
            daily_channel = None
        event_role = current.event_role if self.event_role is None else self.event_role
        if self.event_role_off is not None and flag("event_role_off", self.event_role_off):
            event_role = None
        return replace(
            self._seasons_applied_to(current),
            defaults=self.defaults.applied_to(current.defaults),
            allowed_channels=channels,
            closed_channels=closed,
            language=language,
            daily_channel=daily_channel,
            event_role=event_role,
        )

    def _channels_applied_to(self, current: ServerSettings) -> tuple[frozenset[str], frozenset[str]]:
        """Where tables may be opened: the channels named, or every channel but the closed ones.
        Allowing a closed channel opens it again (every other channel stays open); disallowing a
        channel where every channel is allowed closes it, and one named takes it off the list. The
        last channel named is refused (``LAST_CHANNEL``, naming both ways out): with none named
        every channel would open. ``all_channels`` forgets both lists first, so a channel allowed
        or disallowed in the same change starts from every channel."""
        allowed, closed = set(current.allowed_channels), set(current.closed_channels)
        if self.all_channels is not None and flag("all_channels", self.all_channels):
            allowed, closed = set(), set()
        if self.allow_channel is not None:
            if self.allow_channel in closed:
                closed.discard(self.allow_channel)
            else:
                allowed.add(self.allow_channel)
        if self.disallow_channel is not None:
            if not allowed:
                closed.add(self.disallow_channel)
            elif allowed == {self.disallow_channel}:
                raise Refused(TableRefusal.LAST_CHANNEL, option="allow_channel", all="all_channels")
            else:
                allowed.discard(self.disallow_channel)
        return frozenset(allowed), frozenset(closed)

    def _seasons_applied_to(self, current: ServerSettings) -> ServerSettings:
        """The seasons' kind, summary channel and reward role (``*_off``: none)."""
        season = current.season if self.season is None else enum_choice("season", self.season, SeasonKind)
        channel = current.season_channel if self.season_channel is None else self.season_channel
        if self.season_channel_off is not None and flag("season_channel_off", self.season_channel_off):
            channel = None
        role = current.season_role if self.season_role is None else self.season_role
        if self.season_role_off is not None and flag("season_role_off", self.season_role_off):
            role = None
        return replace(current, season=season, season_channel=channel, season_role=role)


@dataclass(frozen=True, slots=True)
class PreferencesRequest:
    """``/hearts me`` (language, auto-play) or ``/hearts deck`` (style), as it arrived."""

    language: object = None
    auto_play: object = None
    deck: object = None

    def applied_to(self, current: PlayerPreferences, languages: Sequence[str]) -> PlayerPreferences:
        changed = current
        if self.language is not None:
            chosen = language_choice("language", self.language, AUTOMATIC_PERSON, languages)
            changed = replace(changed, language=chosen)
        if self.auto_play is not None:
            changed = replace(changed, auto_play=one_of("auto_play", self.auto_play, ON_OFF) == "on")
        if self.deck is not None:
            changed = replace(changed, four_colour=one_of("style", self.deck, DECKS) == "four_colour")
        return changed
