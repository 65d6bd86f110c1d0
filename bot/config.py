"""Settings, read once from the environment (and `.env`) into a typed value.

Every setting is listed with a comment in `.env.example`; keep the two in step.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bot.storage.backend import Dialect, Target, redact
from bot.storage.lease import ALL_SHARDS, shard_lease

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
SHUTDOWN_TIMEOUT = 4.0  # the default of ``Settings.shutdown_timeout`` (the bar for a stop is 5 s)


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str = field(repr=False)  # a secret: never in a repr, a log line or a traceback
    database_path: Path = Path("data/hearts.sqlite3")  # the SQLite file, unless database_url is set
    database_url: str | None = field(default=None, repr=False)  # postgresql://… (may hold a password)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    render_workers: int = 1  # processes that draw the images (0: threads in the bot's process)
    computer_pause: float = 1.0  # seconds before a computer player moves, so people can follow
    # Seconds a clean stop (SIGTERM, Ctrl-C) may take before the process exits anyway; within
    # systemd's and Docker's grace before they kill (Docker's is 10 s).
    shutdown_timeout: float = SHUTDOWN_TIMEOUT
    review_budget: float = 8.0  # seconds of search the coach spends on one review (bot.review)
    shard_count: int | None = None  # None: one unsharded gateway connection (discord.py's Bot)
    shard_ids: tuple[int, ...] = ()  # the shards this process connects (all of shard_count by default)
    daily_par_deals: int = 300  # hard's sampled deals per decision for the daily's par (fixed work)
    metrics_port: int | None = None  # the metrics and health endpoint's port (None: none; 0: any free one)
    metrics_host: str = "127.0.0.1"  # the address it listens on
    # The Activity (the table as a web app inside Discord, cogs.activity): its server's port behind
    # Discord's URL mapping (None: no Activity; 0: any free one) and the application's OAuth2
    # client secret, which trades the Activity's authorization code for the person's token.
    activity_port: int | None = None
    activity_host: str = "127.0.0.1"
    client_secret: str | None = field(default=None, repr=False)
    # Test-only: point the real discord.py client at a local emulator.
    api_base: str = DISCORD_API_BASE
    gateway_url: str = DISCORD_GATEWAY_URL

    @property
    def database(self) -> Path | str:
        """What ``Database.open`` opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def activity(self) -> bool:
        """Whether the Activity is set up: a port to serve it and the secret to identify people."""
        return self.activity_port is not None and bool(self.client_secret)

    @property
    def lease(self) -> str:
        """The database lease this process holds (``bot.storage.lease``): its shard range on
        PostgreSQL, where several processes may share the database; the whole database on SQLite,
        which stays one process."""
        if self.database_url is None:
            return ALL_SHARDS
        return shard_lease(self.shard_count, self.shard_ids)

    def owns_server(self, guild_id: str) -> bool:
        """Whether this process owns a server's tables (restores them, times them, plays their
        computers): on a shared PostgreSQL database, the process that holds the server's shard
        (Discord's formula); otherwise every table in its database."""
        if self.database_url is None or self.shard_count is None or not guild_id.isdigit():
            return True
        return (int(guild_id) >> 22) % self.shard_count in self.shard_ids

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, base: Path | None = None) -> Settings:
        """Build settings from `env` (default: the process environment). A relative database path
        is taken from ``base`` (the folder of the settings file read: not wherever the bot was
        started from); ``~`` is the user's home."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Create an application at "
                "https://discord.com/developers/applications, add a bot, copy its token, "
                "and put `DISCORD_TOKEN=...` in a file named .env next to README.md "
                "(see .env.example)."
            )
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not _digits(guild):
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
        workers = env.get("RENDER_WORKERS", "").strip() or "1"
        if not _digits(workers) or int(workers) > 16:
            raise ConfigError(f"RENDER_WORKERS must be a number from 0 to 16, not {workers!r}")
        computer_pause = read_seconds(env, "COMPUTER_PAUSE", 1.0, 0, 10)
        shutdown_timeout = read_seconds(env, "SHUTDOWN_TIMEOUT", SHUTDOWN_TIMEOUT, 1, 300)
        database_path = _placed(Path(env.get("DATABASE_PATH", "").strip() or "data/hearts.sqlite3"), base)
        database_url = None
        url = env.get("DATABASE_URL", "").strip()
        if url:
            try:
                target = Target.parse(url)
            except ValueError as exc:
                raise ConfigError(f"DATABASE_URL: {exc}") from None
            if target.dialect is Dialect.POSTGRESQL:
                try:
                    urlsplit(url).port  # noqa: B018 (read for its check: a port asyncpg can't use)
                except ValueError:
                    port = "DATABASE_URL: its port must be a number from 0 to 65535"
                    raise ConfigError(f"{port}: {redact(url)}") from None
                database_url = url
            elif target.path is not None:
                database_path = _placed(target.path, base)
        shard_count, shard_ids = read_shards(env)
        par_text = env.get("DAILY_PAR_DEALS", "").strip() or "300"
        if not _digits(par_text) or not 1 <= int(par_text) <= 10_000:
            raise ConfigError(f"DAILY_PAR_DEALS must be a number from 1 to 10000, not {par_text!r}")
        metrics_port = read_port(env.get("METRICS_PORT", "").strip())
        activity_port = read_port(env.get("ACTIVITY_PORT", "").strip(), "ACTIVITY_PORT")
        if metrics_port and metrics_port == activity_port:
            raise ConfigError(f"ACTIVITY_PORT and METRICS_PORT must be two ports, not both {metrics_port}")
        if database_url is None and database_path.name == ":memory:":
            raise ConfigError("DATABASE_PATH must be a file: the database outlives the bot (not :memory:)")
        return cls(
            daily_par_deals=int(par_text),
            discord_token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            metrics_port=metrics_port,
            metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
            activity_port=activity_port,
            activity_host=env.get("ACTIVITY_HOST", "").strip() or "127.0.0.1",
            client_secret=env.get("DISCORD_CLIENT_SECRET", "").strip() or None,
            computer_pause=computer_pause,
            shutdown_timeout=shutdown_timeout,
            render_workers=int(workers),
            database_path=database_path,
            database_url=database_url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=env.get("DISCORD_API_BASE", "").strip() or DISCORD_API_BASE,
            gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or DISCORD_GATEWAY_URL,
        )


def read_seconds(env: Mapping[str, str], name: str, default: float, low: float, high: float) -> float:
    """A number of seconds from ``low`` to ``high`` (empty: ``default``)."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        seconds = float(text)
        if not low <= seconds <= high:  # also refuses nan
            raise ValueError
    except ValueError:
        raise ConfigError(
            f"{name} must be a number of seconds from {low:g} to {high:g}, not {text!r}"
        ) from None
    return seconds


