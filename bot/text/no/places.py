"""Norsk bokmål: where a table's news goes when its place is gone (the thread deleted or out of
reach, or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Tråden til bord #{table} er borte (slettet, eller jeg kan ikke se den lenger), så partiet fortsetter i denne kanalen.",
    "announce.end_by_dm": "Bord #{table} har ingen kanal igjen der jeg kan skrive (slettet eller utenfor min rekkevidde), så slutten kommer til deg her:",
}
