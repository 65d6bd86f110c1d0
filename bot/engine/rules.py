"""The rule set of a table: every option of RULES.md section 2, validated, with what follows from it.

A ``RuleSet`` is an immutable value. Everything the rest of the engine needs to know about the
variant (which cards are removed, which card leads, where passes go, which cards carry points and how
much) is derived here, once, so that no other module re-derives a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final

from bot.engine.cards import (
    CLUBS,
    FULL_DECK,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    Card,
    CardSet,
    cards_of,
    lowest,
    parse_cards,
)

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 7


class FivePlayerRemoval(Enum):
    """Which two cards a 5-player game removes besides nothing else (RULES.md: both are sourced)."""

    TWO_CLUBS = "2D 2C"  # default: 2♦ and 2♣ (the 3♣ leads)
    TWO_SPADES = "2D 2S"  # Bicycle: 2♦ and 2♠ (the 2♣ leads)


class PassRotation(Enum):
    STANDARD = "standard"  # by player count: 4 → left/right/across/hold; 3 → left/right/hold; 5+ → left/right
    NO_HOLD = "no_hold"  # Bicycle's: left, right, across (even player counts), never a hold hand
    LEFT = "left"  # always left
    NONE = "none"  # never pass


class PassDirection(Enum):
    """Where a seat's passed cards go, as a seat offset in turn order (left = next player)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


class MoonScoring(Enum):
    OTHERS_PLUS = "others_plus"  # shooter 0, every other player +26
    SHOOTER_CHOOSES = "shooter_chooses"  # shooter picks −26 for self or +26 for everyone else


class Omnibus(Enum):
    OFF = "off"
    TEN_OF_DIAMONDS = "10D"
    JACK_OF_DIAMONDS = "JD"


class Scoring(Enum):
    STANDARD = "standard"
    TOURNAMENT = "tournament"  # GameDuell: moon −13 / others +13; all tricks −26 / others +26


