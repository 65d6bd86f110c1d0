"""Many Hearts tables at once against the emulator, played as people play: the core of
``bench/discord_load.py`` (and of its smoke test).

Each table is a server of its own with its people; one asyncio task per table makes every move its
people are offered (``Hearts.move``: the first legal card, the first cards to pass) as soon as the
control appears in their DM. The emulator tells the driver about new and edited messages
(``EmulatorState.message_watchers``), so the driver's cost stays flat as messages pile up and does
not blur the measurement. Every REST call of the bot from the first Start click to the quiet after
the last game is counted; every move's round trip (injected -> the bot's callback recorded) is kept.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.tables import ComputerPool, ComputerSettings, PoolKind, ServiceSettings, SystemClock
from bot.text import t
from cogs.hearts._presenter import REDRAW_INTERVAL
from discord_emulator import Clock, DiscordEmulator, InteractionRecord, Message, User
from discord_emulator.ratelimits import EXEMPT
from discord_emulator.runner import BotRunner, redirect_discord_py
from playtest.harness import GAME_OVER, Hearts, bot_clock, controls, discord_presenter, make_bot

SEATS = 4
CARDS_PER_HAND = 52  # four seats: the whole deck is dealt
SETUP_WAIT = 60.0  # seconds a table may take to open and seat its people
STALL = 120.0  # seconds a table may wait for its next control before the run is declared stuck


Think = tuple[float, float]  # seconds a person takes per move: uniform between the two


@dataclass
class LoadResult:
    tables: int
    people: int  # per table; the other seats are computers
    hands: int  # per game
    think: Think
    cards: int  # cards played, people and computers together
    requests: collections.Counter[str]  # REST calls during play, by route
    moves: list[InteractionRecord]  # every move people made
    seconds: float  # from the first Start click to the quiet after the last game
    errors: list[str] = field(default_factory=list)
    unanswered: int = 0  # interactions of any kind the bot never answered in time (users saw a failure)
    rate_limited: int = 0  # 429s the emulator answered (route buckets and the global limit)
    deprecated_followups: int = 0  # answers sent as a followup after a "thinking" defer
    loop_lags_ms: list[float] = field(default_factory=list)  # sorted: how late 50 ms ticks of the loop ran
    gc_pauses_ms: list[float] = field(default_factory=list)  # sorted: full (generation 2) collections

    @property
    def rest_calls(self) -> int:
        return sum(self.requests.values())

    @property
    def rest_per_card(self) -> float:
        return self.rest_calls / self.cards

    @property
    def counted(self) -> int:
        """REST calls bound by Discord's global limit (channel messages and their edits, DMs, ...)."""
        return sum(n for route, n in self.requests.items() if route not in EXEMPT)

    @property
    def exempt(self) -> int:
        """REST calls Discord exempts from it: interaction callbacks and the interaction webhooks."""
        return self.rest_calls - self.counted

    def presenter_timeouts(self, event: str = "") -> int:
        """Presenter calls (of ``event``, e.g. "HandDealt": the deals) that the table service gave
        up on after its time limit."""
        return sum(
            1
            for line in self.errors
            if f"presenter failed on {event}" in line and line.endswith(f"[{TimeoutError.__name__}]")
        )

    def round_trips_ms(self) -> list[float]:
        return sorted(r.round_trip * 1000 for r in self.moves if r.round_trip is not None)


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, round(p / 100 * len(sorted_values) + 0.5))
    return sorted_values[min(rank, len(sorted_values)) - 1]


class _ErrorLog(logging.Handler):
    """Collects ERROR records of any logger (discord.py logs failures in views instead of raising)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[0] if record.exc_info else None
        self.lines.append(f"{record.name}: {record.getMessage()}" + (f" [{error.__name__}]" if error else ""))


@dataclass
class _Table:
    hearts: Hearts
    inbox: asyncio.Queue[tuple[User, Message, int] | None] = field(default_factory=asyncio.Queue)
    hands_scored: int = 0
    moves: list[InteractionRecord] = field(default_factory=list)


class _Watcher:
    """Routes each new or edited message to the table it concerns: a person's controls (DM or
    ephemeral) to their table's inbox, and the table's end of game as ``None``."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.by_user: dict[int, _Table] = {}
        self.by_guild: dict[int, _Table] = {}

    def add(self, table: _Table) -> None:
        self.by_guild[table.hearts.guild.id] = table
        for person in table.hearts.people:
            self.by_user[person.id] = table

    def __call__(self, message: Message) -> None:
        if message.deleted:
            return
        if message.visible_to is not None or message.guild_id is None:
            user = self._person(message)
            table = self.by_user.get(user.id) if user is not None else None
            if table is not None and user is not None and controls(message):
                table.inbox.put_nowait((user, message, message.edit_count))
            return
        table = self.by_guild.get(message.guild_id)
        if table is None or message.edit_count:
            return
        if message.content.startswith(t("announce.hand_scored", hand=table.hands_scored + 1, points="")):
            table.hands_scored += 1
        if GAME_OVER in message.content:
            table.inbox.put_nowait(None)

    def _person(self, message: Message) -> User | None:
        if message.visible_to is not None:
            return self.emu.state.users.get(message.visible_to)
        return self.emu.state.channels[message.channel_id].recipient


