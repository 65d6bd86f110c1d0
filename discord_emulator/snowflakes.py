"""Snowflake ids that encode real timestamps.

discord.py derives `created_at` (and an interaction's expiry) from the id, so ids must carry the
emulator clock's time in their top bits, exactly like Discord's.
"""

from __future__ import annotations

import datetime

from .clock import Clock

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Strictly increasing snowflakes for one emulator."""

    def __init__(self, clock: Clock, *, worker: int = 1, process: int = 1) -> None:
        self._clock = clock
        self._low_bits = (worker & 0x1F) << 17 | (process & 0x1F) << 12
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.time() * 1000) - DISCORD_EPOCH_MS
        candidate = ms << 22 | self._low_bits
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake whose server would be on `shard_id` of `shard_count` (Discord's
        formula on the timestamp bits): its time is up to `shard_count - 1` ms ahead of the clock."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"no shard {shard_id} of {shard_count}")
        snowflake = self.next()
        snowflake += ((shard_id - (snowflake >> 22)) % shard_count) << 22
        self._last = snowflake
        return snowflake


def snowflake_time(snowflake: int) -> datetime.datetime:
    """When `snowflake` was made (UTC)."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)


def iso_timestamp(epoch_seconds: float) -> str:
    """Discord's timestamp format (ISO 8601 with microseconds and +00:00)."""
    return datetime.datetime.fromtimestamp(epoch_seconds, tz=datetime.UTC).isoformat()
