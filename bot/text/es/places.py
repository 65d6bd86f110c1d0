"""Español (España): adónde van las noticias de una mesa cuando su sitio ya no existe."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "El hilo de la mesa #{table} ya no está (se ha borrado o ya no puedo verlo), así que la partida sigue en este canal.",
    "announce.end_by_dm": "La mesa #{table} ya no tiene ningún canal donde pueda escribir (se ha borrado o está fuera de mi alcance), así que su final te llega aquí:",
}