async def _seat_everyone(table: _Table, hands: int, level: str) -> Message:
    """Open the table, have the other people join, and wait until the lobby shows them."""
    hearts, emu = table.hearts, table.hearts.emu
    host, *others = hearts.people
    # Generous waits: with Discord's real rate limits a hundred lobbies (and the DM channels opened
    # ahead for their people) queue behind the bot's global pacing for several seconds.
    ix = await emu.slash(host, hearts.general, "hearts new", seats=SEATS, hands=hands, computers=level)
    await ix.wait_acknowledged()
    lobby = await emu.wait_for_message(
        lambda m: "Hearts table #" in m.content and bool(m.custom_ids),
        channel=hearts.general,
        since=ix,
        timeout=SETUP_WAIT,
    )
    for person in others:
        await hearts.click(person, lobby, "Join")
    names = [p.name for p in others]
    await emu.wait_until(
        lambda: all(n in emu.message(lobby.id).content for n in names),
        what="everyone seated",
        timeout=SETUP_WAIT,
    )
    return lobby


async def _play(table: _Table, lobby: Message, think: Think, rng: random.Random) -> None:
    """Start, then make every move offered (after a think time) until the game is over."""
    hearts = table.hearts
    await hearts.click(hearts.people[0], lobby, "Start")
    while True:
        async with asyncio.timeout(STALL):
            item = await table.inbox.get()
        if item is None:
            return
        if think[1] > 0:
            await asyncio.sleep(rng.uniform(*think))  # a person reading and choosing, not a wait for the bot
        user, message, edits = item
        if message.deleted or message.edit_count != edits or not controls(message):
            continue  # superseded: a later edit is queued too
        table.moves.append(await hearts.move(user, message))


async def run_load(
    tables: int,
    people: int,
    hands: int,
    workdir: Path,
    *,
    think: Think = (0.0, 0.0),
    level: str = "easy",
    seed: int = 1,
    production: bool = False,
    freeze_gc: bool = False,
    render_delay: float = 0.0,
    rate_limit_scale: float | None = None,
) -> LoadResult:
    """Play ``tables`` games of ``hands`` hands at once, ``people`` people at each table (the other
    seats are computers of ``level``) who take ``think`` seconds per move, and measure REST calls
    and move round trips. ``production`` runs the bot as ``python -m bot`` does: images drawn and
    computers deciding in worker processes, the real clock with the pause before computer moves,
    and the table message's redraw interval; otherwise the fast settings of the tests.
    ``freeze_gc`` moves what has piled up (mostly the emulator's record of every message, request
    and image) out of the garbage collector's reach every few seconds: those full collections
    are the harness's cost, which the bot alone would not pay. ``render_delay`` adds that many
    seconds to every image (a render backlog); ``rate_limit_scale`` runs the emulator's rate limits
    at that scale (1.0: Discord's own windows; default: the tests' short ones)."""
    assert 1 <= people <= SEATS
    errors = _ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        # The production settings run the bot on the real clock: the emulator's ids must agree.
        clock = Clock(time.time()) if production else None
        emulator = (
            DiscordEmulator(clock=clock)
            if rate_limit_scale is None
            else DiscordEmulator(clock=clock, rate_limit_scale=rate_limit_scale)
        )
        async with emulator as emu:
            with redirect_discord_py(emu):
                return await _run(
                    emu,
                    tables,
                    people,
                    hands,
                    workdir,
                    think,
                    level,
                    seed,
                    errors,
                    production,
                    freeze_gc,
                    render_delay,
                )
    finally:
        logging.getLogger().removeHandler(errors)


async def _run(
    emu: DiscordEmulator,
    tables: int,
    people: int,
    hands: int,
    workdir: Path,
    think: Think,
    level: str,
    seed: int,
    errors: _ErrorLog,
    production: bool,
    freeze_gc: bool,
    render_delay: float = 0.0,
) -> LoadResult:
    clock = bot_clock(emu)
    db = workdir / "hearts.sqlite3"
    if production:
        bot = make_bot(
            emu,
            db,
            SystemClock(),
            render_workers=1,
            redraw_interval=REDRAW_INTERVAL,
            computers=ComputerPool(ComputerSettings(kind=PoolKind.PROCESS, workers=1)),
            computer_pause=ServiceSettings().computer_pause,
            pace_period=emu.rate_limits.scale,
        )
    else:
        bot = make_bot(emu, db, clock)
    watcher = _Watcher(emu)
    runs: list[_Table] = []
    for n in range(tables):
        persons = [emu.create_user(f"t{n:03d}p{i}") for i in range(people)]
        guild = emu.create_guild(f"Club {n}", members=persons)
        hearts = Hearts(emu, bot, clock, db, guild, guild.channel("general"), persons)
        runs.append(_Table(hearts))
        watcher.add(runs[-1])
    runner = BotRunner(emu)
    await runner.start(bot, timeout=60)
    if render_delay:
        _slow_renders(discord_presenter(bot).render, render_delay)
    try:
        lobbies = await asyncio.gather(*(_seat_everyone(r, hands, level) for r in runs))
        emu.state.message_watchers.append(watcher)
        mark = emu.mark()
        started = time.perf_counter()
        rng = random.Random(seed)
        lags: list[float] = []
        ticker = asyncio.create_task(_tick(lags, freeze_gc=freeze_gc))
        pauses: list[float] = []
        timing_gc = _GcTimer(pauses)
        gc.callbacks.append(timing_gc)
        await asyncio.gather(*(_play(r, lobby, think, rng) for r, lobby in zip(runs, lobbies, strict=True)))
        await emu.settle(timeout=30)
        await bot.service.settle()
        await discord_presenter(bot).settle()
        ticker.cancel()
        gc.callbacks.remove(timing_gc)
        seconds = time.perf_counter() - started
        played = emu.requests.select(since=mark)
    finally:
        emu.state.message_watchers.clear()
        await runner.stop_all()
    short = [r.hearts.guild.name for r in runs if r.hands_scored != hands]
    if short:
        raise AssertionError(f"tables that did not play {hands} hand(s): {short}")
    moves = [m for r in runs for m in r.moves]
    unanswered = [
        r
        for r in emu.interactions.by_id.values()
        if r.invalidated or not any(200 <= c.status < 300 for c in r.callbacks)
    ]
    return LoadResult(
        tables=tables,
        people=people,
        hands=hands,
        think=think,
        cards=tables * hands * CARDS_PER_HAND,
        requests=emu.requests.by_route(played),
        moves=moves,
        seconds=seconds,
        errors=[*emu.feed.failures, *errors.lines],
        unanswered=len(unanswered),
        rate_limited=sum(1 for r in emu.requests.records if r.status == 429),
        deprecated_followups=len(emu.interactions.deprecated_followups),
        loop_lags_ms=sorted(lag * 1000 for lag in lags),
        gc_pauses_ms=sorted(p * 1000 for p in pauses),
    )


def _slow_renders(render: object, delay: float) -> None:
    """Every image takes ``delay`` seconds longer, as when many tables deal at once and the render
    workers have a backlog."""
    for name in ("hand", "table", "sheet", "standings"):
        original = getattr(render, name)

        async def slowed(*args: object, _original: Any = original, **kwargs: object) -> Any:
            await asyncio.sleep(delay)
            return await _original(*args, **kwargs)

        setattr(render, name, slowed)


async def _tick(lags: list[float], period: float = 0.05, freeze_gc: bool = False) -> None:
    """Measure how late the event loop runs a task that asks to wake every ``period`` seconds."""
    loop = asyncio.get_running_loop()
    frozen = loop.time()
    while True:
        before = loop.time()
        await asyncio.sleep(period)
        lags.append(loop.time() - before - period)
        if freeze_gc and before - frozen > 5.0:
            gc.freeze()
            frozen = before


class _GcTimer:
    """A ``gc.callbacks`` entry that records how long each full collection took."""

    def __init__(self, pauses: list[float]) -> None:
        self.pauses = pauses
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self.started)
