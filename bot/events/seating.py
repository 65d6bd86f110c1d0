"""Who sits where in a round (pure): round 1 at random, later rounds by standing, avoiding pairs
that already met where the numbers allow; the seats rotated from table to table so that the
people of one table hold different seats' cards and every seat's cards are held by people at some
table (the computers' seats move round)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

LOOKAHEAD = 2  # a later round looks this many tables' worth of places down the standings for a new face


@dataclass(frozen=True, slots=True)
class Placement:
    player_id: str
    table_index: int
    seat: int


def table_sizes(people: int, players: int) -> list[int]:
    """As few tables as hold everyone, the people spread evenly (computers fill the rest)."""
    if people < 1:
        return []
    count = -(-people // players)
    base, extra = divmod(people, count)
    return [base + 1 if i < extra else base for i in range(count)]


def first_round(people: Sequence[str], players: int, rng: random.Random) -> list[Placement]:
    order = list(people)
    rng.shuffle(order)
    return placements(group(order, players, ()), players)


def later_round(standing: Sequence[str], players: int, met: Collection[frozenset[str]]) -> list[Placement]:
    """``standing``: everyone in the order of the standings, best first."""
    return placements(group(standing, players, met), players)


def group(order: Sequence[str], players: int, met: Collection[frozenset[str]]) -> list[list[str]]:
    """Tables in ``order``: each starts with the best placed person left and takes the next ones
    down who met nobody at it yet (looking at most ``LOOKAHEAD`` tables' worth ahead, so that people
    with similar results stay together), else simply the next."""
    remaining = list(order)
    tables: list[list[str]] = []
    for size in table_sizes(len(order), players):
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[: LOOKAHEAD * players]
            fresh = next((p for p in window if all(frozenset((p, q)) not in met for q in table)), None)
            pick = remaining[0] if fresh is None else fresh
            remaining.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def placements(tables: Sequence[Sequence[str]], players: int) -> list[Placement]:
    """Person ``j`` of table ``k`` sits in seat ``(j + k) mod players``."""
    return [
        Placement(person, k, (j + k) % players)
        for k, table in enumerate(tables)
        for j, person in enumerate(table)
    ]


def pairs(placed: Sequence[Placement]) -> set[frozenset[str]]:
    """The pairs of people who sat at one table."""
    by_table: dict[int, list[str]] = {}
    for p in placed:
        by_table.setdefault(p.table_index, []).append(p.player_id)
    return {frozenset((a, b)) for people in by_table.values() for a in people for b in people if a != b}
