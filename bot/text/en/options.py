"""English: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` must be a whole number from {min} to {max}. Nothing was changed.",
    "table.option_not_offered": "`{option}` takes only one of these: {allowed}. Nothing was changed.",
}
