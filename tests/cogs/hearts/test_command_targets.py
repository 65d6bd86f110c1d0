"""Which table a `/hearts` command is about (``Hearts.table_here``): with two tables in one channel,
each command picks the one it means (join: a lobby without a seat yet; start and cancel: the
caller's own; leave: a lobby they sit at before a game); lobby commands near a running game say
the game has started; and after a restart `/hearts scores` and `/hearts rules` in a finished
game's thread still find its table (read back from the database; `/hearts hand` there shows the
caller's game elsewhere), while `/hearts rules` where no table ever was says it shows the server's
defaults."""

from __future__ import annotations

from dataclasses import replace

from bot.storage import Database
from bot.tables.refusals import TableRefusal
from bot.tables.table import TableStatus
from bot.text import refusal_text, t
from discord_emulator import Channel, Message
from discord_emulator.runner import BotRunner
from playtest.harness import GAME_OVER, Hearts


async def _open(hearts: Hearts, host_index: int, **options: object) -> Message:
    """A lobby opened in #general by one of the people, after any already there."""
    host = hearts.people[host_index]
    before = {m.id for m in hearts.public("Hearts table #")}
    ix = await hearts.emu.slash(host, hearts.general, "hearts new", seats=4, **options)
    await ix.wait_acknowledged()
    return await hearts.emu.wait_for_message(
        lambda m: "Hearts table #" in m.content and bool(m.custom_ids) and m.id not in before,
        channel=hearts.general,
        since=ix,
        what="the new lobby",
    )


def _status(hearts: Hearts, table_id: int) -> TableStatus:
    return hearts.bot.service.snapshot(table_id).status


def _seated(hearts: Hearts, table_id: int) -> list[str]:
    return [s.player_id for s in hearts.bot.service.snapshot(table_id).seats if s.player_id]


async def test_join_takes_a_seat_at_the_lobby_where_the_caller_has_none(hearts: Hearts) -> None:
    """alice sits at her lobby #1; carol opens #2 in the same channel: alice's `/hearts join`
    seats her at #2 (it used to answer that she already had a seat, at #1)."""
    alice = hearts.people[0]
    await _open(hearts, 0)
    await _open(hearts, 2)
    joined = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts join"))
    assert joined.content == t("reply.joined", table=2)
    assert str(alice.id) in _seated(hearts, 2)
    # seated at both now: the newest says so
    again = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts join"))
    assert again.content == refusal_text(TableRefusal.ALREADY_SEATED)


async def test_start_and_cancel_are_about_the_callers_own_table(hearts: Hearts) -> None:
    """alice hosts #1 and also sits at carol's newer #2: her `/hearts start` starts #1 (it used to
    pick #2 and refuse her as not its host). Then she hosts #3 and sits at carol's newer #4: her
    `/hearts cancel` cancels #3."""
    alice, bob = hearts.people[:2]
    guild = str(hearts.guild.id)
    mine = await _open(hearts, 0)
    await hearts.seat(mine, [bob])
    carols = await _open(hearts, 2)
    await hearts.seat(carols, [alice])
    started = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts start"))
    assert started.content == t("reply.done")
    assert _status(hearts, 1) is TableStatus.PLAYING and _status(hearts, 2) is TableStatus.LOBBY

    await _open(hearts, 0)
    await _open(hearts, 2)
    joined = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts join"))
    assert joined.content == t("reply.joined", table=4)
    cancelled = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts cancel"))
    assert cancelled.content == t("reply.done")
    await hearts.settle()
    assert [s.table_id for s in hearts.bot.service.tables(guild)] == [1, 2, 4]


async def test_leave_quits_the_lobby_not_a_newer_game(hearts: Hearts) -> None:
    """alice sits at carol's lobby #1 and plays in bob's game #2, both of #general: `/hearts
    leave` there leaves the lobby (it used to quit the newer game, a computer taking her seat)."""
    alice, bob, carol = hearts.people[:3]
    lobby = await _open(hearts, 2)
    await hearts.seat(lobby, [alice])
    game = await _open(hearts, 1)
    await hearts.seat(game, [alice])
    await hearts.click(bob, game, "Start")
    await hearts.wait_table_message()
    left = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts leave"))
    assert left.content == t("reply.done")
    await hearts.settle()
    assert _seated(hearts, 1) == [str(carol.id)]
    assert str(alice.id) in _seated(hearts, 2) and _status(hearts, 2) is TableStatus.PLAYING


