"""Every button and select menu of the game, as ``DynamicItem``s: each with its ``custom_id``
template and the builder of that id side by side, and the views built from them.

A ``DynamicItem`` is matched by its ``custom_id``, so a click is handled the same way before and
after a restart: no view state lives in memory. A control's id carries everything needed to handle a
click with no memory of the message: the table, the seat and the move number it was made for (a
click on an older move is refused as stale by the table service). Ids stay far below Discord's
100-character limit (a test round-trips every control). Views built here contain only dynamic
items, so discord.py never stores them per message. A click is handed to the Hearts cog's
``ControlHandler`` (reached through ``client.get_cog``), which talks to the table service.

Over 400 lines on purpose: six controls, each with its template, builder and class side by side,
and the views that combine them; split, a template would drift from its builder.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.client.answers import answer_failure
from bot.engine.cards import CardSet, card_code, card_name, cards_of, parse_card
from bot.engine.hand import Phase
from bot.engine.rules import RuleSet
from bot.tables import PrivateHand, TableSnapshot
from bot.tables.table import TableStatus
from bot.text import t
from cogs.hearts._wording import moon_choice

PREFIX: Final = "hh"
COG_NAME: Final = "Hearts"  # the name the Hearts cog is registered under (``client.get_cog``)


class LobbyAction(Enum):
    JOIN = "join"
    LEAVE = "leave"
    ADD_COMPUTER = "bot"
    START = "start"
    CANCEL = "cancel"


class TableAction(Enum):
    SHOW_HAND = "hand"
    SCORE_SHEET = "sheet"
    REJOIN = "rejoin"


@dataclass(frozen=True, slots=True)
class SeatMove:
    """A control for one seat's move: which table, which seat, for which move number."""

    table: int
    seat: int
    move_number: int

    @classmethod
    def parse(cls, match: re.Match[str]) -> SeatMove:
        return cls(int(match["table"]), int(match["seat"]), int(match["move"]))

    def id_part(self) -> str:
        return f"{self.table}:{self.seat}:{self.move_number}"


_SEAT_MOVE: Final = r"(?P<table>\d+):(?P<seat>\d+):(?P<move>\d+)"


class ControlHandler(Protocol):
    """What a click does (``cogs.hearts._clicks.Clicks``): each answers its interaction once."""

    async def lobby(
        self, interaction: discord.Interaction[Any], action: LobbyAction | None, table_id: int
    ) -> None: ...

    async def table_button(
        self, interaction: discord.Interaction[Any], action: TableAction | None, table_id: int
    ) -> None: ...

    async def pass_selected(
        self, interaction: discord.Interaction[Any], at: SeatMove, cards: CardSet | None
    ) -> None: ...

    async def pass_confirmed(
        self, interaction: discord.Interaction[Any], at: SeatMove, cards: CardSet
    ) -> None: ...

    async def play(self, interaction: discord.Interaction[Any], at: SeatMove, card: int | None) -> None: ...

    async def moon(
        self, interaction: discord.Interaction[Any], at: SeatMove, add_to_others: bool
    ) -> None: ...


@runtime_checkable
class HasControls(Protocol):
    """The Hearts cog as its controls see it."""

    @property
    def clicks(self) -> ControlHandler: ...


def _handler(interaction: discord.Interaction[Any]) -> ControlHandler:
    """The Hearts cog's click handlers: the controls reach the cog through the client, never by
    import (the cog imports the controls)."""
    client = interaction.client
    cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
    if not isinstance(cog, HasControls):
        raise RuntimeError("the Hearts extension is not loaded")
    return cog.clicks


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


LOBBY_TEMPLATE: Final = rf"{PREFIX}:lobby:(?P<action>[a-z]+):(?P<table>\d+)"


