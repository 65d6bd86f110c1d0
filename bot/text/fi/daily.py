"""Suomi: päivän haaste (``/hearts päivän_haaste``, tulos, Jaa, tulostaulut, yhteenvedot,
/tilastot)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "päivän_haaste",
    "command.hearts.daily.description": "Päivän haaste: tänään kaikille samat neljä jakoa",
    "command.hearts.daily.play.name": "pelaa",
    "command.hearts.daily.play.description": "Pelaa tämän päivän haaste yksityisesti yksityisviesteissäsi",
    "command.hearts.daily.board.name": "tulostaulu",
    "command.hearts.daily.board.description": "Tämän palvelimen tulostaulu jonkin päivän haasteelle",
    "command.hearts.daily.board.option.day.name": "päivä",
    "command.hearts.daily.board.option.day.description": "VVVV-KK-PP tai haasteen numero (oletus: tänään)",
    "command.hearts-settings.option.daily_channel.name": "haastekanava",
    "command.hearts-settings.option.daily_channel.description": "Julkaise päivän haasteen yhteenveto joka päivä tällä kanavalla",
    "command.hearts-settings.option.daily_off.name": "haaste_pois",
    "command.hearts-settings.option.daily_off.description": "Lopeta päivän haasteen yhteenvedon julkaiseminen",
    # Playing
    "daily.intro": "**Päivän haaste #{number}** · {day} (UTC), auki asti: {closes}\nNeljä jakoa (anto vasemmalle, oikealle, vastapäätä, ei antoa) kolmea tietokonepelaajaa vastaan. Tänään kaikki pelaavat samoilla korteilla: ota aikaa, siirtoaikaa ei ole. Korttisi tulevat tässä.",
    "daily.started": "Päivän haasteesi #{number} odottaa yksityisviesteissäsi.",
    "daily.resumed": "Pelaat tämän päivän haastetta #{number}: se jatkuu yksityisviesteissäsi.",
    "daily.dms_closed": "Päivän haaste pelataan yksityisviesteissä, enkä voi lähettää niitä sinulle. Salli yksityisviestit tämän palvelimen jäseniltä (Yksityisyysasetukset) ja yritä uudelleen: mitään ei ole vielä aloitettu.",
    "daily.played": "Olet jo pelannut tämän päivän haasteen #{number}: yksi yritys päivässä. Seuraava alkaa {next}.",
    "daily.not_ready": "Päivän haastetta valmistellaan: yritä hetken päästä uudelleen.",
    # The result (private)
    "daily.result.title": "**Päivän haaste #{number}: {total} {total|piste|pistettä}** · {par}",
    "daily.result.hands": "Jaot: {hands}",
    "daily.result.place": "Sijoitus tällä palvelimella toistaiseksi: {place}/{players} · pärjäsit yhtä hyvin tai paremmin kuin {percentile} % kaikista pelanneista",
    "daily.result.streak": "Putki: {streak} {streak|päivä|päivää} peräkkäin",
    "daily.result.share_hint": "**Jaa** julkaisee kanavalle, jolta aloitit, yhden rivin ilman yhtään korttia.",
    "daily.par.under": "{count} alle parin",
    "daily.par.over": "{count} yli parin",
    "daily.par.level": "tasan par",
    "daily.par.pending": "paria lasketaan vielä",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Jaa",
    # Share (public, the server's language)
    "daily.share": "{name} · Hertta, päivän haaste #{number} · {symbols} · {total} {total|piste|pistettä} · {par}",
    "daily.shared": "Jaettu kanavalle {channel}.",
    "daily.share_none": "Ei mitään jaettavaa: et ole pelannut sen päivän haastetta loppuun.",
    "daily.share_failed": "En voi kirjoittaa kanavalle {channel}; mitään ei jaettu.",
    # Boards
    "daily.bad_day.malformed": "En ymmärrä tuota päivää: kirjoita se muodossa VVVV-KK-PP (esimerkiksi {example}) tai haasteen numerona.",
    "daily.bad_day.future": "Sen päivän haaste ei ole vielä alkanut.",
    "daily.bad_day.before_first": "Sinä päivänä ei ollut päivän haastetta: ensimmäinen oli {first}.",
    "daily.board.nobody": "Kukaan tällä palvelimella ei pelannut loppuun haastetta {day} (#{number}).",
    "daily.board.title": "**Päivän haaste #{number}** · {day} · {players} tällä palvelimella, {everyone} kaikkiaan · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|piste|pistettä} ({par}) · persentiili {percentile}",
    "daily.board.open": "Päivä on vielä auki: jaot näytetään, kun se sulkeutuu, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Päivän haaste #{number} ({day}) on päättynyt.** Tämän palvelimen tulostaulu ja jaot, joita kaikki pelasivat:",
    "daily.summary.deal": "**Jako {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "sinä",
    "daily.summary.no_permission": "⚠️ Palvelimen ylläpitäjät: en voinut julkaista päivän haasteen yhteenvetoa kanavalle {channel}: tarvitsen siellä oikeudet {permissions}.",
    # /stats
    "daily.stats.name": "Päivän haaste",
    "daily.stats.value": "{days} {days|pelattu päivä|pelattua päivää} · paras {best} · putki {current} (pisin {longest}) · keskimäärin {average} pariin nähden",
    "daily.stats.none": "Ei vielä yhtään päivän haastetta pelattuna.",
    "daily.settings.line": "Päivän haasteen yhteenveto: {channel}",
    "daily.settings.off": "pois",
}
