"""The outbox against real crashes: `python -m bot` killed with SIGKILL at each point of a game's last
move (``HEARTS_CRASH_AT``: in the move's transaction before its commit, after the commit, while its
events are being shown, after the last one was shown) and after a hand's last move is saved, then
started again on the same SQLite file. The end is shown exactly once, the table message offers no
more moves, and the ranking points are counted once."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.text import t
from discord_emulator import DiscordEmulator
from playtest.harness import Hearts, controls
from playtest.processes import BotProcess, BotProcesses

FAST = {"COMPUTER_PAUSE": "0", "RENDER_WORKERS": "0"}  # images in threads: no drawing process to start
KILLED = "a test crash point was reached"
OVER = "**Game over.**"
HAND_1 = "**Hand 1:**"


class Table:
    """Alice and three computers on a bot in a child process."""

    def __init__(self, emu: DiscordEmulator, processes: BotProcesses) -> None:
        self.emu = emu
        self.processes = processes
        alice = emu.create_user("alice")
        guild = emu.create_guild("Card club", members=[alice])
        self.db = processes.workdir / "hearts.sqlite3"
        self.hearts = Hearts(emu, None, None, self.db, guild, guild.channel("general"), [alice])  # type: ignore[arg-type]

    async def start_bot(self, crash: str = "") -> BotProcess:
        bot = await self.processes.start(extra_env={**FAST, "HEARTS_CRASH_AT": crash})
        await bot.wait_for_line("has connected to Gateway")
        return bot

    async def play_until_killed(self, bot: BotProcess, hands: int) -> None:
        (alice,) = self.hearts.people
        lobby = await self.hearts.open_table(alice, hands=hands, computers="easy")
        await self.hearts.click(alice, lobby, "Start")
        # Alice plays on until the bot kills itself; her last click may never be answered.
        play = asyncio.ensure_future(self.hearts.play_until(lambda: any(KILLED in x for x in bot.lines)))
        await bot.wait_for_line(KILLED, timeout=300.0)
        play.cancel()
        await asyncio.gather(play, return_exceptions=True)
        assert await asyncio.wait_for(bot.process.wait(), 20.0) == -9
        await bot.stop()

    async def restart_until(self, shown: str) -> BotProcess:
        """Start the bot again; Alice plays on until ``shown`` is on Discord and everything the
        restart had to deliver went out."""
        bot = await self.start_bot()
        # She may click her newest controls again: a move killed before its commit was never made
        # (and those controls are still hers to use).
        (alice,) = self.hearts.people
        newest = next((m for m in reversed(self.emu.dm_messages(alice)) if controls(m)), None)
        if newest is not None:
            self.hearts.seen.discard((newest.id, newest.edit_count))
        await self.hearts.play_until(lambda: self.hearts.public(shown))
        await self.delivered(shown)
        return bot

    @staticmethod
    async def stop_cleanly(bot: BotProcess) -> None:
        assert await bot.stop() == 0
        assert not bot.error_lines(), bot.output

    def count(self, sql: str) -> int:
        conn = sqlite3.connect(self.db)
        try:
            return int(conn.execute(sql).fetchone()[0])
        finally:
            conn.close()

    async def delivered(self, shown: str) -> None:
        """Wait until ``shown`` is on Discord and the outbox owes nothing: everything the restart
        had to deliver went out (a duplicate would have been posted by now). The outbox is a file
        another process writes: read again at each of the emulator's events (the bot marks a row
        after the requests that showed it) within the emulator's bounded wait."""
        await self.emu.wait_until(lambda: self.hearts.public(shown), what=repr(shown))
        owed = "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
        await self.emu.wait_until(lambda: self.count(owed) == 0, what="the outbox delivered")


@pytest.mark.parametrize(
    "crash",
    [
        "commit:GameOver",  # in the last move's transaction: the move was never made
        "committed:GameOver",  # saved, nothing shown: the end must come from the outbox
        "present:HandScored",  # the last card shown, the last hand's result and the end not
        "present:GameOver",  # the hand's result shown, the end not
        "presented:GameOver",  # all shown, not marked: offered again, must not be shown twice
    ],
)
async def test_a_kill_at_the_games_last_move_shows_its_end_exactly_once(
    emulator: DiscordEmulator, bot_process: BotProcesses, crash: str
) -> None:
    table = Table(emulator, bot_process)
    await table.play_until_killed(await table.start_bot(crash), hands=1)

    restarted = await table.restart_until(OVER)
    assert len(table.hearts.public(OVER)) == 1
    assert len(table.hearts.public(HAND_1)) == 1
    message = table.hearts.table_message()
    assert message is not None
    await emulator.wait_until(
        lambda: all(c.startswith("hh:tbl:sheet:") for c in emulator.message(message.id).custom_ids),
        what="the table message with no control but the score sheet",
    )
    assert table.count("SELECT COUNT(*) FROM games") == 1
    assert table.count("SELECT COUNT(*) FROM game_players") == 1  # alice's ranking points, once
    await table.stop_cleanly(restarted)


async def test_a_kill_after_a_hands_last_move_is_saved_shows_its_result_exactly_once(
    emulator: DiscordEmulator, bot_process: BotProcesses
) -> None:
    """The game goes on after the hand: its result, saved and not shown when the process died,
    comes from the outbox, and the next hand is dealt. (The other points of a hand's last move are
    those of the game's last move above, and every point of every event is killed in-process by
    tests/tables/test_outbox.py: four kills of a hand's last move here cost 13 s of CPU.)"""
    table = Table(emulator, bot_process)
    await table.play_until_killed(await table.start_bot("committed:HandScored"), hands=2)

    restarted = await table.restart_until(HAND_1)
    assert len(table.hearts.public(HAND_1)) == 1
    assert not table.hearts.public(OVER)
    (alice,) = table.hearts.people
    second = t("hand.header", table=1, hand=2)
    await emulator.wait_until(
        lambda: any(second in m.content for m in emulator.dm_messages(alice)), what="the second hand dealt"
    )
    await table.stop_cleanly(restarted)
