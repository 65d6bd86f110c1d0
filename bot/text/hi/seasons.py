"""हिन्दी: लीडरबोर्ड के सीज़न और उसकी तस्वीर (``/leaderboard``, ``/hearts-settings``, ख़त्म हुए
सीज़न का सारांश, इनाम वाली भूमिका)।"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.leaderboard.option.season.name": "सीज़न",
    "command.leaderboard.option.season.description": "किसी पिछले सीज़न का बोर्ड, जैसा वह अपने अंत में था (उसकी संख्या)",
    "command.hearts-settings.option.season.name": "सीज़न",
    "command.hearts-settings.option.season.description": "लीडरबोर्ड के सीज़न: बंद, मासिक या तिमाही (UTC)",
    "command.hearts-settings.option.season_channel.name": "सीज़न_चैनल",
    "command.hearts-settings.option.season_channel.description": "हर ख़त्म हुए सीज़न का सारांश इस चैनल में पोस्ट करें",
    "command.hearts-settings.option.season_channel_off.name": "सीज़न_चैनल_बंद",
    "command.hearts-settings.option.season_channel_off.description": "सीज़नों के सारांश पोस्ट करना बंद करें",
    "command.hearts-settings.option.season_role.name": "सीज़न_भूमिका",
    "command.hearts-settings.option.season_role.description": "हर सीज़न के पहले तीन को यह भूमिका दें (भूमिकाएँ प्रबंधित करें चाहिए)",
    "command.hearts-settings.option.season_role_off.name": "सीज़न_भूमिका_बंद",
    "command.hearts-settings.option.season_role_off.description": "सीज़नों के पहले तीन को भूमिका देना बंद करें",
    "choice.monthly": "मासिक",
    "choice.quarterly": "तिमाही",
    # The leaderboard
    "leaderboard.season.running": "सीज़न {number} · {end} तक",
    "leaderboard.season.closed": "सीज़न {number} · {start} से {end} · अंतिम",
    "leaderboard.season.none": "इस सर्वर पर अभी कोई सीज़न {number} नहीं है।",
    "leaderboard.image.title": "लीडरबोर्ड",
    "leaderboard.image.subtitle": "{order} · पेज {page} / {pages}",
    "leaderboard.header.place": "#",
    "leaderboard.header.player": "खिलाड़ी",
    "leaderboard.header.points": "अंक",
    "leaderboard.header.games": "खेल",
    "leaderboard.header.wins": "जीत",
    "leaderboard.header.skill": "कौशल",
    "leaderboard.you": "{name}: {players} में से स्थान {place}",
    "leaderboard.alt": "लीडरबोर्ड, {subtitle}: {rows}",
    "leaderboard.alt.row": "{place}. {name}: {points} रैंकिंग अंक, {games} खेल, {wins} {wins|जीत|जीतें}, कौशल {skill}{change}",
    "leaderboard.alt.change": " (पिछले खेल में कौशल {change})",
    "leaderboard.alt.mine": " (चिह्नित)",
    # /hearts-settings
    "season.settings.line": "सीज़न: {kind} · सारांश: {channel} · इनाम वाली भूमिका: {role}",
    "season.settings.none": "कोई नहीं",
    "season.settings.running": "सीज़न {number} {end} तक चलेगा।",
    "season.settings.started": "सीज़न {number} अभी शुरू होता है और {end} को ख़त्म होगा। अभी से पहले ख़त्म हुए खेल किसी सीज़न में नहीं गिने जाते।",
    "season.settings.reshaped": "सीज़न {number} की शुरुआत ({start}) वही रहती है और अब यह {end} को ख़त्म होगा।",
    "season.settings.ended": "सीज़न {number} अभी ख़त्म हुआ: उसका बोर्ड जैसा था वैसा रखा गया है (/leaderboard season:{number}) और उसका सारांश भेजा जा रहा है।",
    # A closed season's summary
    "season.summary.title": "🏆 **सीज़न {number} ख़त्म हुआ** ({start} से {end}) · {players} खिलाड़ी",
    "season.summary.most_games": "सबसे ज़्यादा खेल: {entries}",
    "season.summary.best_per_hand": "प्रति बाज़ी सबसे कम अंक (कम से कम {min} खेल): {entries}",
    "season.summary.games_entry": "{name} ({games})",
    "season.summary.per_hand_entry": "{name} ({value})",
    "season.summary.reward": "{role} मिली: {names}।",
    "season.summary.no_permission": "⚠️ सर्वर एडमिन के लिए: मैं {channel} में सीज़न {number} का सारांश पोस्ट नहीं कर सका: वहाँ मुझे {permissions} चाहिए।",
    "season.role.refused": "⚠️ सर्वर एडमिन के लिए: मैं सीज़न की इनाम वाली भूमिका {role} नहीं दे सका: मुझे {permission} चाहिए, और भूमिका मेरी सबसे ऊँची भूमिका से नीचे होनी चाहिए। सीज़न फिर भी सामान्य रूप से ख़त्म हुआ।",
    "permission.manage_roles": "भूमिकाएँ प्रबंधित करें",
}
