"""한국어: 명령어가 제공하지 않는 옵션 값(위조된 상호작용)에 대한 거절: 읽는 사람의 Discord에 보이는
옵션 이름과 허용되는 값."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "table.option_out_of_range": "`{option}`은(는) {min}에서 {max} 사이의 정수여야 해요. 아무것도 바뀌지 않았어요.",
    "table.option_not_offered": "`{option}`에는 다음 중 하나만 쓸 수 있어요: {allowed}. 아무것도 바뀌지 않았어요.",
    "reply.option_member": "`{option}`에는 이 서버의 멤버를 넣어야 해요. 아무것도 바뀌지 않았어요.",
    "reply.option_channel": "`{option}`에는 이 서버의 텍스트 채널을 넣어야 해요. 아무것도 바뀌지 않았어요.",
}
