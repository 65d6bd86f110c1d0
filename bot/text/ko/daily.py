"""한국어: 데일리 챌린지 (``/hearts daily``, 결과, 공유, 순위표, 요약, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "데일리",
    "command.hearts.daily.description": "데일리 챌린지: 오늘은 모두가 같은 네 판을 해요",
    "command.hearts.daily.play.name": "하기",
    "command.hearts.daily.play.description": "오늘의 챌린지를 DM에서 혼자 하기",
    "command.hearts.daily.board.name": "순위표",
    "command.hearts.daily.board.description": "어느 날 챌린지의 이 서버 순위",
    "command.hearts.daily.board.option.day.name": "날짜",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD 또는 챌린지 번호 (기본: 오늘)",
    "command.hearts-settings.option.daily_channel.name": "데일리_채널",
    "command.hearts-settings.option.daily_channel.description": "매일 데일리 챌린지 요약을 이 채널에 올리기",
    "command.hearts-settings.option.daily_off.name": "데일리_끄기",
    "command.hearts-settings.option.daily_off.description": "데일리 챌린지 요약 올리기 중지",
    # Playing
    "daily.intro": "**데일리 챌린지 #{number}** · {day} (UTC), {closes}까지\n컴퓨터 플레이어 세 명을 상대로 네 판 (왼쪽, 오른쪽, 맞은편으로 넘기기, 넘기지 않기). 오늘은 모두가 같은 카드로 해요: 차례마다 제한 시간이 없으니 천천히 하세요. 카드가 곧 와요.",
    "daily.started": "데일리 챌린지 #{number}이(가) DM에서 기다리고 있어요.",
    "daily.resumed": "오늘의 챌린지 #{number}을(를) 하는 중이에요: DM에서 이어서 하세요.",
    "daily.dms_closed": "데일리 챌린지는 DM으로 하는데, DM을 보낼 수 없어요. 이 서버 멤버의 DM을 허용한 다음(개인정보 보호 설정) 다시 해 보세요: 아직 아무것도 시작하지 않았어요.",
    "daily.played": "오늘의 챌린지 #{number}은(는) 이미 했어요: 하루에 한 번이에요. 다음 챌린지는 {next} 시작해요.",
    "daily.not_ready": "데일리 챌린지를 준비하는 중이에요: 잠시 후에 다시 해 보세요.",
    # The result (private)
    "daily.result.title": "**데일리 챌린지 #{number}: {total}점** · {par}",
    "daily.result.hands": "판별 점수: {hands}",
    "daily.result.place": "지금까지 이 서버 순위: {players}명 중 {place}위 · 참가자 전체의 {percentile}%와 같거나 더 잘했어요",
    "daily.result.streak": "연속 기록: {streak}일 연속",
    "daily.result.share_hint": "**공유**를 누르면 시작한 채널에 카드 없이 한 줄을 올려요.",
    "daily.par.under": "{count}언더파",
    "daily.par.over": "{count}오버파",
    "daily.par.level": "이븐파",
    "daily.par.pending": "파 계산 중",
    "daily.par.value": "파 {par}",
    "button.daily_share": "공유",
    # Share (public, the server's language)
    "daily.share": "{name} · 하트 데일리 #{number} · {symbols} · {total}점 · {par}",
    "daily.shared": "{channel}에 공유했어요.",
    "daily.share_none": "공유할 게 없어요: 그날의 챌린지를 끝내지 않았어요.",
    "daily.share_failed": "{channel}에 글을 쓸 수 없어요. 아무것도 공유하지 않았어요.",
    # Boards
    "daily.bad_day.malformed": "날짜를 읽을 수 없어요: YYYY-MM-DD(예: {example}) 또는 챌린지 번호로 쓰세요.",
    "daily.bad_day.future": "그날의 챌린지는 아직 시작하지 않았어요.",
    "daily.bad_day.before_first": "그날은 데일리 챌린지가 없었어요: 첫 챌린지는 {first}였어요.",
    "daily.board.nobody": "이 서버에서 {day}(#{number}) 챌린지를 끝낸 사람이 없어요.",
    "daily.board.title": "**데일리 챌린지 #{number}** · {day} · 이 서버 {players}명, 전체 {everyone}명 · {par}",
    "daily.board.row": "{place}. {name}: {total}점 ({par}) · 백분위 {percentile}",
    "daily.board.open": "아직 진행 중인 날이에요: 카드는 {closes} 마감된 뒤에 공개돼요.",
    # The summary of a closed day (public)
    "daily.summary.title": "**데일리 챌린지 #{number}({day})이(가) 마감됐어요.** 이 서버의 순위와 모두가 한 카드:",
    "daily.summary.deal": "**{hand}판** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "나",
    "daily.summary.no_permission": "⚠️ 서버 관리자님께: {channel}에 데일리 챌린지 요약을 올리지 못했어요: 그 채널에 {permissions} 권한이 필요해요.",
    # /stats
    "daily.stats.name": "데일리 챌린지",
    "daily.stats.value": "{days}일 참가 · 최고 {best} · 연속 {current}일 (최장 {longest}일) · 평균 파 대비 {average}",
    "daily.stats.none": "아직 끝낸 데일리 챌린지가 없어요.",
    "daily.settings.line": "데일리 챌린지 요약: {channel}",
    "daily.settings.off": "꺼짐",
}
