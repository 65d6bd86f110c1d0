"""The seeds of the random-input tests: each test's own (seeds that once found a bug, replayed by
every run), or a fresh range when ``SOAK=FIRST:COUNT`` is set (``make soak``). A soak is how those
seeds were found: many seeds, several workers, the machine loaded, so that races show."""

from __future__ import annotations

import os


def seeds(own: list[int]) -> list[int]:
    """``own``, or the ``SOAK`` range (``FIRST:COUNT``: COUNT seeds from FIRST)."""
    spec = os.environ.get("SOAK", "")
    if not spec:
        return own
    first, _, count = spec.partition(":")
    try:
        start, many = int(first), int(count or 1)
    except ValueError:
        raise ValueError(f"SOAK={spec!r}: expected FIRST:COUNT, e.g. SOAK=1000:50") from None
    return list(range(start, start + many))
