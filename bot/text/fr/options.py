"""Français : le refus d'une valeur d'option que la commande ne propose pas (celle d'une
interaction falsifiée) : l'option sous son nom dans le Discord du lecteur, et ce qu'elle accepte."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` doit être un nombre entier de {min} à {max}. Rien n’a été modifié.",
    "table.option_not_offered": "`{option}` n’accepte que l’une de ces valeurs : {allowed}. Rien n’a été modifié.",
    "reply.option_member": "`{option}` attend un membre de ce serveur. Rien n’a été modifié.",
    "reply.option_channel": "`{option}` attend l’un des salons textuels de ce serveur. Rien n’a été modifié.",
}
