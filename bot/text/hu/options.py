"""Magyar: egy olyan opcióérték elutasítása, amelyet a parancs nem kínál (egy hamisított
interakcióé): az opció az olvasó Discordjában látott nevén, és hogy mit fogad el."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}`: {min} és {max} közötti egész számnak kell lennie. Semmi sem változott.",
    "table.option_not_offered": "`{option}`: csak ezek egyike lehet: {allowed}. Semmi sem változott.",
    "reply.option_member": "`{option}`: ennek a szervernek egy tagja kell. Semmi sem változott.",
    "reply.option_channel": "`{option}`: ennek a szervernek egy szöveges csatornája kell. Semmi sem változott.",
}
