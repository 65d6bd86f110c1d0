"""The Discord client: storage, table service and the extensions under ``cogs/`` wired together.

``setup_hook`` runs after login and before the gateway connects: it opens the database (applying
migrations), takes its lease (one process per database on SQLite, per shard range on PostgreSQL),
takes its share of the bot's global budget (PostgreSQL: ``bot.client.budget``),
restores every unfinished table of its servers (the service shifts deadlines by the downtime) after
loading the extensions by name (each registers its commands and dynamic controls, so old buttons
work; the Hearts one attaches its presenter), and syncs the slash commands.

``run`` is the process: SIGTERM and Ctrl-C stop the bot cleanly within ``Settings.shutdown_timeout`` (tables
saved, worker processes stopped, the database closed and its lease released), with exit status 0.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import logging
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.client import HeartsClient
from bot.client.answers import answer_error
from bot.client.budget import BudgetKeeper
from bot.client.command_sync import EntryPointTree, sync_global_commands
from bot.client.inflight import finish_handlers
from bot.client.monitor import Monitor
from bot.client.names import KnownNames
from bot.client.observing import DiscordObserver
from bot.client.pacing import GlobalPacer, pace
from bot.client.translation import CatalogueTranslator
from bot.client.unclaimed import Controls
from bot.config import Settings
from bot.processes import stop_children
from bot.render import warm_up
from bot.storage import migrations
from bot.storage.backend import Dialect
from bot.storage.budget import MIN_SHARE
from bot.storage.database import Database
from bot.storage.errors import DatabaseDamaged, LeaseHeld, SchemaError
from bot.storage.faults import Crash
from bot.storage.lease import DEFAULT_TTL, LeaseHolder, LeaseKeeper, refusal_message
from bot.tables import Clock, ComputerPool, ServiceSettings, TableService, alive_key
from bot.text import LANGUAGES

log = logging.getLogger(__name__)

EXIT_LEASE_HELD = 3  # another bot holds the database
EXIT_SETTING = 2  # a setting or file to fix: a restart would not help (as a wrong value in .env)
EXIT_ERROR = 1  # the bot stopped on an error: a restart may mend it


class StartRefused(Exception):
    """A start that no restart would mend (a server the bot is not in): what to fix, in one line."""


HANDLERS_SHARE = 0.5
"""The share of a stop's time (``Settings.shutdown_timeout``) the interactions being answered may
take to finish before the service and the database close under them."""

# Loaded by name only: nothing in ``bot`` imports ``cogs``. Each installs its own commands, controls
# and (for the game) the presenter it attaches to the table service.
# daily and review add to /hearts: after it.
EXTENSIONS = ("cogs.hearts", "cogs.daily", "cogs.events", "cogs.leaderboard", "cogs.review")
ACTIVITY_EXTENSION = "cogs.activity"


def point_client_at(settings: Settings) -> None:
    """Redirect discord.py's REST base and gateway (test-only settings; defaults are Discord's)."""
    discord.http.Route.BASE = settings.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class HeartsBot(HeartsClient):
    """No privileged intents: the bot needs no message content and no member list."""

    # discord.py's events for a connection dropped, resumed, identified anew. Between a drop and
    # RESUMED the socket may be open again (the new one sent RESUME) while nothing arrives yet: only
    # these events say the connection is back, so readiness follows them.
    GATEWAY_EVENTS: tuple[str, str, str] = ("on_disconnect", "on_resumed", "on_ready")

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        computers: ComputerPool | None = None,
        service_settings: ServiceSettings | None = None,
        redraw_interval: float | None = None,
        pacer: GlobalPacer | None = None,
        lease_ttl: float = DEFAULT_TTL,
        **options: Any,
    ) -> None:
        observer = None
        if settings.metrics_port is not None:  # requests and answers are observed for the metrics
            observer = DiscordObserver(settings.api_base)
            options["http_trace"] = observer.trace
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # pings are opted into per message
            tree_cls=EntryPointTree,
            **options,
        )
        self.settings = settings
        self._clock = clock
        self._computers = computers
        self._service_settings = service_settings
        self.redraw_interval = redraw_interval
        self.known_names = KnownNames()  # given the database once it is open
        self._lease_ttl = lease_ttl
        self._me = LeaseHolder.this_process()
        self._lease: LeaseKeeper | None = None
        self._storage_closed = False
        self.lease_lost = False
        # How the bot asks to be stopped (its lease taken over): ``serve`` stops it as it stops on
        # a signal, within ``shutdown_timeout``; without ``serve`` (tests), it closes itself.
        self.request_stop: Callable[[], None] | None = None
        self.pacer = pace(self, pacer)  # under Discord's global limit before it answers 429
        self._budget: BudgetKeeper | None = None
        if settings.database_url is not None:  # other processes of this bot may share the limit:
            self.pacer.share = min(self.pacer.share, MIN_SHARE)  # until the database says its share
        self.tree.error(self._app_command_error)
        self.restored = False  # every unfinished table restored: ready once connected too
        self.stopping = False  # the stop has begun (a signal, or ``close``): never ready again
        # Set when ``close`` begins, whoever called it: ``serve`` bounds the close discord.py runs
        # by itself (inside ``start``, on a fatal gateway error) as it bounds its own.
        self.closing = asyncio.Event()
        self.monitor: Monitor | None = None  # the metrics and health endpoint (METRICS_PORT)
        self.gateway_down: set[int] = set()  # shards whose connection dropped and is not back yet
        dropped, resumed, ready = self.GATEWAY_EVENTS
        self.add_listener(self._gateway_dropped, dropped)
        self.add_listener(self._gateway_back, resumed)
        self.add_listener(self._gateway_back, ready)
        if observer is not None:
            self.add_listener(observer.arrived, "on_interaction")
        self.controls = Controls()
        self.add_listener(self.controls.answer_unclaimed, "on_interaction")

    async def _gateway_dropped(self, shard_id: int = 0) -> None:
        self.gateway_down.add(shard_id)

    async def _gateway_back(self, shard_id: int = 0) -> None:
        self.gateway_down.discard(shard_id)

    async def _app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every slash command's failures end here, whichever extension it belongs to: a refusal is
        answered with its reason, anything unexpected (a database that can't be read included) with
        "nothing was changed" and a logged traceback."""
        if isinstance(error, app_commands.CheckFailure) and interaction.response.is_done():
            return  # a check that answered for itself (e.g. a command used outside a server)
        await answer_error(interaction, getattr(error, "original", error))

    async def setup_hook(self) -> None:
        # The lease first, on the schema it needs: a second copy, refused, neither migrates the
        # database under the copy running nor takes its metrics port.
        self.db = await Database.open(self.settings.database, upto=migrations.LEASES)
        self.db.crash = Crash.from_env(os.environ)  # tests only: killed at a point of a move
        self.known_names.db = self.db
        try:
            await self._take_lease()
            await self.db.migrate()
        except BaseException:
            await self._close_storage()
            raise
        log.info("database: %s", self.db.where)
        if self.settings.metrics_port is not None:  # before the tables: live while restoring, ready after
            self.monitor = Monitor(self, self.settings.metrics_host, self.settings.metrics_port)
            await self.monitor.start()
        await self._set_up()

    async def _take_lease(self) -> None:
        """One process per database (SQLite) or shard range (PostgreSQL): refuse to start
        (``LeaseHeld``, naming the holder) if another live process holds it (or an overlapping
        range); renew it while running."""
        name = self.settings.lease
        other = await self.db.acquire_lease(name, self._me, self._lease_ttl)
        if other is not None:
            raise LeaseHeld(refusal_message(self.db.where, other, time.time()), other)
        db, me, ttl = self.db, self._me, self._lease_ttl
        self._lease = LeaseKeeper(lambda: db.renew_lease(name, me, ttl), ttl, self._lost_lease)
        self._lease.start()

    def _lost_lease(self) -> None:
        self.lease_lost = True
        if self.request_stop is not None:
            self.request_stop()
        else:
            asyncio.get_running_loop().create_task(self.close())

    async def _set_up(self) -> None:
        if self.db.dialect is Dialect.POSTGRESQL:  # several processes of this bot share its budget
            self._budget = BudgetKeeper(self.pacer, self.db, self._me.holder)
            await self._budget.report()
            self._budget.start()
        self.service = TableService(
            self.db,
            clock=self._clock,
            computers=self._computers,
            # The languages a person or server may choose: the catalogues'.
            settings=dataclasses.replace(
                self._service_settings or ServiceSettings(computer_pause=self.settings.computer_pause),
                languages=LANGUAGES,
            ),
        )
        self.service.owns = self.settings.owns_server  # its shards' servers (bot.tables.sharing)
        self.service.alive_key = alive_key(self.settings.lease)
        for extension in EXTENSIONS:
            await self.load_extension(extension)  # the Hearts extension attaches its presenter
        if self.settings.activity:  # the table as an Activity: only with its port and secret
            await self.load_extension(ACTIVITY_EXTENSION)
        await asyncio.to_thread(warm_up)
        await self.tree.set_translator(CatalogueTranslator())
        await self._sync_commands()
        restored = await self.service.start()
        self.restored = True
        log.info("hearts bot ready: %d unfinished table(s) restored", len(restored))

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                await self.tree.sync(guild=guild)
            except (discord.Forbidden, discord.NotFound) as exc:
                raise StartRefused(
                    f"DEV_GUILD_ID {guild_id}: the bot can't add its commands to that server"
                    f" ({exc.text or exc.status}): invite it there with the applications.commands"
                    " scope, or leave DEV_GUILD_ID empty"
                ) from None
        else:
            await sync_global_commands(self.tree, self)  # keeps the app's Entry Point command

    async def close(self) -> None:
        """Let the interactions being answered finish (for half the stop's time), then stop the
        service and the extensions (the presenter, its worker processes), release the lease and
        always close the database: its connection threads would otherwise keep the process alive."""
        self.stopping = True
        self.closing.set()
        try:
            if not self._storage_closed:
                await finish_handlers(self.settings.shutdown_timeout * HANDLERS_SHARE)
            await self._close_storage()
        finally:
            try:
                await super().close()
            finally:
                if self.monitor is not None:
                    await self.monitor.stop()

    # What the metrics and health endpoint reads (``bot.client.monitor.Monitored``).

    def open_tables(self) -> dict[str, int]:
        if not hasattr(self, "service"):
            return {}
        return {status.value: count for status, count in self.service.open_counts().items()}

    def lease_held(self) -> bool:
        return self._lease is not None and not self.lease_lost and not self._storage_closed

    def serving(self) -> bool:
        """Restored, connected, and not stopping."""
        return self.restored and not self.stopping and self.is_ready() and self.connected()

    def connected(self) -> bool:
        """The gateway connection is open and was not dropped since its last READY or RESUMED."""
        return not self.gateway_down and self.ws is not None and self.ws.open

    async def _close_storage(self) -> None:
        if self._storage_closed or not hasattr(self, "db"):
            return
        self._storage_closed = True
        try:
            if hasattr(self, "service"):
                try:
                    await self.service.stop()
                finally:
                    # The extensions stop their own work (the presenter, its render workers) while
                    # the database is still open.
                    for extension in list(self.extensions):
                        await self.unload_extension(extension)
        finally:
            try:
                await self.known_names.settle()  # the names' saves under way, while the database is open
                if self._budget is not None:
                    await self._budget.stop()
                if self._lease is not None:
                    await self._lease.stop()
                    if not self.lease_lost:
                        await self.db.release_lease(self.settings.lease, self._me)
            except Exception as exc:
                log.warning("the database lease was not released (it expires by itself): %s", exc)
            finally:
                await self.db.close()


