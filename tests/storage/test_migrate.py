"""Moving a bot from SQLite to PostgreSQL (bot.storage.migrate): the migrated database restores the
same open tables, leaderboard and action logs; a non-empty target and a running bot are refused, and
so are a source that is no bot's database (a typo) and a target that holds another application's
tables, before anything is created."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import Database
from bot.storage.leaderboard import leaderboard, player_stats
from bot.storage.lease import ALL_SHARDS, LeaseHolder
from bot.storage.migrate import NOT_COPIED, TABLES, MigrationRefused, main, migrate
from bot.storage.migrations import SCHEMA_VERSION
from bot.tables import Actor, ManualClock, PlayerPreferences, ServerSettings
from bot.tables import events as ev
from bot.tables.preferences import load_preferences, save_preferences
from playtest.postgres_server import USER, PostgresServer
from tests.storage.plugin import fresh_postgres_database
from tests.storage.targets import RawDatabase
from tests.tables.helpers import CHANNEL, GUILD, act_once, options, play_to_end, rig
from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB, MOD = Actor("alice"), Actor("bob"), Actor("mod", is_moderator=True, manages_server=True)


async def _a_busy_sqlite_bot(url: str, clock: ManualClock) -> list[int]:
    """A finished game (for the leaderboard), a game in the middle of a hand, a lobby, settings and
    preferences; the open tables' ids."""
    r = await rig(url, clock)
    s = r.service
    done = await s.create_table(ALICE, GUILD, CHANNEL, options(target=20), seed=3)
    await s.join(BOB, done.table_id)
    await s.start_game(ALICE, done.table_id)
    await play_to_end(s, done.table_id, {"alice": ALICE, "bob": BOB})
    playing = await s.create_table(ALICE, GUILD, "chan-2", options(target=50), seed=8)
    await s.join(BOB, playing.table_id)
    await s.start_game(ALICE, playing.table_id)
    rng = random.Random(2)
    for _ in range(6):
        await s.settle()
        await act_once(s, playing.table_id, {"alice": ALICE, "bob": BOB}, rng)
    lobby = await s.create_table(BOB, GUILD, "chan-3", options(), seed=1)
    await s.set_server_settings(MOD, GUILD, ServerSettings())
    await save_preferences(r.db, "alice", PlayerPreferences(four_colour=True))
    await r.db.set_presenter_data(playing.table_id, "table_message", "123")
    await r.close()
    return [playing.table_id, lobby.table_id]


async def _everything(url: str, clock: ManualClock, open_ids: list[int]) -> dict[str, object]:
    """What a bot started on ``url`` restores and shows."""
    r = await rig(url, clock)
    s = r.service
    await s.settle()
    seen = {
        "restored": sorted(e.table.table_id for e in r.presenter.of(ev.TableRestored)),
        "tables": {t: s._tables[t].to_json() for t in open_ids},
        "hands": {t: [s.private_hand(a, t) for a in (ALICE, BOB)] for t in open_ids[:1]},
        "board": await leaderboard(r.db, GUILD),
        "stats": await player_stats(r.db, GUILD, "alice"),
        "logs": {t: await r.db.actions(t) for t in range(1, open_ids[-1] + 1)},
        "settings": await s.server_settings(GUILD),
        "preferences": await load_preferences(r.db, "alice"),
        "presenter": await r.db.presenter_data(open_ids[0]),
        "next_id": await r.db.next_table_id(),
    }
    await r.close()
    return seen


