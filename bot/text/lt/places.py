"""Lietuvių: where a table's news goes when its place is gone (the thread deleted or out of reach,
or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Stalo #{table} gijos nebėra (ji ištrinta arba nebematau jos), todėl partija tęsiasi šiame kanale.",
    "announce.end_by_dm": "Stalas #{table} nebeturi kanalo, kuriame galėčiau rašyti (ištrintas arba man nepasiekiamas), todėl partijos pabaiga atkeliauja tau čia:",
}
