"""日本語: ランキングのシーズンとその画像（``/leaderboard``、``/hearts-settings``、終わったシーズンの
まとめ、ごほうびロール）。"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.leaderboard.option.season.name": "シーズン",
    "command.leaderboard.option.season.description": "以前のシーズンのランキング（終了時のまま）。シーズン番号",
    "command.hearts-settings.option.season.name": "シーズン",
    "command.hearts-settings.option.season.description": "ランキングのシーズン: なし、毎月、四半期ごと（UTC）",
    "command.hearts-settings.option.season_channel.name": "シーズンチャンネル",
    "command.hearts-settings.option.season_channel.description": "終わったシーズンのまとめをこのチャンネルに投稿します",
    "command.hearts-settings.option.season_channel_off.name": "シーズンチャンネルなし",
    "command.hearts-settings.option.season_channel_off.description": "シーズンのまとめの投稿をやめます",
    "command.hearts-settings.option.season_role.name": "シーズンロール",
    "command.hearts-settings.option.season_role.description": "各シーズンの上位3人にこのロールを付与します（ロールの管理が必要）",
    "command.hearts-settings.option.season_role_off.name": "シーズンロールなし",
    "command.hearts-settings.option.season_role_off.description": "シーズンの上位3人へのロール付与をやめます",
    "choice.monthly": "毎月",
    "choice.quarterly": "四半期ごと",
    # The leaderboard
    "leaderboard.season.running": "シーズン{number} · {end}まで",
    "leaderboard.season.closed": "シーズン{number} · {start}〜{end} · 最終結果",
    "leaderboard.season.none": "このサーバーにはまだシーズン{number}がありません。",
    "leaderboard.image.title": "ランキング",
    "leaderboard.image.subtitle": "{order} · {page} / {pages}ページ",
    "leaderboard.header.place": "順位",
    "leaderboard.header.player": "プレイヤー",
    "leaderboard.header.points": "ポイント",
    "leaderboard.header.games": "ゲーム",
    "leaderboard.header.wins": "勝",
    "leaderboard.header.skill": "実力",
    "leaderboard.you": "{name}: {players}人中{place}位",
    "leaderboard.alt": "ランキング、{subtitle}: {rows}",
    "leaderboard.alt.row": "{place}位 {name}: ランキングポイント{points}、{games}ゲーム、{wins}勝、実力 {skill}{change}",
    "leaderboard.alt.change": "（直前のゲームで実力{change}）",
    "leaderboard.alt.mine": "（強調表示）",
    # /hearts-settings
    "season.settings.line": "シーズン: {kind} · まとめ: {channel} · ごほうびロール: {role}",
    "season.settings.none": "なし",
    "season.settings.running": "シーズン{number}は{end}まで続きます。",
    "season.settings.started": "シーズン{number}は今始まり、{end}に終わります。今より前に終わったゲームはどのシーズンにも数えられません。",
    "season.settings.reshaped": "シーズン{number}は開始（{start}）をそのままに、{end}に終わるようになりました。",
    "season.settings.ended": "シーズン{number}は今終わりました。ランキングは終了時のまま残り（/leaderboard season:{number}）、まとめが投稿されます。",
    # A closed season's summary
    "season.summary.title": "🏆 **シーズン{number}が終わりました**（{start}〜{end}） · {players}人",
    "season.summary.most_games": "最多ゲーム: {entries}",
    "season.summary.best_per_hand": "1ディールあたりの失点が最も少ない人（{min}ゲーム以上）: {entries}",
    "season.summary.games_entry": "{name}（{games}）",
    "season.summary.per_hand_entry": "{name}（{value}）",
    "season.summary.reward": "{role}は{names}に。",
    "season.summary.no_permission": "⚠️ サーバー管理者の方へ: {channel} にシーズン{number}のまとめを投稿できませんでした。そこで{permissions}の権限が必要です。",
    "season.role.refused": "⚠️ サーバー管理者の方へ: シーズンのごほうびロール {role} を移せませんでした。{permission}の権限が必要で、ロールは私の最も高いロールより下になければなりません。シーズンは通常どおり終わりました。",
    "permission.manage_roles": "ロールの管理",
}
