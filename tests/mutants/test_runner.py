"""The mutation runner on a small tree of its own: only a failing test kills; an import error, a
fixture's error, "no tests ran" and a hang are no kill; a selection that fails or selects nothing
unmutated judges nothing; the checkout is never edited, and the copy runs its own code."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.mutants.catalogue import MUTANTS, Mutant
from tests.mutants.runner import CopyEscaped, Outcome, copied_tree, judge_all, run_tests

CODE = """\
def double(x):
    return 2 * x


def spare():
    return 1


def seed():
    return 7
"""
TESTS = {
    "test_pkg.py": "from pkg import double\n\n\ndef test_double():\n    assert double(2) == 4\n",
    "test_seeded.py": "def test_seeded(seeded):\n    assert seeded > 0\n",
    "conftest.py": (
        "import pytest\n\nimport pkg\n\n\n@pytest.fixture\ndef seeded():\n    return 1 // (pkg.seed() - 6)\n"
    ),
    "test_broken.py": "def test_broken():\n    assert False\n",
    "test_hang.py": "import threading\n\n\ndef test_hang():\n    threading.Event().wait()\n",
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "pkg.py").write_text(CODE)
    for name, text in TESTS.items():
        (root / name).write_text(text)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)  # untracked files are copied too
    return root


def mutant(name: str, old: str, new: str, *tests: str) -> Mutant:
    return Mutant(name, "pkg.py", (old,), new, tests or ("test_pkg.py",))


def test_only_a_failing_test_kills_and_the_checkout_is_untouched(tree: Path) -> None:
    mutants = [
        mutant("wrong factor", "return 2 * x", "return 3 * x"),
        mutant("unguarded", "return 1", "return 2"),
        mutant("syntax error", "def double(x):", "def double(x) oops:"),
        mutant("fixture error", "return 7", "return 6", "test_seeded.py"),
        mutant("not there", "return 42", "return 43"),
        mutant("nothing selected", "return 2 * x", "return 3 * x", "test_pkg.py", "-k", "nomatch"),
        mutant("failing selection", "return 2 * x", "return 3 * x", "test_broken.py"),
    ]
    verdicts = judge_all(tree, mutants, timeout=120.0, packages=("pkg",))
    outcomes = {v.mutant.name: v.outcome for v in verdicts}
    assert outcomes == {
        "wrong factor": Outcome.KILLED,
        "unguarded": Outcome.SURVIVED,
        "syntax error": Outcome.ERROR,  # pytest exit 2: a collection error is no failing test
        "fixture error": Outcome.ERROR,  # exit 1, but the test never ran: its fixture failed
        "not there": Outcome.ABSENT,
        "nothing selected": Outcome.REFUSED,
        "failing selection": Outcome.REFUSED,
    }
    assert verdicts[0].killers == ("test_pkg::test_double",)
    assert verdicts[3].killers == ("test_seeded::test_seeded",)
    assert "runs no test" in verdicts[5].note and "fails unmutated" in verdicts[6].note
    assert (tree / "pkg.py").read_text() == CODE


def test_a_hang_is_ended_at_the_time_limit(tree: Path) -> None:
    with copied_tree(tree) as copy:
        run = run_tests(copy, ("test_hang.py",), 3.0, first_failure=True)
    assert run.code is None and run.failed == ()


def test_the_copy_must_import_its_own_code(tree: Path) -> None:
    with copied_tree(tree) as copy:
        assert (copy / "pkg.py").read_text() == CODE and copy != tree
    with pytest.raises(CopyEscaped, match="outside itself"):
        judge_all(tree, [mutant("any", "return 1", "return 2")], timeout=60.0, packages=("pkg", "json"))


def test_every_mutant_of_the_catalogue_is_still_in_the_tree() -> None:
    """A mutant whose code moved or was rewritten judges nothing (absent): its bug is guarded by
    no one until its spelling follows the code."""
    root = Path(__file__).resolve().parents[2]
    absent = [m.name for m in MUTANTS if m.apply((root / m.path).read_text(encoding="utf-8")) is None]
    assert absent == []
