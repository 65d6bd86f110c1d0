"""English: where a table's news goes when its place is gone: the one line in the lobby's channel
when the game's thread is deleted or out of reach, and the game's end sent by DM where no channel
is left."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "The thread of table #{table} is gone (deleted, or I can no longer see it), so the game goes on in this channel.",
    "announce.end_by_dm": "Table #{table} has no channel left where I can post (deleted, or out of my reach), so its end comes to you here:",
}
