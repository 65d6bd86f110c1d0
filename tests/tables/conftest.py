from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.tables.helpers import Rig, rig
from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs
from tests.tables.helpers import no_unexpected_error_log as no_unexpected_error_log


@pytest.fixture
async def r(db_url: str) -> AsyncIterator[Rig]:
    """A started service on a fresh database, on each backend (``db_url``: tests/storage/plugin.py)."""
    the_rig = await rig(db_url)
    yield the_rig
    await the_rig.close()
