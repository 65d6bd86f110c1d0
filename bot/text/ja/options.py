"""Japanese: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows (a choice, a range, a member or
a channel of the server)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}`は{min}から{max}までの整数にしてください。何も変更されていません。",
    "table.option_not_offered": "`{option}`に指定できるのは次のいずれかだけです: {allowed}。何も変更されていません。",
    "reply.option_member": "`{option}`にはこのサーバーのメンバーを指定してください。何も変更されていません。",
    "reply.option_channel": "`{option}`にはこのサーバーのテキストチャンネルを指定してください。何も変更されていません。",
}
