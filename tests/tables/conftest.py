from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.tables.helpers import Rig, rig


@pytest.fixture
async def r(db_url: str) -> AsyncIterator[Rig]:
    """A started service on a fresh database, on each backend (``db_url``: tests/storage/plugin.py)."""
    the_rig = await rig(db_url)
    yield the_rig
    await the_rig.close()
