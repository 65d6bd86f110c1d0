"""繁體中文（台灣）：每日挑戰（``/hearts daily``、成績、分享、排行、每日總結、/stats）。"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "每日挑戰",
    "command.hearts.daily.description": "每日挑戰：今天大家都打同樣的四局牌",
    "command.hearts.daily.play.name": "開打",
    "command.hearts.daily.play.description": "在私訊裡玩今天的挑戰",
    "command.hearts.daily.board.name": "排行",
    "command.hearts.daily.board.description": "這個伺服器某一天挑戰的排行",
    "command.hearts.daily.board.option.day.name": "日期",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD 或挑戰編號（預設：今天）",
    "command.hearts-settings.option.daily_channel.name": "每日頻道",
    "command.hearts-settings.option.daily_channel.description": "每天在這個頻道發布每日挑戰總結",
    "command.hearts-settings.option.daily_off.name": "關閉每日",
    "command.hearts-settings.option.daily_off.description": "停止發布每日挑戰總結",
    # Playing
    "daily.intro": "**每日挑戰 #{number}** · {day}（UTC），開放到 {closes}\n四局（往左、往右、往對家傳牌，最後一局不傳），對手是三位電腦玩家。今天每個人拿到的牌都一樣：慢慢來，沒有每步時間限制。接下來會發牌給你。",
    "daily.started": "你的每日挑戰 #{number} 在私訊裡等你。",
    "daily.resumed": "你正在玩今天的挑戰 #{number}：請在私訊裡繼續。",
    "daily.dms_closed": "每日挑戰要在私訊裡玩，但我無法傳私訊給你。請允許這個伺服器成員的私訊（隱私設定）後再試一次：目前還沒有開始任何東西。",
    "daily.played": "你已經玩過今天的挑戰 #{number}：每天只能挑戰一次。下一次挑戰{next}開始。",
    "daily.not_ready": "每日挑戰正在準備中：請稍後再試。",
    # The result (private)
    "daily.result.title": "**每日挑戰 #{number}：{total} 分** · {par}",
    "daily.result.hands": "各局：{hands}",
    "daily.result.place": "目前在這個伺服器的名次：{players} 人中第 {place} 名 · 你的成績等於或優於 {percentile}% 的玩家",
    "daily.result.streak": "連續紀錄：連續 {streak} 天",
    "daily.result.share_hint": "按 **分享** 會在你開始挑戰的頻道發一行成績，不會顯示任何牌。",
    "daily.par.under": "低於標準 {count}",
    "daily.par.over": "高於標準 {count}",
    "daily.par.level": "平標準",
    "daily.par.pending": "標準分還在計算中",
    "daily.par.value": "標準 {par}",
    "button.daily_share": "分享",
    # Share (public, the server's language)
    "daily.share": "{name} · 傷心小棧每日挑戰 #{number} · {symbols} · {total} 分 · {par}",
    "daily.shared": "已分享到 {channel}。",
    "daily.share_none": "沒有可以分享的東西：你還沒打完那天的挑戰。",
    "daily.share_failed": "我無法在 {channel} 發言；沒有分享任何東西。",
    # Boards
    "daily.bad_day.malformed": "我看不懂這個日期：請寫成 YYYY-MM-DD（例如 {example}）或挑戰編號。",
    "daily.bad_day.future": "那天的挑戰還沒開始。",
    "daily.bad_day.before_first": "那天沒有每日挑戰：第一次挑戰是在 {first}。",
    "daily.board.nobody": "這個伺服器沒有人完成 {day}（#{number}）的挑戰。",
    "daily.board.title": "**每日挑戰 #{number}** · {day} · 本伺服器 {players} 人，全部 {everyone} 人 · {par}",
    "daily.board.row": "{place}. {name}：{total} 分（{par}）· 百分位 {percentile}",
    "daily.board.open": "這一天還沒結束：牌局會在{closes}截止後公開。",
    # The summary of a closed day (public)
    "daily.summary.title": "**每日挑戰 #{number}（{day}）已截止。** 這個伺服器的排行，以及大家打的牌：",
    "daily.summary.deal": "**第 {hand} 局**（{direction}）：{seats}",
    "daily.summary.seat": "{seat}：{cards}",
    "daily.summary.your_seat": "你",
    "daily.summary.no_permission": "⚠️ 伺服器管理員請注意：我無法在 {channel} 發布每日挑戰總結：我在那裡需要 {permissions}。",
    # /stats
    "daily.stats.name": "每日挑戰",
    "daily.stats.value": "玩了 {days} 天 · 最佳 {best} · 連續 {current} 天（最長 {longest} 天）· 平均相對標準 {average}",
    "daily.stats.none": "還沒完成任何每日挑戰。",
    "daily.settings.line": "每日挑戰總結：{channel}",
    "daily.settings.off": "關閉",
}
