"""Settings, read once from the environment (and `.env`) into a typed value.

Every setting is listed with a comment in `.env.example`; keep the two in step.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage.backend import Dialect, Target

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"


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
    # Test-only: point the real discord.py client at a local emulator.
    api_base: str = DISCORD_API_BASE
    gateway_url: str = DISCORD_GATEWAY_URL

    @property
    def database(self) -> Path | str:
        """What ``Database.open`` opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Build settings from `env` (default: the process environment)."""
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
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
        workers = env.get("RENDER_WORKERS", "").strip() or "1"
        if not workers.isdigit() or int(workers) > 16:
            raise ConfigError(f"RENDER_WORKERS must be a number from 0 to 16, not {workers!r}")
        pause = env.get("COMPUTER_PAUSE", "").strip() or "1"
        try:
            computer_pause = float(pause)
            if not 0 <= computer_pause <= 10:
                raise ValueError
        except ValueError:
            raise ConfigError(
                f"COMPUTER_PAUSE must be a number of seconds from 0 to 10, not {pause!r}"
            ) from None
        database_path = Path(env.get("DATABASE_PATH", "").strip() or "data/hearts.sqlite3")
        database_url = None
        url = env.get("DATABASE_URL", "").strip()
        if url:
            try:
                target = Target.parse(url)
            except ValueError as exc:
                raise ConfigError(f"DATABASE_URL: {exc}") from None
            if target.dialect is Dialect.POSTGRESQL:
                database_url = url
            elif target.path is not None:
                database_path = target.path
        return cls(
            discord_token=token,
            computer_pause=computer_pause,
            render_workers=int(workers),
            database_path=database_path,
            database_url=database_url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=env.get("DISCORD_API_BASE", "").strip() or DISCORD_API_BASE,
            gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or DISCORD_GATEWAY_URL,
        )
