"""Judging mutants honestly, on a copy of the tree.

The checkout is never edited: the tree's files (``git ls-files``: tracked and untracked, not
ignored, as they are on disk; mypyc's compiled modules too) are copied into a temporary directory,
and pytest runs there with that directory first on ``PYTHONPATH`` and as its working directory, so
the copy's code is what runs, also in the child processes the tests start (``verify_copy`` checks
it before anything is judged).

Each distinct selection of tests first runs unmutated, once (the *baseline*): a selection that
fails, or runs no test, can't judge a mutant, and its mutants are *refused*. A mutant then counts
as *killed* only when pytest exits 1 with at least one test that *failed* (the killers, read from
a JUnit XML report): an error in a fixture, a collection error, "no tests ran" or an interrupted run
is an *error*, a run over the time limit a *timeout*, a passing one *survived*; none is a kill.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from tests.mutants.catalogue import Mutant

PYTEST_FAILED = 1  # pytest's exit code when tests ran and some failed; 2-5 are no verdict
PYTEST_NO_TESTS = 5
PACKAGES = ("bot", "cogs", "discord_emulator", "playtest", "tests")  # the tree's, imported by the tests


class CopyEscaped(Exception):
    """The copy's tests would run code outside it (the checkout's): nothing can be judged."""


class Outcome(Enum):
    KILLED = "killed"
    SURVIVED = "survived"
    ERROR = "error"  # pytest ended without a failing test: collection/fixture error, nothing ran
    TIMEOUT = "timeout"
    REFUSED = "refused"  # its selection fails or runs nothing unmutated: it can't judge
    ABSENT = "absent"  # none of the mutant's spellings is in the tree


@dataclass(frozen=True, slots=True)
class Run:
    """One pytest run: its exit code (None: over the time limit), the ids of the tests that failed,
    errored and ran, and its seconds."""

    code: int | None
    failed: tuple[str, ...]
    errors: tuple[str, ...]
    ran: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Verdict:
    mutant: Mutant
    outcome: Outcome
    killers: tuple[str, ...]  # the failing tests (killed); the erroring ones (error)
    seconds: float
    note: str = ""


def tree_files(root: Path) -> list[str]:
    """The tree as the tests see it: git's files, tracked or not (not ignored), and the compiled
    modules (ignored, built by ``make``) that take precedence over their ``.py``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout.decode()
    files = [name for name in listed.split("\0") if name and (root / name).is_file()]
    compiled = [str(p.relative_to(root)) for top in ("bot", "cogs") for p in (root / top).rglob("*.so")]
    return sorted(set(files) | set(compiled))


