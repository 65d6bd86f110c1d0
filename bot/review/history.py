"""What each finished hand of a table looked like, from its action log: the hands as dealt, the
passes, the tricks in order, the points. The log is replayed through the engine
(``bot.tables.replay``), so a replay shows exactly what was played; nothing here recomputes a rule.

Only hands that are over are ever returned: the hand still being played is never part of a
record, whatever the caller asks for (the fairness rule of the review).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import CardSet
from bot.engine.game import Game, Occupant
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.moves import PassCards, PlayCard
from bot.engine.rules import RuleSet
from bot.engine.scoring import HandOutcome, trick_points
from bot.storage.records import ActionRow
from bot.tables.replay import move_from_json, replay_steps
from bot.tables.table import Table, TableStatus


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand, face up."""

    table_id: int
    guild_id: str
    hand_number: int
    rules: RuleSet
    seats: tuple[Occupant, ...]  # who sat where when the hand was dealt
    dealt: tuple[CardSet, ...]
    passed: tuple[CardSet | None, ...]  # None: that seat passed nothing (a hold hand)
    received: tuple[CardSet, ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # the hand's score per seat
    outcome: HandOutcome
    shooter: int | None
    totals_before: tuple[int, ...]  # the game totals when the hand was dealt
    # Who sat where when it was scored: a computer in the seat of someone who left during it.
    scored_seats: tuple[Occupant, ...]
    # Per seat, the cards passed or played in it that no person chose: a computer's (also in the
    # seat of someone who left), and the random ones made when a person's time ran out.
    made_for: tuple[CardSet, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_of(self, player_id: str) -> int | None:
        """The seat ``player_id`` held in this hand (None: not at the table then)."""
        for seat, occupant in enumerate(self.seats):
            if occupant.player_id == player_id:
                return seat
        return None

    def played_through(self, player_id: str) -> int | None:
        """The seat ``player_id`` held both when the hand was dealt and when it was scored (None:
        they left during it, or were not at the table): the hands that are theirs in figures, as
        in their game's record (``bot.tables.results``), which counts a quitter's hands before the
        one they left in."""
        seat = self.seat_of(player_id)
        if seat is None or self.scored_seats[seat].player_id != player_id:
            return None
        return seat

    def chosen_by_person(self, seat: int, cards: CardSet) -> bool:
        """Whether the person in ``seat`` chose ``cards`` (a pass, or a card played) themselves:
        the coach rates only their own decisions."""
        return not cards & self.made_for[seat]

    def after_pass(self) -> tuple[CardSet, ...]:
        """Each seat's cards once the passes were exchanged (the cards it played from)."""
        return tuple((self.dealt[s] & ~(self.passed[s] or 0)) | self.received[s] for s in range(self.players))


@dataclass(frozen=True, slots=True)
class Step:
    """The hand after ``trick`` (None: as dealt, before any card): what each seat still holds and
    the card points each has taken so far."""

    number: int  # 0: as dealt; k: after the k-th trick
    held: tuple[CardSet, ...]
    trick: Trick | None
    taken_points: tuple[int, ...]
    trick_points: int  # the points in ``trick``


@dataclass(frozen=True, slots=True)
class TableHistory:
    """Every finished hand of a table, and whether its game is over."""

    table_id: int
    guild_id: str
    hands: tuple[HandRecord, ...]
    game_over: bool  # finished, or cancelled: no hand of it will be played any more
    hands_started: int  # the number of the hand in play (or the last one, once over)
    channel_id: str = ""  # where it was played (its lobby's channel; a DM for a daily game)

    def played_by(self, player_id: str | None) -> bool:
        """Whether ``player_id`` held a seat in one of its finished hands."""
        return player_id is not None and any(r.seat_of(player_id) is not None for r in self.hands)

    def hand(self, number: int) -> HandRecord | None:
        for record in self.hands:
            if record.hand_number == number:
                return record
        return None


def table_history(
    table_id: int, guild_id: str, channel_id: str, actions: Sequence[ActionRow]
) -> TableHistory:
    """The finished hands of the table whose log is ``actions`` (``ReplayError`` if it can't be
    replayed). A cancelled game is over too: the hand it was cancelled in never finished, so it is
    in no record."""
    records: list[HandRecord] = []
    current: Hand | None = None
    seats: tuple[Occupant, ...] = ()
    totals: tuple[int, ...] = ()
    made_for: list[CardSet] = []
    table: Table | None = None
    game: Game | None = None
    for row, table in zip(actions, replay_steps(table_id, guild_id, channel_id, actions), strict=True):
        game = table.game
        if game is None:
            continue
        if current is not None:  # the row's moves were made in the hand dealt before it
            for seat, cards in _not_chosen(row):
                made_for[seat] |= cards
        if game.hand is not current:
            if current is not None and current.phase is Phase.SCORED:
                ended = tuple(game.seats)
                records.append(record_of(table_id, guild_id, current, seats, totals, ended, made_for))
            current = game.hand
            seats = tuple(game.seats)
            totals = tuple(game.totals)
            made_for = [0] * len(seats)
    if game is not None and current is not None and current.phase is Phase.SCORED:  # the game's last
        ended = tuple(game.seats)
        records.append(record_of(table_id, guild_id, current, seats, totals, ended, made_for))
    cancelled = table is not None and table.status is TableStatus.CANCELLED
    over = game is not None and (game.over or cancelled)
    started = 0 if current is None else current.hand_number
    return TableHistory(table_id, guild_id, tuple(records), over, started, channel_id)


def _not_chosen(row: ActionRow) -> list[tuple[int, CardSet]]:
    """The passes and cards of ``row`` that no person chose, with their seats: a computer's move,
    or the random ones made for people whose time ran out (a person's own move is a ``move`` row).
    A moon choice is no pass or card: the coach does not rate it."""
    if row.kind == "computer":
        moves = [move_from_json(json.loads(row.payload)["move"])]
    elif row.kind == "timeout":
        timeouts = json.loads(row.payload)["timeouts"]
        moves = [move_from_json(r["move"]) for r in timeouts if not r.get("forfeit")]
    else:
        return []
    out: list[tuple[int, CardSet]] = []
    for move in moves:
        if isinstance(move, PassCards):
            out.append((move.seat, move.cards))
        elif isinstance(move, PlayCard):
            out.append((move.seat, 1 << move.card))
    return out


def record_of(
    table_id: int,
    guild_id: str,
    hand: Hand,
    seats: tuple[Occupant, ...],
    totals: tuple[int, ...],
    scored_seats: tuple[Occupant, ...] | None = None,
    made_for: Sequence[CardSet] | None = None,
) -> HandRecord:
    """The record of ``hand``, which must be scored (also for hands played outside a table: the
    tests and benchmarks, where by default nobody left and every card was its seat's own choice)."""
    result = hand.result
    assert result is not None
    return HandRecord(
        table_id=table_id,
        guild_id=guild_id,
        hand_number=hand.hand_number,
        rules=hand.rules,
        seats=seats,
        dealt=hand.dealt,
        passed=tuple(hand.passed),
        received=tuple(hand.received),
        tricks=tuple(hand.tricks),
        points=tuple(result.points),
        outcome=result.outcome,
        shooter=result.shooter,
        totals_before=totals,
        scored_seats=seats if scored_seats is None else scored_seats,
        made_for=(0,) * len(seats) if made_for is None else tuple(made_for),
    )


def steps(record: HandRecord) -> list[Step]:
    """The hand as dealt, then after each trick: one replay step each."""
    rules = record.rules
    n = record.players
    held = list(record.after_pass())
    taken = [0] * n
    out = [Step(0, record.dealt, None, (0,) * n, 0)]
    for k, trick in enumerate(record.tricks, start=1):
        for i, card in enumerate(trick.cards):
            held[trick.seat_of(i, n)] &= ~(1 << card)
        points = trick_points(rules, trick.cards)
        taken[trick.winner] += points
        out.append(Step(k, tuple(held), trick, tuple(taken), points))
    return out
