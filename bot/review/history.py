"""What each finished hand of a table looked like, from its action log: the hands as dealt, the
passes, the tricks in order, the points. The log is replayed through the engine
(``bot.tables.replay``), so a replay shows exactly what was played; nothing here recomputes a rule.

Only hands that are over are ever returned: the hand still being played is never part of a
record, whatever the caller asks for (the fairness rule of the review).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import CardSet
from bot.engine.game import Occupant
from bot.engine.hand import Hand, Phase, Trick
from bot.engine.rules import RuleSet
from bot.engine.scoring import HandOutcome, trick_points
from bot.storage.records import ActionRow
from bot.tables.replay import replay_steps


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

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_of(self, player_id: str) -> int | None:
        """The seat ``player_id`` held in this hand (None: not at the table then)."""
        for seat, occupant in enumerate(self.seats):
            if occupant.player_id == player_id:
                return seat
        return None

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
    game_over: bool
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
    replayed)."""
    records: list[HandRecord] = []
    current: Hand | None = None
    seats: tuple[Occupant, ...] = ()
    totals: tuple[int, ...] = ()
    table = None
    for table in replay_steps(table_id, guild_id, channel_id, actions):
        game = table.game
        if game is None:
            continue
        if game.hand is not current:
            if current is not None and current.phase is Phase.SCORED:
                records.append(record_of(table_id, guild_id, current, seats, totals))
            current = game.hand
            seats = tuple(game.seats)
            totals = tuple(game.totals)
    over = table is not None and table.game is not None and table.game.over
    if over and current is not None and current.phase is Phase.SCORED:
        records.append(record_of(table_id, guild_id, current, seats, totals))
    started = 0 if current is None else current.hand_number
    return TableHistory(table_id, guild_id, tuple(records), over, started, channel_id)


def record_of(
    table_id: int,
    guild_id: str,
    hand: Hand,
    seats: tuple[Occupant, ...],
    totals: tuple[int, ...],
) -> HandRecord:
    """The record of ``hand``, which must be scored (also for hands played outside a table: the
    tests and benchmarks)."""
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
