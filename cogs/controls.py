"""Every button and select menu of the bot, as ``DynamicItem``s, and the views built from them.

A ``DynamicItem`` is matched by its ``custom_id`` (``bot.presenter.custom_ids``), so a click is
handled the same way before and after a restart: no view state lives in memory. Views built here
contain only dynamic items, so discord.py never stores them per message. A click is handed to
``bot.actions`` (``cogs.actions.Actions``), which talks to the table service.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from bot.engine.cards import CardSet, card_code, card_name, cards_of, parse_card
from bot.engine.hand import Phase
from bot.engine.rules import RuleSet
from bot.presenter import custom_ids as ids
from bot.presenter import describe
from bot.presenter.custom_ids import LobbyAction, SeatMove, TableAction
from bot.tables import PrivateHand, TableSnapshot
from bot.tables.table import TableStatus
from bot.text import t
from cogs.actions import answer_failure

if TYPE_CHECKING:
    from cogs.actions import Actions


def _actions(interaction: discord.Interaction[Any]) -> Actions:
    return interaction.client.actions  # type: ignore[no-any-return]


async def _run(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Every control's callback goes through here: discord.py only logs what a ``DynamicItem``
    raises and leaves the click unanswered, so anything unexpected is answered and logged here."""
    try:
        await work
    except Exception as exc:
        await answer_failure(interaction, exc)


def _parse_cards(values: list[str]) -> CardSet | None:
    mask = 0
    try:
        for v in values:
            mask |= 1 << parse_card(v)
    except ValueError:
        return None
    return mask


_LOBBY_STYLE = {
    LobbyAction.JOIN: discord.ButtonStyle.success,
    LobbyAction.LEAVE: discord.ButtonStyle.secondary,
    LobbyAction.ADD_COMPUTER: discord.ButtonStyle.secondary,
    LobbyAction.START: discord.ButtonStyle.primary,
    LobbyAction.CANCEL: discord.ButtonStyle.danger,
}
_LOBBY_LABEL = {
    LobbyAction.JOIN: "button.join",
    LobbyAction.LEAVE: "button.leave",
    LobbyAction.ADD_COMPUTER: "button.add_computer",
    LobbyAction.START: "button.start",
    LobbyAction.CANCEL: "button.cancel",
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    def __init__(self, action: LobbyAction | None, table: int, row: int | None = None) -> None:
        action_value = action.value if action else "none"
        super().__init__(
            discord.ui.Button(
                label=t(_LOBBY_LABEL[action]) if action else "?",
                style=_LOBBY_STYLE[action] if action else discord.ButtonStyle.secondary,
                custom_id=f"{ids.PREFIX}:lobby:{action_value}:{table}",
                row=row,
            )
        )
        self.action = action
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        try:
            action: LobbyAction | None = LobbyAction(match["action"])
        except ValueError:
            action = None
        return cls(action, int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _actions(interaction).lobby(interaction, self.action, self.table))


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TABLE_TEMPLATE):
    _LABELS: ClassVar[dict[TableAction, tuple[str, discord.ButtonStyle]]] = {
        TableAction.SHOW_HAND: ("button.show_hand", discord.ButtonStyle.primary),
        TableAction.SCORE_SHEET: ("button.score_sheet", discord.ButtonStyle.secondary),
        TableAction.REJOIN: ("button.rejoin", discord.ButtonStyle.success),
    }

    def __init__(self, action: TableAction | None, table: int) -> None:
        label, style = (
            self._LABELS.get(action, ("?", discord.ButtonStyle.secondary)) if action else ("?", None)
        )
        super().__init__(
            discord.ui.Button(
                label=t(label) if action else "?",
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"{ids.PREFIX}:tbl:{action.value if action else 'none'}:{table}",
            )
        )
        self.action = action
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        try:
            action: TableAction | None = TableAction(match["action"])
        except ValueError:
            action = None
        return cls(action, int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _actions(interaction).table_button(interaction, self.action, self.table))


class PassSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.PASS_SELECT_TEMPLATE):
    def __init__(self, at: SeatMove, hand: CardSet = 0, count: int = 3, selected: CardSet = 0) -> None:
        options = [
            discord.SelectOption(label=card_name(c), value=card_code(c), default=bool(selected >> c & 1))
            for c in cards_of(hand)
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.pass_select(at),
                placeholder=t("select.pass_placeholder", count=count),
                min_values=count,
                max_values=count,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PassSelect:
        return cls(SeatMove.parse(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(
            interaction,
            _actions(interaction).pass_selected(interaction, self.at, _parse_cards(self.item.values)),
        )


class PassConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PASS_CONFIRM_TEMPLATE):
    def __init__(self, at: SeatMove, cards: CardSet) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.confirm_pass", count=cards.bit_count()),
                style=discord.ButtonStyle.success,
                custom_id=ids.pass_confirm(at, cards),
            )
        )
        self.at = at
        self.cards = cards

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PassConfirm:
        return cls(SeatMove.parse(match), int(match["cards"], 16) & ((1 << 52) - 1))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _actions(interaction).pass_confirmed(interaction, self.at, self.cards))


class PlaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.PLAY_SELECT_TEMPLATE):
    def __init__(self, at: SeatMove, playable: CardSet = 0) -> None:
        options = [discord.SelectOption(label=card_name(c), value=card_code(c)) for c in cards_of(playable)]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.play_select(at),
                placeholder=t("select.play_placeholder"),
                min_values=1,
                max_values=1,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.at = at

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlaySelect:
        return cls(SeatMove.parse(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cards = _parse_cards(self.item.values)
        card = cards_of(cards)[0] if cards is not None and cards.bit_count() == 1 else None
        await _run(interaction, _actions(interaction).play(interaction, self.at, card))


class MoonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MOON_TEMPLATE):
    def __init__(self, at: SeatMove, add_to_others: bool, label: str | None = None) -> None:
        """``label``: None for a button rebuilt from its custom_id (its message keeps the label)."""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=ids.moon(at, add_to_others),
            )
        )
        self.at = at
        self.add_to_others = add_to_others

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoonButton:
        return cls(SeatMove.parse(match), match["others"] == "1")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _actions(interaction).moon(interaction, self.at, self.add_to_others))


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LEADERBOARD_TEMPLATE):
    def __init__(self, order: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=ids.leaderboard(order, page),
                disabled=disabled,
            )
        )
        self.order = order
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        return cls(match["order"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _actions(interaction).leaderboard_page(interaction, self.order, self.page))


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TableButton,
    PassSelect,
    PassConfirm,
    PlaySelect,
    MoonButton,
    LeaderboardButton,
)


# -- views ---------------------------------------------------------------------------------


def lobby_view(snap: TableSnapshot) -> discord.ui.View | None:
    if snap.status is not TableStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    for action in (LobbyAction.JOIN, LobbyAction.LEAVE, LobbyAction.ADD_COMPUTER):
        view.add_item(LobbyButton(action, snap.table_id, row=0))
    for action in (LobbyAction.START, LobbyAction.CANCEL):
        view.add_item(LobbyButton(action, snap.table_id, row=1))
    return view


def table_view(snap: TableSnapshot) -> discord.ui.View:
    """Show my hand and the score sheet while the game lasts; only the score sheet after it."""
    view = discord.ui.View(timeout=None)
    playing = snap.status is TableStatus.PLAYING
    if playing:
        view.add_item(TableButton(TableAction.SHOW_HAND, snap.table_id))
    view.add_item(TableButton(TableAction.SCORE_SHEET, snap.table_id))
    if playing and snap.options.allow_rejoin and any(s.left_player for s in snap.seats):
        view.add_item(TableButton(TableAction.REJOIN, snap.table_id))
    return view


def hand_view(hand: PrivateHand, rules: RuleSet, selected: CardSet = 0) -> discord.ui.View | None:
    """The controls of a private hand: what this seat may do now, or None."""
    if not hand.your_turn:
        return None
    at = SeatMove(hand.table_id, hand.seat, hand.move)
    view = discord.ui.View(timeout=None)
    if hand.phase is Phase.PASSING and hand.pass_count and hand.passed is None:
        view.add_item(PassSelect(at, hand.cards, hand.pass_count, selected))
        if selected.bit_count() == hand.pass_count:
            view.add_item(PassConfirm(at, selected))
    elif hand.phase is Phase.PLAYING and hand.playable:
        view.add_item(PlaySelect(at, hand.playable))
    elif hand.phase is Phase.MOON_CHOICE and hand.choose_moon:
        view.add_item(MoonButton(at, True, describe.moon_choice(rules, True)))
        view.add_item(MoonButton(at, False, describe.moon_choice(rules, False)))
    else:
        return None
    return view


def leaderboard_view(order: str, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(order, max(page - 1, 0), t("button.previous"), disabled=page == 0))
    view.add_item(
        LeaderboardButton(order, min(page + 1, pages - 1), t("button.next"), disabled=page >= pages - 1)
    )
    return view


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*ALL_ITEMS)
