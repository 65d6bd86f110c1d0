"""简体中文: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` 必须是 {min} 到 {max} 之间的整数。没有做任何更改。",
    "table.option_not_offered": "`{option}` 只能取以下之一：{allowed}。没有做任何更改。",
    "reply.option_member": "`{option}` 必须是本服务器的成员。没有做任何更改。",
    "reply.option_channel": "`{option}` 必须是本服务器的文字频道之一。没有做任何更改。",
}
