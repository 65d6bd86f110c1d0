"""Fixtures: every storage and table-service test runs on both backends.

``db_url`` is a fresh, empty database for one test: a SQLite file in the test's directory, or a new
schema (``CREATE SCHEMA``, made the connections' ``search_path`` by the URL: a few milliseconds, where
``CREATE DATABASE`` takes up to half a second on a busy machine) in the session's PostgreSQL
database; the server starts the first time a test asks for it and stops when the session ends.
``raw`` reaches the same database around the bot. ``sqlite_path`` is for the tests of SQLite's own
behaviour (WAL, file modes), ``postgres_url`` for what only PostgreSQL does (several processes).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from playtest.postgres_server import PostgresServer, postgres_server
from tests.storage.targets import RawDatabase

BACKENDS = ("sqlite", "postgresql")
_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


async def fresh_postgres_database(server: PostgresServer) -> str:
    """A new empty schema on ``server``; the URL of a database where it is the only one seen."""
    name = f"hearts_test_{next(_names)}"
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return server.url(search_path=name)


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "hearts.sqlite3"


@pytest.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hearts.sqlite3'}"
    return await fresh_postgres_database(request.getfixturevalue("postgres"))


@pytest.fixture
async def postgres_url(postgres: PostgresServer) -> str:
    """A fresh PostgreSQL database alone, for what only happens there: several bot processes on one
    database (SQLite runs one process)."""
    return await fresh_postgres_database(postgres)


@pytest.fixture
def raw(db_url: str) -> RawDatabase:
    return RawDatabase(db_url)
