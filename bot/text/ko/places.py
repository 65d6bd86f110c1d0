"""한국어: 테이블이 있던 곳이 사라졌을 때 소식을 보내는 곳."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "테이블 #{table}의 스레드가 없어졌어요 (삭제됐거나 더 이상 볼 수 없어요). 게임은 이 채널에서 계속해요.",
    "announce.end_by_dm": "테이블 #{table}에는 글을 쓸 수 있는 채널이 남아 있지 않아요 (삭제됐거나 접근할 수 없어요). 그래서 게임 결과를 여기로 보내요:",
}
