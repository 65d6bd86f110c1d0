"""Magyar: a napi kihívás (``/hearts napi``, az eredmény, Megosztás, ranglisták, összesítők,
/statisztika)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Slash commands
    "command.hearts.daily.name": "napi",
    "command.hearts.daily.description": "A napi kihívás: ma mindenkinek ugyanaz a négy leosztás",
    "command.hearts.daily.play.name": "játék",
    "command.hearts.daily.play.description": "A mai kihívás lejátszása privát üzenetekben",
    "command.hearts.daily.board.name": "ranglista",
    "command.hearts.daily.board.description": "A szerver ranglistája egy nap kihívására",
    "command.hearts.daily.board.option.day.name": "nap",
    "command.hearts.daily.board.option.day.description": "ÉÉÉÉ-HH-NN vagy a kihívás sorszáma (alapértelmezés: ma)",
    "command.hearts-settings.option.daily_channel.name": "napi_csatorna",
    "command.hearts-settings.option.daily_channel.description": "A napi kihívás összesítője minden nap ebbe a csatornába kerül",
    "command.hearts-settings.option.daily_off.name": "napi_ki",
    "command.hearts-settings.option.daily_off.description": "A napi kihívás összesítőjének leállítása",
    # Playing
    "daily.intro": "**Napi kihívás #{number}** · {day} (UTC), nyitva eddig: {closes}\nNégy leosztás (átadás balra, jobbra, szemközt, átadás nélkül) három gépi játékos ellen. Ma mindenki ugyanazokkal a lapokkal játszik: ráérsz, nincs lépésidő. Jönnek a lapjaid.",
    "daily.started": "A napi kihívásod (#{number}) a privát üzeneteidben vár.",
    "daily.resumed": "A mai kihívást (#{number}) már játszod: a privát üzeneteidben folytatódik.",
    "daily.dms_closed": "A napi kihívást privát üzenetben lehet játszani, de nem tudok neked írni. Engedélyezd a szerver tagjaitól érkező privát üzeneteket (Adatvédelmi beállítások), és próbáld újra: még semmi sem kezdődött el.",
    "daily.played": "A mai kihívást (#{number}) már lejátszottad: naponta egy próbálkozás jár. A következő kezdete: {next}.",
    "daily.not_ready": "A napi kihívás készül: próbáld újra egy pillanat múlva.",
    # The result (private)
    "daily.result.title": "**Napi kihívás #{number}: {total} pont** · {par}",
    "daily.result.hands": "Leosztások: {hands}",
    "daily.result.place": "Eddigi helyezés ezen a szerveren: {place}/{players} · a játékosok {percentile}%-ánál jobban vagy ugyanolyan jól teljesítettél",
    "daily.result.streak": "Sorozat: {streak} nap egymás után",
    "daily.result.share_hint": "A **Megosztás** egyetlen sort küld lapok nélkül abba a csatornába, ahonnan indultál.",
    "daily.par.under": "par alatt {count}",
    "daily.par.over": "par felett {count}",
    "daily.par.level": "éppen par",
    "daily.par.pending": "a par még számítás alatt",
    "daily.par.value": "par: {par}",
    "button.daily_share": "Megosztás",
    # Share (public, the server's language)
    "daily.share": "{name} · Hearts napi #{number} · {symbols} · {total} pont · {par}",
    "daily.shared": "Megosztva itt: {channel}.",
    "daily.share_none": "Nincs mit megosztani: annak a napnak a kihívását nem fejezted be.",
    "daily.share_failed": "Ide nem tudok írni: {channel}. Semmi sem lett megosztva.",
    # Boards
    "daily.bad_day.malformed": "Ezt a napot nem értem: írd ÉÉÉÉ-HH-NN alakban (például {example}) vagy a kihívás sorszámaként.",
    "daily.bad_day.future": "Annak a napnak a kihívása még nem kezdődött el.",
    "daily.bad_day.before_first": "Aznap nem volt napi kihívás: az első ekkor volt: {first}.",
    "daily.board.nobody": "Ezen a szerveren senki sem fejezte be ezt a kihívást: {day} (#{number}).",
    "daily.board.title": "**Napi kihívás #{number}** · {day} · ezen a szerveren {players}, összesen {everyone} · {par}",
    "daily.board.row": "{place}. {name}: {total} pont ({par}) · percentilis {percentile}",
    "daily.board.open": "A nap még nyitva van: a leosztások a zárás után látszanak, {closes}.",
    # The summary of a closed day (public)
    "daily.summary.title": "**A napi kihívás #{number} ({day}) lezárult.** A szerver ranglistája és a leosztások, amelyeket mindenki játszott:",
    "daily.summary.deal": "**{hand}. leosztás** ({direction}): {seats}",
    "daily.summary.seat": "{seat}: {cards}",
    "daily.summary.your_seat": "te",
    "daily.summary.no_permission": "⚠️ Szerveradminok: nem tudtam közzétenni a napi kihívás összesítőjét itt: {channel}. Ehhez kell: {permissions}.",
    # /stats
    "daily.stats.name": "Napi kihívás",
    "daily.stats.value": "{days} játszott nap · legjobb {best} · sorozat {current} (leghosszabb {longest}) · átlagosan {average} a parhoz képest",
    "daily.stats.none": "Még nincs befejezett napi kihívás.",
    "daily.settings.line": "Napi kihívás összesítője: {channel}",
    "daily.settings.off": "ki",
}
