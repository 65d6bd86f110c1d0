"""Suomi: minne pöydän uutiset menevät, kun sen paikka katoaa: yksi rivi aulan kanavalle, kun pelin
ketju on poistettu tai ulottumattomissa, ja pelin loppu yksityisviestinä, kun kanavaa ei ole
jäljellä."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Pöydän #{table} ketju on poissa (poistettu, tai en enää näe sitä), joten peli jatkuu tällä kanavalla.",
    "announce.end_by_dm": "Pöydällä #{table} ei ole enää kanavaa, jolle voisin kirjoittaa (poistettu, tai ulottumattomissani), joten sen loppu tulee sinulle tänne:",
}