async def test_lobby_commands_near_a_running_game_say_it_has_started(hearts: Hearts) -> None:
    """`/hearts start` in the lobby's channel after the start, and `/hearts join` in the game's
    thread, answer as the lobby's buttons would (they used to say there was no such table)."""
    alice, bob, carol = hearts.people[:3]
    lobby = await _open(hearts, 0)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    table = await hearts.wait_table_message()
    thread = hearts.emu.state.channels[table.channel_id]
    assert thread.kind.is_thread
    started = refusal_text(TableRefusal.NOT_IN_LOBBY)
    assert started == "The game has already started."
    again = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts start"))
    assert again.content == started
    join = await hearts.reply(await hearts.emu.slash(carol, thread, "hearts join"))
    assert join.content == started
    assert str(carol.id) not in _seated(hearts, 1)


async def _finished_game_thread(hearts: Hearts) -> Channel:
    alice, bob = hearts.people[:2]
    lobby = await hearts.open_table(alice, seats=4, hands=1, omnibus="JD")
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    await hearts.settle()
    (standings,) = hearts.public(GAME_OVER)
    thread = hearts.emu.state.channels[standings.channel_id]
    assert thread.kind.is_thread
    return thread


async def test_scores_and_rules_in_a_finished_games_thread_after_a_restart(
    hearts: Hearts, bot_runner: BotRunner
) -> None:
    """After a restart the finished table is no longer in memory: `/hearts scores` and `/hearts
    rules` in its thread still show its score sheet and its rules (they used to say "There is no
    such table" and show the server's defaults as the table's)."""
    carol = hearts.people[2]
    thread = await _finished_game_thread(hearts)
    before = await hearts.reply(await hearts.emu.slash(carol, thread, "hearts scores"))
    await hearts.restart(bot_runner)

    scores = await hearts.reply(await hearts.emu.slash(carol, thread, "hearts scores"))
    assert scores.attachments and scores.attachments[0].image().size == before.attachments[0].image().size
    rules = await hearts.reply(await hearts.emu.slash(carol, thread, "hearts rules"))
    assert rules.content.startswith(t("rules.text.title"))
    assert "Omnibus (J♦ −10)" in rules.content and "1 hand" in rules.content

    # alice plays on in #other: `/hearts hand` in #general shows that game's hand, not the game over
    alice, bob = hearts.people[:2]
    other = replace(hearts, general=hearts.emu.create_channel(hearts.guild, "other"))
    lobby = await other.open_table(alice, seats=4)
    await other.seat(lobby, [bob])
    await other.click(alice, lobby, "Start")
    await other.wait_table_message()
    hand = await hearts.reply(await hearts.emu.slash(alice, hearts.general, "hearts hand"))
    assert hand.content.startswith(t("hand.header", table=2, hand=0).split(" · ")[0])


async def test_rules_where_no_table_was_are_the_servers_defaults(hearts: Hearts) -> None:
    """No table was ever in #other: `/hearts rules` there shows the rules a new table gets under a
    heading that says so, not as "this table's"."""
    emu = hearts.emu
    other = emu.create_channel(hearts.guild, "other")
    rules = await hearts.reply(await emu.slash(hearts.people[0], other, "hearts rules"))
    assert rules.content.startswith("**How a new table here plays Hearts (the server's defaults)**\n")
    assert t("rules.text.title") not in rules.content
    assert t("rules.text.follow") in rules.content


async def test_the_newest_table_played_in_a_channel_is_read_back(db_url: str) -> None:
    """``Database.last_table_played_in`` on both backends: a table opened in the channel, or
    opened in its parent and played in it (``play_channel``); of this server only."""
    db = await Database.open(db_url)
    try:
        rows = [(1, "g", "100"), (2, "g", "100"), (3, "g", "200"), (4, "other", "100")]
        await db.execute(
            *(
                (
                    "INSERT INTO tables (id, guild_id, channel_id, host_id, status, move, state, created_at,"
                    " updated_at) VALUES (?, ?, ?, 'h', 'finished', 0, '{}', 0, 0)",
                    row,
                )
                for row in rows
            )
        )
        for table_id, thread in ((1, "101"), (2, "102"), (4, "101")):
            await db.set_presenter_data(table_id, "play_channel", thread)
        await db.set_presenter_data(3, "play_channel", "101")  # (a thread elsewhere: never so)
        assert await db.last_table_played_in("g", "101", "100") == 1
        assert await db.last_table_played_in("g", "102", "100") == 2
        assert await db.last_table_played_in("g", "100") == 2
        assert await db.last_table_played_in("g", "103", "100") is None
        assert await db.last_table_played_in("other", "101", "100") == 4
        assert await db.last_table_played_in("nowhere", "100") is None
    finally:
        await db.close()
