"""A long duplicate match's deals kept in a file, one JSON line per deal and match.

A confirmation of a small gain takes thousands of deals: hours of both cores, more than one
sitting. With ``--save FILE`` a run appends each deal as it is played; the same command run again
plays only the deals the file lacks, and its figures are over every deal of its range, wherever it
was played. Each line names the code it was played with (a digest of the players' sources: ``bot/ai``,
``bot/engine`` and the bench's own) and the match's settings: a file is refused when they differ,
so deals of two versions are never pooled by mistake.
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot/ai", "bot/engine", "bench/ai_strength.py", "bench/baseline.py", "bench/opponents.py")


class Deal(Protocol):
    """A deal's result for one match (``ai_strength.MatchDeal``)."""

    @property
    def diff(self) -> float: ...
    @property
    def made(self) -> int: ...
    @property
    def conceded(self) -> int: ...
    @property
    def times(self) -> tuple[float, ...]: ...


def code_digest(root: Path = ROOT) -> str:
    """A digest of the code that decides how the players play (uncommitted changes included): of
    each source's syntax tree without its docstrings, so that a comment or a docstring edited
    meanwhile does not end a run that spans sittings, and any change of what runs does."""
    digest = hashlib.sha256()
    for name in SOURCES:
        where = root / name
        files = sorted(where.rglob("*.py")) if where.is_dir() else [where]
        for path in files:
            tree = _without_docstrings(ast.parse(path.read_bytes(), filename=str(path)))
            digest.update(
                path.relative_to(root).as_posix().encode() + b"\0" + ast.dump(tree).encode() + b"\0"
            )
    return digest.hexdigest()[:16]


def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        if isinstance(node, kinds) and ast.get_docstring(node, clean=False) is not None:
            node.body = node.body[1:] or [ast.Pass()]
    return tree


class MixedFile(ValueError):
    """The file holds deals played with other code or settings."""


@dataclass(frozen=True)
class SavedDeals:
    path: Path
    code: str
    settings: dict[str, Any]  # players, budget, deals a decision, the baseline's revision

    def load(self) -> dict[int, dict[tuple[str, str], dict[str, Any]]]:
        """The deals saved so far: deal → (hero, opponent) → the line's figures."""
        saved: dict[int, dict[tuple[str, str], dict[str, Any]]] = {}
        if not self.path.exists():
            return saved
        data = self.path.read_bytes()
        whole = data[: data.rfind(b"\n") + 1]
        if whole != data:  # a line cut short by a kill: dropped, its deal is played again
            self.path.write_bytes(whole)
        for number, text in enumerate(whole.decode("utf-8").splitlines(), 1):
            if not text.strip():
                continue
            line = json.loads(text)
            if line["code"] != self.code or line["settings"] != self.settings:
                raise MixedFile(
                    f"{self.path}:{number} was played with other code or settings "
                    f"({line['code']}, {line['settings']}; now {self.code}, {self.settings}): use a new file"
                )
            saved.setdefault(line["deal"], {})[(line["hero"], line["opponent"])] = line["result"]
        return saved

    def append(self, deal: int, results: Iterable[tuple[tuple[str, str], Deal]]) -> None:
        """Add a deal's results (flushed at once: a run stopped at any moment keeps its deals)."""
        with self.path.open("a", encoding="utf-8") as out:
            for (hero, opponent), result in results:
                figures = {"diff": result.diff, "made": result.made, "conceded": result.conceded}
                line = {
                    "deal": deal,
                    "hero": hero,
                    "opponent": opponent,
                    "code": self.code,
                    "settings": self.settings,
                    "result": {**figures, "times": list(result.times)},
                }
                out.write(json.dumps(line, sort_keys=True) + "\n")
