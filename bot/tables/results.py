"""A finished game as storage rows: per person place, points, hands, moons, timeouts, quit (not
for one an event's organiser removed: the engine's ``Standing.counts_as_quit``); and the finishing
ranks the rating is computed from."""

from __future__ import annotations

import json

from bot.engine.game import Game
from bot.engine.scoring import HandOutcome
from bot.storage.records import GameRecord, PlayerRecord
from bot.tables.table import Table


def computer_rating_id(level: str) -> str:
    return f"computer:{level}"


def _rows_of(game: Game, seat: int, first_hand: int, last_hand: int) -> tuple[int, int, int]:
    """(hands, points, moons) of ``seat`` over the finished hands first_hand..last_hand."""
    hands = points = moons = 0
    for row in game.sheet:
        if first_hand <= row.hand_number <= last_hand:
            hands += 1
            points += row.points[seat]
            moons += int(row.outcome is HandOutcome.MOON and row.shooter == seat)
    return hands, points, moons


def game_record(table: Table, finished_at: float) -> GameRecord:
    game = table.game
    assert game is not None and game.over and game.end_reason is not None
    result = game.result()
    last = game.sheet[-1].hand_number if game.sheet else 0
    # A seat's current person played it from the last time someone else quit it.
    taken_over_at = {q.seat: q.hand_number for q in game.quitters}
    players: list[PlayerRecord] = []
    ranks: list[tuple[str, int]] = []
    worst = 1
    for s in result.standings:
        if s.quit or s.seat is None:
            continue
        worst = max(worst, s.place or 1)
        if s.is_computer:
            ranks.append((computer_rating_id(table.options.computer_level.value), s.place or worst))
            continue
        assert s.player_id is not None
        hands, points, moons = _rows_of(game, s.seat, taken_over_at.get(s.seat, 1), last)
        players.append(
            PlayerRecord(
                s.player_id,
                s.seat,
                s.place,
                s.total,
                s.ranking_points,
                hands,
                points,
                moons,
                game.timeouts.get(s.player_id, 0),
                quit=False,
            )
        )
        ranks.append((s.player_id, s.place or worst))
    for q, s in zip(game.quitters, [x for x in result.standings if x.quit], strict=True):
        hands, points, moons = _rows_of(game, q.seat, 1, q.hand_number - 1)
        players.append(
            PlayerRecord(
                q.player_id,
                q.seat,
                None,
                q.total,
                s.ranking_points,
                hands,
                points,
                moons,
                game.timeouts.get(q.player_id, 0),
                quit=s.counts_as_quit,
            )
        )
        if s.counts_as_quit:  # one an organiser removed: their rating is left alone
            ranks.append((q.player_id, worst + 1))
    # Several computers share one rating id per level: rate it once, at its best place.
    seen: dict[str, int] = {}
    for pid, rank in ranks:
        seen[pid] = min(rank, seen.get(pid, rank))
    return GameRecord(
        table_id=table.table_id,
        guild_id=table.guild_id,
        finished_at=finished_at,
        end_reason=game.end_reason.value,
        hands=len(game.sheet),
        options=json.dumps(table.options.to_json(), sort_keys=True),
        players=tuple(players),
        ranks=tuple(seen.items()) if result.ranked else (),  # an unranked game leaves ratings alone
        ranked=result.ranked,
    )
