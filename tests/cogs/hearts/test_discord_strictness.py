"""The bot against Discord's strict rules: the invite's permissions one missing at a time, the
admin command's visibility, pings that notify one person, answers before slow renders, the
catch-all error answer, and threads that archive under a slow game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables import Actor, ServerSettings
from bot.text import t
from cogs.hearts._commands import CHANNELS_SHOWN
from cogs.hearts._presenter import archive_duration
from discord_emulator import Callback, CommandNotAvailable, Permission, route_keys
from discord_emulator.pytest_plugin import ErrorLogCollector
from playtest.harness import Hearts, discord_presenter, next_tap

INVITE_BITS = {
    "view_channel": Permission.VIEW_CHANNEL,
    "send_messages": Permission.SEND_MESSAGES,
    "embed_links": Permission.EMBED_LINKS,
    "attach_files": Permission.ATTACH_FILES,
    "read_message_history": Permission.READ_MESSAGE_HISTORY,
    "create_public_threads": Permission.CREATE_PUBLIC_THREADS,
    "send_messages_in_threads": Permission.SEND_MESSAGES_IN_THREADS,
}
NEEDED_FOR_A_TABLE = {"view_channel", "send_messages", "attach_files"}
NEEDED_FOR_A_THREAD = {"read_message_history", "create_public_threads", "send_messages_in_threads"}


@pytest.mark.parametrize("name", INVITE_BITS)
async def test_each_invite_permission_removed_gets_a_clear_answer_or_still_plays(
    hearts: Hearts, name: str
) -> None:
    alice = hearts.people[0]
    emu = hearts.emu
    emu.set_overwrite(hearts.general, emu.bot, deny=INVITE_BITS[name])
    ix = await emu.slash(alice, hearts.general, "hearts new", seats=3)
    if name in NEEDED_FOR_A_TABLE:
        answer = await hearts.reply(ix)
        assert answer.content == t("reply.missing_permissions", permissions=t(f"permission.{name}"))
        assert not hearts.public("Hearts table #")  # nothing half-made
        return
    await ix.wait_acknowledged()
    lobby = await emu.wait_for_message(lambda m: bool(m.custom_ids), channel=hearts.general, since=ix)
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    if name in NEEDED_FOR_A_THREAD:
        assert table.channel_id == hearts.general.id  # played in the channel...
        note = await hearts.wait_public(t("announce.no_thread", permissions=t(f"permission.{name}"), table=1))
        assert note.channel_id == hearts.general.id  # ...and the channel is told why, in one line
        assert "\n" not in note.content
    else:
        assert emu.state.channels[table.channel_id].kind.is_thread
    assert table.attachments and "Show my hand" in table.labels
    refused = [r for r in emu.requests.records if r.status == 403]
    assert refused == [], [(r.route, r.code) for r in refused]  # checked first, never tried blindly


async def test_settings_is_a_top_level_command_for_managers_only(hearts: Hearts) -> None:
    emu = hearts.emu
    alice = hearts.people[0]
    synced = {c["name"]: c for c in emu.commands.list(None)}
    assert synced["hearts-settings"]["default_member_permissions"] in ("32", 32)  # Manage Server
    assert "settings" not in [o["name"] for o in synced["hearts"]["options"]]
    assert all(c["contexts"] == [0] for c in synced.values())  # no command offered in DMs
    with pytest.raises(CommandNotAvailable):
        await emu.slash(alice, hearts.general, "hearts-settings")
    with pytest.raises(CommandNotAvailable):
        await emu.slash(alice, emu.dm_channel(alice), "hearts rules")

    manager = emu.add_member(hearts.guild, emu.create_user("mod"), permissions=Permission.MANAGE_GUILD).user
    many = frozenset(str(10**17 + i) for i in range(120))
    current = await hearts.bot.service.server_settings(str(hearts.guild.id))
    await _save_channels(hearts, current, many)
    shown = await hearts.reply(await emu.slash(manager, hearts.general, "hearts-settings"))
    assert len(shown.content) <= 2000
    assert t("reply.list_more", items="", more=120 - CHANNELS_SHOWN).strip() in shown.content
    assert shown.notified == set()


async def _save_channels(hearts: Hearts, current: ServerSettings, channels: frozenset[str]) -> None:
    manager = Actor(str(hearts.guild.owner_id), is_moderator=True, manages_server=True)
    await hearts.bot.service.set_server_settings(
        manager, str(hearts.guild.id), ServerSettings(defaults=current.defaults, allowed_channels=channels)
    )


async def test_turn_pings_notify_exactly_that_player(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    emu.faults.close_dms(bob)
    hearts.no_dm.add(bob.id)
    lobby = await hearts.open_table(alice, seats=3, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(  # (deleted or not: each ping replaces the previous one)
        lambda: len([m for m in emu.state.messages.values() if bob.id in m.notified]) >= 3
    )
    pings = [m for m in emu.state.messages.values() if bob.mention in m.content]
    assert pings and all(m.notified == {bob.id} and not m.mention_everyone for m in pings)
    others = [m for m in emu.state.messages.values() if m.notified and bob.mention not in m.content]
    assert others == []  # nothing else the bot posted notified anybody
    for record in emu.requests.select(route_keys.CREATE_MESSAGE):
        allowed = (record.json or {}).get("allowed_mentions")
        assert allowed is not None and allowed.get("parse") == [], allowed


async def test_every_answer_comes_before_a_slow_render(hearts: Hearts) -> None:
    """Renders that take longer than Discord's 3 seconds (on the emulator's clock) still leave every
    interaction answered: each path defers before drawing."""
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    render = discord_presenter(hearts.bot).render
    slow: list[str] = []

    def slowed(name: str) -> Any:
        original = getattr(render, name)

        async def draw(*args: Any, **kwargs: Any) -> bytes:
            slow.append(name)
            emu.clock.advance(3.5)  # a render backlog: Discord's deadline passes meanwhile
            return await original(*args, **kwargs)  # type: ignore[no-any-return]

        return draw

    lobby = await hearts.open_table(alice, seats=3, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    dm = await hearts.hand_with(alice, "pick")
    table = await hearts.wait_table_message()
    # Every delivery of the start done (Bob's hand too), not only the requests sent so far: a
    # render slowed below moves the clock for every interaction waiting, the deck's too.
    await hearts.settle()
    await emu.settle()
    for name in ("hand", "sheet"):
        setattr(render, name, slowed(name))
    tap, drawn = next_tap(dm), dm.attachments[0].data
    deck = await emu.slash(alice, hearts.general, "hearts deck", style="four_colour")
    assert (await hearts.reply(deck)).attachments[0].filename == "deck.png"
    picked = await emu.click(alice, emu.message(dm.id), custom_id=tap)
    await emu.wait_until(
        lambda: emu.message(dm.id).edit_count > 0, what="the hand redrawn with the card chosen"
    )
    assert picked.response_type is Callback.DEFERRED_UPDATE_MESSAGE  # acknowledged before the render
    assert emu.message(dm.id).attachments[0].data != drawn  # the hand image shows the card chosen
    shown = await emu.click(alice, emu.message(table.id), label="Show my hand")
    assert (await hearts.reply(shown)).attachments
    sheet = await emu.click(alice, emu.message(table.id), label="Score sheet")
    assert (await hearts.reply(sheet)).attachments[0].filename == "scores.png"
    for ix in (deck, picked, shown, sheet):  # one at a time: a slow render moves the clock for all
        assert not ix.invalidated and all(c.status < 300 for c in ix.callbacks), ix.callbacks
    assert {"hand", "sheet"} <= set(slow)
    assert emu.interactions.deprecated_followups == []


async def test_an_unexpected_error_is_answered_and_logged(
    hearts: Hearts, error_log: ErrorLogCollector
) -> None:
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=3)
    allowance = error_log.allow(r"interaction .* failed.*RuntimeError: disk on fire", logger="bot.client")

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk on fire")

    hearts.bot.service.join = broken  # type: ignore[method-assign]
    command = await hearts.reply(await emu.slash(bob, hearts.general, "hearts join"))
    assert command.content == t("reply.error")
    click = await hearts.reply(await emu.click(bob, emu.message(lobby.id), label="Join"))
    assert click.content == t("reply.error")
    assert allowance.seen == 2  # each with its traceback in the log
    assert "bob" not in emu.message(lobby.id).content  # nothing was changed
    # in the language the person chose, as every private answer (their client's is English)
    await hearts.reply(await emu.slash(bob, hearts.general, "hearts me", language="de"))
    chosen = await hearts.reply(await emu.slash(bob, hearts.general, "hearts join"))
    assert chosen.content == t("reply.error", "de") != t("reply.error") and allowance.seen == 3


def test_archive_duration_follows_the_time_limit() -> None:
    assert archive_duration(15) == 60
    assert archive_duration(3600) == 1440
    assert archive_duration(43200) == 4320
    assert archive_duration(86400) == 10080


async def test_a_slow_games_thread_archives_and_the_table_goes_on(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    emu = hearts.emu
    lobby = await hearts.open_table(alice, seats=3, target=10, time_limit=86400)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    first = await hearts.wait_table_message()
    thread = emu.state.channels[first.channel_id]
    assert thread.kind.is_thread and thread.auto_archive_duration == 10080
    emu.clock.advance(10080 * 60 + 1)  # a week without a message
    emu.state.refresh_archive(thread)
    assert thread.archived
    mark = emu.mark()
    await hearts.play_until(
        lambda: (m := hearts.table_message()) is not None and m.id != first.id, [alice, bob]
    )
    assert not thread.archived  # the bot's next post unarchived it
    # The bot's next post reopened it: either a message it had to send anyway, or, when its first
    # move was to edit the table message (refused: 50083), the table message posted anew.
    # (Requests are listed as they started: an edit that started before the reopening post but was
    # handled after it succeeds, so only the presence of the post is asserted, not the order.)
    thread_requests = emu.requests.select(since=mark, where=lambda r: str(thread.id) in r.path)
    assert any(r.ok and r.route == route_keys.CREATE_MESSAGE for r in thread_requests)
    assert all(r.code in (None, 50083) for r in thread_requests)
    assert hearts.table_message().channel_id == thread.id  # type: ignore[union-attr]
