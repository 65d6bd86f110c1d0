"""Română: refuzul unei valori de opțiune pe care comanda nu o oferă (a unei interacțiuni falsificate):
opțiunea cu numele din Discordul cititorului și ce acceptă."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` trebuie să fie un număr întreg între {min} și {max}. Nu s-a schimbat nimic.",
    "table.option_not_offered": "`{option}` acceptă doar una dintre acestea: {allowed}. Nu s-a schimbat nimic.",
    "reply.option_member": "`{option}` acceptă un membru al acestui server. Nu s-a schimbat nimic.",
    "reply.option_channel": "`{option}` acceptă unul dintre canalele de text ale acestui server. Nu s-a schimbat nimic.",
}
