"""Every button of the game, as ``DynamicItem``s: each with its ``custom_id``
template and the builder of that id side by side, and the views built from them.

A ``DynamicItem`` is matched by its ``custom_id``, so a click is handled the same way before and
after a restart: no view state lives in memory. A control's id carries everything needed to handle a
click with no memory of the message: the table, the seat and the move number it was made for (a
click on an older move is refused as stale by the table service), and a card button its card (and,
while passing, the cards chosen so far: the choice lives in the message's buttons). Ids stay far
below Discord's 100-character limit (a test round-trips every control). Views built here contain
only dynamic items, so discord.py never stores them per message. A click is handed to the Hearts cog's
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

from bot.client.answers import answer_error
from bot.client.review import review_button
from bot.engine.cards import FULL_DECK, Card, CardSet, cards_of
from bot.engine.hand import Phase
from bot.engine.rules import RuleSet
from bot.tables import PrivateHand, TableSnapshot
from bot.tables.table import TableStatus
from bot.text import t
from bot.text.controls import card_label
from cogs.hearts._card_rows import card_rows
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
    LAST_TRICK = "last"
    ACTIVITY = "play"  # Open the table: Discord opens the Activity (cogs.activity) in the channel


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


# A number any database binds (a table's, a seat's, a move's): a longer one is claimed by no
# control, and answered as out of date (``bot.client.unclaimed``), never handed to the drivers.
_N: Final = r"\d{1,18}"
_SEAT_MOVE: Final = rf"(?P<table>{_N}):(?P<seat>{_N}):(?P<move>{_N})"


class ControlHandler(Protocol):
    """What a click does (``cogs.hearts._clicks.Clicks``): each answers its interaction once."""

    async def lobby(
        self, interaction: discord.Interaction[Any], action: LobbyAction | None, table_id: int
    ) -> None: ...

    async def table_button(
        self, interaction: discord.Interaction[Any], action: TableAction | None, table_id: int
    ) -> None: ...

    async def pass_toggled(
        self, interaction: discord.Interaction[Any], at: SeatMove, card: Card, chosen: CardSet
    ) -> None: ...

    async def pass_confirmed(
        self, interaction: discord.Interaction[Any], at: SeatMove, cards: CardSet
    ) -> None: ...

    async def play(self, interaction: discord.Interaction[Any], at: SeatMove, card: Card) -> None: ...

    async def moon(
        self, interaction: discord.Interaction[Any], at: SeatMove, add_to_others: bool
    ) -> None: ...

    async def rematch(
        self, interaction: discord.Interaction[Any], table_id: int, confirmed: int, yes: bool
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
    raises and leaves the click unanswered, so whatever it raises is answered here: a refusal with
    its reason, anything unexpected logged as a failure."""
    try:
        await work
    except Exception as exc:
        await answer_error(interaction, exc)


_CARD: Final = r"(?P<card>5[01]|[1-4]?[0-9])"  # a card's number, 0-51 (``bot.engine.cards``)


def _card(match: re.Match[str]) -> Card:
    return int(match["card"])


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


LOBBY_TEMPLATE: Final = rf"{PREFIX}:lobby:(?P<action>[a-z]+):(?P<table>{_N})"


