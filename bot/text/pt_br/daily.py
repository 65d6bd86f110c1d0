"""Brazilian Portuguese: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "diário",
    "command.hearts.daily.description": "O desafio diário: as mesmas quatro distribuições para todo mundo hoje",
    "command.hearts.daily.play.name": "jogar",
    "command.hearts.daily.play.description": "Jogar o desafio de hoje, em particular nas suas mensagens diretas",
    "command.hearts.daily.board.name": "classificação",
    "command.hearts.daily.board.description": "A classificação deste servidor no desafio de um dia",
    "command.hearts.daily.board.option.day.name": "dia",
    "command.hearts.daily.board.option.day.description": "AAAA-MM-DD ou o número do desafio (padrão: hoje)",
    "command.hearts-settings.option.daily_channel.name": "canal_diário",
    "command.hearts-settings.option.daily_channel.description": "Postar o resumo do desafio diário de cada dia neste canal",
    "command.hearts-settings.option.daily_off.name": "diário_desligado",
    "command.hearts-settings.option.daily_off.description": "Parar de postar o resumo do desafio diário",
    # Playing
    "daily.intro": "**Desafio diário #{number}** · {day} (UTC), aberto até {closes}\nQuatro mãos (passe para a esquerda, para a direita, para a frente, sem passe) contra três jogadores do computador. Hoje todo mundo joga com as mesmas cartas: sem pressa, não tem limite de tempo. Suas cartas vêm a seguir.",
    "daily.started": "Seu desafio diário #{number} está esperando nas suas mensagens diretas.",
    "daily.resumed": "Você está jogando o desafio de hoje #{number}: ele continua nas suas mensagens diretas.",
    "daily.dms_closed": "O desafio diário é jogado por mensagem direta, e eu não consigo te mandar nenhuma. Permita mensagens diretas de membros deste servidor (Configurações de privacidade) e tente de novo: nada começou ainda.",
    "daily.played": "Você já jogou o desafio de hoje #{number}: é uma tentativa por dia. O próximo começa {next}.",
    "daily.not_ready": "O desafio diário está sendo preparado: tente de novo daqui a pouco.",
    # The result (private)
    "daily.result.title": "**Desafio diário #{number}: {total} {total|ponto|pontos|pontos}** · {par}",
    "daily.result.hands": "Mãos: {hands}",
    "daily.result.place": "Posição neste servidor até agora: {place} de {players} · você foi tão bem ou melhor que {percentile}% de todo mundo que jogou",
    "daily.result.streak": "Sequência: {streak} {streak|dia|dias|dias} seguidos",
    "daily.result.share_hint": "**Compartilhar** posta uma linha sem nenhuma carta no canal de onde você começou.",
    "daily.par.under": "{count} abaixo do par",
    "daily.par.over": "{count} acima do par",
    "daily.par.level": "no par",
    "daily.par.pending": "o par ainda está sendo calculado",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Compartilhar",
    # Share (public, the server's language)
    "daily.share": "{name} · Copas diário #{number} · {symbols} · {total} {total|ponto|pontos|pontos} · {par}",
    "daily.shared": "Compartilhado em {channel}.",
    "daily.share_none": "Não há nada para compartilhar: você não terminou o desafio desse dia.",
    "daily.share_failed": "Não consigo postar em {channel}; nada foi compartilhado.",
    # Boards
    "daily.bad_day.malformed": "Não entendi esse dia: escreva como AAAA-MM-DD (por exemplo {example}) ou como o número do desafio.",
    "daily.bad_day.future": "O desafio desse dia ainda não começou.",
    "daily.bad_day.before_first": "Não houve desafio diário nesse dia: o primeiro foi em {first}.",
    "daily.board.nobody": "Ninguém neste servidor terminou o desafio de {day} (#{number}).",
    "daily.board.title": "**Desafio diário #{number}** · {day} · {players} neste servidor, {everyone} no total · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|ponto|pontos|pontos} ({par}) · percentil {percentile}",
    "daily.board.open": "O dia ainda está aberto: as distribuições aparecem quando ele fechar, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**O desafio diário #{number} ({day}) está encerrado.** A classificação deste servidor e as distribuições que todo mundo jogou:",
    "daily.summary.deal": "**Mão {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "você",
    "daily.summary.no_permission": "⚠️ Admins do servidor: não consegui postar o resumo do desafio diário em {channel}: preciso de {permissions} lá.",
    # /stats
    "daily.stats.name": "Desafio diário",
    "daily.stats.value": "{days} {days|dia jogado|dias jogados|dias jogados} · melhor {best} · sequência {current} (a maior {longest}) · {average} em relação ao par, em média",
    "daily.stats.none": "Nenhum desafio diário terminado ainda.",
    "daily.settings.line": "Resumo do desafio diário: {channel}",
    "daily.settings.off": "desligado",
}
