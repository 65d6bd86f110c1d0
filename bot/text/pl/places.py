"""Polski: where a table's news goes when its place is gone (the thread deleted or out of reach, or
no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Wątku stołu #{table} już nie ma (usunięty albo już go nie widzę), więc partia toczy się dalej na tym kanale.",
    "announce.end_by_dm": "Stół #{table} nie ma już kanału, na którym mogę pisać (usunięty albo poza moim zasięgiem), więc koniec partii przychodzi do ciebie tutaj:",
}
