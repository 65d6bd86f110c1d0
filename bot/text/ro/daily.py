"""Română: provocarea zilei (``/hearts daily``, rezultatul, Distribuie, clasamente, rezumate, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "zilnic",
    "command.hearts.daily.description": "Provocarea zilei: azi toată lumea joacă aceleași patru mâini",
    "command.hearts.daily.play.name": "joacă",
    "command.hearts.daily.play.description": "Joacă provocarea de azi, în privat, în mesajele tale directe",
    "command.hearts.daily.board.name": "clasament",
    "command.hearts.daily.board.description": "Clasamentul acestui server pentru provocarea unei zile",
    "command.hearts.daily.board.option.day.name": "zi",
    "command.hearts.daily.board.option.day.description": "AAAA-LL-ZZ sau numărul provocării (implicit: azi)",
    "command.hearts-settings.option.daily_channel.name": "canal-zilnic",
    "command.hearts-settings.option.daily_channel.description": "Publică în acest canal rezumatul fiecărei provocări a zilei",
    "command.hearts-settings.option.daily_off.name": "zilnic-oprit",
    "command.hearts-settings.option.daily_off.description": "Nu mai publica rezumatul provocării zilei",
    # Playing
    "daily.intro": "**Provocarea zilei #{number}** · {day} (UTC), deschisă până {closes}\nPatru mâini (se dau cărți la stânga, la dreapta, în față, apoi deloc) împotriva a trei jucători calculator. Azi toată lumea joacă aceleași cărți: ia-ți timp, nu există limită pe mutare. Urmează cărțile tale.",
    "daily.started": "Provocarea zilei #{number} te așteaptă în mesajele directe.",
    "daily.resumed": "Joci provocarea de azi #{number}: continuă în mesajele directe.",
    "daily.dms_closed": "Provocarea zilei se joacă în mesaje private, iar eu nu-ți pot trimite niciunul. Permite mesajele directe de la membrii acestui server (Setări de confidențialitate) și încearcă din nou: încă n-a început nimic.",
    "daily.played": "Ai jucat deja provocarea de azi #{number}: o încercare pe zi. Următoarea începe {next}.",
    "daily.not_ready": "Provocarea zilei se pregătește: încearcă din nou peste câteva clipe.",
    # The result (private)
    "daily.result.title": "**Provocarea zilei #{number}: {total} {total|punct|puncte|de puncte}** · {par}",
    "daily.result.hands": "Mâini: {hands}",
    "daily.result.place": "Locul pe acest server până acum: {place} din {players} · ai jucat la fel de bine sau mai bine decât {percentile}% dintre toți cei care au jucat",
    "daily.result.streak": "Serie: {streak} {streak|zi|zile|de zile} la rând",
    "daily.result.share_hint": "**Distribuie** publică un rând fără nicio carte în canalul din care ai pornit.",
    "daily.par.under": "{count} sub par",
    "daily.par.over": "{count} peste par",
    "daily.par.level": "la par",
    "daily.par.pending": "par-ul încă se calculează",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Distribuie",
    # Share (public, the server's language)
    "daily.share": "{name} · Inimi zilnic #{number} · {symbols} · {total} {total|punct|puncte|de puncte} · {par}",
    "daily.shared": "Distribuit în {channel}.",
    "daily.share_none": "Nu e nimic de distribuit: n-ai terminat provocarea din ziua aceea.",
    "daily.share_failed": "Nu pot scrie în {channel}; nu s-a distribuit nimic.",
    # Boards
    "daily.bad_day.malformed": "Nu înțeleg ziua: scrie-o ca AAAA-LL-ZZ (de exemplu {example}) sau ca numărul provocării.",
    "daily.bad_day.future": "Provocarea din ziua aceea n-a început încă.",
    "daily.bad_day.before_first": "În ziua aceea n-a fost nicio provocare: prima a fost pe {first}.",
    "daily.board.nobody": "Nimeni de pe acest server n-a terminat provocarea din {day} (#{number}).",
    "daily.board.title": "**Provocarea zilei #{number}** · {day} · {players} pe acest server, {everyone} în total · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|punct|puncte|de puncte} ({par}) · percentila {percentile}",
    "daily.board.open": "Ziua e încă deschisă: mâinile se arată după ce se închide, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Provocarea zilei #{number} ({day}) s-a închis.** Clasamentul acestui server și mâinile jucate de toată lumea:",
    "daily.summary.deal": "**Mâna {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "tu",
    "daily.summary.no_permission": "⚠️ Administratori: n-am putut publica rezumatul provocării zilei în {channel}: am nevoie acolo de {permissions}.",
    # /stats
    "daily.stats.name": "Provocarea zilei",
    "daily.stats.value": "{days} {days|zi jucată|zile jucate|de zile jucate} · cel mai bun {best} · serie {current} (cea mai lungă {longest}) · {average} față de par în medie",
    "daily.stats.none": "Nicio provocare a zilei terminată încă.",
    "daily.settings.line": "Rezumatul provocării zilei: {channel}",
    "daily.settings.off": "oprit",
}
