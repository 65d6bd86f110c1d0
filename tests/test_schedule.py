"""The suite's order on xdist's workers (``tests.schedule``): every test once, the costly ones
spread and first, the shares cut where worksteal cuts them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from xdist.scheduler.worksteal import WorkStealingScheduling

from tests.schedule import QUICK, estimated_cost, first_shares, share_sizes


@dataclass
class FakeItem:
    nodeid: str
    fixturenames: list[str] = field(default_factory=list)
    cost: float | None = None

    def get_closest_marker(self, name: str) -> Any:
        return None if self.cost is None else pytest.mark.cost(self.cost).mark


@dataclass(eq=False)  # hashed by identity, as xdist keeps its workers
class FakeNode:
    """What worksteal's first distribution uses of a worker."""

    sent: list[int] = field(default_factory=list)
    shutting_down: bool = False
    gateway: Any = field(default_factory=lambda: type("Gateway", (), {"id": "gw"})())

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:  # a worker left without tests
        self.shutting_down = True


@dataclass
class FakeConfig:
    workers: int

    def getvalue(self, name: str) -> list[str]:
        assert name == "tx"
        return [f"{self.workers}*popen"]


def test_the_shares_are_worksteals_first_distribution() -> None:
    """pytest-xdist's own scheduler, given the collection: each worker's first tests are one
    contiguous run of ``share_sizes``' length (if a new xdist cuts otherwise, this fails)."""
    for total, workers in ((3147, 4), (3147, 6), (10, 4), (5, 8)):
        nodes = [FakeNode() for _ in range(workers)]
        sched = WorkStealingScheduling(cast(Any, FakeConfig(workers)))
        for node in nodes:
            sched.add_node(cast(Any, node))
        for node in nodes:
            sched.add_node_collection(cast(Any, node), [f"t{i}" for i in range(total)])
        sched.schedule()
        sizes = share_sizes(total, workers)
        starts = [sum(sizes[:w]) for w in range(workers)]
        assert [n.sent for n in nodes] == [list(range(a, a + n)) for a, n in zip(starts, sizes, strict=True)]


def test_costly_tests_are_dealt_first_and_evenly_and_every_test_runs_once() -> None:
    items = [FakeItem(f"quick{i}") for i in range(40)]
    items[3] = FakeItem("minute", ["bot_process"], cost=60)
    items[10:16] = [FakeItem(f"process{i}", ["bot_process", "emulator"]) for i in range(6)]
    items[20:28] = [FakeItem(f"e2e{i}", ["emulator"]) for i in range(8)]
    shares = first_shares(cast(Any, items), 4)
    assert sorted(i.nodeid for s in shares for i in s) == sorted(i.nodeid for i in items)
    assert [len(s) for s in shares] == share_sizes(40, 4)
    costs = [[estimated_cost(cast(Any, i)) for i in s] for s in shares]
    assert costs[0][0] == 60  # the longest starts at once
    for share in costs:
        assert share == sorted(share, reverse=True)  # costliest first, the quick tail last
    loads = [sum(c for c in share if c > QUICK) for share in costs]
    assert loads[0] == 60 and max(loads[1:]) - min(loads[1:]) <= 1.3 + 1e-9  # the rest evened out
    quick = [i.nodeid for s in shares for i in s if estimated_cost(cast(Any, i)) == QUICK]
    assert quick == [i.nodeid for i in items if i.nodeid.startswith("quick")]  # file order kept
