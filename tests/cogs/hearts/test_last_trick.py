"""The Last trick button on the table message: a private answer with the hand's last complete
trick, before the first one "no trick yet", and the same after a restart."""

from __future__ import annotations

from bot.text import card_name, t
from bot.text.controls import last_trick_text
from cogs.hearts._wording import seat_name
from discord_emulator.runner import BotRunner
from playtest.harness import Hearts, discord_presenter

LAST_TRICK = t("button.last_trick")


async def _ask(hearts: Hearts, user: object) -> str:
    from discord_emulator import User

    assert isinstance(user, User)
    table = await hearts.wait_table_message()
    ix = await hearts.emu.click(user, hearts.emu.message(table.id), label=LAST_TRICK)
    return (await hearts.reply(ix)).content


async def test_last_trick_before_and_after_a_trick_and_after_a_restart(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, hands=1)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    assert await _ask(hearts, bob) == t("last_trick.none")

    service = hearts.bot.service
    await hearts.play_until(lambda: service.snapshot(1).last_trick is not None, [alice, bob])
    await hearts.settle()
    trick = service.snapshot(1).last_trick
    assert trick is not None
    answer = await _ask(hearts, bob)
    seats = service.snapshot(1).seats
    names = (await discord_presenter(hearts.bot).state(1)).names
    plays = [(seat_name(seats[trick.seat_of(i, 4)], names), c) for i, c in enumerate(trick.cards)]
    assert answer == last_trick_text(plays, 1, seat_name(seats[trick.winner], names), None)
    assert "alice" in answer and "bob" in answer and card_name(trick.cards[0]) in answer

    await hearts.restart(bot_runner)
    assert await _ask(hearts, alice) == answer  # the same trick, from the database
