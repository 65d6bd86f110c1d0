"""Українська: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "виклик_дня",
    "command.hearts.daily.description": "Виклик дня: сьогодні в усіх ті самі чотири роздачі",
    "command.hearts.daily.play.name": "грати",
    "command.hearts.daily.play.description": "Зіграти сьогоднішній виклик наодинці, в особистих повідомленнях",
    "command.hearts.daily.board.name": "таблиця",
    "command.hearts.daily.board.description": "Таблиця цього сервера за викликом одного дня",
    "command.hearts.daily.board.option.day.name": "день",
    "command.hearts.daily.board.option.day.description": "РРРР-ММ-ДД або номер виклику (типово сьогодні)",
    "command.hearts-settings.option.daily_channel.name": "канал_виклику",
    "command.hearts-settings.option.daily_channel.description": "Публікувати підсумки виклику дня в цьому каналі",
    "command.hearts-settings.option.daily_off.name": "без_підсумків_виклику",
    "command.hearts-settings.option.daily_off.description": "Припинити публікувати підсумки виклику дня",
    # Playing
    "daily.intro": "**Виклик дня #{number}** · {day} (UTC), відкрито до {closes}\nЧотири роздачі (передача ліворуч, праворуч, навпроти, без передачі) проти трьох компʼютерних гравців. Сьогодні в усіх ті самі карти: не поспішай, обмеження часу на хід немає. Твої карти — нижче.",
    "daily.started": "Твій виклик дня #{number} чекає в особистих повідомленнях.",
    "daily.resumed": "Ти вже граєш сьогоднішній виклик #{number}: він триває в особистих повідомленнях.",
    "daily.dms_closed": "Виклик дня грається в особистих повідомленнях, а я не можу їх тобі надіслати. Дозволь особисті повідомлення від учасників цього сервера (Налаштування конфіденційності) і спробуй знову: ще нічого не почалося.",
    "daily.played": "Сьогоднішній виклик #{number} уже зіграно: одна спроба на день. Наступний почнеться {next}.",
    "daily.not_ready": "Виклик дня ще готується: спробуй за хвилину.",
    # The result (private)
    "daily.result.title": "**Виклик дня #{number}: {total} {total|очко|очки|очок|очка}** · {par}",
    "daily.result.hands": "Роздачі: {hands}",
    "daily.result.place": "Місце на цьому сервері наразі: {place} з {players} · твій результат не гірший, ніж у {percentile}% усіх, хто грав",
    "daily.result.streak": "Серія: {streak} {streak|день|дні|днів|дня} поспіль",
    "daily.result.share_hint": "**Поділитися** публікує один рядок без карт у каналі, де було розпочато виклик.",
    "daily.par.under": "на {count} нижче пару",
    "daily.par.over": "на {count} вище пару",
    "daily.par.level": "рівно пар",
    "daily.par.pending": "пар ще рахується",
    "daily.par.value": "пар {par}",
    "button.daily_share": "Поділитися",
    # Share (public, the server's language)
    "daily.share": "{name} · Черви, виклик дня #{number} · {symbols} · {total} {total|очко|очки|очок|очка} · {par}",
    "daily.shared": "Опубліковано в {channel}.",
    "daily.share_none": "Немає чим поділитися: виклик того дня не дограно.",
    "daily.share_failed": "Я не можу писати в {channel}; нічого не опубліковано.",
    # Boards
    "daily.bad_day.malformed": "Не розумію цей день: напиши його як РРРР-ММ-ДД (наприклад, {example}) або як номер виклику.",
    "daily.bad_day.future": "Виклик цього дня ще не почався.",
    "daily.bad_day.before_first": "Того дня виклику не було: перший був {first}.",
    "daily.board.nobody": "На цьому сервері ніхто не дограв виклик {day} (#{number}).",
    "daily.board.title": "**Виклик дня #{number}** · {day} · на цьому сервері: {players}, усього: {everyone} · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|очко|очки|очок|очка} ({par}) · процентиль {percentile}",
    "daily.board.open": "День ще не закінчився: роздачі покажемо, коли він закриється, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Виклик дня #{number} ({day}) закрито.** Таблиця цього сервера і роздачі, які грали всі:",
    "daily.summary.deal": "**Роздача {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "ти",
    "daily.summary.no_permission": "⚠️ Адміністраторам сервера: не вдалося опублікувати підсумки виклику дня в {channel}: мені там потрібен дозвіл {permissions}.",
    # /stats
    "daily.stats.name": "Виклик дня",
    "daily.stats.value": "зіграно днів: {days} · найкращий результат {best} · серія {current} (найдовша {longest}) · у середньому {average} до пару",
    "daily.stats.none": "Ще жодного завершеного виклику дня.",
    "daily.settings.line": "Підсумки виклику дня: {channel}",
    "daily.settings.off": "вимк.",
}
