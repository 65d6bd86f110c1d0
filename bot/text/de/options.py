"""German: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` muss eine ganze Zahl von {min} bis {max} sein. Es wurde nichts geändert.",
    "table.option_not_offered": "`{option}` erlaubt nur einen dieser Werte: {allowed}. Es wurde nichts geändert.",
}
