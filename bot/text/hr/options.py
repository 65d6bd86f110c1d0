"""Hrvatski: odbijanje vrijednosti opcije koju naredba ne nudi (iz krivotvorene interakcije):
opcija pod imenom koje čitatelj vidi u svom Discordu i ono što dopušta."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` mora biti cijeli broj od {min} do {max}. Ništa nije promijenjeno.",
    "table.option_not_offered": "`{option}` prima samo jednu od ovih vrijednosti: {allowed}. Ništa nije promijenjeno.",
    "reply.option_member": "`{option}` traži člana ovog servera. Ništa nije promijenjeno.",
    "reply.option_channel": "`{option}` traži jedan od tekstualnih kanala ovog servera. Ništa nije promijenjeno.",
}
