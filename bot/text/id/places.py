"""Indonesian: where a table's news goes when its place is gone: the one line in the lobby's channel
when the game's thread is deleted or out of reach, and the game's end sent by DM where no channel
is left."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Utas meja #{table} sudah tidak ada (dihapus, atau aku tidak bisa melihatnya lagi), jadi permainan berlanjut di saluran ini.",
    "announce.end_by_dm": "Meja #{table} tidak punya saluran lagi tempat aku bisa menulis (dihapus, atau di luar jangkauanku), jadi akhir permainannya kukirim ke sini:",
}
