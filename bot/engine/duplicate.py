"""Duplicate play (RULES.md §3a): the same boards for many people, each compared only with those
who held the same cards.

A *board* is one deal: the cards in their seats, the pass direction and the rules, derived from a
seed exactly as a ``Game`` with that seed deals its hands, so a table seeded with an event's (or a
day's) seed plays its boards. Matchpoints and places are general (any number of boards, any seat
count, any number of people): the daily challenge and server events share them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.engine.cards import CardSet
from bot.engine.game import hand_seed
from bot.engine.hand import deal
from bot.engine.rules import PassDirection, RuleSet
from bot.engine.standings import shared_places


@dataclass(frozen=True, slots=True)
class Board:
    """One deal of a duplicate series: ``number`` is its hand number (1-based), ``hands`` the cards
    each seat holds as dealt (before passing)."""

    number: int
    rules: RuleSet
    direction: PassDirection
    hands: tuple[CardSet, ...]


def board(rules: RuleSet, seed: int | str, number: int) -> Board:
    """Board ``number`` of the series ``seed``: the deal a ``Game`` seeded with ``seed`` plays as its
    hand ``number``."""
    if number < 1:
        raise ValueError(f"boards are numbered from 1, not {number}")
    hands = tuple(deal(rules, hand_seed(seed, number)))
    return Board(number, rules, rules.pass_direction(number), hands)


def boards(rules: RuleSet, seed: int | str, count: int) -> tuple[Board, ...]:
    """The first ``count`` boards of the series ``seed``."""
    return tuple(board(rules, seed, n) for n in range(1, count + 1))


@dataclass(frozen=True, slots=True)
class Score:
    """One person's points on one board in one seat (``person`` is any id; computers are never
    scored, so they never appear here)."""

    person: str
    board: int
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """A person's matchpoints over the boards they played: ``points`` earned against the others on
    the same cards, out of ``top`` (the number of those others, summed over the boards)."""

    person: str
    points: Fraction
    top: int

    @property
    def percentage(self) -> float | None:
        """The share of the most they could have scored, in percent; None when nobody else held
        their cards (there was no one to compare with)."""
        if self.top == 0:
            return None
        return float(self.points * 100 / self.top)


def board_matchpoints(points: Sequence[int]) -> list[Fraction]:
    """Matchpoints of each of the people who held the same cards (one board, one seat): 1 for every
    other who took more points, ½ for every other who took the same."""
    return [
        sum(1 for other in points if other > mine)
        + Fraction(sum(1 for other in points if other == mine) - 1, 2)  # oneself is no tie
        for mine in points
    ]


def matchpoints(scores: Sequence[Score]) -> dict[str, Matchpoints]:
    """Every person's matchpoints over all their boards: each (board, seat) is compared apart.
    A person scored twice on the same board and seat is an error (one attempt each)."""
    groups: dict[tuple[int, int], list[Score]] = {}
    for s in scores:
        groups.setdefault((s.board, s.seat), []).append(s)
    earned: dict[str, Fraction] = {}
    top: dict[str, int] = {}
    for group in groups.values():
        people = [s.person for s in group]
        if len(set(people)) != len(people):
            raise ValueError(f"a person is scored twice on board {group[0].board}, seat {group[0].seat}")
        for s, mp in zip(group, board_matchpoints([s.points for s in group]), strict=True):
            earned[s.person] = earned.get(s.person, Fraction(0)) + mp
            top[s.person] = top.get(s.person, 0) + len(group) - 1
    return {p: Matchpoints(p, earned[p], top[p]) for p in earned}


def places(totals: Mapping[str, int]) -> dict[str, int]:
    """Places by total points, fewer is better; equal totals share the better place and the next
    places are skipped (the daily challenge's result)."""
    people = list(totals)
    return dict(zip(people, shared_places([totals[p] for p in people]), strict=True))


def percentile(total: int, everyone: Sequence[int]) -> float:
    """The share of everyone (the person included) whose total is no better than ``total``, in
    percent: 100 for the best, with ties counting for the person."""
    return Percentiles(everyone).of(total)


class Percentiles:
    """``percentile`` for many people of one day at once: everyone's totals sorted once, each
    person's share found by bisection."""

    def __init__(self, everyone: Sequence[int]) -> None:
        if not everyone:
            raise ValueError("a percentile needs at least the person's own total")
        self._sorted = sorted(everyone)

    def of(self, total: int) -> float:
        no_better = len(self._sorted) - bisect_left(self._sorted, total)
        return 100.0 * no_better / len(self._sorted)


def event_places(results: Mapping[str, Matchpoints], totals: Mapping[str, int]) -> dict[str, int]:
    """Event standings (RULES.md §3a): by matchpoint percentage, higher first; then by total
    points taken, fewer first; people equal on both share the place."""

    def key(p: str) -> tuple[Fraction, int]:
        mp = results[p]
        share = Fraction(0) if mp.top == 0 else mp.points / mp.top
        return (-share, totals[p])

    keys = {p: key(p) for p in results}
    ordered = sorted(keys.values())  # a place is 1 + how many are strictly better: O(n log n)
    return {p: 1 + bisect_left(ordered, k) for p, k in keys.items()}
