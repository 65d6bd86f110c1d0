"""What the bot counts and times, for the Prometheus endpoint (``bot.client.monitor``).

Every metric the process records is declared here, once, so that the table service, storage, the
computers' pool and the Discord side record into the same objects without importing each other or
the HTTP server, and so that the operators' dashboard (``docs/grafana-dashboard.json``) has one list
to agree with. Recording is a counter increment or a histogram observation (a histogram's ``time()``
times a block): cheap, synchronous, no I/O, safe from any thread. Nothing is served unless
``METRICS_PORT`` is set.

What depends on one bot's state at the moment of a scrape (tables open, the global window, the lease,
readiness) is not recorded here but read when scraped, by ``bot.client.monitor``'s collector; its
names are listed in ``SCRAPED``.

The metrics live in ``prometheus_client``'s default registry, which also carries its process metrics
(CPU, memory, open files); this module is imported once per process, so they are registered once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from prometheus_client import Counter, Histogram

# Seconds: from a fraction of a millisecond (a SQLite commit, a table drawn warm) to Discord's
# three seconds for an interaction's first answer and beyond.
_FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
_ANSWER = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)

MOVES = Counter(
    "hearts_moves",
    "Moves applied and saved (a card played, a pass, a moon choice), by who made them: person, "
    "computer, or timeout (played for a person whose time ran out). rate() is moves per second.",
    ["actor"],
)
INTERACTION_ANSWER = Histogram(
    "hearts_interaction_answer_seconds",
    "From an interaction's arrival to the end of the bot's first answer to it (Discord allows 3 s).",
    buckets=_ANSWER,
)
DISCORD_REQUESTS = Counter(
    "hearts_discord_requests",
    "HTTP requests to Discord's API, by route (ids and tokens replaced) and status code; every "
    "retry and interaction callback included.",
    ["route", "status"],
)
DISCORD_RATE_LIMITED = Counter(
    "hearts_discord_rate_limited",
    "429 answers from Discord, by the scope it named: user (a route's bucket), global (the bot's "
    "50 a second), shared (a resource's limit).",
    ["scope"],
)
RENDER = Histogram(
    "hearts_render_seconds",
    "Drawing one image, from asking to the PNG (a render worker's queue included), by image.",
    ["image"],
    buckets=_FAST,
)
COMPUTER_DECISION = Histogram(
    "hearts_computer_decision_seconds",
    "A computer player's decision, from asking to the move (waiting for a worker included), by level.",
    ["level"],
    buckets=_FAST,
)
STORAGE_COMMIT = Histogram(
    "hearts_storage_commit_seconds",
    "One database transaction of the group-committing writer (a group of writes), failed ones included.",
    buckets=_FAST,
)
STORAGE_COMMIT_ERRORS = Counter(
    "hearts_storage_commit_errors",
    "Failed database transactions: unavailable (the database could not be written: locked, full, "
    "read-only, gone) or write (one bad write, retried alone).",
    ["kind"],
)
LEASE_RENEWALS = Counter(
    "hearts_lease_renewals",
    "Renewals of this process's database lease: renewed, failed (storage error, retried), lost "
    "(another process took it over: the bot stops).",
    ["result"],
)
EVENT_LOOP_LAG = Histogram(
    "hearts_event_loop_lag_seconds",
    "How late the event loop ran a callback it had scheduled (sampled every half second): the time "
    "every click, timer and message waited behind other work.",
    buckets=_FAST,
)

RECORDED = (
    MOVES,
    INTERACTION_ANSWER,
    DISCORD_REQUESTS,
    DISCORD_RATE_LIMITED,
    RENDER,
    COMPUTER_DECISION,
    STORAGE_COMMIT,
    STORAGE_COMMIT_ERRORS,
    LEASE_RENEWALS,
    EVENT_LOOP_LAG,
)

# Read from the bot when scraped (``bot.client.monitor.BotCollector``).
TABLES_OPEN = "hearts_tables_open"
GLOBAL_REQUESTS = "hearts_discord_global_requests"
GLOBAL_LIMIT = "hearts_discord_global_limit"
GLOBAL_WAITING = "hearts_discord_global_waiting"
LEASE_HELD = "hearts_lease_held"
READY = "hearts_ready"
SCRAPED = (TABLES_OPEN, GLOBAL_REQUESTS, GLOBAL_LIMIT, GLOBAL_WAITING, LEASE_HELD, READY)


@dataclass(frozen=True, slots=True)
class BudgetUse:
    """This process's use of Discord's global request limit at one moment."""

    started: int  # requests started in the last ``period``
    limit: int  # requests this process may start in a ``period`` (its share of the bot's limit)
    period: float  # seconds
    waiting: Mapping[str, int]  # requests waiting for room, by priority ("player", "background")


class GlobalBudget(Protocol):
    """Whatever paces the process's requests under the global limit (``bot.client.pacing``)."""

    def use(self) -> BudgetUse: ...
