import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import CHECKOUT, env_file, load_settings
from bot.config import DISCORD_API_BASE, ConfigError, Settings
from bot.storage.backend import redact

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_stops_the_bot_with_a_clear_message(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "ENV_FILE": ""}  # (not a checkout's .env)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr
    assert "discord.com/developers/applications" in proc.stderr


def test_settings_defaults_and_values() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "abc"})
    assert s.database_path == Path("data/hearts.sqlite3")
    assert s.api_base == DISCORD_API_BASE and s.dev_guild_id is None and s.log_level == "INFO"
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert s.dev_guild_id == 123 and s.log_level == "DEBUG"


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"DISCORD_TOKEN": " "},
        {"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "x1"},
        {"DISCORD_TOKEN": "a", "LOG_LEVEL": "LOUD"},
    ],
)
def test_bad_settings_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError):
        Settings.from_env(env)


def test_the_token_is_kept_out_of_reprs_and_log_lines(capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from bot.app import configure_logging

    secret = "MTIz.secret-token.value"
    settings = Settings.from_env({"DISCORD_TOKEN": secret})
    assert secret not in repr(settings) and secret not in str(settings)
    root = logging.getLogger()
    saved = (root.level, list(root.handlers))
    configure_logging(settings)
    log = logging.getLogger("bot.test")
    log.error("login with %s failed", secret)
    try:
        raise RuntimeError(f"bad token {secret}")
    except RuntimeError:
        log.exception("boom")
    err = capsys.readouterr().err
    assert secret not in err
    assert "login with [token] failed" in err and "bad token [token]" in err
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]


def test_unsharded_by_default_and_shard_ids_default_to_every_shard() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "a"})
    assert s.shard_count is None and s.shard_ids == ()
    s = Settings.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "3"})
    assert s.shard_count == 3 and s.shard_ids == (0, 1, 2)


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("0-2", (0, 1, 2)), ("0,1", (0, 1)), (" 3 ", (3,)), ("4, 0-1", (0, 1, 4)), ("2-2", (2,))],
)
def test_shard_ids_take_ranges_and_lists(ids: str, expected: tuple[int, ...]) -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "5", "SHARD_IDS": ids})
    assert s.shard_count == 5 and s.shard_ids == expected


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "-1"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_COUNT=2 has shards 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-5"}, r"names shard\(s\) \[4, 5\]"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-1"}, "runs backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,0-1"}, "names a shard twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-"}, "ranges like 0-2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a,b"}, "ranges like 0-2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0;1"}, "ranges like 0-2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "ranges like 0-2"),
    ],
)
def test_bad_shard_settings_are_refused_with_what_to_write(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings.from_env({"DISCORD_TOKEN": "a", **env})


def test_the_bot_is_sharded_only_when_shard_count_is_set() -> None:
    import discord

    from bot.app import HeartsBot, ShardedHeartsBot, create_bot

    plain = create_bot(Settings.from_env({"DISCORD_TOKEN": "a"}))
    assert type(plain) is HeartsBot and not isinstance(plain, discord.AutoShardedClient)
    assert plain.shard_count is None and plain.shard_id is None
    sharded = create_bot(Settings.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1-2"}))
    assert isinstance(sharded, ShardedHeartsBot) and isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [1, 2]


def test_database_url_chooses_the_backend_and_database_path_still_works() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "DATABASE_PATH": "x/h.db"})
    assert s.database == Path("x/h.db") and s.database_url is None
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "DATABASE_URL": "sqlite:///y/h.db"})
    assert s.database == Path("y/h.db")
    url = "postgresql://bot:s3cret@db.internal:5432/hearts"
    s = Settings.from_env({"DISCORD_TOKEN": "abc", "DATABASE_URL": url})
    assert s.database == url and "s3cret" not in repr(s)
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        Settings.from_env({"DISCORD_TOKEN": "abc", "DATABASE_URL": "mysql://x@y/z"})


def test_a_process_owns_its_shards_servers_and_leases_its_range_on_postgresql_only() -> None:
    pg = {"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://u@h/db", "SHARD_COUNT": "3"}
    second = Settings.from_env({**pg, "SHARD_IDS": "1"})
    on_shard = {shard: str((7 << 22) * 3 + (shard << 22)) for shard in range(3)}  # ids by shard
    assert [second.owns_server(on_shard[s]) for s in range(3)] == [False, True, False]
    assert second.lease == "shards:3/1"
    assert Settings.from_env({**pg, "SHARD_IDS": "0-1"}).lease == "shards:3/0-1"
    # SQLite stays one process: every table in its file is its own, its lease the whole database.
    sqlite = Settings.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "3", "SHARD_IDS": "1"})
    assert all(sqlite.owns_server(on_shard[s]) for s in range(3))
    assert sqlite.lease == "shards:all"
    assert (
        Settings.from_env({"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://u@h/db"}).lease == "shards:all"
    )


