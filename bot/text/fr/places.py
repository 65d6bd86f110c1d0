"""Français : où vont les nouvelles d'une table quand sa place a disparu : une ligne dans le salon
du lobby quand le fil de la partie est supprimé ou hors d'atteinte, et la fin de la partie envoyée
en message privé quand il ne reste aucun salon."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Le fil de la table #{table} a disparu (supprimé, ou je ne peux plus le voir) : la partie continue donc dans ce salon.",
    "announce.end_by_dm": "La table #{table} n’a plus de salon où je peux écrire (supprimé, ou hors de ma portée) : voici donc sa fin, ici :",
}
