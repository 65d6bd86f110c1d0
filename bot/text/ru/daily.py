"""Русский: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "испытание_дня",
    "command.hearts.daily.description": "Испытание дня: сегодня у всех одни и те же четыре раздачи",
    "command.hearts.daily.play.name": "играть",
    "command.hearts.daily.play.description": "Сыграть сегодняшнее испытание наедине, в личных сообщениях",
    "command.hearts.daily.board.name": "таблица",
    "command.hearts.daily.board.description": "Таблица этого сервера по испытанию одного дня",
    "command.hearts.daily.board.option.day.name": "день",
    "command.hearts.daily.board.option.day.description": "ГГГГ-ММ-ДД или номер испытания (по умолчанию сегодня)",
    "command.hearts-settings.option.daily_channel.name": "канал_испытания",
    "command.hearts-settings.option.daily_channel.description": "Публиковать итоги испытания дня в этом канале",
    "command.hearts-settings.option.daily_off.name": "без_итогов_испытания",
    "command.hearts-settings.option.daily_off.description": "Перестать публиковать итоги испытания дня",
    # Playing
    "daily.intro": "**Испытание дня #{number}** · {day} (UTC), открыто до {closes}\nЧетыре раздачи (передача налево, направо, напротив, без передачи) против трёх компьютерных игроков. Сегодня у всех одни и те же карты: не спеши, ограничения времени на ход нет. Твои карты — ниже.",
    "daily.started": "Твоё испытание дня #{number} ждёт тебя в личных сообщениях.",
    "daily.resumed": "Ты уже играешь сегодняшнее испытание #{number}: оно продолжается в личных сообщениях.",
    "daily.dms_closed": "Испытание дня играется в личных сообщениях, а я не могу тебе их отправить. Разреши личные сообщения от участников этого сервера (Настройки конфиденциальности) и попробуй снова: ничего ещё не началось.",
    "daily.played": "Сегодняшнее испытание #{number} уже сыграно: одна попытка в день. Следующее начнётся {next}.",
    "daily.not_ready": "Испытание дня ещё готовится: попробуй через минуту.",
    # The result (private)
    "daily.result.title": "**Испытание дня #{number}: {total} {total|очко|очка|очков|очка}** · {par}",
    "daily.result.hands": "Раздачи: {hands}",
    "daily.result.place": "Место на этом сервере на данный момент: {place} из {players} · твой результат не хуже, чем у {percentile}% всех сыгравших",
    "daily.result.streak": "Серия: {streak} {streak|день|дня|дней|дня} подряд",
    "daily.result.share_hint": "**Поделиться** публикует одну строку без карт в канале, где было начато испытание.",
    "daily.par.under": "на {count} ниже пара",
    "daily.par.over": "на {count} выше пара",
    "daily.par.level": "ровно пар",
    "daily.par.pending": "пар ещё считается",
    "daily.par.value": "пар {par}",
    "button.daily_share": "Поделиться",
    # Share (public, the server's language)
    "daily.share": "{name} · Червы, испытание дня #{number} · {symbols} · {total} {total|очко|очка|очков|очка} · {par}",
    "daily.shared": "Опубликовано в {channel}.",
    "daily.share_none": "Делиться нечем: испытание того дня не доиграно.",
    "daily.share_failed": "Я не могу писать в {channel}; ничего не опубликовано.",
    # Boards
    "daily.bad_day.malformed": "Не понимаю этот день: напиши его как ГГГГ-ММ-ДД (например, {example}) или как номер испытания.",
    "daily.bad_day.future": "Испытание этого дня ещё не началось.",
    "daily.bad_day.before_first": "В тот день испытания не было: первое было {first}.",
    "daily.board.nobody": "На этом сервере никто не доиграл испытание {day} (#{number}).",
    "daily.board.title": "**Испытание дня #{number}** · {day} · на этом сервере: {players}, всего: {everyone} · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|очко|очка|очков|очка} ({par}) · процентиль {percentile}",
    "daily.board.open": "День ещё не закончился: раздачи покажем, когда он закроется, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Испытание дня #{number} ({day}) закрыто.** Таблица этого сервера и раздачи, которые играли все:",
    "daily.summary.deal": "**Раздача {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ты",
    "daily.summary.no_permission": "⚠️ Администраторам сервера: не удалось опубликовать итоги испытания дня в {channel}: мне там нужно право {permissions}.",
    # /stats
    "daily.stats.name": "Испытание дня",
    "daily.stats.value": "сыграно дней: {days} · лучший результат {best} · серия {current} (самая длинная {longest}) · в среднем {average} к пару",
    "daily.stats.none": "Ещё ни одного доигранного испытания дня.",
    "daily.settings.line": "Итоги испытания дня: {channel}",
    "daily.settings.off": "выкл.",
}