def lobby_id(action: LobbyAction | None, table: int) -> str:
    return f"{PREFIX}:lobby:{action.value if action else 'none'}:{table}"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    def __init__(
        self, action: LobbyAction | None, table: int, row: int | None = None, locale: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(_LOBBY_LABEL[action], locale) if action else "?",
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


TABLE_TEMPLATE: Final = rf"{PREFIX}:tbl:(?P<action>[a-z]+):(?P<table>{_N})"


def table_button_id(action: TableAction | None, table: int) -> str:
    return f"{PREFIX}:tbl:{action.value if action else 'none'}:{table}"


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TABLE_TEMPLATE):
    _LABELS: ClassVar[dict[TableAction, tuple[str, discord.ButtonStyle]]] = {
        TableAction.SHOW_HAND: ("button.show_hand", discord.ButtonStyle.primary),
        TableAction.SCORE_SHEET: ("button.score_sheet", discord.ButtonStyle.secondary),
        TableAction.REJOIN: ("button.rejoin", discord.ButtonStyle.success),
        TableAction.LAST_TRICK: ("button.last_trick", discord.ButtonStyle.secondary),
        TableAction.ACTIVITY: ("button.open_table", discord.ButtonStyle.success),
    }

    def __init__(self, action: TableAction | None, table: int, locale: str | None = None) -> None:
        label, style = (
            self._LABELS.get(action, ("?", discord.ButtonStyle.secondary)) if action else ("?", None)
        )
        super().__init__(
            discord.ui.Button(
                label=t(label, locale) if action else "?",
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


PICK_TEMPLATE: Final = rf"{PREFIX}:pick:{_SEAT_MOVE}:{_CARD}:(?P<chosen>[0-9a-f]{{1,13}})"


def pick_id(at: SeatMove, card: Card, chosen: CardSet) -> str:
    """A card to tap while passing. ``chosen``: the cards chosen so far, the same on every button of
    the message, so the choice lives in the message itself (no memory, survives a restart)."""
    return f"{PREFIX}:pick:{at.id_part()}:{card}:{chosen:x}"


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PICK_TEMPLATE):
    """Tapping a card while passing chooses it, or puts it back."""

    def __init__(
        self,
        at: SeatMove,
        card: Card,
        chosen: CardSet,
        row: int | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=card_label(card, bool(chosen >> card & 1), locale),
                style=discord.ButtonStyle.primary if chosen >> card & 1 else discord.ButtonStyle.secondary,
                custom_id=pick_id(at, card, chosen),
                row=row,
            )
        )
        self.at = at
        self.card = card
        self.chosen = chosen

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickButton:
        return cls(SeatMove.parse(match), _card(match), int(match["chosen"], 16) & FULL_DECK)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(
            interaction, _handler(interaction).pass_toggled(interaction, self.at, self.card, self.chosen)
        )


PASS_CONFIRM_TEMPLATE: Final = rf"{PREFIX}:pok:{_SEAT_MOVE}:(?P<cards>[0-9a-f]{{1,13}})"


def pass_confirm_id(at: SeatMove, cards: CardSet) -> str:
    return f"{PREFIX}:pok:{at.id_part()}:{cards:x}"


class PassConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PASS_CONFIRM_TEMPLATE):
    """Passes the chosen cards; disabled until exactly the cards to pass are chosen."""

    def __init__(
        self,
        at: SeatMove,
        cards: CardSet,
        enabled: bool = True,
        row: int | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.pass_these", locale),
                style=discord.ButtonStyle.success,
                custom_id=pass_confirm_id(at, cards),
                disabled=not enabled,
                row=row,
            )
        )
        self.at = at
        self.cards = cards

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PassConfirm:
        return cls(SeatMove.parse(match), int(match["cards"], 16) & FULL_DECK)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _handler(interaction).pass_confirmed(interaction, self.at, self.cards))


CARD_TEMPLATE: Final = rf"{PREFIX}:card:{_SEAT_MOVE}:{_CARD}"


def card_id(at: SeatMove, card: Card) -> str:
    return f"{PREFIX}:card:{at.id_part()}:{card}"


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CARD_TEMPLATE):
    """One tap plays the card; a card that may not be played now is shown disabled."""

    def __init__(
        self,
        at: SeatMove,
        card: Card,
        playable: bool = True,
        row: int | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=card_label(card, False, locale),
                style=discord.ButtonStyle.primary if playable else discord.ButtonStyle.secondary,
                custom_id=card_id(at, card),
                disabled=not playable,
                row=row,
            )
        )
        self.at = at
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(SeatMove.parse(match), _card(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, _handler(interaction).play(interaction, self.at, self.card))


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


REMATCH_TEMPLATE: Final = rf"{PREFIX}:again:(?P<answer>[yn]):(?P<table>{_N}):(?P<confirmed>[0-9a-f]{{1,13}})"


def rematch_id(table: int, confirmed: int, yes: bool) -> str:
    """``confirmed``: the seats whose players have confirmed so far, a bit per seat, the same on
    both buttons of the message (the answers so far live in the message, not in memory)."""
    return f"{PREFIX}:again:{'y' if yes else 'n'}:{table}:{confirmed:x}"


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REMATCH_TEMPLATE):
    """Rematch (a player confirms) or Not this time (a player declines), on the final standings."""

    def __init__(self, table: int, confirmed: int, yes: bool, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.rematch" if yes else "button.rematch_decline", locale),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=rematch_id(table, confirmed, yes),
            )
        )
        self.table = table
        self.confirmed = confirmed
        self.yes = yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["table"]), int(match["confirmed"], 16) & 0xFFFF, match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = _handler(interaction)
        await _run(interaction, handler.rematch(interaction, self.table, self.confirmed, self.yes))