def test_the_metrics_endpoint_is_off_unless_metrics_port_is_set() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "a"})
    assert s.metrics_port is None and s.metrics_host == "127.0.0.1"
    s = Settings.from_env({"DISCORD_TOKEN": "a", "METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0"})
    assert s.metrics_port == 9108 and s.metrics_host == "0.0.0.0"
    assert Settings.from_env({"DISCORD_TOKEN": "a", "METRICS_PORT": "0"}).metrics_port == 0  # any free port
    for bad in ("http", "-1", "70000"):
        with pytest.raises(ConfigError, match="METRICS_PORT"):
            Settings.from_env({"DISCORD_TOKEN": "a", "METRICS_PORT": bad})


def test_the_activity_is_set_up_only_with_its_port_and_the_client_secret() -> None:
    assert not Settings.from_env({"DISCORD_TOKEN": "a"}).activity
    assert not Settings.from_env({"DISCORD_TOKEN": "a", "ACTIVITY_PORT": "8080"}).activity
    assert not Settings.from_env({"DISCORD_TOKEN": "a", "DISCORD_CLIENT_SECRET": "s"}).activity
    s = Settings.from_env({"DISCORD_TOKEN": "a", "ACTIVITY_PORT": "0", "DISCORD_CLIENT_SECRET": "s"})
    assert s.activity and s.activity_port == 0 and s.activity_host == "127.0.0.1"
    assert "client_secret" not in repr(s)
    with pytest.raises(ConfigError, match="ACTIVITY_PORT"):
        Settings.from_env({"DISCORD_TOKEN": "a", "ACTIVITY_PORT": "http"})


@pytest.mark.parametrize(
    ("name", "text", "seconds"),
    [
        ("COMPUTER_PAUSE", "", 1.0),
        ("COMPUTER_PAUSE", "0", 0.0),
        ("COMPUTER_PAUSE", "2.5", 2.5),
        ("SHUTDOWN_TIMEOUT", "", 4.0),
        ("SHUTDOWN_TIMEOUT", " 30 ", 30.0),
    ],
)
def test_seconds_settings_are_read_with_their_defaults(name: str, text: str, seconds: float) -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "a", name: text})
    assert getattr(settings, name.lower()) == seconds


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("COMPUTER_PAUSE", "11"),
        ("COMPUTER_PAUSE", "-1"),
        ("COMPUTER_PAUSE", "soon"),
        ("SHUTDOWN_TIMEOUT", "0.5"),
        ("SHUTDOWN_TIMEOUT", "nan"),
        ("SHUTDOWN_TIMEOUT", "301"),
    ],
)
def test_bad_seconds_settings_are_refused_with_their_range(name: str, text: str) -> None:
    with pytest.raises(ConfigError, match=f"{name} must be a number of seconds from .* to .*, not '{text}'"):
        Settings.from_env({"DISCORD_TOKEN": "a", name: text})


def test_the_settings_file_is_the_checkouts_or_env_files_and_relative_paths_follow_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from another folder (a unit without WorkingDirectory), the bot read the checkout's
    .env but made a new, empty database in that folder. A relative path now follows the file's
    folder; ``ENV_FILE`` names another file, or none (the tests' bots: an operator's .env, with
    their real database, never reaches them)."""
    assert env_file({}) == CHECKOUT / ".env" and env_file({"ENV_FILE": ""}) is None
    (tmp_path / "hearts.env").write_text("DISCORD_TOKEN=abc\nDATABASE_PATH=data/h.sqlite3\nLOG_LEVEL=debug\n")
    monkeypatch.chdir(tmp_path.parent)  # started from elsewhere
    environ = {"ENV_FILE": str(tmp_path / "hearts.env"), "LOG_LEVEL": "warning"}
    s = load_settings(environ)
    assert s.database == tmp_path / "data" / "h.sqlite3"
    assert s.log_level == "WARNING"  # the environment wins over the file
    assert (
        Settings.from_env({"DISCORD_TOKEN": "a", "DATABASE_PATH": "~/h.db"}).database == Path.home() / "h.db"
    )
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        load_settings({"ENV_FILE": ""})  # no file read at all
    with pytest.raises(ConfigError, match="ENV_FILE names no file"):
        load_settings({"ENV_FILE": str(tmp_path / "missing.env")})


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"RENDER_WORKERS": "²"}, "RENDER_WORKERS"),  # isdigit() takes it, int() does not
        ({"METRICS_PORT": "8²"}, "METRICS_PORT"),
        ({"SHARD_COUNT": "³"}, "SHARD_COUNT"),
        ({"METRICS_PORT": "9100", "ACTIVITY_PORT": "9100"}, "ACTIVITY_PORT and METRICS_PORT must be two"),
        ({"DATABASE_PATH": ":memory:"}, "DATABASE_PATH"),
        ({"DATABASE_URL": "postgresql://u:pw@h:abc/db"}, "DATABASE_URL: its port"),
        ({"DATABASE_URL": "postgresql://u:pw@h:99999/db"}, "DATABASE_URL: its port"),
    ],
)
def test_more_wrong_values_stop_the_bot_naming_the_setting(env: dict[str, str], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        Settings.from_env({"DISCORD_TOKEN": "a", **env})


def test_a_password_in_a_database_urls_query_is_not_shown() -> None:
    shown = redact("postgresql://bot@db/hearts?sslmode=require&password=s3cret")
    assert "s3cret" not in shown and shown.endswith("password=***")
