"""Русский: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` — целое число от {min} до {max}. Ничего не изменилось.",
    "table.option_not_offered": "`{option}` принимает только одно из значений: {allowed}. Ничего не изменилось.",
    "reply.option_member": "`{option}` принимает участника этого сервера. Ничего не изменилось.",
    "reply.option_channel": "`{option}` принимает один из текстовых каналов этого сервера. Ничего не изменилось.",
}
