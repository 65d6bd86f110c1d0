"""Moving a bot from SQLite to PostgreSQL (bot.storage.migrate): the migrated database restores the
same open tables, leaderboard and action logs; a non-empty target and a running bot are refused."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import Database
from bot.storage.leaderboard import leaderboard, player_stats
from bot.storage.lease import ALL_SHARDS, LeaseHolder
from bot.storage.migrate import NOT_COPIED, TABLES, MigrationRefused, migrate
from bot.tables import Actor, ManualClock, PlayerPreferences, ServerSettings
from bot.tables import events as ev
from bot.tables.preferences import load_preferences, save_preferences
from playtest.postgres_server import PostgresServer
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
    db = await Database.open(path)
    running = LeaseHolder("a-running-bot", 1, "another-host", 0.0)
    assert await db.acquire_lease(ALL_SHARDS, running, 60.0) is None
    await db.close()
    target = await fresh_postgres_database(postgres)
    command = [sys.executable, "-m", "bot.storage.migrate", "--from", f"sqlite:///{path}", "--to", target]
    refused = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "another copy of the bot" in refused.stderr
    await RawDatabase(f"sqlite:///{path}").execute("DELETE FROM leases")  # the bot stopped
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "meta: 0 rows" in done.stdout and f"copied {path} to" in done.stdout
