"""``python -m tests.mutants [--root DIR] [--only NAME ...] [--timeout S]``: judge the catalogue's
mutants on a copy of the tree (``tests.mutants.runner``) and print a table of them and their killers.
The exit status is 0 only if every mutant chosen was killed."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path

from tests.mutants.catalogue import MUTANTS
from tests.mutants.runner import Outcome, Verdict, judge_all

ROOT = Path(__file__).resolve().parents[2]


def table(verdicts: list[Verdict]) -> str:
    """One line per mutant: its outcome, its name, and its killers (or why there is no verdict)."""
    width = max((len(v.mutant.name) for v in verdicts), default=0)
    lines = [f"{'outcome':<8}  {'mutant':<{width}}  {'s':>4}  killers / note"]
    for v in verdicts:
        said = (
            ", ".join(v.killers)
            if v.outcome is Outcome.KILLED
            else "; ".join(filter(None, (v.note, *v.killers)))
        )
        lines.append(f"{v.outcome.value:<8}  {v.mutant.name:<{width}}  {v.seconds:>4.0f}  {said}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to copy (default: this checkout)")
    parser.add_argument("--only", nargs="*", default=None, help="the mutants whose names contain these")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per pytest run")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the copy and its runs go too
    chosen = [m for m in MUTANTS if args.only is None or any(o in m.name for o in args.only)]
    started = time.perf_counter()
    verdicts = judge_all(
        args.root.resolve(), chosen, args.timeout, say=lambda line: print(" ", line, flush=True)
    )
    print(table(verdicts))
    tally = Counter(v.outcome for v in verdicts)
    minutes = (time.perf_counter() - started) / 60
    print(f"{tally[Outcome.KILLED]} killed of {len(verdicts)}", end="")
    print("".join(f", {n} {o.value}" for o, n in tally.items() if o is not Outcome.KILLED), end="")
    print(f"; {minutes:.1f} min")
    return 0 if tally[Outcome.KILLED] == len(verdicts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
