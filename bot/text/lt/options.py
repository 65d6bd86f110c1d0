"""Lietuvių: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` turi būti sveikasis skaičius nuo {min} iki {max}. Niekas nepakeista.",
    "table.option_not_offered": "`{option}` priima tik vieną iš šių reikšmių: {allowed}. Niekas nepakeista.",
    "reply.option_member": "`{option}` priima šio serverio narį. Niekas nepakeista.",
    "reply.option_channel": "`{option}` priima vieną iš šio serverio tekstinių kanalų. Niekas nepakeista.",
}
