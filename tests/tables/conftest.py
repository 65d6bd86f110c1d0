from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.tables.helpers import Rig, rig


@pytest.fixture
async def r(db_path: Path) -> AsyncIterator[Rig]:
    the_rig = await rig(db_path)
    yield the_rig
    await the_rig.close()
