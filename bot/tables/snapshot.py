"""Immutable pictures of a table for the presenter: the public table, one seat's private hand, the
score sheet. Built from the live table under its lock, so a presenter can keep and read them at
leisure (they never change under it)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import Card, CardSet
from bot.engine.game import GameResult, SeatKind, SheetRow
from bot.engine.hand import Phase, Trick
from bot.engine.rules import PassDirection
from bot.engine.scoring import HandOutcome
from bot.tables.options import TableOptions
from bot.tables.table import Table, TableStatus


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: SeatKind | None  # None: an empty seat (lobby only)
    player_id: str | None  # the person, or None for a computer / empty seat
    timeouts: int = 0  # this game, for the person in the seat
    left_player: str | None = None  # a person who quit this seat and may take it back

    @property
    def is_computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    table_id: int
    guild_id: str
    channel_id: str
    host_id: str
    status: TableStatus
    options: TableOptions
    seats: tuple[SeatInfo, ...]
    move_number: int  # the move number controls must carry
    deadline: float | None  # epoch seconds when the waiting seats time out (live countdown)
    waiting: tuple[int, ...]  # seats that must act now (several while passing)
    hand_number: int | None = None
    phase: Phase | None = None
    direction: PassDirection | None = None  # where this hand's passes go
    passed: tuple[bool, ...] = ()  # per seat: has chosen its pass
    leader: int | None = None  # who led the current trick
    trick: tuple[Card, ...] = ()  # the current trick, in play order from the leader
    last_trick: Trick | None = None
    previous_trick: Trick | None = None  # the hand before's last trick, until this hand's first is taken
    hearts_broken: bool = False
    tricks_won: tuple[int, ...] = ()
    points_taken: tuple[int, ...] = ()  # card points taken so far this hand
    cards_left: tuple[int, ...] = ()  # cards each seat still holds (public: everyone can count them)
    totals: tuple[int, ...] = ()  # game totals before this hand
    result: GameResult | None = None  # once the game is over
    last_feat: Feat | None = None  # a moon, slam or every trick in the last hand scored


@dataclass(frozen=True, slots=True)
class Feat:
    """A hand that did not score as usual: who took everything, and how it counted."""

    hand_number: int
    outcome: HandOutcome  # never NORMAL
    seat: int


@dataclass(frozen=True, slots=True)
class PrivateHand:
    """What one seat sees of its own hand and may do now: the DM / "Show my hand" content."""

    table_id: int
    seat: int
    player_id: str | None
    move_number: int
    deadline: float | None
    hand_number: int
    phase: Phase
    cards: CardSet
    your_turn: bool  # this seat must act now (pass, play or choose)
    playable: CardSet  # the cards it may play now (empty unless it is its turn to play)
    pass_count: int  # cards to pick when passing (0: nothing to pass now)
    pass_direction: PassDirection
    pass_target: int | None
    passed: CardSet | None  # the cards it passed
    received: CardSet  # the cards it received (mark them after the exchange)
    choose_moon: bool  # it shot the moon and must choose how it is scored


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    table_id: int
    seats: tuple[SeatInfo, ...]
    rows: tuple[SheetRow, ...]  # every finished hand: points per seat and running totals
    totals: tuple[int, ...]
    current_hand: int | None
    points_taken: tuple[int, ...]  # of the hand in progress


def seat_infos(table: Table) -> tuple[SeatInfo, ...]:
    game = table.game
    left: dict[int, str] = {}
    timeouts: dict[str, int] = {}
    if game is not None:
        timeouts = game.timeouts
        for q in game.quitters:
            if table.options.allow_rejoin and game.seats[q.seat].is_computer:
                left[q.seat] = q.player_id
    return tuple(
        SeatInfo(
            seat=s,
            kind=None if o is None else o.kind,
            player_id=None if o is None else o.player_id,
            timeouts=0 if o is None or o.player_id is None else timeouts.get(o.player_id, 0),
            left_player=left.get(s),
        )
        for s, o in enumerate(table.occupants())
    )


def table_snapshot(table: Table) -> TableSnapshot:
    game = table.game
    base = dict(
        table_id=table.table_id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        host_id=table.host_id,
        status=table.status,
        options=table.options,
        seats=seat_infos(table),
        move_number=table.move_number,
        deadline=table.deadline,
    )
    if game is None:
        return TableSnapshot(waiting=(), **base)  # type: ignore[arg-type]
    hand = game.hand
    rules = game.rules
    return TableSnapshot(
        waiting=() if game.over else tuple(hand.waiting_for()),
        hand_number=hand.hand_number,
        phase=hand.phase,
        direction=rules.pass_direction(hand.hand_number),
        passed=tuple(p is not None for p in hand.passed),
        leader=hand.leader,
        trick=tuple(hand.trick),
        last_trick=hand.tricks[-1] if hand.tricks else None,
        previous_trick=None if hand.tricks else game.previous_trick,
        hearts_broken=hand.hearts_broken,
        tricks_won=tuple(hand.tricks_won),
        points_taken=tuple(rules.points_of(t) for t in hand.taken),
        cards_left=tuple(h.bit_count() for h in hand.hands),
        totals=tuple(game.totals),
        result=game.result() if game.over else None,
        last_feat=last_feat(game.sheet),
        **base,  # type: ignore[arg-type]
    )


def last_feat(sheet: list[SheetRow]) -> Feat | None:
    """The feat of the last hand on the score sheet, if it was one."""
    row = sheet[-1] if sheet else None
    if row is None or row.shooter is None or row.outcome is HandOutcome.NORMAL:
        return None
    return Feat(row.hand_number, row.outcome, row.shooter)


def private_hand(table: Table, seat: int) -> PrivateHand:
    game = table.game
    assert game is not None
    hand = game.hand
    rules = game.rules
    waiting = not game.over and seat in hand.waiting_for()
    return PrivateHand(
        table_id=table.table_id,
        seat=seat,
        player_id=game.seats[seat].player_id,
        move_number=table.move_number,
        deadline=table.deadline if waiting else None,
        hand_number=hand.hand_number,
        phase=hand.phase,
        cards=hand.hands[seat],
        your_turn=waiting,
        playable=hand.legal_plays() if waiting and hand.phase is Phase.PLAYING else 0,
        pass_count=rules.pass_count if waiting and hand.phase is Phase.PASSING else 0,
        pass_direction=rules.pass_direction(hand.hand_number),
        pass_target=rules.pass_target(seat, hand.hand_number),
        passed=hand.passed[seat],
        received=hand.received[seat],
        choose_moon=waiting and hand.phase is Phase.MOON_CHOICE,
    )


def score_sheet(table: Table) -> ScoreSheet:
    game = table.game
    if game is None:
        zeros = (0,) * table.seat_count
        return ScoreSheet(table.table_id, seat_infos(table), (), zeros, None, zeros)
    return ScoreSheet(
        table_id=table.table_id,
        seats=seat_infos(table),
        rows=tuple(game.sheet),
        totals=tuple(game.totals),
        current_hand=None if game.over else game.hand_number,
        points_taken=tuple(game.rules.points_of(t) for t in game.hand.taken),
    )
