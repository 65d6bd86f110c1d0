"""A game: hands until the target score (or the fixed number of hands), with the seats' owners.

The game knows who sits where (a person or a computer player), so that it can apply the online
rules of RULES.md section 3: timeouts and forfeits, quitting, a person taking their seat back,
computer players ranked after every person, ranking points, and the last person standing.
It reports what happened as typed events, which the table service turns into messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from bot.engine.cards import Card, CardSet
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.moves import IllegalMove, Move, PassCards, PlayCard, Refusal
from bot.engine.rules import PassDirection, RuleSet
from bot.engine.scoring import HandOutcome, HandScore, trick_points
from bot.engine.standings import (
    LAST_STANDING_POINTS,
    MIN_RANKED_PERSONS,
    QUIT_PENALTY,
    finish_ranking_points,
    shared_places,
)
from bot.engine.view import SeatView, seat_view

SNAPSHOT_VERSION: Final = 1
FORFEIT_AFTER_TIMEOUTS: Final = 2


class SeatKind(Enum):
    PERSON = "person"
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class Occupant:
    """Who sits in a seat. ``player_id`` identifies a person (e.g. a Discord user id)."""

    kind: SeatKind
    player_id: str | None = None

    @classmethod
    def person(cls, player_id: str) -> Occupant:
        return cls(SeatKind.PERSON, player_id)

    @classmethod
    def computer(cls) -> Occupant:
        return cls(SeatKind.COMPUTER, None)

    @property
    def is_computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER


class QuitReason(Enum):
    LEFT = "left"  # the person's own choice
    TIMEOUTS = "timeouts"  # the second timeout (RULES.md section 3)
    REMOVED = "removed"  # taken out by an event's organiser: not their choice

    @property
    def penalised(self) -> bool:
        """Whether the quit costs the quit penalty and counts as a quit in the person's
        statistics: a removal by an organiser does neither."""
        return self is not QuitReason.REMOVED


@dataclass(frozen=True, slots=True)
class QuitRecord:
    player_id: str
    seat: int
    hand_number: int
    total: int
    reason: QuitReason


class EndReason(Enum):
    TARGET = "target"  # someone reached the target score
    HANDS = "hands"  # the fixed number of hands was played
    LAST_PERSON = "last_person"  # everyone else quit
    ABANDONED = "abandoned"  # no person left


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int | None  # None for a quitter who no longer holds a seat
    player_id: str | None
    is_computer: bool
    total: int
    place: int | None  # None for quitters
    ranking_points: int
    quit: bool = False  # left before the end: no seat, no place
    removed: bool = False  # a quitter an organiser removed: no penalty, and counts as no quit

    @property
    def counts_as_quit(self) -> bool:
        """A quit for the person's statistics: they left by their choice or by timing out."""
        return self.quit and not self.removed


@dataclass(frozen=True, slots=True)
class GameResult:
    reason: EndReason
    standings: tuple[Standing, ...]  # seated players in place order, then quitters
    # Only games that started with two or more people are ranked (RULES.md 2a.8): otherwise every
    # ranking point is 0 and leaderboards and ratings leave the game out.
    ranked: bool = True

    @property
    def winners(self) -> tuple[Standing, ...]:
        return tuple(s for s in self.standings if s.place == 1 and not s.is_computer)


# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand_number: int
    direction: PassDirection


@dataclass(frozen=True, slots=True)
class PassChosen:
    seat: int
    cards: CardSet  # private: tell only the seat's person


@dataclass(frozen=True, slots=True)
class PassesExchanged:
    received: tuple[CardSet, ...]  # per seat (private: show each seat only its own)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    hearts_broken_now: bool


@dataclass(frozen=True, slots=True)
class TrickTaken:
    trick: Trick
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    hand_number: int
    score: HandScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    result: GameResult


