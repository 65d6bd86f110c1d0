"""Dansk: where a table's news goes when its place is gone (the thread deleted or out of reach, or
no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Tråden til bord #{table} er væk (slettet, eller jeg kan ikke længere se den), så partiet fortsætter i denne kanal.",
    "announce.end_by_dm": "Bord #{table} har ingen kanal tilbage, hvor jeg kan skrive (slettet eller uden for min rækkevidde), så afslutningen kommer til dig her:",
}
