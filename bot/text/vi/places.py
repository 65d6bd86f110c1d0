"""Tiếng Việt: tin của một bàn đi đâu khi chỗ của nó không còn: một dòng trong kênh của sảnh khi
chủ đề của trận bị xóa hoặc ngoài tầm, và kết quả trận gửi qua tin nhắn riêng khi không còn kênh
nào."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "Chủ đề của bàn #{table} không còn nữa (đã bị xóa, hoặc mình không còn thấy được), nên trận sẽ tiếp tục trong kênh này.",
    "announce.end_by_dm": "Bàn #{table} không còn kênh nào mình đăng được (đã bị xóa, hoặc ngoài tầm của mình), nên kết quả được gửi cho bạn ở đây:",
}
