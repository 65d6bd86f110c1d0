"""繁體中文（台灣）：拒絕指令沒有提供的選項值（偽造的互動）：用讀者 Discord 顯示的選項名稱，
說明它接受什麼。"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` 必須是 {min} 到 {max} 之間的整數。沒有任何變更。",
    "table.option_not_offered": "`{option}` 只接受以下其中之一：{allowed}。沒有任何變更。",
    "reply.option_member": "`{option}` 需要這個伺服器的成員。沒有任何變更。",
    "reply.option_channel": "`{option}` 需要這個伺服器的文字頻道。沒有任何變更。",
}
