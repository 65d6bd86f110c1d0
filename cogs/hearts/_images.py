"""Snapshots → the renderers' input values → PNG bytes, rendered off the event loop.

Rendering costs milliseconds of CPU: every render goes through a ``RenderPool`` so that no table's
turn waits for another table's picture.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from bot import telemetry
from bot.engine.game import GameResult
from bot.engine.hand import Phase
from bot.engine.scoring import HandOutcome
from bot.engine.standings import leaders
from bot.processes import worker_pool
from bot.render import (
    FinalStandings,
    HandImage,
    ScorePlayer,
    ScoreRow,
    ScoreSheetImage,
    Shot,
    StandingRow,
    TableImage,
    TableSeat,
    render_final_standings,
    render_hand,
    render_score_sheet,
    render_table,
    warm_up,
)
from bot.tables import PrivateHand, ScoreSheet, TableSnapshot
from bot.text import image_words
from cogs.hearts._wording import Names, computer_name, plain_player_name, plain_seat_name

_SHOTS = {HandOutcome.MOON: Shot.MOON, HandOutcome.SLAM: Shot.SLAM, HandOutcome.ALL_TRICKS: Shot.ALL_TRICKS}


def hand_image(
    hand: PrivateHand, bonus_card: int | None, selected: int = 0, four_colour: bool = False
) -> HandImage:
    playing = hand.phase is Phase.PLAYING and hand.your_turn
    return HandImage(
        cards=hand.cards,
        playable=hand.playable if playing else None,
        selected=selected,
        received=hand.received if not hand.passed or hand.phase is Phase.PLAYING else 0,
        bonus_card=bonus_card,
        four_colour=four_colour,
    )


def table_image(snap: TableSnapshot, names: Names, viewer: int = 0, locale: str | None = None) -> TableImage:
    trick = snap.trick
    leader = snap.leader
    winner = None
    if not trick and snap.last_trick is not None:
        # Between tricks, and after the hand's last trick (a moon choice, the game's end), show the
        # trick just taken with its winner highlighted.
        trick, leader, winner = snap.last_trick.cards, snap.last_trick.leader, snap.last_trick.winner
    n = len(snap.seats)
    played: dict[int, int] = {}
    if leader is not None:
        for i, card in enumerate(trick):
            played[(leader + i) % n] = card
    seats = tuple(
        TableSeat(
            name=plain_seat_name(s, names, icon=False, locale=locale),
            is_computer=s.is_computer,
            score=snap.totals[s.seat] if snap.totals else 0,
            hand_points=snap.points_taken[s.seat] if snap.points_taken else None,
            played=played.get(s.seat),
            cards_left=snap.cards_left[s.seat] if snap.phase is Phase.PLAYING and snap.cards_left else None,
        )
        for s in snap.seats
    )
    to_move = snap.waiting[0] if len(snap.waiting) == 1 else None
    return TableImage(
        seats=seats,
        leader=leader,
        to_move=to_move,
        hearts_broken=snap.hearts_broken,
        winner=winner,
        viewer=viewer,
        hand_number=snap.hand_number,
        trick_number=trick_shown(snap, taken=winner is not None),
        bonus_card=snap.options.rules.bonus_card,
    )


def trick_shown(snap: TableSnapshot, *, taken: bool) -> int | None:
    """The number of the trick the table picture shows: the one being played, or with ``taken``
    the one just taken (so the picture after a hand's last trick says 13 of 13, never 14)."""
    if not snap.tricks_won:
        return None
    done = sum(snap.tricks_won)
    return done if taken else done + 1


def score_sheet_image(
    sheet: ScoreSheet, names: Names, target: int | None, locale: str | None = None
) -> ScoreSheetImage:
    players = tuple(
        ScorePlayer(plain_seat_name(s, names, icon=False, locale=locale), s.is_computer) for s in sheet.seats
    )
    rows = tuple(
        ScoreRow(
            points=r.points,
            totals=r.totals,
            shooter=r.shooter if r.outcome in _SHOTS else None,
            shot=_SHOTS.get(r.outcome, Shot.MOON),
        )
        for r in sheet.rows
    )
    people = [s.seat for s in sheet.seats if not s.is_computer and s.kind is not None]
    return ScoreSheetImage(
        players=players, rows=rows, target=target, leaders=leaders(sheet.totals, people) or None
    )


def standings_image(
    result: GameResult, names: Names, hands_played: int, locale: str | None = None
) -> FinalStandings:
    places = [r.place for r in result.standings]
    rows = tuple(
        StandingRow(
            place=r.place if not r.is_computer else None,
            name=computer_name(r.seat or 0, icon=False, locale=locale)
            if r.is_computer or r.player_id is None
            else plain_player_name(r.player_id, names, locale),
            total=r.total,
            ranking_points=None if r.is_computer else r.ranking_points,
            shared=r.place is not None and places.count(r.place) > 1,
            is_computer=r.is_computer,
            quit=r.quit,
        )
        for r in result.standings
    )
    return FinalStandings(rows=rows, hands_played=hands_played)


class RenderPool:
    """Runs the renderers off the event loop: in worker processes in production (rendering is
    CPU-bound Python, and threads would hold the GIL the event loop needs), or in threads."""

    def __init__(self, executor: Executor | None = None) -> None:
        self._executor = executor  # None: the event loop's default thread pool

    async def _run(self, kind: str, render: Callable[..., bytes], *args: Any) -> bytes:
        """Draw in the pool; the time it took (queue included) goes to ``hearts_render_seconds``."""
        with telemetry.RENDER.labels(kind).time():
            return await asyncio.get_running_loop().run_in_executor(self._executor, render, *args)

    async def hand(self, image: HandImage) -> bytes:
        return await self._run("hand", render_hand, image)

    async def table(self, image: TableImage, locale: str | None = None) -> bytes:
        """``locale``: the language of the words drawn (``bot.text.image_words``)."""
        return await self._run("table", render_table, image, image_words(locale))

    async def sheet(self, image: ScoreSheetImage, locale: str | None = None) -> bytes:
        return await self._run("score_sheet", render_score_sheet, image, image_words(locale))

    async def standings(self, image: FinalStandings, locale: str | None = None) -> bytes:
        return await self._run("standings", render_final_standings, image, image_words(locale))

    def close(self) -> None:
        """Stop the workers (renders still queued are dropped; the one running finishes)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    async def wait_closed(self, timeout: float) -> None:
        """After ``close``: wait (bounded) until the worker processes have exited."""
        if self._executor is not None:
            executor = self._executor
            try:
                async with asyncio.timeout(timeout):
                    await asyncio.to_thread(executor.shutdown, wait=True)
            except TimeoutError:
                pass  # bot.processes.stop_children ends the stragglers


def process_pool(workers: int) -> Executor:
    """Worker processes that load fonts and card art once, at start, and exit by themselves if
    the bot's process dies (``bot.processes``)."""
    return worker_pool(workers, warm_up)
