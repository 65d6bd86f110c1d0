"""What the renderers draw: small frozen, hashable values the table service builds from game state.

They depend on nothing but the card encoding, so rendering does not wait for (or break with) the
engine's internals; being frozen and hashable, a renderer call can be cached on its input.
Seats and players are listed in turn order (play passes to the next index, "to the left").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import Card, CardSet


@dataclass(frozen=True, slots=True)
class HandImage:
    """One player's hand, as only they see it."""

    cards: CardSet
    playable: CardSet | None = None
    """Cards that may be played now; the others are dimmed. None: nothing is dimmed."""
    selected: CardSet = 0
    """Cards chosen to pass: drawn raised."""
    received: CardSet = 0
    """Cards just received in the pass: marked."""
    bonus_card: Card | None = None
    """The Omnibus bonus card (10♦ or J♦) when that option is on: drawn with its "−10" badge."""
    four_colour: bool = False


@dataclass(frozen=True, slots=True)
class TableSeat:
    name: str
    is_computer: bool = False
    score: int = 0
    """Game total before the current hand."""
    hand_points: int | None = None
    """Points taken so far in the current hand (None: not shown)."""
    played: Card | None = None
    """The card this seat played to the current trick."""
    cards_left: int | None = None
    """Cards still in hand (None: not shown)."""


@dataclass(frozen=True, slots=True)
class TableImage:
    """The current trick around the table, as everyone at the table sees it."""

    seats: tuple[TableSeat, ...]
    leader: int | None = None
    """Seat that led the current trick."""
    to_move: int | None = None
    """Seat whose turn it is (None: nobody, e.g. the trick is complete)."""
    hearts_broken: bool = False
    winner: int | None = None
    """Seat that takes the completed trick: its card is highlighted."""
    viewer: int = 0
    """Seat drawn at the bottom of the picture."""
    hand_number: int | None = None
    trick_number: int | None = None
    bonus_card: Card | None = None
    four_colour: bool = False


class Shot(Enum):
    """A hand in which one player took everything, marked on the score sheet."""

    MOON = "moon"
    ALL_TRICKS = "all_tricks"
    SLAM = "slam"


@dataclass(frozen=True, slots=True)
class ScorePlayer:
    name: str
    is_computer: bool = False


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One hand: each player's points and the running totals after it."""

    points: tuple[int, ...]
    totals: tuple[int, ...]
    shooter: int | None = None
    """The player who shot the moon (or made a slam / took all tricks) in this hand."""
    shot: Shot = Shot.MOON


@dataclass(frozen=True, slots=True)
class ScoreSheetImage:
    players: tuple[ScorePlayer, ...]
    rows: tuple[ScoreRow, ...]
    target: int | None = None
    """Target score of the game (shown in the title), None for a fixed number of hands."""
    leaders: tuple[int, ...] | None = None
    """Players to highlight as leading; None: those with the lowest total."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int | None
    """1-based place; None for an unranked (computer) player."""
    name: str
    total: int
    ranking_points: int | None = None
    """Ranking points earned (may be negative for a quitter); None: not shown."""
    shared: bool = False
    """The place is shared with other players."""
    is_computer: bool = False
    quit: bool = False


@dataclass(frozen=True, slots=True)
class FinalStandings:
    rows: tuple[StandingRow, ...]
    """In display order, best first."""
    hands_played: int | None = None
