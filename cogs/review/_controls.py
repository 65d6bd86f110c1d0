"""The review's view under a replay step: ◀ ▶ and the animation. The button itself
(``bot.client.review``) is shared with the Hearts extension, which puts Review hand on its table
message and under the final standings."""

from __future__ import annotations

import discord

from bot.client.review import ReviewButton
from bot.review.ids import ReviewAt, ReviewControl
from bot.text import t


def steps_view(table: int, hand: int, step: int, count: int, locale: str | None = None) -> discord.ui.View:
    """◀ ▶ (the step they lead to is in their ids) and the whole hand animated."""
    view = discord.ui.View(timeout=None)
    back = ReviewAt(ReviewControl.STEP, table, hand, max(step - 1, 0))
    forward = ReviewAt(ReviewControl.STEP, table, hand, min(step + 1, count - 1))
    view.add_item(ReviewButton(back, t("button.review_previous", locale), disabled=step == 0))
    view.add_item(ReviewButton(forward, t("button.review_next", locale), disabled=step >= count - 1))
    animation = ReviewAt(ReviewControl.ANIMATION, table, hand)
    view.add_item(ReviewButton(animation, t("button.review_animation", locale)))
    return view