class InvalidRules(ValueError):
    """A rule set that cannot be played. ``code`` names the problem for translated messages."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


_REMOVED_BY_COUNT: Final[dict[int, str]] = {3: "2D", 4: "", 6: "2D 3D 3C 4C", 7: "2D 3D 3C"}
OMNIBUS_BONUS: Final = -10
QUEEN_POINTS: Final = 13


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every per-table option; the defaults are the standard game of RULES.md section 1."""

    players: int = 4
    five_player_removal: FivePlayerRemoval = FivePlayerRemoval.TWO_CLUBS
    pass_rotation: PassRotation = PassRotation.STANDARD
    pass_count: int = 3
    moon: MoonScoring = MoonScoring.OTHERS_PLUS
    all_tricks_bonus: bool = False
    target_score: int | None = 100
    fixed_hands: int | None = None
    queen_breaks_hearts: bool = True
    omnibus: Omnibus = Omnibus.OFF
    black_maria_less: bool = False
    scoring: Scoring = Scoring.STANDARD
    # Derived values, computed once in __post_init__ (not options).
    _derived: _Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        self._validate()
        object.__setattr__(self, "_derived", _Derived.of(self))

    def _validate(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InvalidRules(
                "players", f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}"
            )
        if (self.target_score is None) == (self.fixed_hands is None):
            raise InvalidRules("end", "set exactly one of target_score and fixed_hands")
        if self.target_score is not None and self.target_score < 1:
            raise InvalidRules("target", f"target score must be at least 1, not {self.target_score}")
        if self.fixed_hands is not None and self.fixed_hands < 1:
            raise InvalidRules("hands", f"the number of hands must be at least 1, not {self.fixed_hands}")
        cards_each = (52 - len(self._removed_codes().split())) // self.players
        if not 1 <= self.pass_count < cards_each:
            raise InvalidRules("pass_count", f"pass 1 to {cards_each - 1} cards, not {self.pass_count}")
        if self.black_maria_less:
            if self.pass_rotation in (PassRotation.LEFT, PassRotation.NO_HOLD):
                raise InvalidRules("bml_passing", "Black-Maria-less is played without passing")
            if self.omnibus is not Omnibus.OFF:
                raise InvalidRules("bml_omnibus", "Omnibus and Black-Maria-less are separate variants")
            if self.scoring is Scoring.TOURNAMENT:
                raise InvalidRules("bml_tournament", "tournament scoring needs the Q♠ as a point card")
        if self.scoring is Scoring.TOURNAMENT and self.moon is MoonScoring.SHOOTER_CHOOSES:
            raise InvalidRules("tournament_moon", "tournament scoring fixes the moon score; no choice")

    def _removed_codes(self) -> str:
        if self.players == 5:
            return self.five_player_removal.value
        return _REMOVED_BY_COUNT[self.players]

    # -- what follows from the options -------------------------------------------------------

    @property
    def removed(self) -> CardSet:
        return self._derived.removed

    @property
    def deck(self) -> CardSet:
        return self._derived.deck

    @property
    def deck_cards(self) -> tuple[Card, ...]:
        """The cards in play, ascending."""
        return self._derived.deck_cards

    @property
    def cards_per_player(self) -> int:
        return self._derived.cards_per_player

    @property
    def first_lead(self) -> Card:
        """The lowest club in play leads the first trick."""
        return self._derived.first_lead

    @property
    def penalty_cards(self) -> CardSet:
        """The cards that must all be taken to shoot the moon (hearts, and the Q♠ unless Black-Maria-less)."""
        return self._derived.penalty_cards

    @property
    def bonus_card(self) -> Card | None:
        """Omnibus: the card that counts −10, else None."""
        return self._derived.bonus_card

    @property
    def moon_points(self) -> int:
        """What the penalty cards add up to (26, or 13 in Black-Maria-less)."""
        return self._derived.moon_points

    @property
    def queen_counts(self) -> bool:
        """The Q♠ is a point card (everywhere but Black-Maria-less)."""
        return self._derived.queen_counts

    @property
    def queen_breaks(self) -> bool:
        """Playing the Q♠ breaks hearts at this table (the option, and never in Black-Maria-less)."""
        return bool(self._derived.breakers >> QUEEN_OF_SPADES & 1)

    @property
    def bonus_points(self) -> int:
        """What the Omnibus bonus card counts for its taker (0 without Omnibus)."""
        return 0 if self._derived.bonus_card is None else OMNIBUS_BONUS

    @property
    def passing(self) -> bool:
        return self._derived.rotation != (PassDirection.HOLD,)

    def pass_direction(self, hand_number: int) -> PassDirection:
        """Where passes go in hand ``hand_number`` (1-based)."""
        rotation = self._derived.rotation
        return rotation[(hand_number - 1) % len(rotation)]

    def pass_target(self, seat: int, hand_number: int) -> int | None:
        """The seat that receives ``seat``'s passed cards in that hand, or None on a hold hand."""
        offsets = self._derived.offsets
        offset = offsets[(hand_number - 1) % len(offsets)]
        return None if offset is None else (seat + offset) % self.players

    def card_points(self, card: Card) -> int:
        """Points a single card is worth to whoever takes it (before moon/slam adjustments)."""
        return self._derived.points[card]

    def points_of(self, taken: CardSet) -> int:
        """Points of a set of taken cards (before moon/slam adjustments)."""
        d = self._derived
        pts = (taken & HEARTS).bit_count()
        if d.queen_counts and taken >> QUEEN_OF_SPADES & 1:
            pts += QUEEN_POINTS
        if d.bonus_card is not None and taken >> d.bonus_card & 1:
            pts += OMNIBUS_BONUS
        return pts

    @property
    def breakers(self) -> CardSet:
        """Cards whose play breaks hearts."""
        return self._derived.breakers

    @property
    def first_trick_forbidden(self) -> CardSet:
        """Cards that may not be discarded to the first trick unless nothing else is left."""
        return self._derived.penalty_cards

    # -- serialisation --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _OPTION_NAMES:
            value = getattr(self, name)
            out[name] = value.name.lower() if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleSet:
        enums: dict[str, type[Enum]] = {
            "five_player_removal": FivePlayerRemoval,
            "pass_rotation": PassRotation,
            "moon": MoonScoring,
            "omnibus": Omnibus,
            "scoring": Scoring,
        }
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in _OPTION_NAMES:
                raise InvalidRules("unknown_option", f"unknown rule option {key!r}")
            if key in enums:
                try:
                    value = enums[key][str(value).upper()]
                except KeyError:
                    raise InvalidRules("bad_value", f"{key} cannot be {value!r}") from None
            kwargs[key] = value
        return cls(**kwargs)


