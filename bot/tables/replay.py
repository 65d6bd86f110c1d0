"""Replaying a table's action log: the audit that the log and the saved state tell the same story.

Every accepted action is written with the table's new state in one transaction, so replaying the
log from the table's creation through the engine must give exactly the saved state (the deadline
aside: it depends on the clock, including downtime). The soak benchmark checks this for every table
after random storage faults, kills and restarts; an operator can run it on a copy of the database.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine.game import Game, Occupant, QuitReason
from bot.engine.moves import ChooseMoon, Move, PassCards, PlayCard
from bot.storage.records import ActionRow
from bot.tables import lobby
from bot.tables.options import TableOptions
from bot.tables.table import Table, TableStatus, bumps_move

COMPARED = ("host_id", "options", "status", "lobby", "game", "move", "seq")


class ReplayError(ValueError):
    """The log can't be replayed (an action the engine refuses, or a missing creation)."""


def replay(table_id: int, guild_id: str, channel_id: str, actions: Sequence[ActionRow]) -> Table:
    """The table rebuilt from its action log alone."""
    return deque(replay_steps(table_id, guild_id, channel_id, actions), maxlen=1)[0]


def replay_steps(
    table_id: int, guild_id: str, channel_id: str, actions: Sequence[ActionRow]
) -> Iterator[Table]:
    """The table after each action of its log, in order: one ``Table`` changed in place, so a
    reader that wants an earlier moment (a finished hand, ``bot.review``) keeps what it needs as
    it goes."""
    if not actions or actions[0].kind != "create":
        raise ReplayError(f"table {table_id}: the log does not start with its creation")
    table: Table | None = None
    for row in actions:
        payload = json.loads(row.payload)
        if table is None:
            table = _created(table_id, guild_id, channel_id, row, payload)
        else:
            try:
                _apply(table, row, payload)
            except Exception as exc:
                raise ReplayError(f"table {table_id}: action {row.seq} ({row.kind}): {exc}") from exc
        table.seq = row.seq
        yield table


def differences(replayed: Table, saved: dict[str, Any]) -> list[str]:
    """The fields where the replayed table and the saved state differ (empty: they agree)."""
    mine = replayed.to_json()
    return [name for name in COMPARED if mine[name] != saved.get(name)]


def _created(table_id: int, guild_id: str, channel_id: str, row: ActionRow, p: dict[str, Any]) -> Table:
    options = TableOptions.from_json(p["options"])
    host = row.actor or ""
    seats: list[Occupant | None] = [None] * options.seats
    if p.get("seat_host", True):
        seats[0] = Occupant.person(host)
    return Table(table_id, guild_id, channel_id, host, options, int(p["seed"]), row.at, lobby=seats)


def _apply(table: Table, row: ActionRow, p: dict[str, Any]) -> None:
    kind = row.kind
    actor = row.actor or ""
    if kind == "join":
        table.lobby[p["seat"]] = Occupant.person(actor)
    elif kind == "add_computer":
        table.lobby[p["seat"]] = Occupant.computer()
    elif kind == "leave" and table.status is TableStatus.LOBBY:
        table.lobby[p["seat"]] = None
        nxt = lobby.first_person(table.lobby)
        if nxt is None:
            table.status = TableStatus.CANCELLED
        elif table.host_id == actor and nxt.player_id is not None:
            table.host_id = nxt.player_id
    elif kind == "start":
        table.lobby = [Occupant.computer() if o is None else o for o in table.lobby]
        table.game = Game(
            table.options.rules,
            table.seed,
            list(table.lobby),  # type: ignore[arg-type]
            duplicate=table.options.duplicate,
        )
        table.status = TableStatus.PLAYING
        table.move_number = 1
    elif kind == "cancel":
        table.status = TableStatus.CANCELLED
    elif kind in ("move", "computer"):
        _moves(table, [move_from_json(p["move"])])
    elif kind == "timeout":
        game = _game(table)
        moves: list[Move] = []
        forfeits: list[int] = []
        for record in p["timeouts"]:
            game.register_timeout(record["seat"])
            if record.get("forfeit"):
                forfeits.append(record["seat"])
            else:
                moves.append(move_from_json(record["move"]))
        if forfeits:
            game.quit_together(forfeits, QuitReason.TIMEOUTS)
        _moves(table, moves)
    elif kind == "quit":
        # the reason the service recorded: a removal by an event's organiser; none is a plain quit
        _game(table).quit(p["seat"], QuitReason(p.get("reason", QuitReason.LEFT.value)))
        _moves(table, [])
    elif kind == "rejoin":
        _game(table).rejoin(actor)
    elif kind != "restored":
        raise ReplayError(f"unknown action {kind!r}")


def _moves(table: Table, moves: list[Move]) -> None:
    """Apply moves as the service does: the move number goes up as ``bumps_move`` says, and once
    more if the game ended without a move (every control of it is then stale)."""
    game = _game(table)
    moved = False
    for move in moves:
        game.apply(move)
        if bumps_move(game, move):
            table.move_number += 1
            moved = True
    if game.over:
        table.status = TableStatus.FINISHED
        if not moved:
            table.move_number += 1


def _game(table: Table) -> Game:
    if table.game is None:
        raise ReplayError("no game")
    return table.game


def move_from_json(data: dict[str, Any]) -> Move:
    """A move as the action log stores it (``bot.tables.service``'s ``_move_json``)."""
    if data["type"] == "pass":
        return PassCards(data["seat"], data["cards"])
    if data["type"] == "play":
        return PlayCard(data["seat"], data["card"])
    return ChooseMoon(data["seat"], data["add_to_others"])
