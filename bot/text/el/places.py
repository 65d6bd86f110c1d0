"""Ελληνικά: where a table's news goes when its place is gone (the thread deleted or out of reach,
or no channel left at all)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Το νήμα του τραπεζιού #{table} χάθηκε (διαγράφηκε ή δεν μπορώ πια να το δω), οπότε η παρτίδα συνεχίζεται σε αυτό το κανάλι.",
    "announce.end_by_dm": "Το τραπέζι #{table} δεν έχει πια κανάλι όπου μπορώ να γράψω (διαγράφηκε ή είναι εκτός εμβέλειάς μου), οπότε το τέλος του έρχεται σε σένα εδώ:",
}
