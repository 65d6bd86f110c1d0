"""Svenska: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dagens",
    "command.hearts.daily.description": "Dagens utmaning: samma fyra givar för alla i dag",
    "command.hearts.daily.play.name": "spela",
    "command.hearts.daily.play.description": "Spela dagens utmaning, privat i dina DM",
    "command.hearts.daily.board.name": "tabell",
    "command.hearts.daily.board.description": "Serverns tabell för en dags utmaning",
    "command.hearts.daily.board.option.day.name": "dag",
    "command.hearts.daily.board.option.day.description": "ÅÅÅÅ-MM-DD eller utmaningens nummer (standard: i dag)",
    "command.hearts-settings.option.daily_channel.name": "dagens_kanal",
    "command.hearts-settings.option.daily_channel.description": "Posta sammanfattningen av varje dags utmaning i den här kanalen",
    "command.hearts-settings.option.daily_off.name": "dagens_av",
    "command.hearts-settings.option.daily_off.description": "Sluta posta sammanfattningen av dagens utmaning",
    # Playing
    "daily.intro": "**Dagens utmaning #{number}** · {day} (UTC), öppen till {closes}\nFyra givar (skicka vänster, höger, över, ingen skickning) mot tre datorspelare. Alla spelar samma kort i dag: ta god tid på dig, det finns ingen betänketid. Dina kort kommer här.",
    "daily.started": "Din dagliga utmaning #{number} väntar i dina DM.",
    "daily.resumed": "Du spelar dagens utmaning #{number}: den fortsätter i dina DM.",
    "daily.dms_closed": "Dagens utmaning spelas i direktmeddelanden, och jag kan inte skicka några till dig. Tillåt direktmeddelanden från den här serverns medlemmar (Sekretessinställningar) och försök igen: inget har börjat än.",
    "daily.played": "Du har spelat dagens utmaning #{number}: ett försök per dag. Nästa börjar {next}.",
    "daily.not_ready": "Dagens utmaning förbereds: försök igen om en stund.",
    # The result (private)
    "daily.result.title": "**Dagens utmaning #{number}: {total} poäng** · {par}",
    "daily.result.hands": "Givar: {hands}",
    "daily.result.place": "Placering på den här servern hittills: {place} av {players} · du gjorde lika bra eller bättre än {percentile} % av alla som spelade",
    "daily.result.streak": "Svit: {streak} {streak|dag|dagar} i rad",
    "daily.result.share_hint": "**Dela** postar en rad utan några kort i kanalen du började från.",
    "daily.par.under": "{count} poäng under par",
    "daily.par.over": "{count} poäng över par",
    "daily.par.level": "på par",
    "daily.par.pending": "par räknas fortfarande ut",
    "daily.par.value": "par är {par}",
    "button.daily_share": "Dela",
    # Share (public, the server's language)
    "daily.share": "{name} · Hjärter, dagens #{number} · {symbols} · {total} poäng · {par}",
    "daily.shared": "Delat i {channel}.",
    "daily.share_none": "Det finns inget att dela: du har inte spelat klart den dagens utmaning.",
    "daily.share_failed": "Jag kan inte skriva i {channel}; inget delades.",
    # Boards
    "daily.bad_day.malformed": "Jag kan inte läsa den dagen: skriv den som ÅÅÅÅ-MM-DD (till exempel {example}) eller som utmaningens nummer.",
    "daily.bad_day.future": "Den dagens utmaning har inte börjat än.",
    "daily.bad_day.before_first": "Det fanns ingen daglig utmaning den dagen: den första var {first}.",
    "daily.board.nobody": "Ingen på den här servern spelade klart utmaningen för {day} (#{number}).",
    "daily.board.title": "**Dagens utmaning #{number}** · {day} · {players} på den här servern, {everyone} totalt · {par}",
    "daily.board.row": "{place}. {name}: {total} poäng ({par}) · percentil {percentile}",
    "daily.board.open": "Dagen är fortfarande öppen: givarna visas när den stänger, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dagens utmaning #{number} ({day}) är stängd.** Serverns tabell och givarna som alla spelade:",
    "daily.summary.deal": "**Giv {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "du",
    "daily.summary.no_permission": "⚠️ Serveradministratörer: jag kunde inte posta sammanfattningen av dagens utmaning i {channel}: jag behöver {permissions} där.",
    # /stats
    "daily.stats.name": "Dagens utmaning",
    "daily.stats.value": "{days} {days|dag|dagar} spelade · bästa {best} · svit {current} (längsta {longest}) · i snitt {average} mot par",
    "daily.stats.none": "Ingen daglig utmaning avklarad än.",
    "daily.settings.line": "Sammanfattning av dagens utmaning: {channel}",
    "daily.settings.off": "av",
}
