"""Български: дневното предизвикателство (``/hearts daily``, резултатът, Сподели, класирания,
обобщения, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "дневно",
    "command.hearts.daily.description": "Дневното предизвикателство: днес всички играят същите четири раздавания",
    "command.hearts.daily.play.name": "играй",
    "command.hearts.daily.play.description": "Играй днешното предизвикателство насаме в личните съобщения",
    "command.hearts.daily.board.name": "класиране",
    "command.hearts.daily.board.description": "Класирането на този сървър за предизвикателството на даден ден",
    "command.hearts.daily.board.option.day.name": "ден",
    "command.hearts.daily.board.option.day.description": "ГГГГ-ММ-ДД или номерът на предизвикателството (по подразбиране: днес)",
    "command.hearts-settings.option.daily_channel.name": "дневен-канал",
    "command.hearts-settings.option.daily_channel.description": "Публикувай в този канал обобщението на всяко дневно предизвикателство",
    "command.hearts-settings.option.daily_off.name": "дневно-изкл",
    "command.hearts-settings.option.daily_off.description": "Спри да публикуваш обобщението на дневното предизвикателство",
    # Playing
    "daily.intro": "**Дневно предизвикателство #{number}** · {day} (UTC), отворено до {closes}\nЧетири раздавания (подаване наляво, надясно, на срещуположния и без подаване) срещу три компютъра. Днес всички играят същите карти: не бързай, няма време за ход. Картите ти идват.",
    "daily.started": "Дневното ти предизвикателство #{number} те чака в личните съобщения.",
    "daily.resumed": "Играеш днешното предизвикателство #{number}: продължава в личните съобщения.",
    "daily.dms_closed": "Дневното предизвикателство се играе в лични съобщения, а аз не мога да ти пиша. Разреши личните съобщения от членовете на този сървър (Настройки за поверителност) и опитай пак: още нищо не е започнало.",
    "daily.played": "Вече изигра днешното предизвикателство #{number}: по един опит на ден. Следващото започва {next}.",
    "daily.not_ready": "Дневното предизвикателство се подготвя: опитай пак след малко.",
    # The result (private)
    "daily.result.title": "**Дневно предизвикателство #{number}: {total} {total|точка|точки}** · {par}",
    "daily.result.hands": "Раздавания: {hands}",
    "daily.result.place": "Място на този сървър досега: {place} от {players} · изигра се толкова добре или по-добре от {percentile}% от всички играли",
    "daily.result.streak": "Серия: {streak} {streak|ден|дни} поред",
    "daily.result.share_hint": "**Сподели** публикува един ред без нито една карта в канала, от който започна.",
    "daily.par.under": "{count} под пар",
    "daily.par.over": "{count} над пар",
    "daily.par.level": "равно на пар",
    "daily.par.pending": "парът още се изчислява",
    "daily.par.value": "пар {par}",
    "button.daily_share": "Сподели",
    # Share (public, the server's language)
    "daily.share": "{name} · Сърца дневно #{number} · {symbols} · {total} {total|точка|точки} · {par}",
    "daily.shared": "Споделено в {channel}.",
    "daily.share_none": "Няма какво да се сподели: не си завършил предизвикателството от онзи ден.",
    "daily.share_failed": "Не мога да пиша в {channel}; нищо не е споделено.",
    # Boards
    "daily.bad_day.malformed": "Не разбирам този ден: напиши го като ГГГГ-ММ-ДД (например {example}) или като номер на предизвикателството.",
    "daily.bad_day.future": "Предизвикателството за този ден още не е започнало.",
    "daily.bad_day.before_first": "Този ден нямаше дневно предизвикателство: първото беше на {first}.",
    "daily.board.nobody": "Никой от този сървър не е завършил предизвикателството от {day} (#{number}).",
    "daily.board.title": "**Дневно предизвикателство #{number}** · {day} · {players} на този сървър, {everyone} общо · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|точка|точки} ({par}) · перцентил {percentile}",
    "daily.board.open": "Денят още е отворен: раздаванията се показват, когато се затвори, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Дневното предизвикателство #{number} ({day}) е затворено.** Класирането на този сървър и раздаванията, които всички играха:",
    "daily.summary.deal": "**Раздаване {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ти",
    "daily.summary.no_permission": "⚠️ Администратори: не успях да публикувам обобщението на дневното предизвикателство в {channel}: там ми трябва {permissions}.",
    # /stats
    "daily.stats.name": "Дневно предизвикателство",
    "daily.stats.value": "{days} {days|изигран ден|изиграни дни} · най-добро {best} · серия {current} (най-дълга {longest}) · средно {average} спрямо пар",
    "daily.stats.none": "Още няма завършено дневно предизвикателство.",
    "daily.settings.line": "Обобщение на дневното предизвикателство: {channel}",
    "daily.settings.off": "изключено",
}
