"""Italiano: la sfida del giorno (``/hearts sfida_del_giorno``, il risultato, Condividi, le
classifiche, i riepiloghi, /statistiche)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "sfida_del_giorno",
    "command.hearts.daily.description": "La sfida del giorno: le stesse quattro smazzate per tutti oggi",
    "command.hearts.daily.play.name": "gioca",
    "command.hearts.daily.play.description": "Gioca la sfida di oggi, in privato nei tuoi messaggi diretti",
    "command.hearts.daily.board.name": "classifica",
    "command.hearts.daily.board.description": "La classifica di questo server per la sfida di un giorno",
    "command.hearts.daily.board.option.day.name": "giorno",
    "command.hearts.daily.board.option.day.description": "AAAA-MM-GG o il numero della sfida (predefinito: oggi)",
    "command.hearts-settings.option.daily_channel.name": "canale_sfida",
    "command.hearts-settings.option.daily_channel.description": "Pubblica ogni giorno il riepilogo della sfida del giorno in questo canale",
    "command.hearts-settings.option.daily_off.name": "sfida_disattivata",
    "command.hearts-settings.option.daily_off.description": "Smetti di pubblicare il riepilogo della sfida del giorno",
    # Playing
    "daily.intro": "**Sfida del giorno n. {number}** · {day} (UTC), aperta fino a {closes}\nQuattro mani (passaggio a sinistra, a destra, di fronte, nessun passaggio) contro tre giocatori computer. Oggi tutti giocano le stesse carte: prenditi il tuo tempo, non c’è limite per mossa. Ecco le tue carte.",
    "daily.started": "La tua sfida del giorno n. {number} ti aspetta nei messaggi diretti.",
    "daily.resumed": "Stai giocando la sfida di oggi, la n. {number}: continua nei tuoi messaggi diretti.",
    "daily.dms_closed": "La sfida del giorno si gioca in messaggi privati, e non posso mandartene. Consenti i messaggi diretti dai membri di questo server (Impostazioni privacy) e riprova: non è ancora iniziato nulla.",
    "daily.played": "Hai già giocato la sfida di oggi, la n. {number}: un tentativo al giorno. La prossima inizia {next}.",
    "daily.not_ready": "La sfida del giorno è in preparazione: riprova tra un attimo.",
    # The result (private)
    "daily.result.title": "**Sfida del giorno n. {number}: {total} {total|punto|punti|punti}** · {par}",
    "daily.result.hands": "Mani: {hands}",
    "daily.result.place": "Posizione su questo server finora: {place} su {players} · hai fatto bene quanto o meglio del {percentile}% di tutti i partecipanti",
    "daily.result.streak": "Serie: {streak} {streak|giorno|giorni|giorni} di fila",
    "daily.result.share_hint": "**Condividi** pubblica una riga senza nessuna carta nel canale da cui hai iniziato.",
    "daily.par.under": "{count} sotto il par",
    "daily.par.over": "{count} sopra il par",
    "daily.par.level": "in par",
    "daily.par.pending": "il par è ancora in calcolo",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Condividi",
    # Share (public, the server's language)
    "daily.share": "{name} · Cuori, sfida del giorno n. {number} · {symbols} · {total} {total|punto|punti|punti} · {par}",
    "daily.shared": "Condiviso in {channel}.",
    "daily.share_none": "Non c’è niente da condividere: non hai finito la sfida di quel giorno.",
    "daily.share_failed": "Non posso scrivere in {channel}; non è stato condiviso nulla.",
    # Boards
    "daily.bad_day.malformed": "Non riesco a leggere quel giorno: scrivilo come AAAA-MM-GG (per esempio {example}) o come numero della sfida.",
    "daily.bad_day.future": "La sfida di quel giorno non è ancora iniziata.",
    "daily.bad_day.before_first": "Quel giorno non c’era nessuna sfida: la prima è stata il {first}.",
    "daily.board.nobody": "Nessuno su questo server ha finito la sfida del {day} (n. {number}).",
    "daily.board.title": "**Sfida del giorno n. {number}** · {day} · {players} su questo server, {everyone} in totale · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|punto|punti|punti} ({par}) · percentile {percentile}",
    "daily.board.open": "La giornata è ancora aperta: le smazzate si vedranno alla chiusura, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**La sfida del giorno n. {number} ({day}) è chiusa.** La classifica di questo server e le smazzate che tutti hanno giocato:",
    "daily.summary.deal": "**Mano {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "tu",
    "daily.summary.no_permission": "⚠️ Admin del server: non ho potuto pubblicare il riepilogo della sfida del giorno in {channel}: lì mi serve {permissions}.",
    # /stats
    "daily.stats.name": "Sfida del giorno",
    "daily.stats.value": "{days} {days|giorno giocato|giorni giocati|giorni giocati} · migliore {best} · serie {current} (record {longest}) · {average} rispetto al par in media",
    "daily.stats.none": "Nessuna sfida del giorno finita per ora.",
    "daily.settings.line": "Riepilogo della sfida del giorno: {channel}",
    "daily.settings.off": "disattivato",
}
