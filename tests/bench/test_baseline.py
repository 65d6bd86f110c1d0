"""The benchmarks' baseline: ``bot/ai`` of a git revision, imported beside today's in one process."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import pytest

from bench import baseline
from bench.baseline import ROOT


def _package_modules(package: str) -> list[ModuleType]:
    return [m for name, m in sys.modules.items() if name == package or name.startswith(package + ".")]


def test_a_revision_is_its_own_package_that_never_reaches_into_todays_bot_ai() -> None:
    base = baseline.load("HEAD")
    package = base.api.__name__.rpartition(".")[0]
    assert package == f"baseline_ai_{base.commit[:12]}" and base.search.__name__ == f"{package}.search"
    modules = _package_modules(package)
    assert len(modules) > 5
    for module in modules:
        for value in vars(module).values():
            owner = getattr(value, "__module__", None) or getattr(value, "__name__", "")
            if isinstance(owner, str) and (owner == "bot.ai" or owner.startswith("bot.ai.")):
                pytest.fail(f"{module.__name__} uses today's {owner}")
    assert baseline.load("HEAD") is base  # imported once per process


def test_an_unknown_revision_stops_with_gits_words() -> None:
    with pytest.raises(SystemExit, match="rev-parse"):
        baseline.load("no-such-revision-anywhere")


def test_a_tiny_paired_match_against_a_baseline_revision_runs() -> None:
    args = ["--paired", "normal/base-normal:easy", "--deals", "2", "--workers", "2", "--baseline", "HEAD"]
    done = subprocess.run(
        [sys.executable, "bench/ai_strength.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "paired (normal vs easy) − (base-normal vs easy)" in done.stdout, done.stdout
    assert "base-* = bot/ai at" in done.stdout
