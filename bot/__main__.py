"""Entry point: `python -m bot` (the README's run command)."""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from pathlib import Path
from typing import Final

from dotenv import dotenv_values

from bot.config import ConfigError, Settings

CHECKOUT: Final = Path(__file__).resolve().parent.parent
"""Where ``.env`` is by default: next to the README, wherever the bot is started from."""


def env_file(environ: MutableMapping[str, str]) -> Path | None:
    """The settings file: ``ENV_FILE`` if set (empty: none, every setting from the environment:
    the tests' bots, so that an operator's ``.env`` never reaches them), else the checkout's."""
    named = environ.get("ENV_FILE")
    if named is None:
        return CHECKOUT / ".env"
    return Path(named).expanduser() if named.strip() else None


def load_settings(environ: MutableMapping[str, str]) -> Settings:
    """The settings: the environment's, then the settings file's for what it leaves unset. A
    relative database path is taken from the file's folder (the checkout's by default), not from
    wherever the bot was started: started from elsewhere, it made a new empty database there."""
    file = env_file(environ)
    if file is not None:
        if "ENV_FILE" in environ and not file.is_file():
            raise ConfigError(f"ENV_FILE names no file: {file}")
        for key, value in dotenv_values(file).items():
            if value is not None:
                environ.setdefault(key, value)
    return Settings.from_env(environ, base=file.resolve().parent if file is not None else Path.cwd())


def main() -> int:
    try:
        settings = load_settings(os.environ)
    except ConfigError as exc:
        print(f"hearts-bot: {exc}", file=sys.stderr)
        return 2
    from bot.app import run  # imported late: a config error must not need discord.py

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
