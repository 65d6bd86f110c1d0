"""The ``custom_id`` of every control: what it is for, parsed back after a restart.

A control's id carries everything needed to handle a click with no memory of the message: the
table, the seat and the move number it was made for (a click on an older move is refused as stale
by the table service). Ids stay far below Discord's 100-character limit. The regular expressions
here are the ``DynamicItem`` templates in ``cogs/controls.py``: one place for the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from bot.engine.cards import CardSet

PREFIX: Final = "hh"


class LobbyAction(Enum):
    JOIN = "join"
    LEAVE = "leave"
    ADD_COMPUTER = "bot"
    START = "start"
    CANCEL = "cancel"


class TableAction(Enum):
    SHOW_HAND = "hand"
    SCORE_SHEET = "sheet"
    REJOIN = "rejoin"


LOBBY_TEMPLATE: Final = rf"{PREFIX}:lobby:(?P<action>[a-z]+):(?P<table>\d+)"
TABLE_TEMPLATE: Final = rf"{PREFIX}:tbl:(?P<action>[a-z]+):(?P<table>\d+)"
PASS_SELECT_TEMPLATE: Final = rf"{PREFIX}:psel:(?P<table>\d+):(?P<seat>\d+):(?P<move>\d+)"
PASS_CONFIRM_TEMPLATE: Final = (
    rf"{PREFIX}:pok:(?P<table>\d+):(?P<seat>\d+):(?P<move>\d+):(?P<cards>[0-9a-f]+)"
)
PLAY_SELECT_TEMPLATE: Final = rf"{PREFIX}:play:(?P<table>\d+):(?P<seat>\d+):(?P<move>\d+)"
MOON_TEMPLATE: Final = rf"{PREFIX}:moon:(?P<table>\d+):(?P<seat>\d+):(?P<move>\d+):(?P<others>[01])"
LEADERBOARD_TEMPLATE: Final = rf"{PREFIX}:lb:(?P<order>[a-z]+):(?P<page>\d+)"


@dataclass(frozen=True, slots=True)
class SeatMove:
    """A control for one seat's move: which table, which seat, for which move number."""

    table: int
    seat: int
    move: int

    @classmethod
    def parse(cls, match: re.Match[str]) -> SeatMove:
        return cls(int(match["table"]), int(match["seat"]), int(match["move"]))


def lobby(action: LobbyAction, table: int) -> str:
    return f"{PREFIX}:lobby:{action.value}:{table}"


def table_button(action: TableAction, table: int) -> str:
    return f"{PREFIX}:tbl:{action.value}:{table}"


def pass_select(at: SeatMove) -> str:
    return f"{PREFIX}:psel:{at.table}:{at.seat}:{at.move}"


def pass_confirm(at: SeatMove, cards: CardSet) -> str:
    return f"{PREFIX}:pok:{at.table}:{at.seat}:{at.move}:{cards:x}"


def play_select(at: SeatMove) -> str:
    return f"{PREFIX}:play:{at.table}:{at.seat}:{at.move}"


def moon(at: SeatMove, add_to_others: bool) -> str:
    return f"{PREFIX}:moon:{at.table}:{at.seat}:{at.move}:{int(add_to_others)}"


def leaderboard(order: str, page: int) -> str:
    return f"{PREFIX}:lb:{order}:{page}"


_SEAT_MOVE_IDS: Final = tuple(
    re.compile(template)
    for template in (PASS_SELECT_TEMPLATE, PASS_CONFIRM_TEMPLATE, PLAY_SELECT_TEMPLATE, MOON_TEMPLATE)
)


def seat_move_of(custom_id: str) -> SeatMove | None:
    """The seat move a control's ``custom_id`` was made for, if it is a move's control."""
    for pattern in _SEAT_MOVE_IDS:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return SeatMove.parse(match)
    return None
