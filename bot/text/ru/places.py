"""Русский: where a table's news goes when its place is gone (the thread deleted or out of reach,
or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Ветки стола #{table} больше нет (её удалили, или я её больше не вижу), поэтому партия продолжается в этом канале.",
    "announce.end_by_dm": "У стола #{table} не осталось канала, где я могу писать (его удалили, или он мне недоступен), поэтому конец партии приходит тебе сюда:",
}
