"""The database failing under the real bot (through the emulator): every interaction is answered
with a clear private message, nothing is half-applied, and the game goes on afterwards."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.storage import WriteFault
from bot.text import t
from discord_emulator import Callback
from discord_emulator.pytest_plugin import ErrorLogCollector
from playtest.harness import Hearts, next_tap
from tests.cogs.hearts.test_clicks import _game_with_alice_to_play

BUSY = t("table.storage_busy")


async def test_a_card_played_on_a_full_disk_is_refused_then_the_game_finishes(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    dm = await _game_with_alice_to_play(hearts)
    tap = next_tap(dm)
    hearts.bot.db.faults.fail(WriteFault.DISK_FULL)
    ix = await hearts.emu.click(alice, dm, custom_id=tap)
    answer = await hearts.reply(ix)
    assert answer.content == BUSY
    assert hearts.emu.message(dm.id).custom_ids == dm.custom_ids  # her controls are still there
    hearts.bot.db.faults.clear()
    again = await hearts.emu.click(alice, hearts.emu.message(dm.id), custom_id=tap)
    await again.wait_acknowledged()
    await hearts.emu.wait_until(  # played this time (an ack may be a defer: wait for the edit)
        lambda: not hearts.emu.message(dm.id).custom_ids, what="her controls gone"
    )
    await hearts.play_until(hearts.game_over, [alice, bob])


async def test_a_new_table_on_a_read_only_database_gets_an_answer(hearts: Hearts) -> None:
    alice = hearts.people[0]
    hearts.bot.db.faults.fail(WriteFault.READ_ONLY)
    ix = await hearts.emu.slash(alice, hearts.general, "hearts new")
    answer = await hearts.reply(ix)
    assert answer.content == BUSY
    hearts.bot.db.faults.clear()
    await hearts.open_table(alice)


async def test_a_lock_held_by_another_process_is_answered_and_the_computers_resume(hearts: Hearts) -> None:
    alice, bob = hearts.people[:2]
    dm = await _game_with_alice_to_play(hearts)
    await hearts.bot.db.set_busy_timeout(0.05)  # a short wait for the lock keeps the test fast
    # Another process (`sqlite3` in a shell, a backup tool) takes the write lock; in a thread, as
    # the bot may be mid-commit and needs the event loop to finish it.
    other = sqlite3.connect(hearts.db, isolation_level=None, check_same_thread=False)
    await asyncio.to_thread(other.execute, "BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta (key, value) VALUES ('held', '1')")
    tap = next_tap(dm)
    ix = await hearts.emu.click(alice, dm, custom_id=tap)
    assert (await hearts.reply(ix)).content == BUSY
    other.execute("COMMIT")
    other.close()
    again = await hearts.emu.click(alice, hearts.emu.message(dm.id), custom_id=tap)
    await again.wait_acknowledged()
    await hearts.play_until(hearts.game_over, [alice, bob])


async def test_bad_server_settings_still_open_a_table_and_the_channel_is_told(
    hearts: Hearts, error_log: ErrorLogCollector
) -> None:
    logged = error_log.allow(r"server_settings row \d+ can't be read", logger="bot.tables")
    alice = hearts.people[0]
    conn = sqlite3.connect(hearts.db)
    with conn:
        conn.execute(
            "INSERT INTO server_settings (guild_id, data, updated_at) VALUES (?, '{oops', 0)",
            (str(hearts.guild.id),),
        )
    conn.close()
    ix = await hearts.emu.slash(alice, hearts.general, "hearts new")
    answer = await hearts.reply(ix)
    assert answer.content.startswith(t("reply.settings_damaged"))  # told privately, every time
    assert "#" in answer.content  # and the table was opened with the defaults
    notice = await hearts.wait_public(t("announce.settings_damaged"))
    assert notice.channel_id == hearts.general.id
    await hearts.open_table(hearts.people[1])
    assert len(hearts.public(t("announce.settings_damaged"))) == 1  # told once
    assert logged.seen == 1  # logged once, with the row's key


async def test_a_bad_rating_row_does_not_stop_the_leaderboard_or_the_game_over(
    hearts: Hearts, error_log: ErrorLogCollector
) -> None:
    logged = error_log.allow(r"ratings row \d+/\d+ can't be read", logger="bot.tables")
    alice, bob = hearts.people[:2]
    conn = sqlite3.connect(hearts.db)
    with conn:
        conn.execute(
            "INSERT INTO ratings (guild_id, player_id, mu, sigma) VALUES (?, ?, 'x', 'y')",
            (str(hearts.guild.id), str(alice.id)),
        )
    conn.close()
    lobby = await hearts.open_table(alice, seats=4, target=10)
    await hearts.seat(lobby, [bob])
    await hearts.click(alice, lobby, "Start")
    await hearts.play_until(hearts.game_over, [alice, bob])
    ix = await hearts.emu.slash(alice, hearts.general, "leaderboard")
    await ix.wait_acknowledged()
    board = await ix.wait_original()
    (image,) = board.attachments  # the board as an image, described in words
    assert alice.name in str(image.description) and bob.name in str(image.description)
    assert logged.seen == 1


async def test_commands_that_write_answer_before_the_database_does(hearts: Hearts) -> None:
    """Another process holds the write lock longer than Discord's three seconds for a first
    answer: /hearts new and /hearts me (a change) acknowledge at once (Discord's "thinking"), then
    answer when the write is done. Answered only after the write, they expired unanswered ("This
    interaction failed") while the bot waited for the lock."""
    alice = hearts.people[0]
    await hearts.bot.db.set_busy_timeout(60.0)  # the bot waits for the lock as long as it is held
    other = sqlite3.connect(hearts.db, isolation_level=None, check_same_thread=False)
    await asyncio.to_thread(other.execute, "BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta (key, value) VALUES ('held', '1')")
    new = await hearts.emu.slash(alice, hearts.general, "hearts new")
    me = await hearts.emu.slash(alice, hearts.general, "hearts me", auto_play="on")
    for ix in (new, me):
        assert await ix.wait_acknowledged() is Callback.DEFERRED_CHANNEL_MESSAGE  # the lock still held
    other.execute("COMMIT")
    other.close()
    assert (await hearts.reply(new)).content == t("reply.table_created", table=1)
    assert t("pref.auto_play.saved_on") in (await hearts.reply(me)).content