async def test_a_migrated_database_restores_the_same_tables_leaderboard_and_logs(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    clock = ManualClock()
    source = f"sqlite:///{tmp_path / 'hearts.sqlite3'}"
    open_ids = await _a_busy_sqlite_bot(source, clock)
    target = await fresh_postgres_database(postgres)
    copied = await migrate(source, target)
    assert copied.rows["tables"] == 3 and copied.rows["game_players"] == 2 and copied.rows["actions"] > 50
    raw_source, raw_target = RawDatabase(source), RawDatabase(target)
    for table in TABLES:  # every row, every id
        order = ", ".join(TABLES[table])
        assert await raw_source.fetch(f"SELECT * FROM {table} ORDER BY {order}") == await raw_target.fetch(
            f"SELECT * FROM {table} ORDER BY {order}"
        ), table
    on_sqlite = await _everything(source, clock, open_ids)
    on_postgres = await _everything(target, clock, open_ids)
    assert on_sqlite["restored"] == open_ids
    assert json.dumps(on_postgres, default=repr, sort_keys=True) == json.dumps(
        on_sqlite, default=repr, sort_keys=True
    )


async def test_every_table_of_the_schema_is_copied_but_the_leases(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    await (await Database.open(path)).close()
    names = await RawDatabase(f"sqlite:///{path}").fetch(
        "SELECT name FROM sqlite_master WHERE type = 'table'"
    )
    assert {n for (n,) in names} == set(TABLES) | set(NOT_COPIED)


async def test_a_non_empty_target_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    source = f"sqlite:///{tmp_path / 'hearts.sqlite3'}"
    db = await Database.open(source)
    await db.set_meta("from", "source")
    await db.close()
    target = await fresh_postgres_database(postgres)
    db = await Database.open(target)
    await db.set_meta("already", "here")
    await db.close()
    with pytest.raises(MigrationRefused, match="not empty"):
        await migrate(source, target)
    assert await RawDatabase(target).fetch("SELECT key FROM meta") == [("already",)]


async def test_a_row_the_target_refuses_undoes_the_whole_copy(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    source = f"sqlite:///{tmp_path / 'hearts.sqlite3'}"
    r = await rig(source)
    await r.service.create_table(ALICE, GUILD, CHANNEL, options())
    await r.close()
    await RawDatabase(source).execute("UPDATE actions SET at = 'yesterday'")  # SQLite lets it in
    target = await fresh_postgres_database(postgres)
    with pytest.raises(MigrationRefused, match="'actions'"):
        await migrate(source, target)
    assert await RawDatabase(target).fetch("SELECT id FROM tables") == []  # nothing half-copied


async def test_the_command_refuses_while_a_bot_runs_on_the_source(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    path = tmp_path / "hearts.sqlite3"
    db = await Database.open(path, upto=SCHEMA_VERSION - 1)  # a bot one migration behind runs on it
    running = LeaseHolder("a-running-bot", 1, "another-host", 0.0)
    assert await db.acquire_lease(ALL_SHARDS, running, 60.0) is None
    await db.close()
    target = await fresh_postgres_database(postgres)
    command = [sys.executable, "-m", "bot.storage.migrate", "--from", f"sqlite:///{path}", "--to", target]
    refused = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "another copy of the bot" in refused.stderr
    with sqlite3.connect(path) as conn:  # nothing of its schema changed under it
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1
    await RawDatabase(f"sqlite:///{path}").execute("DELETE FROM leases")  # the bot stopped
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "meta: 0 rows" in done.stdout and f"copied {path} to" in done.stdout


async def _command(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """``python -m bot.storage.migrate`` in this process (its own event loop, in a thread): its exit
    status and what it wrote on stderr."""
    status = await asyncio.to_thread(main, list(argv))
    return status, capsys.readouterr().err


async def _a_bot_database(path: Path) -> str:
    url = f"sqlite:///{path}"
    db = await Database.open(url)
    await db.set_meta("from", "source")
    await db.close()
    return url


async def test_a_source_that_does_not_exist_is_refused_and_nothing_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "out" / "hearts.sqlite3"
    status, err = await _command(
        capsys, "--from", "sqlite:///typo/hearts.sqlite3", "--to", f"sqlite:///{target}"
    )
    assert status == 1
    assert err == (
        f"migration refused: the source {tmp_path / 'typo' / 'hearts.sqlite3'} does not exist: "
        "check the path (nothing was created or copied)\n"
    )
    assert sorted(tmp_path.iterdir()) == []  # neither the source, its folder, nor the target


async def test_a_source_without_the_bots_schema_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], postgres_url: str
) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)")
        conn.execute("INSERT INTO invoices VALUES (1, 100)")
    conn.close()
    before = other.read_bytes()
    target = tmp_path / "target.sqlite3"
    for source, where in (
        (f"sqlite:///{empty}", str(empty)),
        (f"sqlite:///{other}", str(other)),
        (postgres_url, "postgresql://"),  # an empty PostgreSQL database
    ):
        status, err = await _command(capsys, "--from", source, "--to", f"sqlite:///{target}")
        assert status == 1, (source, err)
        assert err.startswith(f"migration refused: the source {where}") and err.count("\n") == 1, err
        assert "is not a bot's database" in err
        assert not target.exists()
    assert empty.read_bytes() == b"" and other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3", "other.sqlite3"]
    created = await RawDatabase(postgres_url).fetch(
        "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
    )
    assert created == []  # nothing created in the empty PostgreSQL database either


async def test_a_target_with_another_applications_tables_is_refused_before_anything_is_created(
    tmp_path: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = await _a_bot_database(tmp_path / "source" / "hearts.sqlite3")
    raw = RawDatabase(db_url)
    # another application's database: one of its tables has the name of one of the bot's
    if not raw.postgres:
        assert raw.target.path is not None
        raw.target.path.touch()
    await raw.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    await raw.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER NOT NULL)")
    await raw.execute("INSERT INTO events (id, name) VALUES (1, 'launch')")
    status, err = await _command(capsys, "--from", source, "--to", db_url)
    assert status == 1, err
    assert err.startswith(f"migration refused: the target {raw.target.describe()} is not empty: ")
    assert "(events, invoices)" in err and err.count("\n") == 1 and "Traceback" not in err, err
    if raw.postgres:
        names = await raw.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    else:
        names = await raw.fetch("SELECT name FROM sqlite_master")
        assert await raw.fetch("PRAGMA journal_mode") == [("delete",)]  # not even switched to WAL
    assert sorted(n for (n,) in names) == ["events", "invoices"]  # no table of the bot's added
    assert await raw.fetch("SELECT id, name FROM events") == [(1, "launch")]


async def test_a_target_the_database_refuses_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = await _a_bot_database(tmp_path / "hearts.sqlite3")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database, a photo perhaps " * 200)
    status, err = await _command(capsys, "--from", source, "--to", f"sqlite:///{garbage}")
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"migration refused: the database file {garbage} is damaged"), err
    assert garbage.read_bytes() == b"not a database, a photo perhaps " * 200


async def test_what_the_target_server_refuses_is_one_line_not_a_traceback(
    tmp_path: Path, postgres: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A role that may not create tables (PostgreSQL's own error), a port no socket has (Python's
    ``OverflowError``): refused in one line, exit status 1."""
    source = await _a_bot_database(tmp_path / "hearts.sqlite3")
    target = await fresh_postgres_database(postgres)
    schema = target.rsplit("search_path=", 1)[1]
    role = f"{schema}_reader"
    admin = RawDatabase(postgres.url())
    await admin.execute(f"CREATE ROLE {role} LOGIN")
    await admin.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    try:
        as_reader = target.replace(f"{USER}@", f"{role}@", 1)
        status, err = await _command(capsys, "--from", source, "--to", as_reader)
        assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith("migration refused: ") and "permission denied" in err, err
    finally:
        await admin.execute(f"DROP OWNED BY {role}")
        await admin.execute(f"DROP ROLE {role}")
    status, err = await _command(capsys, "--from", source, "--to", "postgresql://bot@127.0.0.1:70000/hearts")
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("migration refused: ") and "65535" in err, err
