"""Drive the real Hearts bot through the Discord emulator, as people would: slash commands,
clicks, and the controls in their DMs (or in the ephemeral "Show my hand" flow)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from bot.app import HeartsBot, create_bot
from bot.client.pacing import GlobalPacer
from bot.config import Settings
from bot.tables import ComputerPool, ComputerSettings, ManualClock, PoolKind, ServiceSettings, SystemClock
from bot.tables.clock import TimerHandle
from bot.text import t
from cogs.events._presenter import COG_NAME as EVENTS_COG
from cogs.hearts._presenter import DiscordPresenter
from discord_emulator import (
    Callback,
    Channel,
    DiscordEmulator,
    EmulatorTimeout,
    Guild,
    InteractionRecord,
    Message,
    User,
)
from discord_emulator.emulator import TEST_RATE_LIMIT_SCALE
from discord_emulator.runner import BotRunner

GAME_OVER = "Game over"
SHOW_MY_HAND = t("button.show_hand")


class EmulatorTime:
    """The emulator's clock as the bot's real-time clock: the pacer's (the global limit's window,
    and the age of a person's last click in their DM, which may carry their next DMs). In
    production that is the wall clock, which Discord's ids agree with; the emulator's ids carry
    its own clock (a fixed start, then time as it passes), so the bot reads that one."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self._clock = emu.clock

    def now(self) -> float:
        return self._clock.time()

    def call_at(self, when: float, callback: Callable[[], object]) -> TimerHandle:
        return asyncio.get_running_loop().call_later(max(0.0, when - self.now()), callback)


def make_bot(
    emu: DiscordEmulator,
    db: Path,
    clock: ManualClock | SystemClock,
    *,
    render_workers: int = 0,
    redraw_interval: float = 0.0,
    computers: ComputerPool | None = None,
    computer_pause: float = 0.0,
    pace_period: float = TEST_RATE_LIMIT_SCALE,
    shard_count: int | None = None,
    shard_ids: tuple[int, ...] = (),
    daily_par_deals: int = 1,
    metrics_port: int | None = None,
    review_budget: float = 0.3,
    activity_port: int | None = None,
) -> HeartsBot:
    """The real bot pointed at the emulator. Test defaults: images drawn in threads (starting worker
    processes for every test bot costs seconds), no pause between redraws or before computer moves,
    computers deciding on the event loop, the bot's global pacing shrunk like the emulator's rate
    limits (``pace_period`` 1.0: Discord's second), the daily's par computed with little work, a
    short coach review. Benchmarks pass production values. ``shard_count``/``shard_ids`` as
    SHARD_COUNT/SHARD_IDS: a sharded bot; ``metrics_port`` as METRICS_PORT (0: any free port, then
    ``bot.monitor.port``); ``activity_port`` as ACTIVITY_PORT with the emulator's client secret (0:
    any free port, then the Activity cog's ``port``)."""
    settings = Settings(
        discord_token=emu.token,
        database_path=db,
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
        render_workers=render_workers,
        shard_count=shard_count,
        shard_ids=shard_ids,
        daily_par_deals=daily_par_deals,
        metrics_port=metrics_port,
        review_budget=review_budget,
        activity_port=activity_port,
        client_secret=emu.activities.client_secret if activity_port is not None else None,
    )
    return create_bot(
        settings,
        clock=clock,
        computers=computers or ComputerPool(ComputerSettings(kind=PoolKind.INLINE)),
        service_settings=ServiceSettings(computer_pause=computer_pause),
        redraw_interval=redraw_interval,
        pacer=GlobalPacer(period=pace_period, clock=EmulatorTime(emu)),
    )


async def start_hearts(emu: DiscordEmulator, runner: BotRunner, workdir: Path, **options: Any) -> Hearts:
    """Four people (alice, bob, carol, dave) in a server and the real bot, started by ``runner`` on
    a fresh database in ``workdir``; ``options`` go to ``make_bot``."""
    people = [emu.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = emu.create_guild("Card club", members=people)
    clock = bot_clock(emu)
    db = workdir / "hearts.sqlite3"
    bot = make_bot(emu, db, clock, **options)
    await runner.start(bot)
    await settled_start(bot)
    return Hearts(emu, bot, clock, db, guild, guild.channel("general"), people)


async def settled_start(bot: HeartsBot) -> None:
    """Wait for what a ready bot still does in the background of its start (the events carried
    on), so that a test begins with the bot at rest: a test that writes to its database from
    outside could otherwise wait for the lock of a commit that needs the event loop it holds."""
    events = bot.get_cog(EVENTS_COG)
    if events is not None:
        await events.service.settle()  # type: ignore[attr-defined]


def discord_presenter(bot: HeartsBot) -> DiscordPresenter:
    """The Hearts extension's presenter, which the table service was attached to. Its class is
    looked up as loaded now: unloading an extension drops its modules, so a bot started after
    another one stopped has a presenter of a freshly imported ``DiscordPresenter``."""
    presenter = bot.presenter
    loaded = sys.modules.get(DiscordPresenter.__module__)
    assert isinstance(presenter, getattr(loaded, "DiscordPresenter", DiscordPresenter)), "Hearts is loaded"
    return cast(DiscordPresenter, presenter)


def controls(message: Message) -> list[str]:
    return [c for c in message.custom_ids if c.startswith("hh:") and not c.startswith("hh:tbl")]


def control(message: Message, kind: str) -> str:
    """The custom_id of the message's first control of this kind ("card", "pick", "pok", "moon")."""
    return next(c for c in controls(message) if c.startswith(f"hh:{kind}:"))


def enabled(message: Message, custom_id: str) -> bool:
    return not message.component(custom_id).get("disabled")


def chosen_of(custom_id: str) -> int:
    """The cards chosen so far that a passing card button carries (``hh:pick:...:card:chosen``)."""
    return int(custom_id.rsplit(":", 1)[1], 16)


def next_tap(message: Message) -> str:
    """The control a player taps next: the first card to play (every play is this one tap), while
    passing the first card not yet chosen or, with enough chosen, Pass these cards; else the
    first control (the moon's first choice)."""
    ids = controls(message)
    confirm = [c for c in ids if c.startswith("hh:pok:") and enabled(message, c)]
    if confirm:
        return confirm[0]
    picks = [c for c in ids if c.startswith("hh:pick:")]
    if picks:
        return next(c for c in picks if not chosen_of(c) >> int(c.split(":")[5]) & 1)
    return next(c for c in ids if enabled(message, c))


def card_taps(emu: DiscordEmulator) -> list[InteractionRecord]:
    """Every click on a card button that played a card (the answer says so)."""
    played = t("hand.played", card="\0").split("\0")[0]
    return [
        ix
        for ix in emu.interactions.by_id.values()
        if str(ix.data.get("custom_id", "")).startswith("hh:card:")
        and ix.source_message is not None
        and emu.message(ix.source_message.id).content.startswith(played)
    ]


def move_of(custom_id: str) -> int:
    """The move number a hand control was made for (``hh:kind:table:seat:move[:...]``)."""
    return int(custom_id.split(":")[4])


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
    pings_seen: set[int] = field(default_factory=set)
    no_dm: set[int] = field(default_factory=set)  # people who play through Show my hand
    locale: str | None = None  # the table's language: a ping's Show my hand is in it

    @property
    def show_my_hand(self) -> str:
        return t("button.show_hand", self.locale)

    def public(self, text: str) -> list[Message]:
        """Public messages anywhere in the server (channel and threads) containing ``text``."""
        return [
            m
            for m in self.emu.state.messages.values()
            if m.guild_id is not None and not m.ephemeral and not m.deleted and text in m.content
        ]

    async def wait_public(self, text: str, *, since: object = 0, what: str = "") -> Message:
        return await self.emu.wait_for_message(
            lambda m: m.guild_id is not None and not m.ephemeral and text in m.content,
            since=since,  # type: ignore[arg-type]
            what=what or f"a public message with {text!r}",
        )

    async def wait_content(self, message: Message, text: str) -> Message:
        """Wait until ``message`` (as edited since) contains ``text``."""

        def edited() -> Message | None:
            current = self.emu.message(message.id)
            return current if text in current.content else None

        return await self.emu.wait_until(edited, what=f"message {message.id} to say {text!r}")

    async def open_table(self, host: User, **options: object) -> Message:
        ix = await self.emu.slash(host, self.general, "hearts new", **options)
        await ix.wait_acknowledged()
        return await self.emu.wait_for_message(
            lambda m: "Hearts table #" in m.content and bool(m.custom_ids), channel=self.general, since=ix
        )

    async def click(self, user: User, message: Message, label: str) -> InteractionRecord:
        ix = await self.emu.click(user, self.emu.message(message.id), label=label)
        await ix.wait_acknowledged()
        return ix

    async def seat(self, lobby: Message, users: list[User]) -> None:
        """Each of ``users`` presses Join; waits until the lobby lists them all."""
        for user in users:
            await self.click(user, lobby, "Join")
        await self.emu.wait_until(
            lambda: all(u.name in self.emu.message(lobby.id).content for u in users),
            what="everyone in the lobby",
        )

    async def reply(self, ix: InteractionRecord) -> Message:
        """The private answer to an interaction (its response or first followup), asserted ephemeral."""
        kind = await ix.wait_acknowledged()
        own = kind in (Callback.CHANNEL_MESSAGE, Callback.DEFERRED_CHANNEL_MESSAGE)

        def answer() -> Message | None:
            candidates = [*ix.followups, ix.original] if own else ix.followups
            return next((m for m in candidates if m is not None and not m.loading), None)

        message = await self.emu.wait_until(answer, what=f"the answer to {ix}")
        assert message.ephemeral, f"the answer to {ix} is public: {message.content!r}"
        assert message.visible_to == ix.user.id
        return message

    async def public_answer(self, ix: InteractionRecord) -> Message:
        """The public answer to a command (its response, or the message its "thinking" defer
        became), asserted public."""
        await ix.wait_acknowledged()
        message = await self.emu.wait_until(
            lambda: ix.original if ix.original is not None and not ix.original.loading else None,
            what=f"the answer to {ix}",
        )
        assert not message.ephemeral, f"the answer to {ix} is private: {message.content!r}"
        return message

    def table_message(self) -> Message | None:
        """The newest table message (every one has the Score sheet button)."""
        found = [
            m
            for m in self.emu.state.messages.values()
            if not m.deleted and not m.ephemeral and any(c.startswith("hh:tbl:sheet:") for c in m.custom_ids)
        ]
        return max(found, key=lambda m: m.id) if found else None

    async def wait_table_message(self, *, since: object = 0) -> Message:
        mark = since if isinstance(since, int) else getattr(since, "seq", 0)
        return await self.emu.wait_until(
            lambda: (m := self.table_message()) is not None and m.seq > mark and m,
            what="a table message",
        )

    def latest_with(self, user: User, kind: str) -> Message | None:
        """``user``'s newest unused message (DM or ephemeral) with a control of ``kind``, if any."""
        for message in reversed(self.emu.dm_messages(user) + self.emu.ephemeral_messages(user)):
            if (message.id, message.edit_count) in self.seen:
                continue
            if any(c.startswith(f"hh:{kind}:") for c in controls(message)):
                return message
        return None

    async def hand_with(self, user: User, kind: str) -> Message:
        """Wait for ``user``'s newest unused message (DM or ephemeral) with a control of ``kind``."""
        return await self.emu.wait_until(lambda: self.latest_with(user, kind), what=f"{user.name}'s {kind}")

    def _actionable(self, users: list[User]) -> tuple[User, Message] | None:
        for user in users:
            for message in reversed(self.emu.dm_messages(user) + self.emu.ephemeral_messages(user)):
                if message.deleted or not controls(message):
                    continue
                key = (message.id, message.edit_count)
                if key not in self.seen:
                    return user, message
            if user.id in self.no_dm:
                # every ping (its turn, a warning, the closed-DM notice) sends them to Show my hand
                for message in self.public(user.mention):
                    if message.id not in self.pings_seen and not controls(message):
                        return user, message
        return None

    async def show_hand(self, user: User) -> Message:
        """``user`` presses Show my hand on the table message; returns the ephemeral answer."""
        table = await self.emu.wait_until(self.table_message, what="a table message")
        ix = await self.emu.click(user, table, label=self.show_my_hand)
        return await self.reply(ix)

    async def act(self, user: User, message: Message) -> InteractionRecord | None:
        """Make the move the message's controls offer: pass the first cards, play the first card,
        or take the moon's first choice. A ping in the table asks for Show my hand."""
        if not message.ephemeral and message.guild_id is not None and not controls(message):
            self.pings_seen.add(message.id)
            await self.show_hand(user)
            return None
        edits = message.edit_count
        ix = await self.move(user, message)
        await ix.wait_acknowledged()
        if str(ix.data.get("custom_id")).startswith("hh:pick:"):
            # A card chosen to pass is acknowledged first, then shown (image and buttons redrawn): a
            # person sees their choice before tapping the next card.
            await self.emu.wait_until(
                lambda: self.emu.message(message.id).edit_count > edits, what="the chosen card shown"
            )
        self.acted += 1
        return ix

    async def pass_hand(self, user: User) -> None:
        """``user`` taps the first cards of their hand to pass, then Pass these cards."""
        while True:
            message = await self.hand_with(user, "pick")
            confirm = next_tap(message).startswith("hh:pok:")
            await self.act(user, message)
            if confirm:
                return

    async def move(self, user: User, message: Message) -> InteractionRecord:
        """Inject the next tap the message's controls offer: while passing, tap the first cards not
        yet chosen, then Pass these cards; play the first card that may be played (one tap); or
        take the moon's first choice. Does not wait for the answer."""
        self.seen.add((message.id, message.edit_count))
        return await self.emu.click(user, message, custom_id=next_tap(message))

    async def play_until(
        self,
        done: Callable[[], object],
        users: list[User] | None = None,
        limit: int = 2000,
        *,
        timeout: float = 30.0,
    ) -> None:
        """Act on every control people get until ``done()`` is true. Nothing to act on and not done
        within ``timeout`` seconds: a stuck game, described (``whereabouts``)."""
        users = users or self.people
        for _ in range(limit):
            try:
                found: str | tuple[User, Message] = await self.emu.wait_until(
                    lambda: "done" if done() else self._actionable(users),
                    what="a move to make or the end",
                    timeout=timeout,
                )
            except EmulatorTimeout as exc:
                raise EmulatorTimeout(f"{exc}\n{self.whereabouts(users)}") from None
            if isinstance(found, str):  # "done"
                return
            user, message = found
            await self.act(user, message)
        raise AssertionError("the game did not end")

    def whereabouts(self, users: list[User]) -> str:
        """A stuck game as seen from here, for a timeout's message (the requests alone don't say
        whose turn it is): each open table's move and the seats it waits for, and each person's
        last messages, with how many controls each holds and whether it was acted on."""
        lines = [
            f"table {s.table_id} {s.status.value}: move {s.move_number} of {s.phase}, waiting for {s.waiting}"
            for s in self.bot.service.tables(str(self.guild.id))
        ]
        for user in users:
            theirs = {m.id: m for m in self.emu.dm_messages(user) + self.emu.ephemeral_messages(user)}
            for m in sorted(theirs.values(), key=lambda m: m.id)[-3:]:  # (ids grow with time)
                where = "ephemeral" if m.ephemeral else "DM"
                done = "acted on" if (m.id, m.edit_count) in self.seen else "not acted on"
                lines.append(
                    f"{user.name}'s {where} {m.id} (edit {m.edit_count}):"
                    f" {len(controls(m))} controls, {done}: {m.content[:80]!r}"
                )
        return "\n".join(lines)

    async def settle(self, *, timeout: float = 30.0) -> None:
        """Wait (at most ``timeout`` seconds) until the table service has delivered every event it
        emitted and the presenter has finished the redraws and sends those deliveries started.
        ``presenter.settle()`` alone can return while the service is still delivering (e.g. the
        lobby's last edit comes after the "Game over" announcement, in the same delivery), and the
        presenter's own tasks can give the service more to deliver."""
        service, presenter = self.bot.service, discord_presenter(self.bot)
        async with asyncio.timeout(timeout):
            # Until both are idle at once: a presenter task (an auto-played card) can make the
            # service emit and deliver again after the service's own settle returned.
            while True:
                await service.settle()
                await presenter.settle()
                if service.idle and presenter.idle:
                    return

    def game_over(self) -> bool:
        return bool(self.public(GAME_OVER))

    async def one_hand_game(self) -> Message:
        """A one-hand game of the first two people (and two computers) played to its end: the
        message of its final standings."""
        alice, bob = self.people[:2]
        lobby = await self.open_table(alice, seats=4, hands=1)
        await self.seat(lobby, [bob])
        await self.click(alice, lobby, "Start")
        await self.play_until(self.game_over, [alice, bob])
        await self.settle()
        (standings,) = self.public(GAME_OVER)
        return standings

    async def restart(self, runner: BotRunner, *, downtime: float = 0.0, **options: Any) -> HeartsBot:
        """Stop the bot and start a new one on the same database file and clock, ``downtime``
        seconds later (no timer runs meanwhile); ``options`` go to ``make_bot``."""
        await self.emu.settle()
        await runner.stop(self.bot)
        self.clock.set(self.clock.now() + downtime)
        self.bot = make_bot(self.emu, self.db, self.clock, **options)
        await runner.start(self.bot)
        return self.bot


def bot_clock(emu: DiscordEmulator, at: float | None = None) -> ManualClock:
    """The bot's clock for a test: the instant the test chose (``at``, epoch seconds), else the
    emulator's fixed start, never the wall clock, so no test depends on the date or time of day it
    runs at. The emulator's clock is moved to the same instant first: the ids of the bot's messages
    (a table message's age, a Rematch offer's window) must agree with the bot's clock."""
    if at is not None:
        emu.clock.advance_to(at)
    return ManualClock(emu.clock.time() if at is None else at)
