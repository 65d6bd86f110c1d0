"""Storage tests fail on any ERROR log they do not declare (``error_log.allow``), as the emulator's
tests do: a fault the code survives but logs as an error is a fault the test should have seen."""

from __future__ import annotations

import pytest

from discord_emulator.pytest_plugin import ErrorLogCollector


@pytest.fixture(autouse=True)
def _no_unexpected_error_log(error_log: ErrorLogCollector) -> ErrorLogCollector:
    return error_log
