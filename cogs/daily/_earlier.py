"""The choice offered to a person who asks for today's challenge while an earlier day's attempt
is unfinished (RULES.md §3a: one daily game at a time): go on with it, or give it up (no result
for that day) and start today's. Each button's ``custom_id`` carries the earlier day (the person
is whoever clicks), so a click is handled after a restart; whether the choice still stands is read
from the database at the click."""

from __future__ import annotations

import datetime as dt
import re
from enum import Enum
from typing import Any, Final

import discord

from bot.client.answers import to_cog
from bot.text import t
from cogs.daily._presenter import COG_NAME

CHOICE_TEMPLATE: Final = r"hh:daily:(?P<choice>on|new):(?P<day>\d{4}-\d{2}-\d{2})"


class Choice(Enum):
    GO_ON = "on"  # go on with the earlier day's attempt
    GIVE_UP = "new"  # give it up and start today's


def choice_id(choice: Choice, day: str) -> str:
    return f"hh:daily:{choice.value}:{day}"


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHOICE_TEMPLATE):
    """Go on with the earlier day's attempt, or give it up and start today's."""

    def __init__(self, choice: Choice, day: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if choice is Choice.GO_ON else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or choice.name, style=style, custom_id=choice_id(choice, day))
        )
        self.choice = choice
        self.day = day  # as written in the id: the click checks it (a forged id may name no day)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(Choice(match["choice"]), match["day"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await to_cog(interaction, COG_NAME, "choose", self.choice, self.day)


def choice_view(day: dt.date, number: int, today: int, locale: str) -> discord.ui.View:
    """The two buttons under the offer: the earlier day's ``number``, today's ``today``."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChoiceButton(Choice.GO_ON, day.isoformat(), t("button.daily_go_on", locale, number=number)))
    view.add_item(
        ChoiceButton(Choice.GIVE_UP, day.isoformat(), t("button.daily_give_up", locale, today=today))
    )
    return view
