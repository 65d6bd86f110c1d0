"""Nederlands: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` moet een heel getal van {min} tot {max} zijn. Er is niets gewijzigd.",
    "table.option_not_offered": "`{option}` accepteert alleen een van deze: {allowed}. Er is niets gewijzigd.",
    "reply.option_member": "`{option}` verwacht een lid van deze server. Er is niets gewijzigd.",
    "reply.option_channel": "`{option}` verwacht een van de tekstkanalen van deze server. Er is niets gewijzigd.",
}
