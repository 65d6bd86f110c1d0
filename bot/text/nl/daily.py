"""Nederlands: the daily challenge (``/hearts daily``, its result, Share, boards, summaries, /stats)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "dagelijks",
    "command.hearts.daily.description": "De dagelijkse uitdaging: vandaag voor iedereen dezelfde vier spellen",
    "command.hearts.daily.play.name": "spelen",
    "command.hearts.daily.play.description": "Speel de uitdaging van vandaag, privé in je DM's",
    "command.hearts.daily.board.name": "stand",
    "command.hearts.daily.board.description": "De stand van deze server voor de uitdaging van een dag",
    "command.hearts.daily.board.option.day.name": "dag",
    "command.hearts.daily.board.option.day.description": "JJJJ-MM-DD of het nummer van de uitdaging (standaard: vandaag)",
    "command.hearts-settings.option.daily_channel.name": "kanaal_dagelijks",
    "command.hearts-settings.option.daily_channel.description": "De samenvatting van elke dagelijkse uitdaging in dit kanaal plaatsen",
    "command.hearts-settings.option.daily_off.name": "dagelijks_uit",
    "command.hearts-settings.option.daily_off.description": "Stoppen met het plaatsen van de samenvatting van de dagelijkse uitdaging",
    # Playing
    "daily.intro": "**Dagelijkse uitdaging #{number}** · {day} (UTC), open tot {closes}\nVier spellen (doorgeven naar links, rechts, overkant, niet doorgeven) tegen drie computerspelers. Iedereen speelt vandaag dezelfde kaarten: neem je tijd, er is geen bedenktijd. Je kaarten volgen.",
    "daily.started": "Je dagelijkse uitdaging #{number} wacht in je DM's.",
    "daily.resumed": "Je speelt de uitdaging van vandaag #{number}: die gaat verder in je DM's.",
    "daily.dms_closed": "De dagelijkse uitdaging wordt in privéberichten gespeeld, en ik kan je er geen sturen. Sta privéberichten van leden van deze server toe (Privacyinstellingen) en probeer het opnieuw: er is nog niets begonnen.",
    "daily.played": "Je hebt de uitdaging van vandaag #{number} al gespeeld: één poging per dag. De volgende begint {next}.",
    "daily.not_ready": "De dagelijkse uitdaging wordt klaargezet: probeer het zo nog eens.",
    # The result (private)
    "daily.result.title": "**Dagelijkse uitdaging #{number}: {total} {total|punt|punten}** · {par}",
    "daily.result.hands": "Spellen: {hands}",
    "daily.result.place": "Plaats op deze server tot nu toe: {place} van {players} · je deed het even goed of beter dan {percentile}% van iedereen die speelde",
    "daily.result.streak": "Reeks: {streak} {streak|dag|dagen} op rij",
    "daily.result.share_hint": "**Delen** plaatst één regel zonder kaarten in het kanaal waar je begon.",
    "daily.par.under": "{count} onder par",
    "daily.par.over": "{count} boven par",
    "daily.par.level": "precies par",
    "daily.par.pending": "par wordt nog berekend",
    "daily.par.value": "par is {par}",
    "button.daily_share": "Delen",
    # Share (public, the server's language)
    "daily.share": "{name} · Hartenjagen dagelijks #{number} · {symbols} · {total} {total|punt|punten} · {par}",
    "daily.shared": "Gedeeld in {channel}.",
    "daily.share_none": "Er is niets om te delen: je hebt de uitdaging van die dag niet afgemaakt.",
    "daily.share_failed": "Ik kan niet posten in {channel}; er is niets gedeeld.",
    # Boards
    "daily.bad_day.malformed": "Die dag kan ik niet lezen: schrijf hem als JJJJ-MM-DD (bijvoorbeeld {example}) of als het nummer van de uitdaging.",
    "daily.bad_day.future": "De uitdaging van die dag is nog niet begonnen.",
    "daily.bad_day.before_first": "Er was die dag geen dagelijkse uitdaging: de eerste was op {first}.",
    "daily.board.nobody": "Niemand op deze server heeft de uitdaging van {day} (#{number}) afgemaakt.",
    "daily.board.title": "**Dagelijkse uitdaging #{number}** · {day} · {players} op deze server, {everyone} in totaal · {par}",
    "daily.board.row": "{place}. {name}: {total} {total|punt|punten} ({par}) · percentiel {percentile}",
    "daily.board.open": "De dag loopt nog: de spellen worden getoond als hij sluit, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**Dagelijkse uitdaging #{number} ({day}) is gesloten.** De stand van deze server, en de spellen die iedereen speelde:",
    "daily.summary.deal": "**Spel {hand}** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "jij",
    "daily.summary.no_permission": "⚠️ Serverbeheerders: ik kon de samenvatting van de dagelijkse uitdaging niet plaatsen in {channel}: ik heb daar {permissions} nodig.",
    # /stats
    "daily.stats.name": "Dagelijkse uitdaging",
    "daily.stats.value": "{days} {days|dag|dagen} gespeeld · beste {best} · reeks {current} (langste {longest}) · gemiddeld {average} ten opzichte van par",
    "daily.stats.none": "Nog geen dagelijkse uitdaging afgemaakt.",
    "daily.settings.line": "Samenvatting dagelijkse uitdaging: {channel}",
    "daily.settings.off": "uit",
}
