"""Čeština: kam jdou zprávy stolu, když jeho místo zmizí: jeden řádek v kanálu lobby, když je
vlákno hry smazané nebo mimo dosah, a konec hry soukromou zprávou, když nezbyl žádný kanál."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Vlákno stolu #{table} zmizelo (je smazané, nebo ho už nevidím), takže hra pokračuje v tomto kanálu.",
    "announce.end_by_dm": "Stůl #{table} už nemá žádný kanál, kam můžu psát (je smazaný, nebo mimo můj dosah), takže jeho konec posílám sem:",
}
