"""Tiếng Việt: từ chối một giá trị tùy chọn mà lệnh không đưa ra (của một tương tác giả mạo): tùy
chọn theo tên của nó trong Discord của người đọc, và những gì nó chấp nhận."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}` phải là số nguyên từ {min} đến {max}. Chưa có gì bị thay đổi.",
    "table.option_not_offered": "`{option}` chỉ nhận một trong các giá trị: {allowed}. Chưa có gì bị thay đổi.",
    "reply.option_member": "`{option}` cần một thành viên của máy chủ này. Chưa có gì bị thay đổi.",
    "reply.option_channel": "`{option}` cần một kênh văn bản của máy chủ này. Chưa có gì bị thay đổi.",
}
