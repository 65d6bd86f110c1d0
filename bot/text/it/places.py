"""Italiano: dove vanno le notizie di un tavolo quando il suo posto non c'è più: una riga nel canale
della lobby quando il thread della partita è cancellato o irraggiungibile, e la fine della partita
per messaggio diretto quando non resta nessun canale."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Il thread del tavolo #{table} non c’è più (cancellato, o non riesco più a vederlo), quindi la partita continua in questo canale.",
    "announce.end_by_dm": "Il tavolo #{table} non ha più un canale dove posso scrivere (cancellato, o fuori dalla mia portata), quindi la sua fine arriva a te qui:",
}
