"""Pytest fixtures for tests against the emulator (loaded from tests/conftest.py).

- `error_log`: fails the test on any ERROR logged by any logger (discord.py logs exceptions in
  commands, views and events instead of raising them). `error_log.allow(...)` for expected ones.
  One logged while the test's body ran fails the test itself (a failure, not an error of its
  teardown: a mutation runner counts only failing tests); one logged later, its teardown.
- `emulator`: a started `DiscordEmulator`; fails the test on any emulator failure (e.g. an
  endpoint it does not implement). An ERROR log also ends the emulator's waits at once.
- `bot_runner`: runs discord.py clients in this process against the emulator.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass

import pytest
import pytest_asyncio

from .emulator import DiscordEmulator
from .runner import BotRunner, redirect_discord_py

__all__ = ["Allowance", "BotRunner", "ErrorLogCollector"]


@dataclass
class Allowance:
    """ERROR records a test expects; ``seen`` counts those that came (a test may assert it)."""

    pattern: re.Pattern[str]
    logger: str
    seen: int = 0


class ErrorLogCollector(logging.Handler):
    """Collects ERROR (and worse) records from every logger; unexpected ones fail the test."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.errors: list[str] = []
        self.reported = 0  # of `errors`, those the test's body already failed on
        self.allowances: list[Allowance] = []
        self.listeners: list[Callable[[logging.LogRecord, str], None]] = []

    def allow(self, pattern: str, *, logger: str = "") -> Allowance:
        """Expect ERROR records whose text matches `pattern` (from `logger` and its children)."""
        allowance = Allowance(re.compile(pattern, re.S), logger)
        self.allowances.append(allowance)
        return allowance

    def emit(self, record: logging.LogRecord) -> None:
        text = _format(record)
        for allowance in self.allowances:
            if record.name.startswith(allowance.logger) and allowance.pattern.search(text):
                allowance.seen += 1
                return
        self.errors.append(text)
        for listener in self.listeners:
            listener(record, text)


def _format(record: logging.LogRecord) -> str:
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info:
        text += "\n" + logging.Formatter().formatException(record.exc_info)
    return text


@pytest.fixture
def error_log() -> Iterator[ErrorLogCollector]:
    handler = ErrorLogCollector()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
    if len(handler.errors) > handler.reported:
        later = handler.errors[handler.reported :]
        pytest.fail("ERROR logged during the test:\n" + "\n\n".join(later), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test whose body passed but logged an undeclared ERROR fails, there and then."""
    result = yield
    handler = getattr(item, "funcargs", {}).get("error_log")
    if isinstance(handler, ErrorLogCollector) and len(handler.errors) > handler.reported:
        logged = handler.errors[handler.reported :]
        handler.reported = len(handler.errors)
        pytest.fail("ERROR logged during the test:\n" + "\n\n".join(logged), pytrace=False)
    return result


@pytest_asyncio.fixture
async def emulator(error_log: ErrorLogCollector) -> AsyncIterator[DiscordEmulator]:
    emu = DiscordEmulator()

    def on_error(record: logging.LogRecord, text: str) -> None:
        if not record.name.startswith(__package__ or "discord_emulator"):  # those report themselves
            emu.fail(text)

    error_log.listeners.append(on_error)
    async with emu:
        with redirect_discord_py(emu):
            yield emu
    own = [f for f in emu.failures if f not in error_log.errors]
    if own:
        pytest.fail("the emulator saw failures:\n" + "\n".join(own), pytrace=False)


@pytest_asyncio.fixture
async def bot_runner(emulator: DiscordEmulator) -> AsyncIterator[BotRunner]:
    runner = BotRunner(emulator)
    try:
        yield runner
    finally:
        unanswered = await emulator.settle() if not emulator.failures else []
        await runner.stop_all()
    if unanswered:
        listing = "\n".join(f"  {r}" for r in unanswered)
        pytest.fail(f"interactions the bot never answered (users saw 'This interaction failed'):\n{listing}")
