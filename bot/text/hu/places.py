"""Magyar: hová mennek egy asztal hírei, ha a helye eltűnt: egy sor a lobbi csatornájába, ha a
játszma szálát törölték vagy elérhetetlen, és a játszma vége privát üzenetben, ha nem maradt
csatorna."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Az asztal szála eltűnt (törölték, vagy már nem látom), ezért a játszma ebben a csatornában folytatódik: #{table}.",
    "announce.end_by_dm": "Ennek az asztalnak nem maradt csatornája, ahová írhatnék (törölték, vagy nem érem el): #{table}. Ezért a játszma vége ide érkezik:",
}
