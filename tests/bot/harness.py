"""Drive the real Hearts bot through the Discord emulator, as people would: slash commands,
clicks, and the controls in their DMs (or in the ephemeral "Show my hand" flow)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.app import HeartsBot
from bot.config import Settings
from bot.tables import ComputerPool, ComputerSettings, ManualClock, PoolKind, ServiceSettings
from tests.discord_emulator import Channel, DiscordEmulator, Guild, InteractionRecord, Message, User

GAME_OVER = "Game over"


def make_bot(emu: DiscordEmulator, db: Path, clock: ManualClock) -> HeartsBot:
    settings = Settings(
        discord_token=emu.token, database_path=db, api_base=emu.api_base, gateway_url=emu.gateway_url
    )
    return HeartsBot(
        settings,
        clock=clock,
        computers=ComputerPool(ComputerSettings(kind=PoolKind.INLINE)),
        service_settings=ServiceSettings(computer_pause=0.0),
    )


def controls(message: Message) -> list[str]:
    return [c for c in message.custom_ids if c.startswith("hh:") and not c.startswith("hh:tbl")]


@dataclass
class Hearts:
    """A server with people, the bot, and helpers to play."""

    emu: DiscordEmulator
    bot: HeartsBot
    clock: ManualClock
    db: Path
    guild: Guild
    general: Channel
    people: list[User]
    acted: int = 0
    seen: set[tuple[int, int]] = field(default_factory=set)

    def public(self, text: str) -> list[Message]:
        """Public messages anywhere in the server (channel and threads) containing ``text``."""
        return [
            m
            for m in self.emu.state.messages.values()
            if m.guild_id is not None and not m.ephemeral and not m.deleted and text in m.content
        ]

    async def open_table(self, host: User, **options: object) -> Message:
        ix = await self.emu.slash(host, self.general, "hearts new", **options)
        await ix.wait_acknowledged()
        return await self.emu.wait_for_message(
            lambda m: "Hearts table #" in m.content and bool(m.custom_ids), channel=self.general, since=ix
        )

    async def click(self, user: User, message: Message, label: str) -> None:
        ix = await self.emu.click(user, self.emu.message(message.id), label=label)
        await ix.wait_acknowledged()

    def _actionable(self, users: list[User]) -> tuple[User, Message] | None:
        for user in users:
            for message in reversed(self.emu.dm_messages(user) + self.emu.ephemeral_messages(user)):
                if message.deleted or not controls(message):
                    continue
                key = (message.id, message.edit_count)
                if key not in self.seen:
                    return user, message
        return None

    async def act(self, user: User, message: Message) -> None:
        """Make the move the message's controls offer and wait for the bot's answer."""
        ix = await self.move(user, message)
        await ix.wait_acknowledged()
        self.acted += 1

    async def move(self, user: User, message: Message) -> InteractionRecord:
        """Inject the move the message's controls offer: pass the first cards, play the first card,
        or take the moon's first choice. Does not wait for the answer."""
        self.seen.add((message.id, message.edit_count))
        ids = controls(message)
        confirm = [c for c in ids if c.startswith("hh:pok")]
        if confirm:
            ix = await self.emu.click(user, message, custom_id=confirm[0])
        elif any(c.startswith("hh:psel") for c in ids):
            sel = next(c for c in ids if c.startswith("hh:psel"))
            menu = message.component(sel)
            values = [o["value"] for o in menu["options"]][: menu["min_values"]]
            ix = await self.emu.select(user, message, sel, values)
        elif any(c.startswith("hh:play") for c in ids):
            sel = next(c for c in ids if c.startswith("hh:play"))
            ix = await self.emu.select(user, message, sel, [message.component(sel)["options"][0]["value"]])
        else:
            ix = await self.emu.click(user, message, custom_id=ids[0])
        return ix

    async def play_until(self, done: object, users: list[User] | None = None, limit: int = 2000) -> None:
        """Act on every control people get until ``done()`` is true."""
        users = users or self.people
        assert callable(done)
        for _ in range(limit):
            found = await self.emu.wait_until(
                lambda: "done" if done() else self._actionable(users),
                what="a move to make or the end",
                timeout=10,
            )
            if found == "done":
                return
            user, message = found
            await self.act(user, message)
        raise AssertionError("the game did not end")

    def game_over(self) -> bool:
        return bool(self.public(GAME_OVER))


def now_clock() -> ManualClock:
    return ManualClock(time.time())
