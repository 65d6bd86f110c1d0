"""Brazilian Portuguese: the refusal of an option value the command does not offer (a forged
interaction's): the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` tem que ser um número inteiro de {min} a {max}. Nada foi alterado.",
    "table.option_not_offered": "`{option}` aceita só um destes: {allowed}. Nada foi alterado.",
    "reply.option_member": "`{option}` aceita um membro deste servidor. Nada foi alterado.",
    "reply.option_channel": "`{option}` aceita um dos canais de texto deste servidor. Nada foi alterado.",
}
