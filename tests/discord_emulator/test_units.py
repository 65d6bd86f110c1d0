"""The emulator's small parts: snowflakes that carry the clock's time, the clock, the request log."""

from __future__ import annotations

import datetime

import discord
import pytest

from discord_emulator import Clock, RequestLog, RequestRecord
from discord_emulator.clock import DEFAULT_START
from discord_emulator.snowflakes import SnowflakeFactory


def test_snowflakes_increase_and_encode_the_emulator_clock():
    clock = Clock()
    ids = SnowflakeFactory(clock)
    first, second = ids.next(), ids.next()
    assert second > first
    now = datetime.datetime.fromtimestamp(clock.time(), datetime.UTC)
    assert abs((discord.utils.snowflake_time(first) - now).total_seconds()) < 1
    clock.advance(3600)
    later = discord.utils.snowflake_time(ids.next())
    assert 3599 < (later - now).total_seconds() < 3601


def test_clock_only_moves_forward():
    clock = Clock()
    before = clock.time()
    clock.advance(15 * 60)
    assert clock.time() - before >= 15 * 60
    with pytest.raises(ValueError):
        clock.advance(-1)
    with pytest.raises(ValueError):
        clock.advance_to(before)


def test_the_clock_starts_at_a_fixed_instant_not_the_wall_clocks_date():
    """Whenever the tests run (say at 23:59 UTC), the emulator's day is the one the test chose."""
    assert abs(Clock().time() - DEFAULT_START) < 60
    midnight = datetime.datetime(2026, 11, 27, 23, 59, tzinfo=datetime.UTC).timestamp()
    assert abs(Clock(midnight).time() - midnight) < 60
    clock = Clock()
    clock.advance_to(midnight)
    assert 0 <= clock.time() - midnight < 60


def test_request_log_filters_by_route_status_and_mark():
    log = RequestLog()
    for seq, (route, status) in enumerate([("GET /a", 200), ("POST /b", 429), ("POST /b", 200)], start=1):
        log.records.append(RequestRecord("X", route, "/", {}, 0.0, 0.0, seq=seq, status=status))
    assert log.count("POST /b") == 2
    assert log.count("POST /b", status=200) == 1
    assert [r.status for r in log.select(since=2)] == [200]
    assert log.by_route() == {"GET /a": 1, "POST /b": 2}
