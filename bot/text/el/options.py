"""Ελληνικά: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "Το `{option}` πρέπει να είναι ακέραιος από {min} έως {max}. Δεν άλλαξε τίποτα.",
    "table.option_not_offered": "Το `{option}` δέχεται μόνο ένα από αυτά: {allowed}. Δεν άλλαξε τίποτα.",
    "reply.option_member": "Το `{option}` δέχεται ένα μέλος αυτού του διακομιστή. Δεν άλλαξε τίποτα.",
    "reply.option_channel": "Το `{option}` δέχεται ένα από τα κανάλια κειμένου αυτού του διακομιστή. Δεν άλλαξε τίποτα.",
}
