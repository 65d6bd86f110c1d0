"""Nederlands: where a table's news goes when its place is gone (the thread deleted or out of
reach, or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "De thread van tafel #{table} is weg (verwijderd, of ik kan hem niet meer zien), dus de partij gaat verder in dit kanaal.",
    "announce.end_by_dm": "Tafel #{table} heeft geen kanaal meer waar ik kan posten (verwijderd, of buiten mijn bereik), dus het einde krijg je hier:",
}
