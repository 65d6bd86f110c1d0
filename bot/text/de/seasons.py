"""Deutsch: die Saisons der Rangliste und ihr Bild (``/leaderboard``, ``/hearts-settings``, die
Zusammenfassung einer beendeten Saison, die Belohnungsrolle)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.leaderboard.option.season.name": "saison",
    "command.leaderboard.option.season.description": "Die Rangliste einer früheren Saison, wie sie an ihrem Ende stand (ihre Nummer)",
    "command.hearts-settings.option.season.name": "saison",
    "command.hearts-settings.option.season.description": "Saisons der Rangliste: aus, monatlich oder vierteljährlich (UTC)",
    "command.hearts-settings.option.season_channel.name": "saison_kanal",
    "command.hearts-settings.option.season_channel.description": "Die Zusammenfassung jeder beendeten Saison in diesem Kanal posten",
    "command.hearts-settings.option.season_channel_off.name": "saison_kanal_aus",
    "command.hearts-settings.option.season_channel_off.description": "Keine Zusammenfassungen der Saisons mehr posten",
    "command.hearts-settings.option.season_role.name": "saison_rolle",
    "command.hearts-settings.option.season_role.description": "Diese Rolle den ersten drei jeder Saison geben (braucht Rollen verwalten)",
    "command.hearts-settings.option.season_role_off.name": "saison_rolle_aus",
    "command.hearts-settings.option.season_role_off.description": "Den ersten drei der Saisons keine Rolle mehr geben",
    "choice.monthly": "monatlich",
    "choice.quarterly": "vierteljährlich",
    # The leaderboard
    "leaderboard.season.running": "Saison {number} · bis {end}",
    "leaderboard.season.closed": "Saison {number} · {start} bis {end} · Endstand",
    "leaderboard.season.none": "Auf diesem Server gibt es noch keine Saison {number}.",
    "leaderboard.image.title": "Rangliste",
    "leaderboard.image.subtitle": "{order} · Seite {page} von {pages}",
    "leaderboard.header.place": "Platz",
    "leaderboard.header.player": "Spieler",
    "leaderboard.header.points": "Punkte",
    "leaderboard.header.games": "Spiele",
    "leaderboard.header.wins": "Siege",
    "leaderboard.header.skill": "Können",
    "leaderboard.you": "{name}: Platz {place} von {players}",
    "leaderboard.alt": "Rangliste, {subtitle}: {rows}",
    "leaderboard.alt.row": "{place}. {name}: {points} {points|Ranglistenpunkt|Ranglistenpunkte}, {games} {games|Spiel|Spiele}, {wins} {wins|Sieg|Siege}, Können {skill}{change}",
    "leaderboard.alt.change": " (Können {change} im letzten Spiel)",
    "leaderboard.alt.mine": " (markiert)",
    # /hearts-settings
    "season.settings.line": "Saisons: {kind} · Zusammenfassung: {channel} · Belohnungsrolle: {role}",
    "season.settings.none": "keine",
    "season.settings.running": "Saison {number} läuft bis {end}.",
    "season.settings.started": "Saison {number} beginnt jetzt und endet {end}. Spiele, die vorher endeten, zählen in keiner Saison.",
    "season.settings.reshaped": "Saison {number} behält ihren Beginn ({start}) und endet jetzt {end}.",
    "season.settings.ended": "Saison {number} ist jetzt beendet: Ihre Rangliste bleibt, wie sie stand (/leaderboard season:{number}), und ihre Zusammenfassung wird gepostet.",
    # A closed season's summary
    "season.summary.title": "🏆 **Saison {number} ist vorbei** ({start} bis {end}) · {players} {players|Spieler|Spieler}",
    "season.summary.most_games": "Die meisten Spiele: {entries}",
    "season.summary.best_per_hand": "Die wenigsten Punkte pro Runde (ab {min} {min|Spiel|Spielen}): {entries}",
    "season.summary.games_entry": "{name} ({games})",
    "season.summary.per_hand_entry": "{name} ({value})",
    "season.summary.reward": "{role} geht an {names}.",
    "season.summary.no_permission": "⚠️ An die Server-Admins: Ich konnte die Zusammenfassung von Saison {number} nicht in {channel} posten: Dort brauche ich {permissions}.",
    "season.role.refused": "⚠️ An die Server-Admins: Ich konnte die Belohnungsrolle {role} der Saison nicht vergeben: Ich brauche {permission}, und die Rolle muss unter meiner höchsten Rolle stehen. Die Saison ist trotzdem normal beendet.",
    "permission.manage_roles": "Rollen verwalten",
}
