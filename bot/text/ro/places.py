"""Română: unde ajung veștile unei mese când locul ei nu mai există."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Firul mesei #{table} a dispărut (a fost șters sau nu-l mai pot vedea), așa că partida continuă în acest canal.",
    "announce.end_by_dm": "Masa #{table} nu mai are niciun canal în care să pot scrie (a fost șters sau nu mai am acces), așa că finalul ei îți vine aici:",
}
