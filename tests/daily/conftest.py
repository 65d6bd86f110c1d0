"""Rigs a failing test leaves open are closed after it (tests/tables/helpers.py)."""

from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs
