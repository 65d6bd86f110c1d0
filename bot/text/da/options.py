"""Dansk: the refusal of an option value the command does not offer (a forged interaction's): the
option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` skal være et helt tal fra {min} til {max}. Intet blev ændret.",
    "table.option_not_offered": "`{option}` tager kun én af disse: {allowed}. Intet blev ændret.",
    "reply.option_member": "`{option}` tager et medlem af denne server. Intet blev ændret.",
    "reply.option_channel": "`{option}` tager en af serverens tekstkanaler. Intet blev ændret.",
}
