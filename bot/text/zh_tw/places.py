"""繁體中文（台灣）：牌桌原本的地方不見時，消息要送到哪裡。"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "牌桌 #{table} 的討論串不見了（被刪除，或我再也看不到），所以牌局改在這個頻道繼續。",
    "announce.end_by_dm": "牌桌 #{table} 已經沒有我能發言的頻道（被刪除，或我無法存取），所以牌局結果送到這裡給你：",
}
