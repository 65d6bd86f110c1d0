"""A person's figures from the hands they played, for the ``/stats`` profile: how often they took
the Q♠, shot the moon and had one shot against them (the finished-game rows keep no Q♠ and no moon
against), from the action logs
of their last games replayed through the engine (``history``), and their coach accuracy.

A finished game never changes, so each game's figures are worked out once and kept
(``CACHED_GAMES``) by the ``Profiles`` of its database; the replays run in a thread, off the event
loop.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from bot.engine.cards import QUEEN_OF_SPADES
from bot.engine.scoring import HandOutcome
from bot.review.history import TableHistory, table_history
from bot.storage import Database
from bot.storage.reviews import Accuracy, recent_accuracy, recent_games
from bot.tables.replay import ReplayError

RECENT_GAMES: Final = 50
"""The games the hand figures are taken over."""
CACHED_GAMES: Final = 2000


@dataclass(frozen=True, slots=True)
class HandFigures:
    """One person's hands over their last games: how many, the Q♠ taken, moons shot by them and
    against them."""

    games: int = 0
    hands: int = 0
    queens: int = 0
    moons_shot: int = 0
    moons_conceded: int = 0

    def __add__(self, other: HandFigures) -> HandFigures:
        return HandFigures(
            self.games + other.games,
            self.hands + other.hands,
            self.queens + other.queens,
            self.moons_shot + other.moons_shot,
            self.moons_conceded + other.moons_conceded,
        )


@dataclass(frozen=True, slots=True)
class Profile:
    hands: HandFigures
    accuracy: Accuracy


def figures_of(history: TableHistory, player_id: str) -> HandFigures:
    """``player_id``'s figures in one game: the hands they played from the deal to the score (not
    the one they left during, which a computer finished for them), as their game's record counts
    them."""
    total = HandFigures(games=1)
    for record in history.hands:
        seat = record.played_through(player_id)
        if seat is None:
            continue
        queen = any(QUEEN_OF_SPADES in t.cards and t.winner == seat for t in record.tricks)
        moon = record.outcome is HandOutcome.MOON
        shot = moon and record.shooter == seat
        conceded = moon and record.shooter not in (None, seat)
        total += HandFigures(0, 1, int(queen), int(shot), int(conceded))
    return total


class Profiles:
    """The ``/stats`` profiles of one database's people. Each game's figures are kept by the
    database's own ``Profiles``, as table ids are the database's: a cache shared by a process once
    served a game of another database with the same id (the tests' bots, each on its own file)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._games: OrderedDict[tuple[int, str], HandFigures] = OrderedDict()

    async def of(self, guild_id: str, player_id: str) -> Profile:
        """The profile's figures for ``player_id`` on the server."""
        total = HandFigures()
        for table_id in await recent_games(self.db, guild_id, player_id, RECENT_GAMES):
            total += await self._game(table_id, player_id)
        return Profile(total, await recent_accuracy(self.db, player_id))

    async def _game(self, table_id: int, player_id: str) -> HandFigures:
        key = (table_id, player_id)
        found = self._games.get(key)
        if found is not None:
            self._games.move_to_end(key)
            return found
        row = await self.db.load_table(table_id)
        if row is None:
            return HandFigures()
        actions = await self.db.actions(table_id)
        try:
            history = await asyncio.to_thread(table_history, table_id, row.guild_id, row.channel_id, actions)
        except ReplayError:
            return HandFigures()  # a damaged log counts for nothing (the replay reports it when asked)
        found = figures_of(history, player_id)
        self._games[key] = found
        while len(self._games) > CACHED_GAMES:
            self._games.popitem(last=False)
        return found