def read_port(text: str, name: str = "METRICS_PORT") -> int | None:
    """`METRICS_PORT` or `ACTIVITY_PORT`: empty for no server, else a TCP port (0: any free one,
    logged at start)."""
    if not text:
        return None
    if not _digits(text) or int(text) > 65535:
        raise ConfigError(f"{name} must be a port number up to 65535 (or empty for none), not {text!r}")
    return int(text)


def read_shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...]]:
    """`SHARD_COUNT` (empty: unsharded) and this process's `SHARD_IDS` ("0-2", "0,1" or "0-1,4";
    empty: every shard of SHARD_COUNT)."""
    count_text = env.get("SHARD_COUNT", "").strip()
    ids_text = env.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError(f"SHARD_IDS={ids_text!r} needs SHARD_COUNT (the bot's total number of shards)")
        return None, ()
    if not _digits(count_text) or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of shards from 1 up, not {count_text!r}")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    return count, _shard_ids(ids_text, count)


def _shard_ids(text: str, count: int) -> tuple[int, ...]:
    ids: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not _digits(first.strip()) or (dash and not _digits(last.strip())):
            raise ConfigError(
                f"SHARD_IDS must be shard numbers and ranges like 0-2 or 0,1 (or 0-1,4), not {text!r}"
            )
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ConfigError(f"SHARD_IDS: the range {part.strip()!r} runs backwards (write {high}-{low})")
        ids.extend(range(low, high + 1))
    beyond = sorted({i for i in ids if i >= count})
    if beyond:
        raise ConfigError(
            f"SHARD_IDS {text!r} names shard(s) {beyond}, but SHARD_COUNT={count} has shards 0 to {count - 1}"
        )
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS {text!r} names a shard twice")
    return tuple(sorted(ids))


def _placed(path: Path, base: Path | None) -> Path:
    path = path.expanduser()
    return path if base is None or path.is_absolute() else base / path


def _digits(text: str) -> bool:
    """Plain digits 0-9 (``str.isdigit`` also takes "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit()
