"""English: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows (a choice, a range, a member or
a channel of the server)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` must be a whole number from {min} to {max}. Nothing was changed.",
    "table.option_not_offered": "`{option}` takes only one of these: {allowed}. Nothing was changed.",
    "reply.option_member": "`{option}` takes a member of this server. Nothing was changed.",
    "reply.option_channel": "`{option}` takes one of this server's text channels. Nothing was changed.",
}
