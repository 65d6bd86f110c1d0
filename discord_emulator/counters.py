"""Every REST call the bot makes, with its route and timing, for assertions and benchmarks."""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .feed import Since, mark_of


@dataclass
class RequestRecord:
    """One REST request. `route` is the template key, e.g. `POST /channels/{channel_id}/messages`."""

    method: str
    route: str
    path: str
    query: dict[str, str]
    started: float  # time.perf_counter() when it arrived
    wall_time: float  # emulator clock when it arrived
    seq: int = 0  # change-feed sequence number when it arrived
    finished: float | None = None
    status: int | None = None
    code: int | None = None  # Discord error code of an error reply
    json: Any = None  # the JSON body (or multipart payload_json)
    files: list[str] = field(default_factory=list)
    fault: str | None = None  # which injected fault answered it, if any

    @property
    def duration(self) -> float | None:
        return None if self.finished is None else self.finished - self.started

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def __str__(self) -> str:
        code = f" code={self.code}" if self.code else ""
        fault = f" (fault: {self.fault})" if self.fault else ""
        return f"{self.method} {self.path} -> {self.status}{code}{fault}"


class RequestLog:
    """The list of requests, in arrival order, with counting helpers."""

    def __init__(self) -> None:
        self.records: list[RequestRecord] = []

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def select(
        self,
        route: str | None = None,
        *,
        method: str | None = None,
        status: int | None = None,
        since: Since = 0,
        where: Callable[[RequestRecord], bool] | None = None,
    ) -> list[RequestRecord]:
        """Requests matching all the given filters; `since`: a mark (`emulator.mark()`) or an interaction."""
        mark = mark_of(since)
        return [
            r
            for r in self.records
            if (route is None or r.route == route)
            and (method is None or r.method == method)
            and (status is None or r.status == status)
            and r.seq > mark
            and (where is None or where(r))
        ]

    def count(self, route: str | None = None, **filters: Any) -> int:
        return len(self.select(route, **filters))

    def by_route(self, records: Iterable[RequestRecord] | None = None) -> collections.Counter[str]:
        return collections.Counter(r.route for r in (self.records if records is None else records))

    def tail(self, n: int = 10) -> str:
        return "\n".join(f"  {r}" for r in self.records[-n:]) or "  (no requests)"