_OPTION_NAMES: Final = tuple(f.name for f in fields(RuleSet) if not f.name.startswith("_"))


@dataclass(frozen=True, slots=True)
class _Derived:
    removed: CardSet
    deck: CardSet
    deck_cards: tuple[Card, ...]
    cards_per_player: int
    first_lead: Card
    penalty_cards: CardSet
    breakers: CardSet
    bonus_card: Card | None
    queen_counts: bool
    moon_points: int
    rotation: tuple[PassDirection, ...]
    offsets: tuple[int | None, ...]  # seat offset of each rotation step (None: hold)
    points: tuple[int, ...]

    @classmethod
    def of(cls, rules: RuleSet) -> _Derived:
        removed = parse_cards(rules._removed_codes())
        deck = FULL_DECK & ~removed
        queen = 0 if rules.black_maria_less else 1 << QUEEN_OF_SPADES
        penalty = HEARTS | queen
        bonus = {
            Omnibus.OFF: None,
            Omnibus.TEN_OF_DIAMONDS: TEN_OF_DIAMONDS,
            Omnibus.JACK_OF_DIAMONDS: JACK_OF_DIAMONDS,
        }[rules.omnibus]
        breakers = HEARTS | (queen if rules.queen_breaks_hearts else 0)
        if rules.black_maria_less or rules.pass_rotation is PassRotation.NONE:
            rotation: tuple[PassDirection, ...] = (PassDirection.HOLD,)
        elif rules.pass_rotation is PassRotation.LEFT:
            rotation = (PassDirection.LEFT,)
        elif rules.pass_rotation is PassRotation.NO_HOLD:
            # "Across" only where a seat is directly across: an even number of players.
            across = (PassDirection.ACROSS,) if rules.players % 2 == 0 else ()
            rotation = (PassDirection.LEFT, PassDirection.RIGHT, *across)
        elif rules.players == 4:
            rotation = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)
        elif rules.players == 3:
            rotation = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
        else:
            rotation = (PassDirection.LEFT, PassDirection.RIGHT)
        points = [0] * 52
        for c in range(39, 52):
            points[c] = 1
        if queen:
            points[QUEEN_OF_SPADES] = QUEEN_POINTS
        if bonus is not None:
            points[bonus] = OMNIBUS_BONUS
        return cls(
            removed=removed,
            deck=deck,
            deck_cards=tuple(cards_of(deck)),
            cards_per_player=deck.bit_count() // rules.players,
            first_lead=lowest(deck & CLUBS),
            penalty_cards=penalty,
            breakers=breakers,
            bonus_card=bonus,
            queen_counts=bool(queen),
            moon_points=13 + (QUEEN_POINTS if queen else 0),
            rotation=rotation,
            offsets=tuple(_offset(d, rules.players) for d in rotation),
            points=tuple(points),
        )


def _offset(direction: PassDirection, players: int) -> int | None:
    """Seat offset in turn order: left is the next player, across is half way round."""
    return {
        PassDirection.LEFT: 1,
        PassDirection.RIGHT: players - 1,
        PassDirection.ACROSS: players // 2,
        PassDirection.HOLD: None,
    }[direction]
