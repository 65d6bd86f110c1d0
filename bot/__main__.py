"""Entry point: `python -m bot` (the README's run command)."""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.config import ConfigError, Settings


def main() -> int:
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"hearts-bot: {exc}", file=sys.stderr)
        return 2
    from bot.app import run  # imported late: a config error must not need discord.py

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
