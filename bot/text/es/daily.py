"""Español (España): el reto diario (``/hearts daily``, su resultado, Compartir, clasificaciones,
resúmenes y /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "diario",
    "command.hearts.daily.description": "El reto diario: las mismas cuatro manos para todos hoy",
    "command.hearts.daily.play.name": "jugar",
    "command.hearts.daily.play.description": "Juega el reto de hoy, en privado por mensaje directo",
    "command.hearts.daily.board.name": "clasificación",
    "command.hearts.daily.board.description": "La clasificación de este servidor en el reto de un día",
    "command.hearts.daily.board.option.day.name": "día",
    "command.hearts.daily.board.option.day.description": "AAAA-MM-DD o el número del reto (por defecto: hoy)",
    "command.hearts-settings.option.daily_channel.name": "canal_diario",
    "command.hearts-settings.option.daily_channel.description": "Publica en este canal el resumen del reto diario de cada día",
    "command.hearts-settings.option.daily_off.name": "diario_no",
    "command.hearts-settings.option.daily_off.description": "Deja de publicar el resumen del reto diario",
    # Playing
    "daily.intro": "**Reto diario #{number}** · {day} (UTC), abierto hasta {closes}\nCuatro manos (se pasa a la izquierda, a la derecha, al de enfrente y ninguna) contra tres jugadores del ordenador. Hoy todos juegan las mismas cartas: tómate tu tiempo, no hay límite por turno. Ahora te llegan tus cartas.",
    "daily.started": "Tu reto diario #{number} te espera en tus mensajes directos.",
    "daily.resumed": "Estás jugando el reto de hoy #{number}: sigue en tus mensajes directos.",
    "daily.dms_closed": "El reto diario se juega por mensaje directo y no puedo enviarte ninguno. Permite los mensajes directos de los miembros de este servidor (Ajustes de privacidad) y vuelve a intentarlo: todavía no ha empezado nada.",
    "daily.played": "Ya has jugado el reto de hoy #{number}: un intento por día. El siguiente empieza {next}.",
    "daily.not_ready": "El reto diario se está preparando: inténtalo de nuevo en un momento.",
    # The result (private)
    "daily.result.title": "**Reto diario #{number}: {total} {total|punto|puntos|puntos}** · {par}",
    "daily.result.hands": "Manos: {hands}",
    "daily.result.place": "Puesto en este servidor por ahora: {place} de {players} · lo has hecho igual o mejor que el {percentile} % de todos los que han jugado",
    "daily.result.streak": "Racha: {streak} {streak|día|días seguidos|días seguidos}",
    "daily.result.share_hint": "**Compartir** publica una línea, sin ninguna carta, en el canal desde el que empezaste.",
    "daily.par.under": "{count} bajo par",
    "daily.par.over": "{count} sobre par",
    "daily.par.level": "al par",
    "daily.par.pending": "el par aún se está calculando",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Compartir",
    # Share (public, the server's language)
    "daily.share": "{name} · Corazones diario #{number} · {symbols} · {total} {total|punto|puntos|puntos} · {par}",
    "daily.shared": "Compartido en {channel}.",
    "daily.share_none": "No hay nada que compartir: no has terminado el reto de ese día.",
    "daily.share_failed": "No puedo escribir en {channel}; no se ha compartido nada.",
    # Boards
    "daily.bad_day.malformed": "No entiendo ese día: escríbelo como AAAA-MM-DD (por ejemplo, {example}) o con el número del reto.",
    "daily.bad_day.future": "El reto de ese día todavía no ha empezado.",
    "daily.bad_day.before_first": "Ese día no hubo reto diario: el primero fue el {first}.",
    "daily.board.nobody": "Nadie de este servidor terminó el reto del {day} (#{number}).",
    "daily.board.title": "**Reto diario #{number}** · {day} · {players} en este servidor, {everyone} en total · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|punto|puntos|puntos} ({par}) · percentil {percentile}",
    "daily.board.open": "El día sigue abierto: las manos se enseñan cuando se cierre, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**El reto diario #{number} ({day}) está cerrado.** La clasificación de este servidor y las manos que jugó todo el mundo:",
    "daily.summary.deal": "**Mano {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "tú",
    "daily.summary.no_permission": "⚠️ Administradores: no he podido publicar el resumen del reto diario en {channel}: necesito {permissions} allí.",
    # /stats
    "daily.stats.name": "Reto diario",
    "daily.stats.value": "{days} {days|día jugado|días jugados|días jugados} · mejor {best} · racha {current} (la más larga {longest}) · {average} respecto al par de media",
    "daily.stats.none": "Ningún reto diario terminado todavía.",
    "daily.settings.line": "Resumen del reto diario: {channel}",
    "daily.settings.off": "desactivado",
}
