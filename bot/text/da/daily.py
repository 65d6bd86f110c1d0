"""Dansk: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dagens",
    "command.hearts.daily.description": "Dagens udfordring: de samme fire spil for alle i dag",
    "command.hearts.daily.play.name": "spil",
    "command.hearts.daily.play.description": "Spil dagens udfordring, privat i dine DM'er",
    "command.hearts.daily.board.name": "stilling",
    "command.hearts.daily.board.description": "Serverens stilling i en dags udfordring",
    "command.hearts.daily.board.option.day.name": "dag",
    "command.hearts.daily.board.option.day.description": "ÅÅÅÅ-MM-DD eller udfordringens nummer (standard: i dag)",
    "command.hearts-settings.option.daily_channel.name": "dagens_kanal",
    "command.hearts-settings.option.daily_channel.description": "Slå hver dags opsummering af dagens udfordring op i denne kanal",
    "command.hearts-settings.option.daily_off.name": "dagens_fra",
    "command.hearts-settings.option.daily_off.description": "Stop med at slå opsummeringen af dagens udfordring op",
    # Playing
    "daily.intro": "**Dagens udfordring #{number}** · {day} (UTC), åben til {closes}\nFire spil (videregivning til venstre, højre, over bordet, ingen videregivning) mod tre computerspillere. Alle spiller de samme kort i dag: tag den med ro, der er ingen betænkningstid. Dine kort følger her.",
    "daily.started": "Din daglige udfordring #{number} venter i dine DM'er.",
    "daily.resumed": "Du spiller dagens udfordring #{number}: den fortsætter i dine DM'er.",
    "daily.dms_closed": "Dagens udfordring spilles i direkte beskeder, og jeg kan ikke sende dig nogen. Tillad direkte beskeder fra medlemmer af denne server (Privatlivsindstillinger), og prøv igen: intet er begyndt endnu.",
    "daily.played": "Du har spillet dagens udfordring #{number}: ét forsøg om dagen. Den næste begynder {next}.",
    "daily.not_ready": "Dagens udfordring gøres klar: prøv igen om et øjeblik.",
    # The result (private)
    "daily.result.title": "**Dagens udfordring #{number}: {total} point** · {par}",
    "daily.result.hands": "Spil: {hands}",
    "daily.result.place": "Placering på denne server indtil nu: {place} af {players} · du klarede dig lige så godt som eller bedre end {percentile} % af alle, der spillede",
    "daily.result.streak": "Stime: {streak} {streak|dag|dage} i træk",
    "daily.result.share_hint": "**Del** slår én linje uden kort op i den kanal, du startede fra.",
    "daily.par.under": "{count} point under par",
    "daily.par.over": "{count} point over par",
    "daily.par.level": "lige i par",
    "daily.par.pending": "par udregnes stadig",
    "daily.par.value": "par er {par}",
    "button.daily_share": "Del",
    # Share (public, the server's language)
    "daily.share": "{name} · Hjerterfri, dagens #{number} · {symbols} · {total} point · {par}",
    "daily.shared": "Delt i {channel}.",
    "daily.share_none": "Der er intet at dele: du har ikke spillet den dags udfordring færdig.",
    "daily.share_failed": "Jeg kan ikke skrive i {channel}; intet blev delt.",
    # Boards
    "daily.bad_day.malformed": "Jeg kan ikke læse den dag: skriv den som ÅÅÅÅ-MM-DD (for eksempel {example}) eller som udfordringens nummer.",
    "daily.bad_day.future": "Den dags udfordring er ikke begyndt endnu.",
    "daily.bad_day.before_first": "Der var ingen daglig udfordring den dag: den første var {first}.",
    "daily.board.nobody": "Ingen på denne server spillede udfordringen fra {day} (#{number}) færdig.",
    "daily.board.title": "**Dagens udfordring #{number}** · {day} · {players} på denne server, {everyone} i alt · {par}",
    "daily.board.row": "{place}. {name}: {total} point ({par}) · percentil {percentile}",
    "daily.board.open": "Dagen er stadig åben: spillene vises, når den lukker, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dagens udfordring #{number} ({day}) er lukket.** Serverens stilling og de spil, alle spillede:",
    "daily.summary.deal": "**Spil {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "dig",
    "daily.summary.no_permission": "⚠️ Serveradministratorer: jeg kunne ikke slå opsummeringen af dagens udfordring op i {channel}: jeg skal have {permissions} der.",
    # /stats
    "daily.stats.name": "Dagens udfordring",
    "daily.stats.value": "{days} {days|dag|dage} spillet · bedste {best} · stime {current} (længste {longest}) · i gennemsnit {average} i forhold til par",
    "daily.stats.none": "Ingen daglig udfordring spillet færdig endnu.",
    "daily.settings.line": "Opsummering af dagens udfordring: {channel}",
    "daily.settings.off": "fra",
}
