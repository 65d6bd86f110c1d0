from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from discord_emulator.pytest_plugin import ErrorLogCollector
from tests.tables.helpers import Rig, rig
from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs


@pytest.fixture(autouse=True)
def _no_unexpected_error_log(error_log: ErrorLogCollector) -> ErrorLogCollector:
    """Table-service tests fail on any ERROR log they do not declare (``error_log.allow``), as the
    emulator's tests do."""
    return error_log


@pytest.fixture
async def r(db_url: str) -> AsyncIterator[Rig]:
    """A started service on a fresh database, on each backend (``db_url``: tests/storage/plugin.py)."""
    the_rig = await rig(db_url)
    yield the_rig
    await the_rig.close()
