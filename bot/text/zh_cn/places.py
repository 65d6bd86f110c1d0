"""简体中文: where a table's news goes when its place is gone (the thread deleted or out of reach,
or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "牌桌 #{table} 的子区不见了（被删除，或者我再也看不到它），所以游戏在这个频道继续。",
    "announce.end_by_dm": "牌桌 #{table} 已经没有我能发言的频道了（被删除，或者我无法访问），所以游戏结果发到这里给你：",
}