GameEvent = HandStarted | PassChosen | PassesExchanged | CardPlayed | TrickTaken | HandScored | GameEnded


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the score sheet."""

    hand_number: int
    points: tuple[int, ...]
    outcome: HandOutcome
    shooter: int | None
    totals: tuple[int, ...]


@dataclass(slots=True)
class Game:
    rules: RuleSet
    seed: int | str
    seats: list[Occupant]
    hand: Hand = field(init=False)
    totals: list[int] = field(init=False)
    sheet: list[SheetRow] = field(default_factory=list)
    timeouts: dict[str, int] = field(default_factory=dict)
    quitters: list[QuitRecord] = field(default_factory=list)
    end_reason: EndReason | None = None
    persons_at_start: int = field(init=False)
    duplicate: bool = False
    """A game of duplicate play (an event's table, the daily): its boards are compared with other
    tables' on the same cards, so it is played to its last board by whoever is left, people or
    computers: nobody wins it as the last person standing (RULES.md §2a, decision 7, is for a game
    played to be won, and would take the person left the boards still to come)."""
    previous_trick: Trick | None = None
    """The last trick of the hand before this one: what a table shows as its last trick until this
    hand's first trick is taken (else a hand's final trick would never be seen on it)."""

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise ValueError(f"{self.rules.players} seats needed, got {len(self.seats)}")
        self.totals = [0] * self.rules.players
        self.persons_at_start = sum(1 for o in self.seats if not o.is_computer)
        self.hand = Hand.new(self.rules, hand_seed(self.seed, 1), 1)

    # -- questions ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def hand_number(self) -> int:
        return self.hand.hand_number

    def view(self, seat: int) -> SeatView:
        return seat_view(self.hand, seat, tuple(self.totals))

    def seat_of(self, player_id: str) -> int | None:
        for seat, occupant in enumerate(self.seats):
            if occupant.player_id == player_id:
                return seat
        return None

    def persons(self) -> list[int]:
        return [s for s, o in enumerate(self.seats) if not o.is_computer]

    # -- moves --------------------------------------------------------------------------

    def apply(self, move: Move) -> list[GameEvent]:
        """Apply a pass, card or moon choice; returns what happened, in order."""
        if self.over:
            raise IllegalMove(Refusal.GAME_OVER)
        hand = self.hand
        events: list[GameEvent] = []
        if isinstance(move, PlayCard):
            was_broken = hand.hearts_broken
            result = hand.play(move.seat, move.card)
            events.append(CardPlayed(move.seat, move.card, hand.hearts_broken and not was_broken))
            if result.trick is not None:
                events.append(TrickTaken(result.trick, trick_points(self.rules, result.trick.cards)))
        else:
            hand.apply(move)
            if isinstance(move, PassCards):  # (a moon's choice is the other move here)
                events.append(PassChosen(move.seat, move.cards))
                if hand.phase is not Phase.PASSING:
                    events.append(PassesExchanged(tuple(hand.received)))
        if hand.phase is Phase.SCORED:
            events.extend(self._after_hand())
        return events

    def _after_hand(self) -> list[GameEvent]:
        score = self.hand.result
        assert score is not None
        for seat, pts in enumerate(score.points):
            self.totals[seat] += pts
        n = self.hand.hand_number
        self.sheet.append(SheetRow(n, score.points, score.outcome, score.shooter, tuple(self.totals)))
        events: list[GameEvent] = [HandScored(n, score, tuple(self.totals))]
        if self.rules.fixed_hands is not None and n >= self.rules.fixed_hands:
            return [*events, self._end(EndReason.HANDS)]
        if self.rules.target_score is not None and max(self.totals) >= self.rules.target_score:
            return [*events, self._end(EndReason.TARGET)]
        self.previous_trick = self.hand.tricks[-1] if self.hand.tricks else None
        self.hand = Hand.new(self.rules, hand_seed(self.seed, n + 1), n + 1)
        events.append(HandStarted(n + 1, self.rules.pass_direction(n + 1)))
        return events

    # -- seats --------------------------------------------------------------------------

    def replace(self, seat: int, occupant: Occupant) -> None:
        """Put someone else in a seat (e.g. a computer into an empty one, or back to a person)."""
        self.seats[seat] = occupant

    def quit(self, seat: int, reason: QuitReason = QuitReason.LEFT) -> list[GameEvent]:
        """A person leaves: a computer takes the seat, the quit is recorded, and the game may end."""
        return self.quit_together([seat], reason)

    def quit_together(self, seats: Sequence[int], reason: QuitReason) -> list[GameEvent]:
        """People leave at the same moment (two who time out for the second time at once): every
        quit is recorded before the game's end is judged, so none of them is left the last person
        standing, who wins, because of the order of their seats."""
        if any(self.seats[s].is_computer or self.seats[s].player_id is None for s in seats):
            raise ValueError("only a person can quit")
        if self.over:
            raise IllegalMove(Refusal.GAME_OVER)
        for seat in seats:
            player_id = self.seats[seat].player_id
            assert player_id is not None
            self.quitters.append(QuitRecord(player_id, seat, self.hand_number, self.totals[seat], reason))
            self.seats[seat] = Occupant.computer()
        remaining = len(self.persons())
        if remaining == 0:
            return [self._end(EndReason.ABANDONED)]
        if remaining == 1 and self.persons_at_start > 1 and not self.duplicate:
            return [self._end(EndReason.LAST_PERSON)]
        return []

    def rejoin(self, player_id: str) -> int:
        """A quitter takes their seat back from the computer player; returns the seat."""
        for i, record in enumerate(self.quitters):
            if record.player_id == player_id and self.seats[record.seat].is_computer and not self.over:
                del self.quitters[i]
                self.seats[record.seat] = Occupant.person(player_id)
                return record.seat
        raise ValueError("no seat to take back")

    def register_timeout(self, seat: int) -> bool:
        """Count a timeout for the person in ``seat``; True when it is the forfeiting one."""
        forfeits = self.forfeits_at_timeout(seat)
        player_id = self.seats[seat].player_id
        if player_id is not None:
            self.timeouts[player_id] = self.timeouts.get(player_id, 0) + 1
        return forfeits

    def forfeits_at_timeout(self, seat: int) -> bool:
        """Whether a timeout of the person in ``seat`` now would be the forfeiting one."""
        player_id = self.seats[seat].player_id
        return player_id is not None and self.timeouts.get(player_id, 0) + 1 >= FORFEIT_AFTER_TIMEOUTS

    # -- the end ------------------------------------------------------------------------

    def _end(self, reason: EndReason) -> GameEnded:
        self.end_reason = reason
        return GameEnded(self.result())

    def result(self) -> GameResult:
        """Standings and ranking points (meaningful once the game is over)."""
        reason = self.end_reason or EndReason.TARGET
        ranked = self.persons_at_start >= MIN_RANKED_PERSONS
        persons = self.persons()
        computers = [s for s, o in enumerate(self.seats) if o.is_computer]
        rows: list[Standing] = []
        person_places = shared_places([self.totals[s] for s in persons])
        if reason is EndReason.LAST_PERSON:
            points = [LAST_STANDING_POINTS] * len(persons)
            person_places = [1] * len(persons)
        else:
            points = finish_ranking_points(person_places)
        if not ranked:
            points = [0] * len(persons)
        for seat, place, rp in zip(persons, person_places, points, strict=True):
            rows.append(Standing(seat, self.seats[seat].player_id, False, self.totals[seat], place, rp))
        computer_places = shared_places([self.totals[s] for s in computers])
        for seat, place in zip(computers, computer_places, strict=True):
            rows.append(Standing(seat, None, True, self.totals[seat], len(persons) + place, 0))
        rows.sort(key=lambda r: (r.place or 0, r.seat or 0))
        for q in self.quitters:
            penalty = QUIT_PENALTY if ranked and q.reason.penalised else 0
            removed = q.reason is QuitReason.REMOVED
            rows.append(Standing(None, q.player_id, False, q.total, None, penalty, True, removed))
        return GameResult(reason, tuple(rows), ranked)

    # -- snapshots ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SNAPSHOT_VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "seats": [[o.kind.value, o.player_id] for o in self.seats],
            "persons_at_start": self.persons_at_start,
            **({"duplicate": True} if self.duplicate else {}),  # other games' snapshots as they were
            "sheet": [
                [r.hand_number, list(r.points), r.outcome.value, r.shooter, list(r.totals)]
                for r in self.sheet
            ],
            "timeouts": dict(self.timeouts),
            "quitters": [
                [q.player_id, q.seat, q.hand_number, q.total, q.reason.value] for q in self.quitters
            ],
            "end_reason": None if self.end_reason is None else self.end_reason.value,
            "hand": self.hand.to_json(),
            "previous_trick": None
            if self.previous_trick is None
            else [self.previous_trick.leader, list(self.previous_trick.cards), self.previous_trick.winner],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        version = data.get("version")
        if version != SNAPSHOT_VERSION:
            raise ValueError(f"unsupported game snapshot version {version!r}")
        rules = RuleSet.from_json(data["rules"])
        game = cls.__new__(cls)
        game.rules = rules
        game.seed = data["seed"]
        game.seats = [Occupant(SeatKind(kind), pid) for kind, pid in data["seats"]]
        game.persons_at_start = int(data["persons_at_start"])
        game.duplicate = data.get("duplicate") is True
        game.sheet = [
            SheetRow(int(n), tuple(pts), HandOutcome(outcome), shooter, tuple(tot))
            for n, pts, outcome, shooter, tot in data["sheet"]
        ]
        game.totals = list(game.sheet[-1].totals) if game.sheet else [0] * rules.players
        game.timeouts = {str(k): int(v) for k, v in data["timeouts"].items()}
        game.quitters = [
            QuitRecord(str(pid), int(seat), int(n), int(total), QuitReason(reason))
            for pid, seat, n, total, reason in data["quitters"]
        ]
        game.end_reason = None if data["end_reason"] is None else EndReason(data["end_reason"])
        game.hand = Hand.from_json(rules, data["hand"])
        previous = data.get("previous_trick")  # absent from snapshots saved before it was kept
        game.previous_trick = (
            None
            if previous is None
            else Trick(int(previous[0]), tuple(int(c) for c in previous[1]), int(previous[2]))
        )
        if len(game.seats) != rules.players:
            raise ValueError("snapshot seats do not match the rule set")
        return game


def hand_seed(seed: int | str, hand_number: int) -> str:
    """Each hand's deal seed, derived from the game seed: a game replays from its seed alone."""
    return f"{seed}:{hand_number}"
