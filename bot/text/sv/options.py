"""Svenska: the refusal of an option value the command does not offer (a forged interaction's): the
option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` måste vara ett heltal från {min} till {max}. Inget ändrades.",
    "table.option_not_offered": "`{option}` tar bara ett av dessa: {allowed}. Inget ändrades.",
    "reply.option_member": "`{option}` tar en medlem på den här servern. Inget ändrades.",
    "reply.option_channel": "`{option}` tar en av serverns textkanaler. Inget ändrades.",
}
