"""The game's end reaches each person seated at it by DM, in their language, with a link to the final
standings in the thread: someone who plays only in their DMs learns the game ended. Not someone
whose DMs are closed, nor someone who left; nor twice when the end is offered again after a restart."""

from __future__ import annotations

from typing import Any

from bot.tables import events as ev
from bot.text import t
from discord_emulator import Message, route_keys
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts, discord_presenter


def _link(hearts: Hearts, message: Message) -> str:
    return f"https://discord.com/channels/{hearts.guild.id}/{message.channel_id}/{message.id}"


def _recording_ends(hearts: Hearts) -> list[ev.GameOver]:
    """The GameOver events the bot's presenter is given (to offer one again after a restart)."""
    presenter = discord_presenter(hearts.bot)
    shown = presenter.present
    ends: list[ev.GameOver] = []

    async def present(event: ev.TableEvent, *, again: bool = False) -> None:
        if isinstance(event, ev.GameOver):
            ends.append(event)
        await shown(event, again=again)

    presenter.present = present  # type: ignore[method-assign]
    return ends


async def test_the_end_of_a_game_is_told_by_dm_once_in_each_persons_language(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    alice, bob, carol, dave = hearts.people
    emu = hearts.emu
    bob.locale = "fr"  # his client's language: his private text is in French, the table's English
    emu.faults.close_dms(dave)
    hearts.no_dm.add(dave.id)
    ends = _recording_ends(hearts)
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.seat(lobby, [bob, carol, dave])
    await hearts.click(alice, lobby, "Start")
    await hearts.wait_table_message()
    # carol leaves mid-game: a computer plays her seat to the end
    left = await hearts.reply(await emu.slash(carol, hearts.general, "hearts leave"))
    assert left.content == t("reply.done")

    await hearts.play_until(hearts.game_over, [alice, bob, dave])
    await hearts.settle()
    (over,) = hearts.public(GAME_OVER)
    link = _link(hearts, over)

    # alice (English, as the table) gets the thread's words, under the table's title, and its link
    told = emu.dm_messages(alice)[-1]
    assert told.content.split("\n") == [
        t("lobby.title", table=1),
        *over.content.split("\n"),
        t("hand.jump", link=link),
    ]
    # bob gets them in French, the same lines
    told = emu.dm_messages(bob)[-1]
    lines = told.content.split("\n")
    assert lines[0] == t("lobby.title", "fr", table=1)
    assert lines[-1] == t("hand.jump", "fr", link=link)
    french_end = t("announce.game_over", "fr", winners="\0").split("\0")[0]
    assert lines[1].startswith(french_end) and GAME_OVER not in told.content
    assert len(lines) == len(over.content.split("\n")) + 2

    # dave's DMs are closed: the first refusal was the only try, and nothing was logged as failing
    dm = emu.dm_channel(dave)
    attempts = emu.requests.select(route_keys.CREATE_MESSAGE, where=lambda r: str(dm.id) in r.path)
    assert len(attempts) == 1 and attempts[0].status == 403
    assert not emu.dm_messages(dave)
    # carol left: the game's end is not hers to be told
    assert not [m for m in emu.dm_messages(carol) if link in m.content]

    # The end offered again after a restart (the bot stopped before noting it shown): no second DM,
    # nor a second post in the thread.
    (end,) = ends
    counts: dict[Any, int] = {who: len(emu.dm_messages(who)) for who in (alice, bob, carol)}
    await hearts.restart(bot_runner)
    await discord_presenter(hearts.bot).present(end, again=True)
    await hearts.settle()
    assert {who: len(emu.dm_messages(who)) for who in (alice, bob, carol)} == counts
    assert len(hearts.public(GAME_OVER)) == 1
    assert not emu.dm_messages(dave)
