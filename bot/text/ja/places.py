"""Japanese: where a table's news goes when its place is gone: the one line in the lobby's channel
when the game's thread is deleted or out of reach, and the game's end sent by DM where no channel
is left."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "テーブル #{table} のスレッドがなくなりました（削除されたか、見えなくなりました）。ゲームはこのチャンネルで続きます。",
    "announce.end_by_dm": "テーブル #{table} には投稿できるチャンネルが残っていません（削除されたか、届かなくなりました）。ゲームの結果をこちらにお送りします:",
}
