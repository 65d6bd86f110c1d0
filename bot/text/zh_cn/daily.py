"""简体中文: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "每日挑战",
    "command.hearts.daily.description": "每日挑战：今天所有人打同样的四局牌",
    "command.hearts.daily.play.name": "开始",
    "command.hearts.daily.play.description": "在私信里单独挑战今天的牌局",
    "command.hearts.daily.board.name": "排名",
    "command.hearts.daily.board.description": "本服务器某一天挑战的排名",
    "command.hearts.daily.board.option.day.name": "日期",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD 或挑战编号（默认：今天）",
    "command.hearts-settings.option.daily_channel.name": "每日挑战频道",
    "command.hearts-settings.option.daily_channel.description": "在这个频道发布每天的每日挑战总结",
    "command.hearts-settings.option.daily_off.name": "关闭每日挑战总结",
    "command.hearts-settings.option.daily_off.description": "停止发布每日挑战总结",
    # Playing
    "daily.intro": "**每日挑战 #{number}** · {day}（UTC），开放至 {closes}\n四局（传左、传右、传对面、不传），对手是三位电脑玩家。今天所有人打的牌都一样：慢慢来，没有每步时限。你的牌马上发来。",
    "daily.started": "你的每日挑战 #{number} 已在私信里等你。",
    "daily.resumed": "你正在进行今天的挑战 #{number}：请在私信里继续。",
    "daily.dms_closed": "每日挑战在私信里进行，但我无法给你发私信。请允许本服务器成员给你发私信（隐私设置），然后再试：挑战还没有开始。",
    "daily.played": "你已经打过今天的挑战 #{number}：每天只能挑战一次。下一次挑战{next}开始。",
    "daily.not_ready": "每日挑战正在准备中：请稍后再试。",
    # The result (private)
    "daily.result.title": "**每日挑战 #{number}：{total} 分** · {par}",
    "daily.result.hands": "各局：{hands}",
    "daily.result.place": "目前在本服务器的名次：{place} / {players} · 你的成绩不差于 {percentile}% 的参与者",
    "daily.result.streak": "连续挑战：{streak} 天",
    "daily.result.share_hint": "**分享** 会在你开始挑战的频道发一行不含任何牌的成绩。",
    "daily.par.under": "低于标准 {count}",
    "daily.par.over": "高于标准 {count}",
    "daily.par.level": "与标准持平",
    "daily.par.pending": "标准分还在计算中",
    "daily.par.value": "标准 {par}",
    "button.daily_share": "分享",
    # Share (public, the server's language)
    "daily.share": "{name} · 红心大战每日挑战 #{number} · {symbols} · {total} 分 · {par}",
    "daily.shared": "已分享到 {channel}。",
    "daily.share_none": "没有可以分享的：你还没完成那天的挑战。",
    "daily.share_failed": "我无法在 {channel} 发言；没有分享任何内容。",
    # Boards
    "daily.bad_day.malformed": "我看不懂这个日期：请写成 YYYY-MM-DD（例如 {example}）或挑战编号。",
    "daily.bad_day.future": "那天的挑战还没开始。",
    "daily.bad_day.before_first": "那天没有每日挑战：第一次是在 {first}。",
    "daily.board.nobody": "本服务器没有人完成 {day} 的挑战（#{number}）。",
    "daily.board.title": "**每日挑战 #{number}** · {day} · 本服务器 {players} 人，全部 {everyone} 人 · {par}",
    "daily.board.row": "{place}. {name}：{total} 分（{par}） · 百分位 {percentile}",
    "daily.board.open": "这一天还没结束：牌局将在当天结束时公布（{closes}）。",
    # The summary of a closed day (public)
    "daily.summary.title": "**每日挑战 #{number}（{day}）已结束。** 本服务器的排名，以及大家打的牌局：",
    "daily.summary.deal": "**第 {hand} 局**（{direction}）：{seats}",
    "daily.summary.seat": "{seat}：{cards}",
    "daily.summary.your_seat": "你",
    "daily.summary.no_permission": "⚠️ 服务器管理员请注意：我无法在 {channel} 发布每日挑战总结：我在那里需要 {permissions}。",
    # /stats
    "daily.stats.name": "每日挑战",
    "daily.stats.value": "已挑战 {days} 天 · 最佳 {best} · 连续 {current} 天（最长 {longest} 天） · 平均相对标准 {average}",
    "daily.stats.none": "还没有完成过每日挑战。",
    "daily.settings.line": "每日挑战总结：{channel}",
    "daily.settings.off": "关",
}
