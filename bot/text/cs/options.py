"""Čeština: odmítnutí hodnoty volby, kterou příkaz nenabízí (z podvržené interakce): volba pod
svým jménem v Discordu čtenáře a to, co povoluje."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` musí být celé číslo od {min} do {max}. Nic se nezměnilo.",
    "table.option_not_offered": "`{option}` bere jen jednu z těchto hodnot: {allowed}. Nic se nezměnilo.",
    "reply.option_member": "`{option}` potřebuje člena tohoto serveru. Nic se nezměnilo.",
    "reply.option_channel": "`{option}` potřebuje jeden z textových kanálů tohoto serveru. Nic se nezměnilo.",
}
