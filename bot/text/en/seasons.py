"""English: the leaderboard's seasons and its image (``/leaderboard``, ``/hearts-settings``, a
closed season's summary, the reward role)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.leaderboard.option.season.name": "season",
    "command.leaderboard.option.season.description": "An earlier season's board, as it stood at its end (its number)",
    "command.hearts-settings.option.season.name": "season",
    "command.hearts-settings.option.season.description": "Leaderboard seasons: off, monthly or quarterly (UTC)",
    "command.hearts-settings.option.season_channel.name": "season_channel",
    "command.hearts-settings.option.season_channel.description": "Post each closed season's summary in this channel",
    "command.hearts-settings.option.season_channel_off.name": "season_channel_off",
    "command.hearts-settings.option.season_channel_off.description": "Stop posting the seasons' summaries",
    "command.hearts-settings.option.season_role.name": "season_role",
    "command.hearts-settings.option.season_role.description": "Give this role to each season's top three (needs Manage Roles)",
    "command.hearts-settings.option.season_role_off.name": "season_role_off",
    "command.hearts-settings.option.season_role_off.description": "Stop giving a role to the seasons' top three",
    "choice.monthly": "monthly",
    "choice.quarterly": "quarterly",
    # The leaderboard
    "leaderboard.season.running": "Season {number} · until {end}",
    "leaderboard.season.closed": "Season {number} · {start} to {end} · final",
    "leaderboard.season.none": "There is no season {number} on this server yet.",
    "leaderboard.image.title": "Leaderboard",
    "leaderboard.image.subtitle": "{order} · page {page} of {pages}",
    "leaderboard.header.place": "#",
    "leaderboard.header.player": "player",
    "leaderboard.header.points": "points",
    "leaderboard.header.games": "games",
    "leaderboard.header.wins": "wins",
    "leaderboard.header.skill": "skill",
    "leaderboard.you": "{name}: place {place} of {players}",
    "leaderboard.alt": "Leaderboard, {subtitle}: {rows}",
    "leaderboard.alt.row": "{place}. {name}: {points} ranking {points|point|points}, {games} {games|game|games}, {wins} {wins|win|wins}, skill {skill}{change}",
    "leaderboard.alt.change": " (skill {change} in the last game)",
    "leaderboard.alt.mine": " (marked)",
    # /hearts-settings
    "season.settings.line": "Seasons: {kind} · summary: {channel} · reward role: {role}",
    "season.settings.none": "none",
    "season.settings.running": "Season {number} runs until {end}.",
    "season.settings.started": "Season {number} starts now and ends {end}. Games finished before now count in no season.",
    "season.settings.reshaped": "Season {number} keeps its start ({start}) and now ends {end}.",
    "season.settings.ended": "Season {number} ended now: its board is kept as it stood (/leaderboard season:{number}) and its summary goes out.",
    # A closed season's summary
    "season.summary.title": "🏆 **Season {number} is over** ({start} to {end}) · {players} {players|player|players}",
    "season.summary.most_games": "Most games: {entries}",
    "season.summary.best_per_hand": "Fewest points per hand (at least {min} {min|game|games}): {entries}",
    "season.summary.games_entry": "{name} ({games})",
    "season.summary.per_hand_entry": "{name} ({value})",
    "season.summary.reward": "{role} goes to {names}.",
    "season.summary.no_permission": "⚠️ Server admins: I could not post the summary of season {number} in {channel}: I need {permissions} there.",
    "season.role.refused": "⚠️ Server admins: I could not move the season's reward role {role}: I need {permission}, and the role must sit below my highest role. The season ended normally.",
    "permission.manage_roles": "Manage Roles",
}