def rematch_view(
    table: int, confirmed: int, locale: str | None = None, last_hand: int | None = None
) -> discord.ui.View:
    """Rematch and Not this time, on the final standings: public, in the table's language; and
    Review hand for the last hand (``last_hand``), which the review extension answers."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table, confirmed, True, locale))
    view.add_item(RematchButton(table, confirmed, False, locale))
    if last_hand:
        view.add_item(review_button(table, last_hand, locale))
    return view


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    TableButton,
    PickButton,
    PassConfirm,
    CardButton,
    MoonButton,
    RematchButton,
)

_SEAT_MOVE_IDS: Final = tuple(
    re.compile(template) for template in (PICK_TEMPLATE, PASS_CONFIRM_TEMPLATE, CARD_TEMPLATE, MOON_TEMPLATE)
)


def seat_move_of(custom_id: str) -> SeatMove | None:
    """The seat move a control's ``custom_id`` was made for, if it is a move's control."""
    for pattern in _SEAT_MOVE_IDS:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return SeatMove.parse(match)
    return None


# -- views ---------------------------------------------------------------------------------


def lobby_view(snap: TableSnapshot, locale: str | None = None) -> discord.ui.View | None:
    if snap.status is not TableStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    for action in (LobbyAction.JOIN, LobbyAction.LEAVE, LobbyAction.ADD_COMPUTER):
        view.add_item(LobbyButton(action, snap.table_id, row=0, locale=locale))
    for action in (LobbyAction.START, LobbyAction.CANCEL):
        view.add_item(LobbyButton(action, snap.table_id, row=1, locale=locale))
    return view


def table_view(snap: TableSnapshot, locale: str | None = None, *, activity: bool = False) -> discord.ui.View:
    """Show my hand, Last trick and the score sheet while the game lasts; only the score sheet
    after it. With the Activity set up (``activity``), Open the table first while the game lasts."""
    view = discord.ui.View(timeout=None)
    playing = snap.status is TableStatus.PLAYING
    if playing and activity:
        view.add_item(TableButton(TableAction.ACTIVITY, snap.table_id, locale))
    if playing:
        view.add_item(TableButton(TableAction.SHOW_HAND, snap.table_id, locale))
        view.add_item(TableButton(TableAction.LAST_TRICK, snap.table_id, locale))
    view.add_item(TableButton(TableAction.SCORE_SHEET, snap.table_id, locale))
    if playing and snap.options.rejoin_allowed and any(s.left_player for s in snap.seats):
        view.add_item(TableButton(TableAction.REJOIN, snap.table_id, locale))
    if playing and snap.hand_number is not None and snap.hand_number > 1:
        view.add_item(review_button(snap.table_id, snap.hand_number - 1, locale))
    return view


def last_finished_hand(snap: TableSnapshot) -> int | None:
    """The last hand that was played to the end (a game abandoned mid-hand ends with one that
    wasn't): what Review hand under the final standings shows."""
    if snap.hand_number is None:
        return None
    last = snap.hand_number if snap.phase is Phase.SCORED else snap.hand_number - 1
    return last or None


def hand_view(
    hand: PrivateHand, rules: RuleSet, selected: CardSet = 0, locale: str | None = None
) -> discord.ui.View | None:
    """The controls of a private hand: what this seat may do now, or None. Every card of the hand
    is a button, in rows by suit (``_card_rows``): one tap plays it (cards that may not be played
    are disabled), or while passing chooses it; Pass these cards confirms once enough are chosen."""
    if not hand.your_turn:
        return None
    at = SeatMove(hand.table_id, hand.seat, hand.move_number)
    view = discord.ui.View(timeout=None)
    if hand.phase is Phase.PASSING and hand.pass_count and hand.passed is None:
        rows = card_rows(cards_of(hand.cards), extras=1)
        for row, cards in enumerate(rows):
            for card in cards:
                view.add_item(PickButton(at, card, selected, row=row, locale=locale))
        ready = selected.bit_count() == hand.pass_count
        view.add_item(PassConfirm(at, selected, enabled=ready, row=len(rows), locale=locale))
    elif hand.phase is Phase.PLAYING and hand.playable:
        for row, cards in enumerate(card_rows(cards_of(hand.cards))):
            for card in cards:
                view.add_item(CardButton(at, card, bool(hand.playable >> card & 1), row=row, locale=locale))
    elif hand.phase is Phase.MOON_CHOICE and hand.choose_moon:
        view.add_item(MoonButton(at, True, moon_choice(rules, True, locale)))
        view.add_item(MoonButton(at, False, moon_choice(rules, False, locale)))
    else:
        return None
    return view
