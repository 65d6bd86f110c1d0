"""Español (España): la negativa a un valor de opción que el comando no ofrece (el de una interacción
falsificada): la opción por su nombre en el Discord del lector y lo que admite."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` tiene que ser un número entero de {min} a {max}. No se ha cambiado nada.",
    "table.option_not_offered": "`{option}` solo admite uno de estos: {allowed}. No se ha cambiado nada.",
    "reply.option_member": "`{option}` admite un miembro de este servidor. No se ha cambiado nada.",
    "reply.option_channel": "`{option}` admite uno de los canales de texto de este servidor. No se ha cambiado nada.",
}
