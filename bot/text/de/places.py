"""German: where a table's news goes when its place is gone: the one line in the lobby's channel
when the game's thread is deleted or out of reach, and the game's end sent by DM where no channel
is left."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Der Thread von Tisch #{table} ist weg (gelöscht, oder ich kann ihn nicht mehr sehen), daher geht das Spiel in diesem Kanal weiter.",
    "announce.end_by_dm": "Tisch #{table} hat keinen Kanal mehr, in dem ich schreiben kann (gelöscht, oder außer meiner Reichweite), daher kommt sein Ende hier zu dir:",
}
