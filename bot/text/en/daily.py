"""English: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "daily",
    "command.hearts.daily.description": "The daily challenge: the same four deals for everyone today",
    "command.hearts.daily.play.name": "play",
    "command.hearts.daily.play.description": "Play today's challenge, privately in your DMs",
    "command.hearts.daily.board.name": "board",
    "command.hearts.daily.board.description": "This server's ranking for a day's challenge",
    "command.hearts.daily.board.option.day.name": "day",
    "command.hearts.daily.board.option.day.description": "YYYY-MM-DD or the challenge's number (default: today)",
    "command.hearts-settings.option.daily_channel.name": "daily_channel",
    "command.hearts-settings.option.daily_channel.description": "Post each day's daily challenge summary in this channel",
    "command.hearts-settings.option.daily_off.name": "daily_off",
    "command.hearts-settings.option.daily_off.description": "Stop posting the daily challenge summary",
    # Playing
    "daily.intro": "**Daily challenge #{number}** · {day} (UTC), open until {closes}\nFour hands (pass left, right, across, hold) against three computer players. Everyone plays the same cards today: take your time, there is no turn timer. Your cards follow.",
    "daily.started": "Your daily challenge #{number} is waiting in your DMs.",
    "daily.resumed": "You are playing today's challenge #{number}: it goes on in your DMs.",
    "daily.dms_closed": "The daily challenge is played in private messages, and I can't send you any. Allow direct messages from this server's members (Privacy Settings) and try again: nothing has started yet.",
    "daily.played": "You have played today's challenge #{number}: one attempt per day. The next one starts {next}.",
    "daily.not_ready": "The daily challenge is getting ready: try again in a moment.",
    "daily.earlier": "You haven't finished daily challenge #{number} ({day}): it can be finished until it closes {closes}. One daily game at a time: go on with it, or give it up (no result for that day) and start today's challenge #{today}.",
    "daily.goes_on": "Daily challenge #{number} ({day}) goes on in your DMs.",
    "daily.given_up": "You gave up daily challenge #{number}: no result for that day.",
    "daily.over": "That choice is out of date: that attempt is over (finished, given up, or its day closed). Nothing was changed; /hearts daily play starts today's challenge.",
    "button.daily_go_on": "Go on with #{number}",
    "button.daily_give_up": "Give it up, play today's #{today}",
    # The result (private)
    "daily.result.title": "**Daily challenge #{number}: {total} {total|point|points}** · {par}",
    "daily.result.hands": "Hands: {hands}",
    "daily.result.place": "Place on this server so far: {place} of {players} · you did as well as or better than {percentile}% of everyone who played",
    "daily.result.streak": "Streak: {streak} {streak|day|days} in a row",
    "daily.result.share_hint": "**Share** posts one line without any card in the channel you started from.",
    "daily.par.under": "{count} under par",
    "daily.par.over": "{count} over par",
    "daily.par.level": "level par",
    "daily.par.pending": "par is still being worked out",
    "daily.par.value": "par {par}",
    "button.daily_share": "Share",
    # Share (public, the server's language)
    "daily.share": "{name} · Hearts daily #{number} · {symbols} · {total} {total|point|points} · {par}",
    "daily.shared": "Shared in {channel}.",
    "daily.share_none": "There is nothing to share: you have not finished that day's challenge.",
    "daily.share_failed": "I can't post in {channel}; nothing was shared.",
    # Boards
    "daily.bad_day.malformed": "I can't read that day: write it as YYYY-MM-DD (for example {example}) or as the challenge's number.",
    "daily.bad_day.future": "That day's challenge hasn't started yet.",
    "daily.bad_day.before_first": "There was no daily challenge that day: the first was on {first}.",
    "daily.board.nobody": "Nobody on this server finished the challenge of {day} (#{number}).",
    "daily.board.title": "**Daily challenge #{number}** · {day} · {players} on this server, {everyone} everywhere · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|point|points} ({par}) · percentile {percentile}",
    "daily.board.open": "The day is still open: the deals are shown once it closes, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Daily challenge #{number} ({day}) is closed.** This server's board, and the deals everyone played:",
    "daily.summary.deal": "**Hand {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "you",
    "daily.summary.no_permission": "⚠️ Server admins: I could not post the daily challenge summary in {channel}: I need {permissions} there.",
    # /stats
    "daily.stats.name": "Daily challenge",
    "daily.stats.value": "{days} {days|day|days} played · best {best} · streak {current} (longest {longest}) · {average} to par on average",
    "daily.stats.none": "No daily challenge finished yet.",
    "daily.settings.line": "Daily challenge summary: {channel}",
    "daily.settings.off": "off",
}
