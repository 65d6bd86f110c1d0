"""Norsk bokmål: the refusal of an option value the command does not offer (a forged
interaction's): the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` må være et heltall fra {min} til {max}. Ingenting ble endret.",
    "table.option_not_offered": "`{option}` tar bare én av disse: {allowed}. Ingenting ble endret.",
    "reply.option_member": "`{option}` tar et medlem av denne serveren. Ingenting ble endret.",
    "reply.option_channel": "`{option}` tar en av serverens tekstkanaler. Ingenting ble endret.",
}
