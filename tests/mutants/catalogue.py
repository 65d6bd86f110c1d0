"""The mutants: each one plausible bug in code whose behaviour a test promises to check, with the
tests that promise it (``tests``: pytest arguments, a file and often ``-k``).

A test that passes whatever the code does guards nothing. This is a hand-written list, not a
generated one: each mutant is the bug a test's name says it catches, which keeps a run to minutes on
a busy machine where a generated run over these modules (mutmut) would take hours. ``old`` may give
several spellings (the code before and after a refactoring), so that the same list runs against an
older tree too; a mutant none of whose spellings occurs exactly once is *absent* there.
"""

from __future__ import annotations

from dataclasses import dataclass


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
        "cogs/leaderboard.py",
        ("PageButton(order, min(page + 1, pages - 1),",),
        "PageButton(order, min(page, pages - 1),",
        ("tests/cogs/test_leaderboard.py",),
    ),
    Mutant(
        "the leaderboard's Previous button stays on its page",
        "cogs/leaderboard.py",
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
)
