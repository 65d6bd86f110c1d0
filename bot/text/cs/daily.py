"""Čeština: denní výzva (``/hearts denní_výzva``, výsledek, Sdílet, žebříčky, shrnutí,
/statistiky)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "denní_výzva",
    "command.hearts.daily.description": "Denní výzva: dnes pro všechny stejná čtyři rozdání",
    "command.hearts.daily.play.name": "hrát",
    "command.hearts.daily.play.description": "Zahraj si dnešní výzvu, soukromě ve svých zprávách",
    "command.hearts.daily.board.name": "žebříček",
    "command.hearts.daily.board.description": "Žebříček tohoto serveru pro výzvu jednoho dne",
    "command.hearts.daily.board.option.day.name": "den",
    "command.hearts.daily.board.option.day.description": "RRRR-MM-DD nebo číslo výzvy (výchozí: dnes)",
    "command.hearts-settings.option.daily_channel.name": "kanál_denní_výzvy",
    "command.hearts-settings.option.daily_channel.description": "Zveřejňovat shrnutí každé denní výzvy v tomto kanálu",
    "command.hearts-settings.option.daily_off.name": "denní_výzva_vypnout",
    "command.hearts-settings.option.daily_off.description": "Přestat zveřejňovat shrnutí denní výzvy",
    # Playing
    "daily.intro": "**Denní výzva č. {number}** · {day} (UTC), otevřeno do {closes}\nČtyři kola (posílání doleva, doprava, naproti, bez posílání) proti třem počítačovým hráčům. Dnes všichni hrají stejné karty: nespěchej, čas na tah není omezený. Tvoje karty přijdou hned.",
    "daily.started": "Tvoje denní výzva č. {number} na tebe čeká v soukromých zprávách.",
    "daily.resumed": "Dnešní výzvu č. {number} už hraješ: pokračuje v soukromých zprávách.",
    "daily.dms_closed": "Denní výzva se hraje v soukromých zprávách a já ti je nemůžu posílat. Povol soukromé zprávy od členů tohoto serveru (Nastavení soukromí) a zkus to znovu: zatím nic nezačalo.",
    "daily.played": "Dnešní výzvu č. {number} už máš odehranou: jeden pokus denně. Další začíná {next}.",
    "daily.not_ready": "Denní výzva se připravuje: zkus to za chvilku znovu.",
    # The result (private)
    "daily.result.title": "**Denní výzva č. {number}: {total} {total|bod|body|bodu|bodů}** · {par}",
    "daily.result.hands": "Kola: {hands}",
    "daily.result.place": "Zatímní pořadí na tomto serveru: {place} z {players} · stejně dobře nebo lépe než {percentile} % všech hráčů",
    "daily.result.streak": "Série: {streak} {streak|den|dny|dne|dní} v řadě",
    "daily.result.share_hint": "**Sdílet** pošle do kanálu, ze kterého výzva začala, jeden řádek bez jediné karty.",
    "daily.par.under": "{count} pod parem",
    "daily.par.over": "{count} nad parem",
    "daily.par.level": "přesně par",
    "daily.par.pending": "par se ještě počítá",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Sdílet",
    # Share (public, the server's language)
    "daily.share": "{name} · Srdce, denní výzva č. {number} · {symbols} · {total} {total|bod|body|bodu|bodů} · {par}",
    "daily.shared": "Sdíleno v {channel}.",
    "daily.share_none": "Není co sdílet: výzvu toho dne nemáš dohranou.",
    "daily.share_failed": "Do {channel} nemůžu psát; nic se nesdílelo.",
    # Boards
    "daily.bad_day.malformed": "Tomu dni nerozumím: napiš ho jako RRRR-MM-DD (například {example}) nebo jako číslo výzvy.",
    "daily.bad_day.future": "Výzva toho dne ještě nezačala.",
    "daily.bad_day.before_first": "Ten den žádná denní výzva nebyla: první byla {first}.",
    "daily.board.nobody": "Výzvu dne {day} (č. {number}) na tomto serveru nikdo nedohrál.",
    "daily.board.title": "**Denní výzva č. {number}** · {day} · {players} na tomto serveru, {everyone} celkem · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|bod|body|bodu|bodů} ({par}) · percentil {percentile}",
    "daily.board.open": "Den je ještě otevřený: rozdání se ukážou po jeho uzavření, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Denní výzva č. {number} ({day}) je uzavřená.** Žebříček tohoto serveru a rozdání, která hráli všichni:",
    "daily.summary.deal": "**Kolo {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ty",
    "daily.summary.no_permission": "⚠️ Správci serveru: shrnutí denní výzvy nejde zveřejnit v {channel}: potřebuju tam {permissions}.",
    # /stats
    "daily.stats.name": "Denní výzva",
    "daily.stats.value": "{days} {days|odehraný den|odehrané dny|odehraného dne|odehraných dní} · nejlépe {best} · série {current} (nejdelší {longest}) · průměrně {average} vůči paru",
    "daily.stats.none": "Zatím žádná dohraná denní výzva.",
    "daily.settings.line": "Shrnutí denní výzvy: {channel}",
    "daily.settings.off": "vypnuto",
}
