"""Latin-American Spanish: Spain's catalogue (``bot.text.es``) with what players in Latin America
say differently, so it is complete by construction and a fix to the shared Spanish reaches both.

The overrides: *ustedes* for the players as a group (never *vosotros*), the preterite for what
just happened (*jugaste*, not *has jugado*), *computadora* (not *ordenador*), *presionar* a button
(not *pulsar*), *reina de picas* (the Q♠ as Latin-American players name it), *seguir el palo* (not
*asistir*), *configuración* (not *ajustes*) and Discord's own Latin-American names (*Administrar
servidor*). The glossary is ``docs/translating/es-419.md``.
"""

from __future__ import annotations

from bot.text import es

OVERRIDES: dict[str, str] = {
    # Refusals and table messages
    "refusal.must_follow_suit": "Tienes que seguir el palo ({suit}).",
    "refusal.already_passed": "Ya elegiste las cartas que pasas.",
    "refusal.game_over": "Esta partida terminó.",
    "table.table_broken": "No se pudo leer la partida guardada de esta mesa; ya se avisó a un administrador del servidor.",
    "table.not_manager": "Solo un administrador del servidor puede cambiar esta configuración.",
    "table.not_in_lobby": "La partida ya empezó.",
    "table.stale": "Ese control ya no sirve: la partida avanzó.",
    "table.storage_busy": "La base de datos está ocupada; vuelve a intentarlo en un momento. No se cambió nada.",
    "rules.invalid.bml_passing": "Sin reina de picas se juega sin pasar cartas.",
    "rules.invalid.bml_omnibus": "Ómnibus y «sin reina de picas» no se pueden combinar.",
    "seat.computer": "Computadora {number}",
    "lobby.hint": "Presiona **Unirse** para sentarte. El anfitrión empieza la partida; la computadora ocupa los asientos libres.",
    "lobby.started": "La partida empezó{where}.",
    "lobby.cancelled": "Esta mesa se canceló.",
    "lobby.finished": "Esta partida terminó.",
    "button.add_computer": "Agregar computadora",
    "table.moon_choice": "{name} disparó a la luna y elige la puntuación · {countdown}",
    "table.restarted": "El bot se reinició; la partida sigue (los plazos se extendieron lo que duró la pausa).",
    # Private hand
    "hand.passed": "Pasaste {cards} {direction}. Esperando a los demás…",
    "hand.received": "Recibiste {cards}.",
    "hand.played": "Jugaste {card}.",
    "hand.moon_prompt": "¡Disparaste a la luna! Elige cómo cuenta:",
    "hand.warning_ping": "⏰ {mention} se te acaba el tiempo {relative}: presiona **Ver mis cartas**.",
    # Announcements
    "announce.timeout": "⏰ A {name} se le acabó el tiempo: se jugó al azar en su lugar.",
    "announce.forfeit": "⏰ A {name} se le acabó el tiempo dos veces y pierde la partida: la computadora ocupa su asiento.",
    "announce.quit": "{name} dejó la partida: la computadora ocupa su asiento.",
    "announce.rejoined": "{name} volvió y recupera su asiento.",
    "announce.moon": "🌙 ¡{name} disparó a la luna!",
    "announce.slam": "💥 ¡{name} se llevó todas las cartas que puntúan: pleno!",
    "announce.all_tricks": "🏆 ¡{name} se llevó todas las bazas!",
    "announce.broken": "⚠️ La mesa #{table} no se pudo restaurar desde la base de datos; queda cerrada. Un administrador del servidor puede revisar los registros.",
    "announce.damaged": "⚠️ Administradores: un registro guardado ({what} {key}) no se pudo leer; el bot lo sortea. Los detalles están en los registros.",
    "announce.settings_damaged": "⚠️ No se pudo leer la configuración de Corazones de este servidor; se usan los valores predeterminados y ya se avisó a un administrador.",
    # Replies
    "reply.table_created": "La mesa #{table} está abierta: pueden unirse desde el mensaje de abajo.",
    "reply.joined": "Te sentaste en la mesa #{table}.",
    "reply.error": "Algo falló de mi lado; no se cambió nada. Vuelve a intentarlo.",
    "reply.settings_show": "**Valores predeterminados del servidor**\nReglas: {summary}\nTiempo por jugada: {limit}\nNivel de la computadora: {level}\nCanales: {channels}",
    "reply.settings_damaged": "No se pudo leer la configuración del servidor; se usan los valores predeterminados y ya se avisó a un administrador.",
    "leaderboard.empty": "Todavía no terminó ninguna partida en este servidor.",
    "stats.none": "{name} todavía no terminó ninguna partida en este servidor.",
    # Rules
    "rules.bml": "sin reina de picas",
    "rules.level": "computadora: {level}",
    "rules.text.follow": "• Sigue el palo de salida si puedes; la carta más alta de ese palo se lleva la baza y sale en la siguiente.",
    "rules.text.first_trick": "• En la primera baza no se juegan puntos (corazones ni la reina de picas), salvo que no tengas otra cosa.",
    "rules.text.breaking_queen": "• No se puede salir con corazones hasta que se haya jugado un corazón o la reina de picas (salvo que solo tengas corazones).",
    "rules.text.points": "• Cada corazón que te llevas vale 1 punto; la reina de picas, 13. Gana el total más bajo.",
    "rules.text.points_bml": "• Cada corazón que te llevas vale 1 punto; la reina de picas es una carta normal. Gana el total más bajo.",
    "rules.text.timer": "• Tienes {limit} por jugada; la primera vez que se te acaba el tiempo se juega una carta al azar, la segunda tu asiento pasa a la computadora.",
    "card.full.Q": "reina de {suit}",
    # Slash commands
    "command.hearts.new.option.computers.name": "computadora",
    "command.hearts.new.option.computers.description": "Nivel de los jugadores de la computadora",
    "command.hearts.new.option.queen_breaks_hearts.name": "reina_rompe_corazones",
    "command.hearts.new.option.black_maria_less.name": "sin_reina_de_picas",
    "command.hearts.leave.description": "Deja la mesa (en plena partida, la computadora ocupa tu asiento)",
    "command.hearts-settings.name": "hearts-configuración",
    "command.hearts-settings.description": "Valores predeterminados de las mesas de Corazones del servidor (solo administradores)",
    "command.hearts-settings.option.computers.name": "computadora",
    "command.hearts-settings.option.computers.description": "Nivel predeterminado de la computadora",
    "choice.15": "15 segundos (en vivo)",
    # One-tap play, settings, pings, rematch
    "hand.pass_ready": "Pasas {cards} {direction}: presiona **{button}** para confirmar o toca una carta para cambiar la elección.",
    "hand.auto_played": "{card} era tu única carta válida, así que se jugó por ti.",
    "pref.title": "**Tu configuración de Corazones** (solo para ti, en todos los servidores)",
    "ping.turn": "{mention} te toca en la mesa #{table} · {countdown}. Presiona **{button}**.",
    "ping.pass": "{mention} elige las cartas que pasas en la mesa #{table} · {countdown}. Presiona **{button}**.",
    "ping.moon": "{mention} disparaste a la luna en la mesa #{table}: elige cómo cuenta. Presiona **{button}**.",
    "rematch.asked": "{name} quiere la revancha: mismos asientos y reglas. Jugadores, presionen **{button}** para confirmar.",
    "rematch.confirmed": "Estás dentro de la revancha.",
    "rematch.declined": "Esta vez no hay revancha: {name} dijo que no.",
    "last_trick.none": "En esta mano todavía nadie se llevó una baza.",
    "command.hearts.me.description": "Tu configuración: idioma y juego automático (solo para ti)",
    # The guide and alt text
    "help.passing.value": "Antes de cada mano pasas {pass_count} {pass_count|carta|cartas|cartas} a otro jugador (a la izquierda, a la derecha, al de enfrente; en algunas manos no se pasa). Toca las cartas que quieres dar y presiona **{pass_button}**. Buenas cartas para pasar: la Q♠, las picas altas y los corazones altos.",
    "help.playing.value": "Quien tiene el 2♣ sale en la primera baza. Cada uno juega una carta por turno. **Seguir el palo**: si tienes una carta del palo de salida, tienes que jugarla. La carta más alta del palo de salida se lleva la baza y sale en la siguiente. Si no tienes de ese palo, juega cualquier carta: es tu oportunidad de deshacerte de corazones o de la Q♠.",
    "help.buttons.value": "**{join}** te sienta a la mesa; el anfitrión presiona **{start}**. Tus cartas llegan por mensaje directo (o con **{show_hand}** en el mensaje de la mesa). Toca una carta para jugarla: las que no puedes jugar aparecen en gris. **{last_trick}** muestra la baza que alguien se acaba de llevar; **{score_sheet}**, los puntos hasta ahora. Si se te acaba el tiempo, se juega una carta al azar por ti.",
    "help.sample_player.1": "Sofía",
    "help.sample_player.2": "Mateo",
    "help.sample_player.3": "Valentina",
    "help.sample_player.4": "Diego",
    "alt.seat_computer": "jugador de la computadora",
    "alt.seat_led": "salió con: {card}",
    "alt.seat_played": "jugó: {card}",
    "alt.standings_unranked": "{name} (jugador de la computadora): {total} {total|punto|puntos|puntos}",
    # The daily challenge
    "daily.intro": "**Reto diario #{number}** · {day} (UTC), abierto hasta {closes}\nCuatro manos (se pasa a la izquierda, a la derecha, al de enfrente y ninguna) contra tres jugadores de la computadora. Hoy todos juegan las mismas cartas: tómate tu tiempo, no hay límite por turno. Ahora te llegan tus cartas.",
    "daily.dms_closed": "El reto diario se juega por mensaje directo y no puedo enviarte ninguno. Permite los mensajes directos de los miembros de este servidor (Configuración de privacidad) y vuelve a intentarlo: todavía no empezó nada.",
    "daily.played": "Ya jugaste el reto de hoy #{number}: un intento por día. El siguiente empieza {next}.",
    "daily.result.place": "Puesto en este servidor por ahora: {place} de {players} · te fue igual o mejor que al {percentile} % de todos los que jugaron",
    "daily.share_none": "No hay nada que compartir: no terminaste el reto de ese día.",
    "daily.share_failed": "No puedo escribir en {channel}; no se compartió nada.",
    "daily.bad_day.future": "El reto de ese día todavía no empezó.",
    "daily.board.open": "El día sigue abierto: las manos se muestran cuando se cierre, {closes}.",
    "daily.summary.no_permission": "⚠️ Administradores: no pude publicar el resumen del reto diario en {channel}: necesito {permissions} ahí.",
    # Events
    "command.hearts-event.new.description": "Abre la inscripción de un torneo nuevo en este canal (administradores)",
    "command.hearts-event.new.option.seats.description": "Jugadores por mesa (de 3 a 7); la computadora ocupa los asientos libres",
    "command.hearts-event.new.option.computers.name": "computadora",
    "command.hearts-event.new.option.computers.description": "Nivel de los jugadores de la computadora: fácil, normal o difícil",
    "command.hearts-event.start.description": "Empieza un torneo: sienta la ronda 1 (su organizador o los administradores)",
    "command.hearts-event.cancel.description": "Cancela un torneo (su organizador o los administradores)",
    "command.hearts-event.remove.description": "Saca a un inscrito: la computadora juega en su asiento (organizador o administradores)",
    "command.hearts-event.resume.description": "Reanuda un torneo en pausa (su organizador o los administradores)",
    "command.hearts-event.remove.name": "sacar",
    "command.hearts-event.remove.option.member.description": "El inscrito que se saca",
    "command.hearts-event.new.option.queen_breaks_hearts.name": "reina_rompe_corazones",
    "command.hearts-event.new.option.black_maria_less.name": "sin_reina_de_picas",
    "button.event_leave": "Salirme",
    "event.left": "Saliste de **{name}**.",
    "event.started": "**{name}** empezó: la ronda 1 ya está sentada.",
    "event.round.started": "Empezó la **ronda {round} de {rounds}** de **{name}**: {count} {count|mesa|mesas|mesas}, todas con las mismas cartas. La ronda se cierra {closes}.",
    "event.standings.final_text": "**{name}** terminó. La clasificación final:",
    "event.standings.removed": "fuera",
    "event.refused.not_organiser": "Solo el organizador del torneo, un administrador del servidor (Administrar servidor) o un miembro del rol de torneos del servidor puede hacer eso.",
    "event.refused.already_started": "Este torneo ya empezó (o terminó): eso solo se puede hacer durante la inscripción.",
    "event.cancelled": "**{name}** se canceló; sus mesas abiertas se cerraron sin resultados.",
    "event.removed": "{member} queda fuera de **{name}**: la computadora juega en su asiento y sus resultados hasta ahora se mantienen.",
    "event.withdrawn": "Te retiraste de **{name}**: la computadora juega en tu asiento y tus resultados hasta ahora se mantienen.",
    "event.resumed": "**{name}** continúa; el plazo de la ronda se extendió lo que duró la pausa.",
    "command.hearts-settings.option.event_role.description": "Los miembros de este rol pueden organizar torneos (además de Administrar servidor)",
    "command.hearts-settings.option.event_role_off.description": "Solo Administrar servidor puede organizar torneos",
    "event.settings.line": "Organizadores de torneos: Administrar servidor y {role}",
    "event.settings.managers": "Organizadores de torneos: solo Administrar servidor",
    # Review
    "review.posted": "Publiqué en este canal la repetición de la mano {hand} de la mesa #{table}.",
    "review.coach.preparing": "🧠 El entrenador está repasando tus decisiones de esta mano… presiona ◀ o ▶ en un momento para verlo.",
    "review.coach.header": "**Entrenador** (la búsqueda de la computadora difícil, con lo que sabías en cada momento): precisión del {accuracy} % en {count} {count|decisión|decisiones|decisiones}; unos {lost} {lost|punto|puntos|puntos} esperados regalados.",
    "review.coach.failed": "El entrenador no pudo terminar este repaso. No se cambió nada; vuelve a intentarlo más tarde.",
    "review.problem.not_started": "La mesa #{table} todavía no repartió ninguna mano.",
    "review.problem.damaged": "El registro de la mesa #{table} no se puede leer, así que no se puede repetir. No se cambió nada.",
    # Refused option values
    "table.option_out_of_range": "`{option}` tiene que ser un número entero de {min} a {max}. No se cambió nada.",
    "table.option_not_offered": "`{option}` solo admite uno de estos: {allowed}. No se cambió nada.",
    "reply.option_member": "`{option}` admite un miembro de este servidor. No se cambió nada.",
    "reply.option_channel": "`{option}` admite uno de los canales de texto de este servidor. No se cambió nada.",
    # Where a table's news goes
    "announce.place_gone": "El hilo de la mesa #{table} ya no está (lo borraron o ya no puedo verlo), así que la partida sigue en este canal.",
    "announce.end_by_dm": "La mesa #{table} ya no tiene ningún canal donde pueda escribir (lo borraron o está fuera de mi alcance), así que su final te llega aquí:",
}
"""What Latin-American players say differently from Spain; every key is one of Spanish's."""

MESSAGES: dict[str, str] = {**es.MESSAGES, **OVERRIDES}
