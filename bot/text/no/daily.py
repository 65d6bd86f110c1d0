"""Norsk bokmål: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dagens",
    "command.hearts.daily.description": "Dagens utfordring: de samme fire spillene for alle i dag",
    "command.hearts.daily.play.name": "spill",
    "command.hearts.daily.play.description": "Spill dagens utfordring, privat i direktemeldingene dine",
    "command.hearts.daily.board.name": "tabell",
    "command.hearts.daily.board.description": "Serverens tabell for en dags utfordring",
    "command.hearts.daily.board.option.day.name": "dag",
    "command.hearts.daily.board.option.day.description": "ÅÅÅÅ-MM-DD eller utfordringens nummer (standard: i dag)",
    "command.hearts-settings.option.daily_channel.name": "dagens_kanal",
    "command.hearts-settings.option.daily_channel.description": "Legg ut oppsummeringen av hver dags utfordring i denne kanalen",
    "command.hearts-settings.option.daily_off.name": "dagens_av",
    "command.hearts-settings.option.daily_off.description": "Slutt å legge ut oppsummeringen av dagens utfordring",
    # Playing
    "daily.intro": "**Dagens utfordring #{number}** · {day} (UTC), åpen til {closes}\nFire spill (send til venstre, høyre, over bordet, ingen videresending) mot tre datamaskinspillere. Alle spiller de samme kortene i dag: ta den tiden du trenger, det er ingen betenkningstid. Kortene dine kommer her.",
    "daily.started": "Dagens utfordring #{number} venter på deg i direktemeldingene dine.",
    "daily.resumed": "Du spiller dagens utfordring #{number}: den fortsetter i direktemeldingene dine.",
    "daily.dms_closed": "Dagens utfordring spilles i direktemeldinger, og jeg kan ikke sende deg noen. Tillat direktemeldinger fra medlemmer av denne serveren (Personverninnstillinger) og prøv igjen: ingenting har begynt ennå.",
    "daily.played": "Du har spilt dagens utfordring #{number}: ett forsøk per dag. Den neste begynner {next}.",
    "daily.not_ready": "Dagens utfordring gjøres klar: prøv igjen om et øyeblikk.",
    # The result (private)
    "daily.result.title": "**Dagens utfordring #{number}: {total} poeng** · {par}",
    "daily.result.hands": "Spill: {hands}",
    "daily.result.place": "Plassering på denne serveren så langt: {place} av {players} · du gjorde det like bra som eller bedre enn {percentile} % av alle som spilte",
    "daily.result.streak": "Rekke: {streak} {streak|dag|dager} på rad",
    "daily.result.share_hint": "**Del** legger ut én linje uten noen kort i kanalen du startet fra.",
    "daily.par.under": "{count} poeng under par",
    "daily.par.over": "{count} poeng over par",
    "daily.par.level": "på par",
    "daily.par.pending": "par regnes fortsatt ut",
    "daily.par.value": "par er {par}",
    "button.daily_share": "Del",
    # Share (public, the server's language)
    "daily.share": "{name} · Hjerter, dagens #{number} · {symbols} · {total} poeng · {par}",
    "daily.shared": "Delt i {channel}.",
    "daily.share_none": "Det er ingenting å dele: du har ikke spilt ferdig den dagens utfordring.",
    "daily.share_failed": "Jeg kan ikke skrive i {channel}; ingenting ble delt.",
    # Boards
    "daily.bad_day.malformed": "Jeg kan ikke lese den dagen: skriv den som ÅÅÅÅ-MM-DD (for eksempel {example}) eller som utfordringens nummer.",
    "daily.bad_day.future": "Den dagens utfordring har ikke begynt ennå.",
    "daily.bad_day.before_first": "Det var ingen daglig utfordring den dagen: den første var {first}.",
    "daily.board.nobody": "Ingen på denne serveren spilte ferdig utfordringen for {day} (#{number}).",
    "daily.board.title": "**Dagens utfordring #{number}** · {day} · {players} på denne serveren, {everyone} totalt · {par}",
    "daily.board.row": "{place}. {name}: {total} poeng ({par}) · persentil {percentile}",
    "daily.board.open": "Dagen er fortsatt åpen: spillene vises når den stenger, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dagens utfordring #{number} ({day}) er stengt.** Serverens tabell og spillene alle spilte:",
    "daily.summary.deal": "**Spill {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "deg",
    "daily.summary.no_permission": "⚠️ Serveradministratorer: jeg kunne ikke legge ut oppsummeringen av dagens utfordring i {channel}: jeg trenger {permissions} der.",
    # /stats
    "daily.stats.name": "Dagens utfordring",
    "daily.stats.value": "{days} {days|dag|dager} spilt · beste {best} · rekke {current} (lengste {longest}) · i snitt {average} mot par",
    "daily.stats.none": "Ingen daglig utfordring fullført ennå.",
    "daily.settings.line": "Oppsummering av dagens utfordring: {channel}",
    "daily.settings.off": "av",
}
