"""Українська: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` — ціле число від {min} до {max}. Нічого не змінилося.",
    "table.option_not_offered": "`{option}` приймає лише одне зі значень: {allowed}. Нічого не змінилося.",
    "reply.option_member": "`{option}` приймає учасника цього сервера. Нічого не змінилося.",
    "reply.option_channel": "`{option}` приймає один із текстових каналів цього сервера. Нічого не змінилося.",
}
