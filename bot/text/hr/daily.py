"""Hrvatski: dnevni izazov (``/hearts dnevni_izazov``, rezultat, Podijeli, ljestvice, sažeci,
/statistika)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dnevni_izazov",
    "command.hearts.daily.description": "Dnevni izazov: danas ista četiri dijeljenja za sve",
    "command.hearts.daily.play.name": "igraj",
    "command.hearts.daily.play.description": "Igraj današnji izazov, privatno u svojim izravnim porukama",
    "command.hearts.daily.board.name": "ljestvica",
    "command.hearts.daily.board.description": "Ljestvica ovog servera za izazov nekog dana",
    "command.hearts.daily.board.option.day.name": "dan",
    "command.hearts.daily.board.option.day.description": "GGGG-MM-DD ili broj izazova (zadano: danas)",
    "command.hearts-settings.option.daily_channel.name": "kanal_izazova",
    "command.hearts-settings.option.daily_channel.description": "Objavljuj sažetak svakog dnevnog izazova u ovom kanalu",
    "command.hearts-settings.option.daily_off.name": "izazov_isključi",
    "command.hearts-settings.option.daily_off.description": "Prestani objavljivati sažetak dnevnog izazova",
    # Playing
    "daily.intro": "**Dnevni izazov br. {number}** · {day} (UTC), otvoren do {closes}\nČetiri dijeljenja (dodavanje ulijevo, udesno, preko puta, bez dodavanja) protiv tri računalna igrača. Danas svi igraju iste karte: ne žuri se, nema vremena po potezu. Tvoje karte stižu.",
    "daily.started": "Tvoj dnevni izazov br. {number} čeka te u izravnim porukama.",
    "daily.resumed": "Današnji izazov br. {number} već igraš: nastavlja se u izravnim porukama.",
    "daily.dms_closed": "Dnevni izazov igra se u privatnim porukama, a ja ti ih ne mogu slati. Dopusti izravne poruke od članova ovog servera (Postavke privatnosti) i pokušaj ponovno: još ništa nije počelo.",
    "daily.played": "Današnji izazov br. {number} već je odigran: jedan pokušaj dnevno. Sljedeći počinje {next}.",
    "daily.not_ready": "Dnevni izazov se priprema: pokušaj ponovno za trenutak.",
    # The result (private)
    "daily.result.title": "**Dnevni izazov br. {number}: {total} {total|bod|boda|bodova}** · {par}",
    "daily.result.hands": "Dijeljenja: {hands}",
    "daily.result.place": "Dosadašnji poredak na ovom serveru: {place} od {players} · jednako dobro ili bolje od {percentile} % svih igrača",
    "daily.result.streak": "Niz: {streak} {streak|dan|dana|dana} zaredom",
    "daily.result.share_hint": "**Podijeli** objavljuje jedan redak bez ijedne karte u kanalu iz kojeg je izazov pokrenut.",
    "daily.par.under": "{count} ispod para",
    "daily.par.over": "{count} iznad para",
    "daily.par.level": "točno par",
    "daily.par.pending": "par se još računa",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Podijeli",
    # Share (public, the server's language)
    "daily.share": "{name} · Hearts dnevni izazov br. {number} · {symbols} · {total} {total|bod|boda|bodova} · {par}",
    "daily.shared": "Podijeljeno u {channel}.",
    "daily.share_none": "Nema se što podijeliti: izazov tog dana nije dovršen.",
    "daily.share_failed": "Ne mogu pisati u {channel}; ništa nije podijeljeno.",
    # Boards
    "daily.bad_day.malformed": "Ne razumijem taj dan: napiši ga kao GGGG-MM-DD (na primjer {example}) ili kao broj izazova.",
    "daily.bad_day.future": "Izazov tog dana još nije počeo.",
    "daily.bad_day.before_first": "Taj dan nije bilo dnevnog izazova: prvi je bio {first}.",
    "daily.board.nobody": "Nitko na ovom serveru nije dovršio izazov od {day} (br. {number}).",
    "daily.board.title": "**Dnevni izazov br. {number}** · {day} · {players} na ovom serveru, {everyone} ukupno · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|bod|boda|bodova} ({par}) · percentil {percentile}",
    "daily.board.open": "Dan je još otvoren: dijeljenja se prikazuju kad se zatvori, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dnevni izazov br. {number} ({day}) je zatvoren.** Ljestvica ovog servera i dijeljenja koja su svi igrali:",
    "daily.summary.deal": "**Dijeljenje {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ti",
    "daily.summary.no_permission": "⚠️ Administratori servera: sažetak dnevnog izazova nije moguće objaviti u {channel}: tamo trebam {permissions}.",
    # /stats
    "daily.stats.name": "Dnevni izazov",
    "daily.stats.value": "{days} {days|odigran dan|odigrana dana|odigranih dana} · najbolje {best} · niz {current} (najduži {longest}) · u prosjeku {average} u odnosu na par",
    "daily.stats.none": "Još nema dovršenog dnevnog izazova.",
    "daily.settings.line": "Sažetak dnevnog izazova: {channel}",
    "daily.settings.off": "isključeno",
}
