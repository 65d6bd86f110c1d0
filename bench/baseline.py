"""The computer players of an earlier git revision, imported beside today's in the same process.

A paired comparison (``ai_strength.py --paired``, ``decision_regret.py``, ``search_speed.py``) runs
two versions of ``bot/ai`` on the same deals in one process, so that the cards' luck and the
machine's load cancel. Instead of a copy of the old code in the tree, ``load(rev)`` reads
``bot/ai`` at ``rev`` with ``git show`` into a temporary package named for the revision
(``baseline_ai_<commit>``), rewriting its imports of ``bot.ai`` to that package (the engine is
today's: it has kept its interface), and imports it. Its modules run as plain Python: the bot's
mypyc-compiled modules are compiled for today's source only.

``BASELINE_REV`` is the default: ``bot/ai`` before the moon defence and the anytime search (the
levels the figures in docs/BENCHMARKS.md call the baseline's). The fixed opponents and positions
(the moon-hunter's play once the moon is off, the hands ``decision_regret`` judges) are always
played by that revision, so they stay the same whatever is compared.
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BASELINE_REV = "855d8f70d6f733d795616639e91dee7eb18cfd74"
SOURCE, MODULE = "bot/ai", "bot.ai"
_TEMPS: dict[int, tempfile.TemporaryDirectory[str]] = {}  # per process id: removed when it ends


@dataclass(frozen=True)
class BaselineAI:
    """``bot/ai`` at one revision: its ``api`` (``Level``, ``decide``) and ``search`` modules."""

    commit: str
    api: ModuleType
    search: ModuleType


class _ImportsRenamed(ast.NodeTransformer):
    """``bot.ai`` and ``bot.ai.x`` in import statements become ``package`` and ``package.x``."""

    def __init__(self, package: str) -> None:
        self.package = package

    def _renamed(self, name: str) -> str:
        if name == MODULE or name.startswith(MODULE + "."):
            return self.package + name[len(MODULE) :]
        return name

    def visit_Import(self, node: ast.Import) -> ast.Import:
        for alias in node.names:
            alias.name = self._renamed(alias.name)
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.ImportFrom:
        if node.module is not None and node.level == 0:
            node.module = self._renamed(node.module)
        return node


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or exc
        raise SystemExit(f"baseline: git {' '.join(args)} failed: {detail}") from None
    return done.stdout


@functools.cache
def load(rev: str = BASELINE_REV) -> BaselineAI:
    """``bot/ai`` at ``rev`` (any name git knows: a commit, a tag, ``main~3``), imported once per
    process as its own package."""
    commit = _git("rev-parse", "--verify", f"{rev}^{{commit}}").strip()
    package = f"baseline_ai_{commit[:12]}"
    if package not in sys.modules:
        # A directory of this process's own: the workers of a pool forked before the first load
        # would otherwise write the same files at once.
        temp = _TEMPS.setdefault(os.getpid(), tempfile.TemporaryDirectory(prefix="baseline-ai-")).name
        target = Path(temp) / package
        target.mkdir()
        files = _git("ls-tree", "--name-only", f"{commit}:{SOURCE}").split()
        for name in (f for f in files if f.endswith(".py")):
            tree = ast.parse(_git("show", f"{commit}:{SOURCE}/{name}"), filename=name)
            tree = ast.fix_missing_locations(_ImportsRenamed(package).visit(tree))
            (target / name).write_text(ast.unparse(tree) + "\n", encoding="utf-8")
        if temp not in sys.path:
            sys.path.append(temp)
        importlib.invalidate_caches()
    api = importlib.import_module(f"{package}.api")
    search = importlib.import_module(f"{package}.search")
    return BaselineAI(commit, api, search)
