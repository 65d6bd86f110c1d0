"""Brazilian Portuguese: where a table's news goes when its place is gone (the thread deleted or out
of reach, or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "O tópico da mesa #{table} sumiu (foi apagado, ou eu não consigo mais vê-lo), então a partida continua neste canal.",
    "announce.end_by_dm": "A mesa #{table} não tem mais nenhum canal onde eu possa postar (foi apagado, ou está fora do meu alcance), então o final dela chega para você aqui:",
}
