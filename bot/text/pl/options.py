"""Polski: the refusal of an option value the command does not offer (a forged interaction's): the
option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` musi być liczbą całkowitą od {min} do {max}. Nic nie zostało zmienione.",
    "table.option_not_offered": "`{option}` przyjmuje tylko jedną z tych wartości: {allowed}. Nic nie zostało zmienione.",
    "reply.option_member": "`{option}` przyjmuje członka tego serwera. Nic nie zostało zmienione.",
    "reply.option_channel": "`{option}` przyjmuje jeden z kanałów tekstowych tego serwera. Nic nie zostało zmienione.",
}
