"""Українська: where a table's news goes when its place is gone (the thread deleted or out of
reach, or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Гілки столу #{table} більше немає (її видалено, або я її більше не бачу), тому партія триває в цьому каналі.",
    "announce.end_by_dm": "У столу #{table} не залишилося каналу, де я можу писати (його видалено, або він мені недоступний), тому кінець партії приходить тобі сюди:",
}