class ShardedHeartsBot(HeartsBot, commands.AutoShardedBot):
    """The same bot on discord.py's ``AutoShardedBot``: one gateway connection for each shard of
    ``settings.shard_ids`` out of ``settings.shard_count`` (SHARD_COUNT, SHARD_IDS)."""

    GATEWAY_EVENTS = ("on_shard_disconnect", "on_shard_resumed", "on_shard_ready")  # with the shard's id

    def __init__(self, settings: Settings, **options: Any) -> None:
        if settings.shard_count is None:
            raise ValueError("ShardedHeartsBot needs settings.shard_count (SHARD_COUNT)")
        ids = list(settings.shard_ids or range(settings.shard_count))
        if len(ids) < settings.shard_count and settings.database_url is None:
            log.warning(
                "this process holds shards %s of %d on SQLite, which runs one process: the other "
                "shards' servers get no answer. Several processes share one PostgreSQL database "
                "(DATABASE_URL)",
                ids,
                settings.shard_count,
            )
        super().__init__(settings, shard_count=settings.shard_count, shard_ids=ids, **options)

    def connected(self) -> bool:
        """Every shard's connection is open and was not dropped since its last READY or RESUMED."""
        shards = self.shards.values()
        return not self.gateway_down and bool(shards) and not any(shard.is_closed() for shard in shards)


def create_bot(settings: Settings, **options: Any) -> HeartsBot:
    """``ShardedHeartsBot`` when SHARD_COUNT is set; otherwise the unsharded ``HeartsBot``, which
    connects exactly as the bot always has."""
    if settings.shard_count is None:
        return HeartsBot(settings, **options)
    return ShardedHeartsBot(settings, **options)


class _Redact(logging.Filter):
    """Keeps a secret out of every log line, including tracebacks."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret and self.secret in record.getMessage():
            record.msg, record.args = record.getMessage().replace(self.secret, "[token]"), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self.secret in record.exc_text:
            record.exc_text = record.exc_text.replace(self.secret, "[token]")
        return True


def configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_Redact(settings.discord_token))
    logging.basicConfig(level=settings.log_level, handlers=[handler], force=True)


def run(settings: Settings) -> int:
    """The bot's process: returns the exit status (0 after SIGTERM or Ctrl-C)."""
    os.umask(0o077)  # the database, its journal and any backup: readable by their owner only
    configure_logging(settings)
    point_client_at(settings)
    bot = create_bot(settings)
    # What start-up imported (discord.py, the catalogues, the engine's tables: about 75,000
    # objects) lives as long as the process: out of the collector's full passes, which would
    # otherwise walk it at each one.
    gc.freeze()
    try:
        return asyncio.run(serve(bot, settings.discord_token))
    except KeyboardInterrupt:  # a Ctrl-C before the signal handlers were installed
        return 0
    finally:
        stop_children(1.0)


