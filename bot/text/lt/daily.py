"""Lietuvių: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dienos_iššūkis",
    "command.hearts.daily.description": "Dienos iššūkis: šiandien visiems tie patys keturi dalijimai",
    "command.hearts.daily.play.name": "žaisti",
    "command.hearts.daily.play.description": "Žaisti šiandienos iššūkį asmeninėse žinutėse",
    "command.hearts.daily.board.name": "lentelė",
    "command.hearts.daily.board.description": "Šio serverio vienos dienos iššūkio lentelė",
    "command.hearts.daily.board.option.day.name": "diena",
    "command.hearts.daily.board.option.day.description": "MMMM-MM-DD arba iššūkio numeris (numatyta: šiandien)",
    "command.hearts-settings.option.daily_channel.name": "iššūkio_kanalas",
    "command.hearts-settings.option.daily_channel.description": "Skelbti kiekvienos dienos iššūkio suvestinę šiame kanale",
    "command.hearts-settings.option.daily_off.name": "be_iššūkio_suvestinės",
    "command.hearts-settings.option.daily_off.description": "Nebeskelbti dienos iššūkio suvestinės",
    # Playing
    "daily.intro": "**Dienos iššūkis #{number}** · {day} (UTC), atviras iki {closes}\nKeturi dalijimai (perdavimas į kairę, į dešinę, priešais, be perdavimo) prieš tris kompiuterinius žaidėjus. Šiandien visi žaidžia tomis pačiomis kortomis: neskubėk, laiko ėjimui apribojimo nėra. Tavo kortos – žemiau.",
    "daily.started": "Tavo dienos iššūkis #{number} laukia asmeninėse žinutėse.",
    "daily.resumed": "Tu jau žaidi šiandienos iššūkį #{number}: jis tęsiasi asmeninėse žinutėse.",
    "daily.dms_closed": "Dienos iššūkis žaidžiamas asmeninėse žinutėse, o aš negaliu tau jų siųsti. Leisk asmenines žinutes iš šio serverio narių (Privatumo nustatymai) ir bandyk dar kartą: niekas dar neprasidėjo.",
    "daily.played": "Šiandienos iššūkis #{number} jau sužaistas: vienas bandymas per dieną. Kitas prasidės {next}.",
    "daily.not_ready": "Dienos iššūkis dar ruošiamas: pabandyk po akimirkos.",
    # The result (private)
    "daily.result.title": "**Dienos iššūkis #{number}: taškų {total}** · {par}",
    "daily.result.hands": "Dalijimai: {hands}",
    "daily.result.place": "Vieta šiame serveryje kol kas: {place} iš {players} · tavo rezultatas ne blogesnis nei {percentile}% visų žaidusiųjų",
    "daily.result.streak": "Serija: {streak} {streak|diena|dienos|dienos|dienų} iš eilės",
    "daily.result.share_hint": "**Dalintis** paskelbia vieną eilutę be jokių kortų kanale, iš kurio pradėjai.",
    "daily.par.under": "{count} žemiau par",
    "daily.par.over": "{count} virš par",
    "daily.par.level": "lygiai par",
    "daily.par.pending": "par dar skaičiuojamas",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Dalintis",
    # Share (public, the server's language)
    "daily.share": "{name} · Širdys, dienos iššūkis #{number} · {symbols} · taškų {total} · {par}",
    "daily.shared": "Pasidalinta kanale {channel}.",
    "daily.share_none": "Nėra kuo dalintis: tos dienos iššūkio nebaigei.",
    "daily.share_failed": "Negaliu rašyti kanale {channel}; niekuo nepasidalinta.",
    # Boards
    "daily.bad_day.malformed": "Nesuprantu šios dienos: parašyk ją kaip MMMM-MM-DD (pavyzdžiui, {example}) arba kaip iššūkio numerį.",
    "daily.bad_day.future": "Tos dienos iššūkis dar neprasidėjo.",
    "daily.bad_day.before_first": "Tą dieną dienos iššūkio nebuvo: pirmasis buvo {first}.",
    "daily.board.nobody": "Niekas šiame serveryje nebaigė {day} iššūkio (#{number}).",
    "daily.board.title": "**Dienos iššūkis #{number}** · {day} · šiame serveryje: {players}, iš viso: {everyone} · {par}",
    "daily.board.row": "{place}. {name}: taškų {total} ({par}) · procentilis {percentile}",
    "daily.board.open": "Diena dar nesibaigė: dalijimai bus parodyti jai pasibaigus, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dienos iššūkis #{number} ({day}) baigtas.** Šio serverio lentelė ir dalijimai, kuriuos žaidė visi:",
    "daily.summary.deal": "**Dalijimas {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "tu",
    "daily.summary.no_permission": "⚠️ Serverio administratoriams: nepavyko paskelbti dienos iššūkio suvestinės kanale {channel}: man ten reikia leidimo {permissions}.",
    # /stats
    "daily.stats.name": "Dienos iššūkis",
    "daily.stats.value": "sužaista dienų: {days} · geriausias {best} · serija {current} (ilgiausia {longest}) · vidutiniškai {average} nuo par",
    "daily.stats.none": "Dar nebaigtas nė vienas dienos iššūkis.",
    "daily.settings.line": "Dienos iššūkio suvestinė: {channel}",
    "daily.settings.off": "išjungta",
}
