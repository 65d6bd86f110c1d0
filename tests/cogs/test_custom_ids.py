"""Every control's ``custom_id``: its builder and its ``DynamicItem`` template agree. Built, matched
by the template and parsed back, a control has the same fields; the id fits Discord's 100
characters even with the largest values a control can carry."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

import cogs.leaderboard._commands
from cogs.daily import _earlier as earlier
from cogs.daily._earlier import Choice, ChoiceButton
from cogs.hearts import _controls as controls
from cogs.hearts._controls import LobbyAction, SeatMove, TableAction
from cogs.leaderboard import PageButton

BIG = 10**12  # far more tables, seats or move numbers than a bot will ever see
ALL_CARDS = (1 << 52) - 1
AT = SeatMove(BIG, 6, BIG)

# class → (examples built with its builder, the fields that must survive the round trip)
EXAMPLES: dict[type[discord.ui.DynamicItem[Any]], tuple[list[Callable[[], Any]], tuple[str, ...]]] = {
    controls.LobbyButton: (
        [lambda a=a: controls.LobbyButton(a, BIG) for a in LobbyAction],
        ("action", "table"),
    ),
    controls.TableButton: (
        [lambda a=a: controls.TableButton(a, BIG) for a in TableAction],
        ("action", "table"),
    ),
    controls.PickButton: (
        [lambda c=c: controls.PickButton(AT, c, ALL_CARDS) for c in (0, 9, 10, 51)],
        ("at", "card", "chosen"),
    ),
    controls.PassConfirm: (
        [lambda: controls.PassConfirm(AT, ALL_CARDS), lambda: controls.PassConfirm(AT, 0b111)],
        ("at", "cards"),
    ),
    controls.CardButton: ([lambda c=c: controls.CardButton(AT, c) for c in (0, 9, 10, 51)], ("at", "card")),
    controls.MoonButton: (
        [lambda o=o: controls.MoonButton(AT, o, "label") for o in (True, False)],
        ("at", "add_to_others"),
    ),
    controls.RematchButton: (
        [lambda y=y: controls.RematchButton(BIG, 0xFFFF, y) for y in (True, False)],
        ("table", "confirmed", "yes"),
    ),
    PageButton: (
        [lambda o=o, s=s: PageButton(o, 10**6, season=s) for o in ("points", "skill") for s in (0, 10**5)],
        ("order", "page", "season"),
    ),
    ChoiceButton: ([lambda c=c: ChoiceButton(c, "9999-12-31") for c in Choice], ("choice", "day")),
}


def _all_controls() -> set[type[discord.ui.DynamicItem[Any]]]:
    """Every ``DynamicItem`` class the extensions define (read from their modules: discord.py
    re-imports an extension's modules when a test bot loads it again)."""
    return {
        value
        for module in (controls, cogs.leaderboard._commands, earlier)
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, discord.ui.DynamicItem)
        and value.__module__ == module.__name__
    }


def test_every_control_has_examples() -> None:
    assert set(EXAMPLES) == _all_controls()
    assert set(controls.ALL_ITEMS) == _all_controls() - {PageButton, ChoiceButton}


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.__name__)
async def test_build_then_parse_gives_the_same_control(cls: type[discord.ui.DynamicItem[Any]]) -> None:
    builders, fields = EXAMPLES[cls]
    template: re.Pattern[str] = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    for build in builders:
        built = build()
        custom_id = built.custom_id
        assert len(custom_id) <= 100
        match = template.fullmatch(custom_id)
        assert match is not None, f"{cls.__name__}'s template does not match its own id {custom_id!r}"
        parsed = await cls.from_custom_id(None, built.item, match)  # type: ignore[arg-type]
        assert parsed.custom_id == custom_id
        for name in fields:
            assert getattr(parsed, name) == getattr(built, name), name


def test_a_seat_move_is_found_in_any_move_control() -> None:
    for custom_id in (
        controls.pick_id(AT, 51, ALL_CARDS),
        controls.pass_confirm_id(AT, ALL_CARDS),
        controls.card_id(AT, 51),
        controls.moon_id(AT, True),
    ):
        assert controls.seat_move_of(custom_id) == AT
    assert controls.seat_move_of(controls.table_button_id(TableAction.SHOW_HAND, 1)) is None


def test_a_card_id_names_a_card_of_the_deck() -> None:
    """A forged id with no such card is not a card button's (so never reaches the service)."""
    for cls, make in ((controls.CardButton, controls.card_id), (controls.PickButton, controls.pick_id)):
        template: re.Pattern[str] = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        args = (AT, 52) if cls is controls.CardButton else (AT, 52, 0)
        assert template.fullmatch(make(*args)) is None  # type: ignore[operator]
