"""The English catalogue of refusals: the engine's rule refusals and the table service's.

Parameters are filled with ``str.format``; cards and suits arrive as engine values and are named here.
"""

from __future__ import annotations

from typing import Any, Final

from bot.engine.cards import Suit, card_name
from bot.engine.moves import Refusal
from bot.tables.refusals import RefusalCode, TableRefusal

EN: Final[dict[RefusalCode, str]] = {
    Refusal.WRONG_PHASE: "That can't be done right now.",
    Refusal.NOT_YOUR_TURN: "It's not your turn.",
    Refusal.NOT_IN_HAND: "You don't hold that card.",
    Refusal.MUST_LEAD_FIRST_CARD: "The first trick must be led with the {card}.",
    Refusal.MUST_FOLLOW_SUIT: "You must follow suit ({suit}).",
    Refusal.HEARTS_NOT_BROKEN: "Hearts aren't broken yet: lead another suit.",
    Refusal.NO_POINTS_ON_FIRST_TRICK: "No hearts and no Q♠ on the first trick while you have another card.",
    Refusal.WRONG_PASS_COUNT: "Choose exactly {count} cards to pass.",
    Refusal.ALREADY_PASSED: "You have already chosen your cards to pass.",
    Refusal.NO_SUCH_SEAT: "There is no such seat.",
    Refusal.GAME_OVER: "This game is over.",
    TableRefusal.NO_SUCH_TABLE: "There is no such table.",
    TableRefusal.TABLE_CLOSED: "This table has closed: its game is over or it was cancelled.",
    TableRefusal.TABLE_BROKEN: "This table's saved game could not be read; a server admin has been told.",
    TableRefusal.NOT_HOST: "Only the table's host or a moderator can do that.",
    TableRefusal.NOT_MANAGER: "Only a server manager can change these settings.",
    TableRefusal.NOT_SEATED: "You're not playing at this table.",
    TableRefusal.ALREADY_SEATED: "You already have a seat at this table.",
    TableRefusal.SEAT_TAKEN: "Seat {seat} is taken.",
    TableRefusal.NO_SUCH_SEAT: "There is no seat {seat}.",
    TableRefusal.TABLE_FULL: "This table is full.",
    TableRefusal.NOT_A_COMPUTER: "Seat {seat} is not a computer player.",
    TableRefusal.NOT_IN_LOBBY: "The game has already started.",
    TableRefusal.NOT_PLAYING: "No game is running at this table.",
    TableRefusal.STALE: "That control is out of date: the game has moved on.",
    TableRefusal.TOO_MANY_SEATS: "More people are seated than {seats} seats.",
    TableRefusal.CHANNEL_NOT_ALLOWED: "Tables can't be opened in this channel.",
    TableRefusal.BAD_TIME_LIMIT: "The time limit must be between {min:g} and {max:g} seconds.",
    TableRefusal.BAD_RULES: "These rule options can't be played together ({rule}).",
    TableRefusal.CANNOT_REJOIN: "There is no seat for you to take back here.",
    TableRefusal.BUSY: "The bot is restarting; try again in a moment.",
}


def refusal_text(code: RefusalCode, **params: Any) -> str:
    """The sentence for a refusal code with its parameters."""
    shown = dict(params)
    if "card" in shown and isinstance(shown["card"], int):
        shown["card"] = card_name(shown["card"])
    if "suit" in shown and isinstance(shown["suit"], int):
        shown["suit"] = Suit(shown["suit"]).symbol
    return EN[code].format(**shown)
