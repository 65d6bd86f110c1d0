"""Hrvatski: kamo idu vijesti stola kad mu mjesto nestane: jedan redak u kanalu predvorja kad je nit
igre obrisana ili nedostupna, a kraj igre izravnom porukom kad ne ostane nijedan kanal."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Nit stola #{table} je nestala (obrisana je ili je više ne vidim), pa se igra nastavlja u ovom kanalu.",
    "announce.end_by_dm": "Stol #{table} više nema kanala u koji mogu pisati (obrisan je ili mi je nedostupan), pa ti njegov kraj stiže ovdje:",
}
