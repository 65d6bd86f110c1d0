"""Seat changes before the game starts: pure functions on the list of seats (None = empty)."""

from __future__ import annotations

from bot.engine.game import Occupant
from bot.tables.refusals import Refused, TableRefusal

Seats = list[Occupant | None]


def seat_for_joiner(seats: Seats, wanted: int | None) -> int:
    """The seat a person joining gets: the one asked for, else the first empty one, else the first
    computer's (a person always displaces a computer before the game)."""
    if wanted is not None:
        if not 0 <= wanted < len(seats):
            raise Refused(TableRefusal.NO_SUCH_SEAT, seat=wanted)
        occupant = seats[wanted]
        if occupant is not None and not occupant.is_computer:
            raise Refused(TableRefusal.SEAT_TAKEN, seat=wanted)
        return wanted
    for s, o in enumerate(seats):
        if o is None:
            return s
    for s, o in enumerate(seats):
        if o is not None and o.is_computer:
            return s
    raise Refused(TableRefusal.TABLE_FULL)


def empty_seat(seats: Seats, wanted: int | None) -> int:
    if wanted is not None:
        if not 0 <= wanted < len(seats):
            raise Refused(TableRefusal.NO_SUCH_SEAT, seat=wanted)
        if seats[wanted] is not None:
            raise Refused(TableRefusal.SEAT_TAKEN, seat=wanted)
        return wanted
    for s, o in enumerate(seats):
        if o is None:
            return s
    raise Refused(TableRefusal.TABLE_FULL)


def first_person(seats: Seats) -> Occupant | None:
    return next((o for o in seats if o is not None and not o.is_computer), None)