@contextlib.contextmanager
def copied_tree(root: Path) -> Iterator[Path]:
    """A copy of ``root``'s tree in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="hearts-mutants-") as tmp:
        copy = Path(tmp) / "tree"
        for name in tree_files(root):
            target = copy / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / name, target)
        yield copy


def environment(copy: Path) -> dict[str, str]:
    """The copy first on the import path, and no bytecode written: a restored source may keep its
    size and second-resolution time, and a stale ``.pyc`` of the mutant would then run instead."""
    return {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}


def verify_copy(copy: Path, packages: Sequence[str]) -> None:
    """Refuse to judge anything unless the copy's own ``packages`` are what Python imports there
    (the editable install points at the checkout)."""
    names = ", ".join(packages)
    probe = f"import {names}; print(*(m.__file__ for m in ({names},)), sep='\\n')"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=copy,
        env=environment(copy),
        capture_output=True,
        text=True,
        check=True,
    )
    strays = [path for path in done.stdout.split() if not Path(path).resolve().is_relative_to(copy.resolve())]
    if strays:
        raise CopyEscaped(f"the copy imports code outside itself: {strays}")


def run_tests(copy: Path, selection: Sequence[str], timeout: float, *, first_failure: bool) -> Run:
    """pytest over ``selection`` in ``copy``, in a process group of its own (a run over the limit is
    ended with every process it started: the bot processes, their workers)."""
    report = copy.parent / "report.xml"
    report.unlink(missing_ok=True)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
    command += ["-x"] if first_failure else []
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, *selection],
        cwd=copy,
        env=environment(copy),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        code: int | None = process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        code = None
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever the run left behind
    seconds = time.perf_counter() - started
    failed, errors, ran = read_report(report) if code is not None else ((), (), 0)
    return Run(code, failed, errors, ran, seconds)


def read_report(report: Path) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """The failed tests' ids, the errored ones' (a fixture's setup or teardown), and how many tests
    ran (not skipped), from pytest's JUnit XML."""
    if not report.exists():
        return (), (), 0
    failed: list[str] = []
    errors: list[str] = []
    ran = 0
    for case in ET.parse(report).getroot().iter("testcase"):
        test = f"{case.get('classname', '')}::{case.get('name', '')}"
        if case.find("skipped") is not None:
            continue
        ran += 1
        if case.find("failure") is not None:
            failed.append(test)
        elif case.find("error") is not None:
            errors.append(test)
    return tuple(failed), tuple(errors), ran


def judge(run: Run) -> Outcome:
    """Only a failing test kills: exit 1 *and* a test in the report that failed."""
    if run.code is None:
        return Outcome.TIMEOUT
    if run.code == 0:
        return Outcome.SURVIVED
    if run.code == PYTEST_FAILED and run.failed:
        return Outcome.KILLED
    return Outcome.ERROR


def baseline_problem(run: Run) -> str | None:
    """Why an unmutated selection can't judge mutants, or None if it can."""
    if run.code is None:
        return "over the time limit unmutated"
    if run.code == PYTEST_NO_TESTS or (run.code == 0 and run.ran == 0):
        return "runs no test"
    if run.code != 0 or run.failed or run.errors:
        return f"fails unmutated (pytest exit {run.code}: {', '.join(run.failed + run.errors) or 'no test'})"
    return None


@contextlib.contextmanager
def mutated(copy: Path, mutant: Mutant) -> Iterator[bool]:
    """The mutant applied in ``copy`` (yields False if it is absent there), undone afterwards. A
    compiled twin of the module (mypyc's ``.so``, imported before the ``.py``) is set aside meanwhile."""
    target = copy / mutant.path
    original = target.read_text(encoding="utf-8")
    changed = mutant.apply(original)
    if changed is None:
        yield False
        return
    twins = list(target.parent.glob(f"{target.stem}.*.so"))
    for twin in twins:
        twin.rename(twin.with_name(twin.name + ".aside"))
    target.write_text(changed, encoding="utf-8")
    try:
        yield True
    finally:
        target.write_text(original, encoding="utf-8")
        for twin in twins:
            twin.with_name(twin.name + ".aside").rename(twin)


def judge_all(
    root: Path,
    mutants: Sequence[Mutant],
    timeout: float,
    packages: Sequence[str] = PACKAGES,
    say: Callable[[str], None] = lambda line: None,
) -> list[Verdict]:
    """Every mutant's verdict, on one copy of ``root`` (whose ``packages`` must import from the
    copy); each selection's baseline runs once. ``say`` hears the progress."""
    verdicts: list[Verdict] = []
    with copied_tree(root) as copy:
        verify_copy(copy, packages)
        baselines: dict[tuple[str, ...], str | None] = {}
        for mutant in mutants:
            if mutant.tests not in baselines:
                base = run_tests(copy, mutant.tests, timeout, first_failure=False)
                baselines[mutant.tests] = baseline_problem(base)
                said = baselines[mutant.tests] or f"{base.ran} test(s) pass"
                say(f"baseline {' '.join(mutant.tests)}: {said} ({base.seconds:.0f} s)")
            verdict = judge_one(copy, mutant, timeout, baselines[mutant.tests])
            verdicts.append(verdict)
            say(f"{verdict.outcome.value:>8}  {mutant.name}  ({verdict.seconds:.0f} s)")
    return verdicts


def judge_one(copy: Path, mutant: Mutant, timeout: float, problem: str | None) -> Verdict:
    if problem is not None:
        return Verdict(mutant, Outcome.REFUSED, (), 0.0, problem)
    with mutated(copy, mutant) as applied:
        if not applied:
            return Verdict(mutant, Outcome.ABSENT, (), 0.0)
        run = run_tests(copy, mutant.tests, timeout, first_failure=True)
    outcome = judge(run)
    shown = run.failed if outcome is Outcome.KILLED else run.errors
    note = "" if outcome is not Outcome.ERROR else f"pytest exit {run.code}"
    return Verdict(mutant, outcome, shown, run.seconds, note)