async def serve(bot: HeartsBot, token: str) -> int:
    """Run until SIGTERM/SIGINT (exit 0), the bot ends by itself, or its start fails. A second
    signal during the shutdown ends the process at once."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def first_signal() -> None:
        bot.stopping = True  # not ready from the signal on, before the stop's first step
        log.info("stopping (a second Ctrl-C stops at once)")
        stop.set()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, second_signal)

    def second_signal() -> None:
        log.warning("stopped at once: the last moves are saved; messages in flight are dropped")
        os._exit(0)

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, first_signal)
    bot.request_stop = stop.set  # its lease taken over: stopped as on a signal, within the bound
    running = asyncio.create_task(bot.start(token), name="bot")
    stopping = asyncio.create_task(stop.wait(), name="signals")
    closing_itself = asyncio.create_task(bot.closing.wait(), name="closing")
    await asyncio.wait({running, stopping, closing_itself}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    closing_itself.cancel()
    if not running.done() and not stop.is_set() and not await _closed_itself(bot, running):
        return EXIT_ERROR
    status = 0
    if running.done():
        exc = running.exception()
        if isinstance(exc, LeaseHeld):
            print(f"hearts-bot: {exc}", file=sys.stderr)
            status = EXIT_LEASE_HELD
        elif (refusal := _start_refusal(exc)) is not None:
            print(f"hearts-bot: {refusal}", file=sys.stderr)
            status = EXIT_SETTING
        elif exc is not None:
            log.error("the bot stopped on an error", exc_info=exc)
            status = EXIT_ERROR
    if status == 0 and bot.lease_lost:
        status = EXIT_LEASE_HELD
    closing = asyncio.create_task(_close(bot, running), name="shutdown")
    if await _within(closing, bot.settings.shutdown_timeout, "the shutdown"):
        closing.result()  # an error of the stop's own is raised, as before
    return status


async def _within(task: asyncio.Task[None], timeout: float, what: str) -> bool:
    """Wait for ``task`` (``what`` the log calls it) at most ``timeout`` seconds: True if it is
    done. Else it is given up: the log says where it was waiting, and it is cancelled (what
    ignores that, ``asyncio.run`` cancels again)."""
    await asyncio.wait({task}, timeout=timeout)
    if task.done():
        return True
    log.error(
        "%s took longer than %g s: stopping anyway (it was waiting in %s)",
        what,
        timeout,
        " → ".join(awaiting(task)),
    )
    task.cancel()
    await asyncio.wait({task}, timeout=1.0)
    return False


async def _closed_itself(bot: HeartsBot, running: asyncio.Task[None]) -> bool:
    """The bot began to close by itself, in its start: discord.py does on a gateway close code it
    cannot reconnect after (4004 token refused, 4011 sharding required...), and raises the error
    only once that close returns. Nothing bounded that close (a signal's stop is bounded): one
    that hung (its HTTP session or a websocket waiting on a dead connection) kept the process
    alive for ever, and its service manager never restarted it. It gets the stop's time,
    ``Settings.shutdown_timeout``; False if it took longer: given up (the log says where it was
    waiting), the process ends with ``EXIT_ERROR``, the status of the error it would have raised."""
    return await _within(running, bot.settings.shutdown_timeout, "the bot's own close")


async def _close(bot: HeartsBot, running: asyncio.Task[None]) -> None:
    await bot.close()
    if not running.done():
        running.cancel()
    await asyncio.gather(running, return_exceptions=True)


def awaiting(task: asyncio.Task[Any]) -> list[str]:
    """Where a task is waiting: the chain of coroutines it awaits, outermost first (what a hung
    shutdown's log line names, so that the step that hung can be found)."""
    chain: list[str] = []
    coro: Any = task.get_coro()
    while coro is not None and (code := getattr(coro, "cr_code", None)) is not None:
        frame = coro.cr_frame
        line = frame.f_lineno if frame is not None else code.co_firstlineno
        chain.append(f"{code.co_qualname} ({os.path.basename(code.co_filename)}:{line})")
        coro = coro.cr_await
    return chain


def _start_refusal(exc: BaseException | None) -> str | None:
    """What to fix, in one line, for a start that no restart would mend (a restart loop of
    tracebacks otherwise): the token Discord refused, a database of a newer bot (or another
    application's), a damaged database file, a server the bot is not in."""
    if isinstance(exc, discord.LoginFailure):
        return (
            "DISCORD_TOKEN was refused by Discord: copy the bot's token again from "
            "https://discord.com/developers/applications (Bot → Reset Token) into .env"
        )
    if isinstance(exc, SchemaError | DatabaseDamaged | StartRefused):
        return str(exc)
    return None
