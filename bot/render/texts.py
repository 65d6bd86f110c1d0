"""Every word that appears in an image, in one place so the images can be translated.

Renderers take a ``Words`` (English by default). A translation is another instance, e.g.
``Words.from_mapping({"total": "Gesamt", ...})``; fields with ``{…}`` are templates that renderers
fill with ``words.fill(template, **params)``. The default ``fill`` is ``str.format``; the
catalogues (``bot.text.image_words``) give one with the language's plural rules and number
format, so ``hands_played`` can read "1 hand" and "2 hands". Words are drawn with the same font
fallback as names, so any script works.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any


def format_template(template: str, **params: Any) -> str:
    return template.format(**params)


@dataclass(frozen=True, slots=True)
class Words:
    hand: str = "Hand"
    hand_number: str = "Hand {hand}"
    trick_number: str = "Trick {trick}"
    total: str = "Total"
    place: str = "Place"
    player: str = "Player"
    points: str = "Points"
    ranking_points: str = "Ranking"
    score_sheet: str = "Score sheet"
    final_standings: str = "Final standings"
    hearts_broken: str = "Hearts broken"
    hearts_not_broken: str = "Hearts not broken"
    game_to: str = "Game to {target}"
    hands_played: str = "{count} hands"
    earlier_hands: str = "{first}–{last}"
    shared_place: str = "={place}"
    unranked: str = "–"
    quit: str = "left"
    moon: str = "Moon"
    all_tricks: str = "All tricks"
    slam: str = "Slam"
    no_hands_yet: str = "No hands played yet"
    fill: Callable[..., str] = format_template

    @classmethod
    def from_mapping(cls, words: Mapping[str, str], fill: Callable[..., str] = format_template) -> Words:
        """English with the given fields replaced; unknown keys are an error (a typo, not a word)."""
        known = {f.name for f in fields(cls)} - {"fill"}
        unknown = set(words) - known
        if unknown:
            raise KeyError(f"unknown words: {sorted(unknown)}")
        return replace(cls(), fill=fill, **words)


ENGLISH = Words()
