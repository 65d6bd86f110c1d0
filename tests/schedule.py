"""The order the suite's tests run in on pytest-xdist's workers: the longest first, spread evenly.

``make test`` runs its workers (``TEST_WORKERS``) with ``--dist worksteal``. That scheduler hands
each worker a contiguous share of the collection first, in file order, and a worker that runs out
steals the tail half of the longest queue left. With four workers, in file order one quarter held
nearly every slow test (the real bot processes of ``tests/app``, the browser, the end-to-end
``tests/cogs``) and the others the 2,000 quick checks of ``tests/text``; the longest test of all
(the three processes, a minute of real time) was stolen last and ran alone at the end: 50 s of
the suite's 4 min 10 s with one worker busy.

So each worker's first share is built here instead, as a scheduler of the longest job first
would: every test gets an estimated cost from what it sets up (a real bot process, a browser, the
emulator), the costly ones are dealt to the share with the least cost so far, each share starts
with its costliest, and the quick tests fill the shares in file order (a module's tests stay
together). What is stolen then is a quick tail. The shares have exactly the sizes worksteal cuts,
so the first share of the collection is the first worker's. Only the order changes: every test
still runs, and each still sets up everything it needs itself.
"""

from __future__ import annotations

import pytest

COSTS: tuple[tuple[str, float], ...] = (
    ("bot_process", 12.0),  # real `python -m bot` processes: start-up, signals, restarts (5-17 s)
    ("browser", 5.0),  # Chromium driving the Activity's page
    ("emulator", 1.3),  # a bot against the Discord emulator, end to end
)
QUICK = 0.05
"""Seconds of a test that sets up none of the above (most take a few milliseconds)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "cost(seconds): the test's wall time where the fixtures' estimate is far off"
    )


def estimated_cost(item: pytest.Item) -> float:
    """Seconds ``item`` takes on a busy 2-core machine, roughly: its ``cost`` marker, or by the
    costliest fixture it uses."""
    marker = item.get_closest_marker("cost")
    if marker is not None:
        return float(marker.args[0])
    names = set(getattr(item, "fixturenames", ()))
    return next((cost for fixture, cost in COSTS if fixture in names), QUICK)


def share_sizes(total: int, workers: int) -> list[int]:
    """How many tests worksteal hands each worker at first (``WorkStealingScheduling``: each idle
    worker in turn gets the pending tests divided by the workers still to serve)."""
    sizes: list[int] = []
    for i in range(workers):
        size = (total - sum(sizes)) // (workers - i)
        sizes.append(size)
    return sizes


def first_shares(items: list[pytest.Item], workers: int) -> list[list[pytest.Item]]:
    """``items`` in ``workers`` shares of worksteal's sizes: costly tests dealt longest first to
    the share with the least cost so far (and room left), quick ones after them in file order."""
    sizes = share_sizes(len(items), workers)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    costs = {item.nodeid: estimated_cost(item) for item in items}
    costly = sorted((i for i in items if costs[i.nodeid] > QUICK), key=lambda i: -costs[i.nodeid])
    for item in costly:
        w = min((w for w in range(workers) if len(shares[w]) < sizes[w]), key=lambda w: loads[w])
        shares[w].append(item)
        loads[w] += costs[item.nodeid]
    w = 0
    for item in items:
        if costs[item.nodeid] > QUICK:
            continue
        while len(shares[w]) >= sizes[w]:
            w += 1
        shares[w].append(item)
    return shares


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On each xdist worker (each collects the same tests and must order them the same way). The
    shares are cut for ``--dist worksteal`` (``make test``); any other way of dealing still runs
    every test, in this order."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    if workers < 2:
        return
    items[:] = [item for share in first_shares(items, workers) for item in share]
