"""Break the code on purpose, one small change at a time, and see whether the tests that guard it
notice (``python -m tests.mutants [--root DIR] [--only NAME ...]``).

A test that passes whatever the code does guards nothing. Each ``Mutant`` below is one plausible
bug in a module whose behaviour a test promises to check (issue 27's list): the tree under ``--root``
(this repository by default) gets the change, the tests named run with ``-x``, and the change is
undone whatever happens. A mutant the tests fail on is *killed*; one they pass is *survived*, a
hole in the tests. ``old`` may give several spellings (the code before and after a refactoring),
so that the same list runs against an older tree too; a mutant none of whose spellings is found is
reported as *absent* (that code no longer exists in that tree).

This is a hand-written list, not a generated one: each mutant is the bug the test's name says it
catches, which keeps a run to minutes on a busy machine where a generated run over these modules
(mutmut) would take hours.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Outcome(Enum):
    KILLED = "killed"
    SURVIVED = "survived"
    TIMEOUT = "timeout (killed)"
    ABSENT = "absent"


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    path: str  # relative to the root
    old: tuple[str, ...]  # the code's spellings, any one of which is replaced
    new: str
    tests: tuple[str, ...]  # pytest arguments: the tests that promise to notice

    def apply(self, text: str) -> str | None:
        """``text`` with the mutation, or None if none of ``old`` occurs exactly once."""
        for old in self.old:
            if text.count(old) == 1:
                return text.replace(old, self.new)
        return None


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "supervisor repairs nothing",
        "bot/tables/service.py",
        ("            if self._stuck(table, now):",),
        "            if False:",
        ("tests/tables/test_storage_faults.py", "-k", "supervisor_runs_by_itself"),
    ),
    Mutant(
        "supervisor runs once, not periodically",
        "bot/tables/service.py",
        ("                self.supervise()\n                self._supervise_later()\n",),
        "                self.supervise()\n",
        ("tests/tables/test_storage_faults.py", "-k", "supervisor_runs_by_itself"),
    ),
    Mutant(
        "moon choice never offered",
        "bot/tables/snapshot.py",
        ("choose_moon=waiting and hand.phase is Phase.MOON_CHOICE,",),
        "choose_moon=False,",
        ("tests/tables/test_games.py", "-k", "shooter_chooses_moon"),
    ),
    Mutant(
        "hearts allowed on the first trick",
        "bot/engine/hand.py",
        ("    if first_trick and held & ~forbidden:\n        return held & ~forbidden\n",),
        "",
        ("tests/ai/test_behaviour.py", "-k", "first_trick"),
    ),
    Mutant(
        "computer decisions run on the event loop",
        "bot/tables/computers.py",
        ("            if self._executor is None:\n",),
        "            if True:\n",
        ("tests/tables/test_computers.py",),
    ),
    Mutant(
        "the process pool decides in threads",
        "bot/tables/computers.py",
        ("            self._executor = worker_pool(self.settings.workers)",),
        "            self._executor = ThreadPoolExecutor(self.settings.workers)",
        ("tests/tables/test_computers.py",),
    ),
    Mutant(
        "redraws ignore the interval",
        "cogs/hearts/_redraw.py",
        (
            "while (wait := redraw.last + self.interval - loop.time()) > 0",
            "while (wait := redraw.last + self.interval - self.clock.now()) > 0",
        ),
        "while (wait := 0.0) > 0",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "redraws measure the interval on the event loop's time",
        "cogs/hearts/_redraw.py",
        ("while (wait := redraw.last + self.interval - self.clock.now()) > 0",),
        "while (wait := redraw.last + self.interval - asyncio.get_running_loop().time()) > 0",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "a taken trick skips the interval while players wait",
        "cogs/hearts/_redraw.py",
        ("        return snap.status is not TableStatus.PLAYING or snap.hand_number != hand_shown\n",),
        "        return True\n",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "urgent redraws wait the interval",
        "cogs/hearts/_redraw.py",
        ("not self.pacer.backlog(Priority.PLAYER):\n            return True\n",),
        "not self.pacer.backlog(Priority.PLAYER):\n            return False\n",
        ("tests/cogs/hearts/test_presenter_redraw.py",),
    ),
    Mutant(
        "a rematch offer never expires",
        "cogs/hearts/_rematch.py",
        (
            "            if expired(message.id, time.time()):",
            "            if expired(message.id, self.service.clock.now()):",
        ),
        "            if False:",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a rematch offer's age is read on the wall clock",
        "cogs/hearts/_rematch.py",
        ("            if expired(message.id, self.service.clock.now()):",),
        '            if expired(message.id, __import__("time").time()):',
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "two Rematch presses at once: the first is forgotten",
        "cogs/hearts/_rematch.py",
        (
            "            confirmed |= seen or 0\n",
            "            confirmed |= seen or 0  # answers given meanwhile (two presses at once)\n",
        ),
        "",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "two Rematch presses at once: the standings lose two lines (the bug issue 27's test found)",
        "cogs/hearts/_rematch.py",
        (
            "            standings = _standings(message.content, confirmed)\n"
            "            confirmed |= seen or 0  # answers given meanwhile (two presses at once)\n",
        ),
        "            confirmed |= seen or 0\n"
        "            standings = _standings(message.content, confirmed)\n",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a failed rematch start keeps the answer",
        "cogs/hearts/_rematch.py",
        ("                    self._confirmed[table_id] = confirmed & ~(1 << seat)  # they may try again\n",),
        "                    pass\n",
        ("tests/cogs/hearts/test_rematch.py",),
    ),
    Mutant(
        "a new table's taken id is not retried",
        "bot/tables/sharing.py",
        ("            except IdTaken:\n                continue\n",),
        "            except IdTaken:\n                raise Refused(TableRefusal.STORAGE_BUSY) from None\n",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "retries of a new table's id never run out",
        "bot/tables/sharing.py",
        ("        raise Refused(TableRefusal.STORAGE_BUSY)\n\n    def _emit",),
        "        return await super().create_table(*args, **kwargs)\n\n    def _emit",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "another process's closed table is loaded for a move",
        "bot/tables/sharing.py",
        (
            "        if stored.status not in (TableStatus.LOBBY.value, TableStatus.PLAYING.value):\n"
            "            raise Refused(TableRefusal.TABLE_CLOSED)\n",
        ),
        "",
        ("tests/tables/test_sharing.py",),
    ),
    Mutant(
        "the leaderboard's Next button stays on its page",
        "cogs/leaderboard/_commands.py",
        ("PageButton(order, min(page + 1, pages - 1),",),
        "PageButton(order, min(page, pages - 1),",
        ("tests/cogs/test_leaderboard.py",),
    ),
    Mutant(
        "the leaderboard's Previous button stays on its page",
        "cogs/leaderboard/_commands.py",
        ("PageButton(order, max(page - 1, 0),",),
        "PageButton(order, max(page, 0),",
        ("tests/cogs/test_leaderboard.py",),
    ),
    Mutant(
        "a damaged row reported before is logged as an error again at every start",
        "bot/tables/service_base.py",
        ('            log.warning("%s row %s is still damaged (reported before): %s", what, key, reason)',),
        '            log.error("%s row %s is still damaged (reported before): %s", what, key, reason)',
        ("tests/tables/test_corrupt_rows.py", "tests/tables/test_restart.py"),
    ),
    Mutant(
        "the README's screenshots drift from what is drawn",
        "bot/text/screenshots.py",
        ("TABLE_NUMBER = 12",),
        "TABLE_NUMBER = 13",
        ("tests/test_docs.py",),
    ),
    Mutant(
        "the last trick names the wrong winner",
        "bot/text/controls.py",
        ("plays=shown, name=winner)",),
        "plays=shown, name=plays[0][0])",
        ("tests/text/test_controls.py",),
    ),
    Mutant(
        "a season's reward role is never taken from the last season's top three",
        "cogs/leaderboard/_seasons.py",
        ("        moves = [(p, False) for p in summary.previous] + [(p, True) for p in summary.winners]",),
        "        moves = [(p, True) for p in summary.winners]",
        ("tests/cogs/test_seasons.py",),
    ),
    Mutant(
        "a season's summary after a restart is posted before the bot knows its channels",
        "cogs/leaderboard/_seasons.py",
        ("        await self.bot.wait_until_ready()",),
        "        pass",
        ("tests/cogs/test_seasons.py",),
    ),
    Mutant(
        "the season timer fires again at once for a season another process owns",
        "bot/seasons/service.py",
        ("nxt = await store.next_end(self.db, clock.now() - GRACE)",),
        "nxt = await store.next_end(self.db, 0.0)",
        ("tests/seasons/test_service.py",),
    ),
    Mutant(
        "the leaderboard image does not outline the asker's row",
        "bot/render/leaderboard.py",
        ("    border = theme.CYAN if row.mine else theme.GOLD if row.leader else None",),
        "    border = theme.GOLD if row.leader else None",
        ("tests/render/test_leaderboard.py",),
    ),
)


def run(root: Path, mutant: Mutant, timeout: float) -> tuple[Outcome, float]:
    """Apply ``mutant`` under ``root``, run its tests, undo it; the outcome and the seconds taken."""
    target = root / mutant.path
    original = target.read_text(encoding="utf-8")
    mutated = mutant.apply(original)
    if mutated is None:
        return Outcome.ABSENT, 0.0
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *mutant.tests]
    started = time.perf_counter()
    target.write_text(mutated, encoding="utf-8")
    try:
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=timeout, check=False)
        outcome = Outcome.SURVIVED if done.returncode == 0 else Outcome.KILLED
    except subprocess.TimeoutExpired:
        outcome = Outcome.TIMEOUT
    finally:
        target.write_text(original, encoding="utf-8")
    return outcome, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to mutate (default: this one)")
    parser.add_argument("--only", nargs="*", default=None, help="run the mutants whose names contain these")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per mutant's tests")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: undo the mutant on the way out
    chosen = [m for m in MUTANTS if args.only is None or any(o in m.name for o in args.only)]
    tally: dict[Outcome, int] = dict.fromkeys(Outcome, 0)
    for mutant in chosen:
        outcome, seconds = run(args.root.resolve(), mutant, args.timeout)
        tally[outcome] += 1
        print(f"{outcome.value:>16}  {mutant.name}  ({seconds:.0f} s)", flush=True)
    print(", ".join(f"{n} {o.value}" for o, n in tally.items()))


if __name__ == "__main__":
    main()
