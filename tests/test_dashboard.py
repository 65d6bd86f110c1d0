"""The sample Grafana dashboard (docs/grafana-dashboard.json) asks only for metrics the bot exposes,
and shows every one of them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from prometheus_client import ProcessCollector
from prometheus_client.registry import CollectorRegistry

from bot import telemetry

DASHBOARD = Path(__file__).resolve().parent.parent / "docs" / "grafana-dashboard.json"
SUFFIXES = ("_total", "_bucket", "_count", "_sum")


def _queries(node: Any) -> list[str]:
    """Every ``expr`` (a panel's PromQL query) anywhere in the dashboard."""
    if isinstance(node, dict):
        own = [node["expr"]] if isinstance(node.get("expr"), str) else []
        return own + [q for value in node.values() for q in _queries(value)]
    if isinstance(node, list):
        return [q for value in node for q in _queries(value)]
    return []


def _family(sample: str) -> str:
    for suffix in SUFFIXES:
        if sample.endswith(suffix):
            return sample.removesuffix(suffix)
    return sample


def _exposed() -> set[str]:
    """The metric families of the endpoint: recorded, read at the scrape, the process's own."""
    process = CollectorRegistry()
    ProcessCollector(registry=process)
    recorded = {family.name for metric in telemetry.RECORDED for family in metric.describe()}
    return recorded | set(telemetry.SCRAPED) | {family.name for family in process.collect()}


def test_every_metric_in_the_dashboard_is_exposed_and_every_one_is_shown() -> None:
    queries = _queries(json.loads(DASHBOARD.read_text(encoding="utf-8")))
    assert len(queries) >= 15
    used = {_family(name) for q in queries for name in re.findall(r"\b(?:hearts|process)_[a-z_]+", q)}
    exposed = _exposed()
    assert used - exposed == set(), "the dashboard asks for metrics the bot does not expose"
    hearts = {name for name in exposed if name.startswith("hearts_")}
    assert hearts - used == set(), "metrics the dashboard does not show"
