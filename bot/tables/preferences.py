"""A person's own display preferences, the same on every server and table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerPreferences:
    four_colour: bool = False  # diamonds blue and clubs green, so suits tell apart at a glance

    def to_json(self) -> dict[str, Any]:
        return {"four_colour": self.four_colour}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> PlayerPreferences:
        """Tolerant: missing, unknown or ill-typed values fall back to the defaults."""
        if not data:
            return cls()
        value = data.get("four_colour")
        return cls(four_colour=value if isinstance(value, bool) else False)
