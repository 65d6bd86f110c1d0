"""The ``custom_id``s of the review's buttons, in one place: the Hearts extension puts a Review hand
button on its table message and under the final standings, and the review extension handles every
click; extensions never import each other, so both take the template and builder from here.

An id carries all a click needs after a restart: the table, the hand and the replay step shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

PREFIX: Final = "hr"


class ReviewControl(Enum):
    OPEN = "open"  # Review hand: the replay's first step and the coach, privately
    STEP = "step"  # ◀ / ▶: another step of the replay
    ANIMATION = "anim"  # the whole hand as one animated image


@dataclass(frozen=True, slots=True)
class ReviewAt:
    control: ReviewControl
    table: int
    hand: int
    step: int = 0


TEMPLATE: Final = (
    rf"{PREFIX}:(?P<control>open|step|anim):(?P<table>\d{{1,18}}):(?P<hand>\d{{1,6}}):(?P<step>\d{{1,3}})"
)


def review_id(at: ReviewAt) -> str:
    return f"{PREFIX}:{at.control.value}:{at.table}:{at.hand}:{at.step}"


def open_review_id(table: int, hand: int) -> str:
    """The Review hand button's id (the Hearts extension's table message and final standings)."""
    return review_id(ReviewAt(ReviewControl.OPEN, table, hand))


def parse_review_id(match: re.Match[str]) -> ReviewAt:
    return ReviewAt(
        ReviewControl(match["control"]), int(match["table"]), int(match["hand"]), int(match["step"])
    )
