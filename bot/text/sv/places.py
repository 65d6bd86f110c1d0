"""Svenska: where a table's news goes when its place is gone (the thread deleted or out of reach,
or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Tråden för bord #{table} är borta (raderad, eller så kan jag inte se den längre), så partiet fortsätter i den här kanalen.",
    "announce.end_by_dm": "Bord #{table} har ingen kanal kvar där jag kan skriva (raderad, eller utom räckhåll för mig), så slutet kommer till dig här:",
}