def lobby_id(action: LobbyAction | None, table: int) -> str:
    return f"{PREFIX}:lobby:{action.value if action else 'none'}:{table}"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    def __init__(self, action: LobbyAction | None, table: int, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(_LOBBY_LABEL[action]) if action else "?",
                style=_LOBBY_STYLE[action] if action else discord.ButtonStyle.secondary,
                custom_id=lobby_id(action, table),
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
        await _run(interaction, _handler(interaction).lobby(interaction, self.action, self.table))


TABLE_TEMPLATE: Final = rf"{PREFIX}:tbl:(?P<action>[a-z]+):(?P<table>\d+)"


def table_button_id(action: TableAction | None, table: int) -> str:
    return f"{PREFIX}:tbl:{action.value if action else 'none'}:{table}"


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TABLE_TEMPLATE):
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
                custom_id=table_button_id(action, table),
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
        await _run(interaction, _handler(interaction).table_button(interaction, self.action, self.table))


PASS_SELECT_TEMPLATE: Final = rf"{PREFIX}:psel:{_SEAT_MOVE}"


def pass_select_id(at: SeatMove) -> str:
    return f"{PREFIX}:psel:{at.id_part()}"


class PassSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PASS_SELECT_TEMPLATE):
    def __init__(self, at: SeatMove, hand: CardSet = 0, count: int = 3, selected: CardSet = 0) -> None:
        options = [
            discord.SelectOption(label=card_name(c), value=card_code(c), default=bool(selected >> c & 1))
            for c in cards_of(hand)
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=pass_select_id(at),
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
            _handler(interaction).pass_selected(interaction, self.at, _parse_cards(self.item.values)),
        )


PASS_CONFIRM_TEMPLATE: Final = rf"{PREFIX}:pok:{_SEAT_MOVE}:(?P<cards>[0-9a-f]+)"


def pass_confirm_id(at: SeatMove, cards: CardSet) -> str:
    return f"{PREFIX}:pok:{at.id_part()}:{cards:x}"


class PassConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PASS_CONFIRM_TEMPLATE):
    def __init__(self, at: SeatMove, cards: CardSet) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.confirm_pass", count=cards.bit_count()),
                style=discord.ButtonStyle.success,
                custom_id=pass_confirm_id(at, cards),
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
        await _run(interaction, _handler(interaction).pass_confirmed(interaction, self.at, self.cards))


PLAY_SELECT_TEMPLATE: Final = rf"{PREFIX}:play:{_SEAT_MOVE}"


def play_select_id(at: SeatMove) -> str:
    return f"{PREFIX}:play:{at.id_part()}"


class PlaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PLAY_SELECT_TEMPLATE):
    def __init__(self, at: SeatMove, playable: CardSet = 0) -> None:
        options = [discord.SelectOption(label=card_name(c), value=card_code(c)) for c in cards_of(playable)]
        super().__init__(
            discord.ui.Select(
                custom_id=play_select_id(at),
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
        await _run(interaction, _handler(interaction).play(interaction, self.at, card))


MOON_TEMPLATE: Final = rf"{PREFIX}:moon:{_SEAT_MOVE}:(?P<others>[01])"


def moon_id(at: SeatMove, add_to_others: bool) -> str:
    return f"{PREFIX}:moon:{at.id_part()}:{int(add_to_others)}"


class MoonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=MOON_TEMPLATE):
    def __init__(self, at: SeatMove, add_to_others: bool, label: str | None = None) -> None:
        """``label``: None for a button rebuilt from its custom_id (its message keeps the label)."""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=moon_id(at, add_to_others),
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
        await _run(interaction, _handler(interaction).moon(interaction, self.at, self.add_to_others))


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TableButton,
    PassSelect,
    PassConfirm,
    PlaySelect,
    MoonButton,
)

_SEAT_MOVE_IDS: Final = tuple(
    re.compile(template)
    for template in (PASS_SELECT_TEMPLATE, PASS_CONFIRM_TEMPLATE, PLAY_SELECT_TEMPLATE, MOON_TEMPLATE)
)


def seat_move_of(custom_id: str) -> SeatMove | None:
    """The seat move a control's ``custom_id`` was made for, if it is a move's control."""
    for pattern in _SEAT_MOVE_IDS:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return SeatMove.parse(match)
    return None


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
        view.add_item(MoonButton(at, True, moon_choice(rules, True)))
        view.add_item(MoonButton(at, False, moon_choice(rules, False)))
    else:
        return None
    return view
