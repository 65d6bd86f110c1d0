"""What a closed season's summary shows, from its frozen board (docs/RULES.md "Seasons"): the top
places, the most games played, the best (lowest) points per hand among people with enough games,
and who gets the season's reward role. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.storage.leaderboard import BoardRow
from bot.storage.seasons import Season

TOP_PLACES: Final = 10  # the summary image's rows
FIGURES_SHOWN: Final = 3  # people named for the most games and the best points per hand
MIN_GAMES: Final = 5  # points per hand is a fair figure from this many games on
REWARDED_PLACES: Final = 3  # the reward role goes to places 1 to 3 (ties included)


@dataclass(frozen=True, slots=True)
class SeasonSummary:
    """A closed season's summary for one server: where it goes (``channel_id``, None: no post),
    the reward role (``role_id``) to give ``winners`` and take from ``previous``; ``again``: the
    post may already be on Discord (an earlier run stopped before noting it)."""

    season: Season
    players: int
    top: tuple[BoardRow, ...]
    most_games: tuple[BoardRow, ...]
    best_per_hand: tuple[BoardRow, ...]
    winners: tuple[str, ...]
    previous: tuple[str, ...]
    channel_id: str | None
    role_id: str | None
    again: bool = False


def summarise(
    season: Season,
    rows: Sequence[BoardRow],
    previous_rows: Sequence[BoardRow],
    channel_id: str | None,
    role_id: str | None,
    again: bool = False,
) -> SeasonSummary:
    """The summary of ``season`` from its board (``rows``, in place order) and the previous
    season's (whose top three lose the role unless they keep their place)."""
    most = sorted(rows, key=lambda r: (-r.games, r.position))[:FIGURES_SHOWN]
    steady = [r for r in rows if r.games >= MIN_GAMES and r.points_per_hand is not None]
    best = sorted(steady, key=lambda r: (r.points_per_hand, r.position))[:FIGURES_SHOWN]
    winners = tuple(r.player_id for r in rows if r.place <= REWARDED_PLACES)
    previous = tuple(
        r.player_id for r in previous_rows if r.place <= REWARDED_PLACES and r.player_id not in winners
    )
    return SeasonSummary(
        season=season,
        players=len(rows),
        top=tuple(rows[:TOP_PLACES]),
        most_games=tuple(most),
        best_per_hand=tuple(best),
        winners=winners,
        previous=previous,
        channel_id=channel_id,
        role_id=role_id,
        again=again,
    )
