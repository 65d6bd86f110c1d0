"""A real PostgreSQL server for the tests (started once per session, stopped at its end) and the
storage benchmark; here, not in tests/, because benchmarks never import tests.

The machine's own server programs are used where they are installed (Debian's
``/usr/lib/postgresql/<version>/bin``, or ``initdb`` on the PATH); otherwise the server the ``pgserver``
package ships (in the dev extra), so that ``make test`` on a fresh machine runs the PostgreSQL tests
too. The cluster lives in a temporary directory, listens on 127.0.0.1 and a Unix socket in that
directory, trusts local connections and runs with ``fsync=off`` (a test cluster: speed over
durability). As root, the programs run as the ``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

USER = "hearts"


@dataclass(frozen=True)
class PostgresServer:
    """A running test cluster, on a TCP port or (``socket_dir``) a Unix socket only: ``url(name)``
    is a database's URL on it, ``url(name, search_path=…)`` with that schema alone in view."""

    host: str = "127.0.0.1"
    port: int = 5432
    socket_dir: str | None = None

    def url(self, database: str = "postgres", **params: str) -> str:
        if self.socket_dir is not None:
            params = {"host": self.socket_dir, **params}
            base = f"postgresql://{USER}@/{database}"
        else:
            base = f"postgresql://{USER}@{self.host}:{self.port}/{database}"
        query = "&".join(f"{k}={v}" for k, v in params.items())
        return f"{base}?{query}" if query else base


def _system_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as() -> list[str]:
    """As root: run the server programs as ``postgres`` (they refuse root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise RuntimeError("running as root, and there is no 'postgres' user to run the server as") from None
    return ["runuser", "-u", "postgres", "--"]


@contextlib.contextmanager
def _system_server(bin_dir: Path, durable: bool) -> Iterator[PostgresServer]:
    as_user = _run_as()
    with tempfile.TemporaryDirectory(prefix="hearts-pg-") as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        if as_user:
            shutil.chown(tmp, "postgres")
            shutil.chown(data, "postgres")
        port = free_port()
        initdb = [
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            USER,
            "--no-sync",
            "-E",
            "UTF8",
        ]
        subprocess.run([*as_user, *initdb], check=True, capture_output=True)
        options = f"-k {data} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        ctl = [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data)]
        subprocess.run(
            [*ctl, "-o", options, "-l", str(data / "log"), "-w", "start"], check=True, capture_output=True
        )
        try:
            yield PostgresServer("127.0.0.1", port)
        finally:
            subprocess.run([*ctl, "-m", "immediate", "-w", "stop"], check=False, capture_output=True)


@contextlib.contextmanager
def _packaged_server() -> Iterator[PostgresServer]:
    import pgserver  # the dev extra's server, for machines without one

    with tempfile.TemporaryDirectory(prefix="hearts-pgserver-") as tmp:
        server = pgserver.get_server(tmp, cleanup_mode="stop")  # type: ignore[attr-defined]
        try:
            server.psql(f"CREATE ROLE {USER} SUPERUSER LOGIN;")
            yield PostgresServer(socket_dir=tmp)  # pgserver listens on its Unix socket only
        finally:
            server.cleanup()


@contextlib.contextmanager
def postgres_server(*, durable: bool = False) -> Iterator[PostgresServer]:
    """A running server for the ``with`` block: the machine's own, else pgserver's
    (``HEARTS_TEST_PGSERVER=1`` forces pgserver's, to test that path). ``durable``: every commit
    flushed as in production (benchmarks); the tests' server skips the flushes."""
    bin_dir = None if os.environ.get("HEARTS_TEST_PGSERVER") == "1" else _system_bin()
    if bin_dir is not None:
        with _system_server(bin_dir, durable) as server:
            yield server
    else:
        with _packaged_server() as server:
            yield server
