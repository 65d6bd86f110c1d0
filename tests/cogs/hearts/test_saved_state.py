"""The presenter's data on a failing disk (``SavedState``): a value the database refuses is kept and
written when it can be; after the presenter closes, nothing is retried any more."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.storage import Database, WriteFault
from bot.tables.clock import ManualClock
from cogs.hearts._state import SavedState


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "saved.db")
    yield database
    await database.close()


async def test_a_value_the_disk_refuses_is_written_when_it_can_be(db: Database) -> None:
    clock = ManualClock()
    saved = SavedState(db, clock)
    db.faults.fail(WriteFault.DISK_FULL)
    await saved.remember(7, "lobby_message", "123")  # the presenter's work goes on
    await saved.remember(7, "lobby_message", "456")  # the retry writes the newest value
    assert await saved.remembered(7) == {}
    db.faults.clear()
    assert clock.advance(1.0) == 1
    writing = saved._writing
    assert writing is not None
    await asyncio.wait_for(writing, 5)
    assert await saved.remembered(7) == {"lobby_message": "456"}
    await saved.close()


async def test_after_closing_a_refused_value_is_not_retried(db: Database) -> None:
    """At shutdown the presenter closes before the database: a value refused after that (the
    database closing) must not start a retry that outlives the bot's loop."""
    clock = ManualClock()
    saved = SavedState(db, clock)
    await saved.close()
    db.faults.fail(WriteFault.DISK_FULL)
    await saved.remember(7, "lobby_message", "123")
    assert saved._writing is None and clock.pending() == []
