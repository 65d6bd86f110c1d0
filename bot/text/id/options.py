"""Indonesian: the refusal of an option value the command does not offer (a forged interaction's):
the option by its name in the reader's Discord and what it allows (a choice, a range, a member or
a channel of the server)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` harus bilangan bulat dari {min} sampai {max}. Tidak ada yang diubah.",
    "table.option_not_offered": "`{option}` hanya menerima salah satu dari: {allowed}. Tidak ada yang diubah.",
    "reply.option_member": "`{option}` harus anggota server ini. Tidak ada yang diubah.",
    "reply.option_channel": "`{option}` harus salah satu saluran teks server ini. Tidak ada yang diubah.",
}
