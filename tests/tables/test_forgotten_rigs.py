"""A test that fails with its rig open still lets its process end: the failure is reported, not a
hang on the rig's database thread (``pytest -x``, and the mutants' runs, which judge a hang as no
kill)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FAILING = """\
from tests.tables.helpers import close_forgotten_rigs as close_forgotten_rigs
from tests.tables.helpers import rig


async def test_fails_with_its_rig_open(tmp_path):
    await rig(f"sqlite:///{tmp_path / 'hearts.sqlite3'}")
    assert False
"""

ROOT = Path(__file__).resolve().parents[2]


def test_a_failing_test_that_left_its_rig_open_ends_its_process(tmp_path: Path) -> None:
    (tmp_path / "test_forgotten.py").write_text(FAILING)
    options = ["-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "asyncio_mode=auto"]
    options += ["--rootdir", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *options, str(tmp_path / "test_forgotten.py")],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,  # the bug: the process never ends
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout
