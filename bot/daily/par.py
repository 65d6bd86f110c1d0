"""The day's par: ``hard`` in the person's seat against the same computers the person meets.

The computers answer exactly as at a daily table (``computer_seed`` from the day's seed, the move
number and the seat; the move number advancing as the table's does), so par is what a strong
player would have scored in the person's place. Hard is given a fixed amount of work (``deals``)
instead of a time budget: par is the same on any machine, under any load, in any process. Every
decision goes through the table service's worker pool, off the event loop and sharing its CPU
with the live tables.
"""

from __future__ import annotations

from typing import Final

from bot.ai import Level
from bot.daily.days import RULES
from bot.engine.game import Game, Occupant
from bot.tables.computers import ComputerPool, computer_seed
from bot.tables.table import bumps_move

PERSON_SEAT: Final = 0  # where the person sits at a daily table


async def par_hands(pool: ComputerPool, day_seed: int, deals: int) -> tuple[int, ...]:
    """Hard's points per hand in the person's seat on the day of ``day_seed``."""
    game = Game(RULES, day_seed, [Occupant.computer()] * RULES.players)
    move_number = 1
    while not game.over:
        seat = game.hand.waiting_for()[0]
        hard = seat == PERSON_SEAT
        move = await pool.decide(
            game.view(seat),
            Level.HARD if hard else Level.NORMAL,
            computer_seed(day_seed, move_number, seat),
            deals=deals if hard else None,
        )
        game.apply(move)
        if bumps_move(game, move):
            move_number += 1
    return tuple(row.points[PERSON_SEAT] for row in game.sheet)
