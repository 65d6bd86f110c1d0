"""German: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows (a choice, a range, a member or
a channel of the server)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` muss eine ganze Zahl von {min} bis {max} sein. Es wurde nichts geändert.",
    "table.option_not_offered": "`{option}` erlaubt nur einen dieser Werte: {allowed}. Es wurde nichts geändert.",
    "reply.option_member": "`{option}` erwartet ein Mitglied dieses Servers. Es wurde nichts geändert.",
    "reply.option_channel": "`{option}` erwartet einen Textkanal dieses Servers. Es wurde nichts geändert.",
}
