"""The names people chose are plain text in the bot's messages (``_wording.text_name``): Discord
reads a message as markdown, so a nickname could pass for the bot's own link or restyle its lines.
The pictures and their alt text draw the same names as they are."""

from __future__ import annotations

from discord.utils import escape_markdown

from discord_emulator import Message
from playtest.harness import Hearts

LINK = "[Show my hand](https://ev.il)"  # a masked link that looks like the table message's button
STYLED = "**b** ||c|| `d` ~~e~~ _f_ @everyone"


def said_plainly(name: str, content: str) -> bool:
    """``name`` is in ``content``, and only escaped: no markdown of it is live."""
    escaped = escape_markdown(name).replace("@everyone", "@\u200beveryone")
    return escaped in content and name not in content.replace(escaped, "")


def alt_texts(message: Message) -> str:
    return " ".join(a.description or "" for a in message.attachments)


async def test_a_nickname_is_plain_text_in_messages_and_as_it_is_in_pictures(hearts: Hearts) -> None:
    emu = hearts.emu
    alice, bob = hearts.people[:2]
    emu.set_nick(hearts.guild, alice, LINK)
    emu.set_nick(hearts.guild, bob, STYLED)
    lobby = await hearts.open_table(alice, seats=4, hands=1, passing="none")
    await hearts.click(bob, lobby, "Join")
    await emu.wait_until(lambda: "(2/4)" in emu.message(lobby.id).content, what="bob seated")
    content = emu.message(lobby.id).content
    assert f"Host: {escape_markdown(LINK)}\n" in content
    assert said_plainly(LINK, content) and said_plainly(STYLED, content)

    await hearts.click(alice, lobby, "Start")
    await emu.wait_until(
        lambda: (table := hearts.table_message()) is not None and table.attachments, what="the table drawn"
    )
    table = hearts.table_message()
    assert table is not None
    assert LINK in alt_texts(table) and STYLED in alt_texts(table)  # the picture's names: no backslash
    assert "\\" not in alt_texts(table)

    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()
    (over,) = hearts.public("Game over")
    assert said_plainly(LINK, over.content) and said_plainly(STYLED, over.content)
    assert LINK in alt_texts(over) and STYLED in alt_texts(over) and "\\" not in alt_texts(over)
    (scored,) = hearts.public("**Hand 1:**")
    assert said_plainly(LINK, scored.content) and said_plainly(STYLED, scored.content)
