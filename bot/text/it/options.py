"""Italiano: il rifiuto di un valore d'opzione che il comando non offre (quello di un'interazione
contraffatta): l'opzione con il suo nome nel Discord di chi legge, e ciò che ammette."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` deve essere un numero intero da {min} a {max}. Non è cambiato nulla.",
    "table.option_not_offered": "`{option}` accetta solo uno di questi valori: {allowed}. Non è cambiato nulla.",
    "reply.option_member": "`{option}` richiede un membro di questo server. Non è cambiato nulla.",
    "reply.option_channel": "`{option}` richiede uno dei canali testuali di questo server. Non è cambiato nulla.",
}
