"""Français : le défi du jour (``/hearts défi_du_jour``, son résultat, Partager, classements,
récapitulatifs, /statistiques)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "défi_du_jour",
    "command.hearts.daily.description": "Le défi du jour : les mêmes quatre donnes pour tout le monde aujourd’hui",
    "command.hearts.daily.play.name": "jouer",
    "command.hearts.daily.play.description": "Jouer le défi du jour, en privé dans tes messages privés",
    "command.hearts.daily.board.name": "classement",
    "command.hearts.daily.board.description": "Le classement de ce serveur pour le défi d’un jour",
    "command.hearts.daily.board.option.day.name": "jour",
    "command.hearts.daily.board.option.day.description": "AAAA-MM-JJ ou le numéro du défi (par défaut : aujourd’hui)",
    "command.hearts-settings.option.daily_channel.name": "salon_défi_du_jour",
    "command.hearts-settings.option.daily_channel.description": "Publier chaque jour le récapitulatif du défi du jour dans ce salon",
    "command.hearts-settings.option.daily_off.name": "défi_du_jour_désactivé",
    "command.hearts-settings.option.daily_off.description": "Ne plus publier le récapitulatif du défi du jour",
    # Playing
    "daily.intro": "**Défi du jour n° {number}** · {day} (UTC), ouvert jusqu’au {closes}\nQuatre donnes (passe à gauche, à droite, en face, sans passe) contre trois joueurs ordinateurs. Tout le monde joue les mêmes cartes aujourd’hui : prends ton temps, il n’y a pas de limite de temps par coup. Tes cartes arrivent.",
    "daily.started": "Ton défi du jour n° {number} t’attend dans tes messages privés.",
    "daily.resumed": "Tu es en train de jouer le défi du jour n° {number} : la suite est dans tes messages privés.",
    "daily.dms_closed": "Le défi du jour se joue en messages privés, et je ne peux pas t’en envoyer. Autorise les messages privés des membres de ce serveur (Paramètres de confidentialité) et réessaie : rien n’a encore commencé.",
    "daily.played": "Tu as déjà joué le défi du jour n° {number} : un seul essai par jour. Le prochain commence {next}.",
    "daily.not_ready": "Le défi du jour se prépare : réessaie dans un instant.",
    # The result (private)
    "daily.result.title": "**Défi du jour n° {number} : {total} {total|point|points|points}** · {par}",
    "daily.result.hands": "Donnes : {hands}",
    "daily.result.place": "Rang sur ce serveur pour l’instant : {place} sur {players} · tu as fait aussi bien ou mieux que {percentile} % de tous les participants",
    "daily.result.streak": "Série : {streak} {streak|jour|jours|jours} d’affilée",
    "daily.result.share_hint": "**Partager** publie une ligne, sans aucune carte, dans le salon d’où tu as lancé le défi.",
    "daily.par.under": "{count} sous le par",
    "daily.par.over": "{count} au-dessus du par",
    "daily.par.level": "dans le par",
    "daily.par.pending": "le par est encore en calcul",
    "daily.par.value": "par {par}",
    "button.daily_share": "Partager",
    # Share (public, the server's language)
    "daily.share": "{name} · Dame de pique, défi du jour n° {number} · {symbols} · {total} {total|point|points|points} · {par}",
    "daily.shared": "Partagé dans {channel}.",
    "daily.share_none": "Il n’y a rien à partager : tu n’as pas terminé le défi de ce jour-là.",
    "daily.share_failed": "Je ne peux pas publier dans {channel} ; rien n’a été partagé.",
    # Boards
    "daily.bad_day.malformed": "Je ne comprends pas ce jour : écris-le sous la forme AAAA-MM-JJ (par exemple {example}) ou donne le numéro du défi.",
    "daily.bad_day.future": "Le défi de ce jour-là n’a pas encore commencé.",
    "daily.bad_day.before_first": "Il n’y avait pas de défi du jour ce jour-là : le premier date du {first}.",
    "daily.board.nobody": "Personne sur ce serveur n’a terminé le défi du {day} (n° {number}).",
    "daily.board.title": "**Défi du jour n° {number}** · {day} · {players} sur ce serveur, {everyone} au total · {par}",
    "daily.board.row": "{place}. {name} : {total} {total|point|points|points} ({par}) · centile {percentile}",
    "daily.board.open": "La journée est encore ouverte : les donnes seront montrées à sa clôture, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Le défi du jour n° {number} ({day}) est clos.** Le classement de ce serveur, et les donnes que tout le monde a jouées :",
    "daily.summary.deal": "**Donne {hand}** ({direction}) : {seats}",
    "daily.summary.seat": "{seat} : {cards}",
    "daily.summary.your_seat": "toi",
    "daily.summary.no_permission": "⚠️ Admins du serveur : je n’ai pas pu publier le récapitulatif du défi du jour dans {channel} : j’y ai besoin de {permissions}.",
    # /stats
    "daily.stats.name": "Défi du jour",
    "daily.stats.value": "{days} {days|jour joué|jours joués|jours joués} · meilleur score {best} · série {current} (record {longest}) · {average} par rapport au par en moyenne",
    "daily.stats.none": "Aucun défi du jour terminé pour l’instant.",
    "daily.settings.line": "Récapitulatif du défi du jour : {channel}",
    "daily.settings.off": "désactivé",
}
