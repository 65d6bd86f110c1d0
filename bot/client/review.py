"""The review's button (Review hand, ◀ ▶, the animation), shared by two extensions without either
importing the other: the Hearts extension shows Review hand on its table message and under the
final standings; the review extension (``cogs.review``) registers the button and handles every
click, which reaches its cog through the client (``bot.client.answers.to_cog``). The id carries
the table, the hand and the step (``bot.review.ids``), so a click is handled after a restart."""

from __future__ import annotations

import re
from typing import Any, Final

import discord

from bot.client.answers import to_cog
from bot.review.ids import TEMPLATE, ReviewAt, ReviewControl, parse_review_id, review_id
from bot.text import t

REVIEW_COG: Final = "Review"  # the name the review cog is registered under


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Any of the review's buttons: what it does is in its id."""

    def __init__(self, at: ReviewAt, label: str = "", disabled: bool = False) -> None:
        primary = at.control is not ReviewControl.STEP
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=review_id(at),
                disabled=disabled,
            )
        )
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReviewButton:
        return cls(parse_review_id(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await to_cog(interaction, REVIEW_COG, "clicked", self.at)


def review_button(table: int, hand: int, locale: str | None = None) -> ReviewButton:
    """Review hand: ``hand`` of ``table`` face up with the coach, privately."""
    return ReviewButton(ReviewAt(ReviewControl.OPEN, table, hand), t("button.review_hand", locale, hand=hand))


def review_view(table: int, hand: int, locale: str | None = None) -> discord.ui.View:
    """Review hand alone: under a public replay, and under the standings once the Rematch offer is
    over."""
    view = discord.ui.View(timeout=None)
    view.add_item(review_button(table, hand, locale))
    return view
