"""Türkçe: komutun sunmadığı bir seçenek değerinin (sahte bir etkileşimin) reddi: seçenek,
okuyanın Discord'undaki adıyla, ve neye izin verdiği."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` {min} ile {max} arasında bir tam sayı olmalı. Hiçbir şey değişmedi.",
    "table.option_not_offered": "`{option}` yalnızca şunlardan birini alır: {allowed}. Hiçbir şey değişmedi.",
    "reply.option_member": "`{option}` bu sunucudan bir üye almalı. Hiçbir şey değişmedi.",
    "reply.option_channel": "`{option}` bu sunucunun metin kanallarından birini almalı. Hiçbir şey değişmedi.",
}
