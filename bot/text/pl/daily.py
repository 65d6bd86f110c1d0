"""Polski: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "wyzwanie_dnia",
    "command.hearts.daily.description": "Wyzwanie dnia: dziś wszyscy grają te same cztery rozdania",
    "command.hearts.daily.play.name": "graj",
    "command.hearts.daily.play.description": "Zagraj dzisiejsze wyzwanie prywatnie, w wiadomościach prywatnych",
    "command.hearts.daily.board.name": "tabela",
    "command.hearts.daily.board.description": "Tabela tego serwera w wyzwaniu danego dnia",
    "command.hearts.daily.board.option.day.name": "dzień",
    "command.hearts.daily.board.option.day.description": "RRRR-MM-DD albo numer wyzwania (domyślnie dziś)",
    "command.hearts-settings.option.daily_channel.name": "kanał_wyzwania",
    "command.hearts-settings.option.daily_channel.description": "Publikuj podsumowanie każdego wyzwania dnia na tym kanale",
    "command.hearts-settings.option.daily_off.name": "bez_podsumowań_wyzwania",
    "command.hearts-settings.option.daily_off.description": "Przestań publikować podsumowanie wyzwania dnia",
    # Playing
    "daily.intro": "**Wyzwanie dnia #{number}** · {day} (UTC), otwarte do {closes}\nCztery rozdania (oddawanie w lewo, w prawo, na wprost, bez oddawania) przeciw trzem graczom komputerowym. Dziś wszyscy grają tymi samymi kartami: bez pośpiechu, nie ma limitu czasu na ruch. Twoje karty poniżej.",
    "daily.started": "Twoje wyzwanie dnia #{number} czeka w wiadomościach prywatnych.",
    "daily.resumed": "Grasz już dzisiejsze wyzwanie #{number}: toczy się dalej w wiadomościach prywatnych.",
    "daily.dms_closed": "Wyzwanie dnia rozgrywa się w wiadomościach prywatnych, a nie mogę ci żadnej wysłać. Zezwól na wiadomości prywatne od członków tego serwera (Ustawienia prywatności) i spróbuj ponownie: nic się jeszcze nie zaczęło.",
    "daily.played": "Dzisiejsze wyzwanie #{number} jest już rozegrane: jedna próba dziennie. Następne zaczyna się {next}.",
    "daily.not_ready": "Wyzwanie dnia jest jeszcze przygotowywane: spróbuj za chwilę.",
    # The result (private)
    "daily.result.title": "**Wyzwanie dnia #{number}: {total} {total|punkt|punkty|punktów|punktu}** · {par}",
    "daily.result.hands": "Rozdania: {hands}",
    "daily.result.place": "Miejsce na tym serwerze na razie: {place} z {players} · wynik nie gorszy niż u {percentile}% wszystkich, którzy grali",
    "daily.result.streak": "Seria: {streak} {streak|dzień|dni|dni|dnia} z rzędu",
    "daily.result.share_hint": "**Udostępnij** publikuje jedną linijkę bez żadnej karty na kanale, z którego zaczęło się wyzwanie.",
    "daily.par.under": "{count} poniżej normy",
    "daily.par.over": "{count} powyżej normy",
    "daily.par.level": "równo z normą",
    "daily.par.pending": "norma jest jeszcze liczona",
    "daily.par.value": "norma {par}",
    "button.daily_share": "Udostępnij",
    # Share (public, the server's language)
    "daily.share": "{name} · Kierki, wyzwanie dnia #{number} · {symbols} · {total} {total|punkt|punkty|punktów|punktu} · {par}",
    "daily.shared": "Udostępniono na {channel}.",
    "daily.share_none": "Nie ma czego udostępnić: wyzwanie z tego dnia nie jest skończone.",
    "daily.share_failed": "Nie mogę pisać na {channel}; nic nie udostępniono.",
    # Boards
    "daily.bad_day.malformed": "Nie rozumiem tego dnia: zapisz go jako RRRR-MM-DD (na przykład {example}) albo jako numer wyzwania.",
    "daily.bad_day.future": "Wyzwanie z tego dnia jeszcze się nie zaczęło.",
    "daily.bad_day.before_first": "Tego dnia nie było wyzwania: pierwsze było {first}.",
    "daily.board.nobody": "Nikt na tym serwerze nie skończył wyzwania z {day} (#{number}).",
    "daily.board.title": "**Wyzwanie dnia #{number}** · {day} · na tym serwerze: {players}, wszędzie: {everyone} · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|punkt|punkty|punktów|punktu} ({par}) · percentyl {percentile}",
    "daily.board.open": "Dzień jest jeszcze otwarty: rozdania pokażemy po jego zamknięciu, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Wyzwanie dnia #{number} ({day}) jest zamknięte.** Tabela tego serwera i rozdania, które grali wszyscy:",
    "daily.summary.deal": "**Rozdanie {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ty",
    "daily.summary.no_permission": "⚠️ Administratorzy serwera: nie udało mi się opublikować podsumowania wyzwania dnia na {channel}: potrzebuję tam uprawnień {permissions}.",
    # /stats
    "daily.stats.name": "Wyzwanie dnia",
    "daily.stats.value": "rozegrane dni: {days} · najlepszy wynik {best} · seria {current} (najdłuższa {longest}) · średnio {average} względem normy",
    "daily.stats.none": "Nie ukończono jeszcze żadnego wyzwania dnia.",
    "daily.settings.line": "Podsumowanie wyzwania dnia: {channel}",
    "daily.settings.off": "wył.",
}
